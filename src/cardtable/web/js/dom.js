// Small DOM helpers shared by every page: building elements without a framework.

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Build an HTML element. `attrs` keys starting with "on" become listeners,
 * `class` and `text` are shortcuts, anything else becomes an attribute
 * (skipped when null/undefined/false). Children may be nodes, strings or arrays.
 */
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** Build an SVG element, with the same conventions as `h`. */
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "text") {
      node.textContent = value;
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
}

/** Replace every child of `node` with `children`. */
export function replaceChildren(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** The value of a query-string parameter of the current page. */
export function queryParam(name) {
  return new URLSearchParams(window.location.search).get(name);
}
