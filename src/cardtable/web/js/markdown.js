// A small Markdown reader for the rule pages: headings, paragraphs, nested lists,
// pipe tables, **bold**, *italic*, `code` and [links](url). It builds DOM nodes
// directly (never HTML strings), so the text can hold any character safely.

import { h } from "./dom.js";

const INLINE = /(\*\*([^*]+)\*\*|\*([^*]+)\*|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\))/g;

/** Inline Markdown of one line or paragraph, as a list of nodes and strings. */
export function inline(text) {
  const out = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    out.push(text.slice(last, m.index));
    if (m[2] !== undefined) out.push(h("strong", {}, inline(m[2])));
    else if (m[3] !== undefined) out.push(h("em", {}, inline(m[3])));
    else if (m[4] !== undefined) out.push(h("code", { text: m[4] }));
    else out.push(h("a", { href: m[6], rel: "noopener" }, inline(m[5])));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out.filter((part) => part !== "");
}

const ITEM = /^(\s*)([-*]|\d+\.)\s+(.*)$/;

function indentOf(line) {
  return line.match(/^\s*/)[0].length;
}

/** Parse the list starting at lines[i]; returns [node, next index]. */
function list(lines, i) {
  const first = lines[i].match(ITEM);
  const depth = first[1].length;
  const node = h(/\d/.test(first[2]) ? "ol" : "ul");
  while (i < lines.length) {
    const m = lines[i].match(ITEM);
    if (!m || m[1].length !== depth) break;
    const text = [m[3]];
    const children = [];
    i += 1;
    while (i < lines.length && lines[i].trim() !== "" && indentOf(lines[i]) > depth) {
      const sub = lines[i].match(ITEM);
      if (sub) {
        const [child, next] = list(lines, i);
        children.push(child);
        i = next;
      } else {
        text.push(lines[i].trim());
        i += 1;
      }
    }
    node.append(h("li", {}, inline(text.join(" ")), children));
  }
  return [node, i];
}

function cells(line) {
  return line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
}

/** Parse the pipe table starting at lines[i]; returns [node, next index]. */
function table(lines, i) {
  const head = cells(lines[i]);
  i += 2; // the header and its |---| separator
  const rows = [];
  while (i < lines.length && lines[i].trim().startsWith("|")) {
    rows.push(cells(lines[i]));
    i += 1;
  }
  const node = h(
    "table",
    { class: "md-table" },
    h("thead", {}, h("tr", {}, head.map((c) => h("th", {}, inline(c))))),
    h("tbody", {}, rows.map((r) => h("tr", {}, r.map((c) => h("td", {}, inline(c)))))),
  );
  return [node, i];
}

/** The Markdown `text` as a document fragment. */
export function markdown(text) {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const out = document.createDocumentFragment();
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const heading = line.match(/^(#{1,6})\s+(.*)$/);
    if (line.trim() === "") {
      i += 1;
    } else if (heading) {
      out.append(h(`h${Math.min(heading[1].length + 1, 6)}`, {}, inline(heading[2])));
      i += 1;
    } else if (ITEM.test(line)) {
      const [node, next] = list(lines, i);
      out.append(node);
      i = next;
    } else if (line.trim().startsWith("|") && /^\s*\|?\s*:?-+/.test(lines[i + 1] ?? "")) {
      const [node, next] = table(lines, i);
      out.append(node);
      i = next;
    } else {
      const text = [];
      while (i < lines.length && lines[i].trim() !== "" && !ITEM.test(lines[i]) && !/^#/.test(lines[i])) {
        text.push(lines[i].trim());
        i += 1;
      }
      out.append(h("p", {}, inline(text.join(" "))));
    }
  }
  return out;
}
