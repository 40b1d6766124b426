// The visual checks of one screen, run inside the page by any browser driver: see
// visual.py, which loads this function as CHECK_JS and describes what it checks.
({ needed, optional }) => {
  const problems = [];
  const root = document.documentElement;
  const vw = window.innerWidth;
  const vh = window.innerHeight;

  // ---------------------------------------------------------------- helpers
  const describe = (el) => {
    let name = el.tagName.toLowerCase();
    if (el.id) name += `#${el.id}`;
    const classes = [...el.classList].slice(0, 3);
    if (classes.length) name += `.${classes.join(".")}`;
    const text = (el.innerText ?? el.textContent ?? el.value ?? "").trim().replace(/\s+/g, " ");
    const label = el.getAttribute("aria-label");
    const shown = text || label || el.value || "";
    return shown ? `${name} "${shown.slice(0, 40)}"` : name;
  };
  const visible = (el) =>
    el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
    el.getClientRects().length > 0;
  /** The element's box in page coordinates, cut by the ancestors that clip it. */
  const clippedBox = (el) => {
    const r = el.getBoundingClientRect();
    let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    for (let a = el.parentElement; a && a !== document.body && a !== root; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === "visible" && style.overflowY === "visible") continue;
      const c = a.getBoundingClientRect();
      box = {
        left: Math.max(box.left, c.left), top: Math.max(box.top, c.top),
        right: Math.min(box.right, c.right), bottom: Math.min(box.bottom, c.bottom),
      };
    }
    return {
      left: box.left + scrollX, top: box.top + scrollY,
      right: box.right + scrollX, bottom: box.bottom + scrollY,
      width: box.right - box.left, height: box.bottom - box.top,
    };
  };
  const px = (v) => Math.round(v);
  const boxText = (b) => `${px(b.left)},${px(b.top)} to ${px(b.right)},${px(b.bottom)}`;

  // ---------------------------------------------------------------- colours
  const parseColor = (text) => {
    const m = text.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const parts = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return { r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1 };
  };
  const over = (top, under) => {
    const a = top.a;
    return {
      r: top.r * a + under.r * (1 - a), g: top.g * a + under.g * (1 - a),
      b: top.b * a + under.b * (1 - a), a: 1,
    };
  };
  const hex = (c) => "#" + [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("");
  const luminance = (c) => {
    const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b);
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  /** The colours an element paints (background colour, then gradient stops over it);
      a list of alternatives, each a list of layers bottom first. */
  const paints = (el) => {
    const style = getComputedStyle(el);
    if (el instanceof SVGElement) {
      if (el.tagName.toLowerCase() === "svg") return [[]];
      const fill = parseColor(style.fill);
      if (!fill || fill.a === 0) return [[]];
      const opacity = Number(style.fillOpacity) * Number(style.opacity);
      return [[{ ...fill, a: fill.a * opacity }]];
    }
    const layers = [];
    const color = parseColor(style.backgroundColor);
    if (color && color.a > 0) layers.push(color);
    const image = style.backgroundImage;
    if (image && image !== "none" && image.includes("gradient")) {
      const stops = (image.match(/rgba?\([^)]+\)/g) ?? []).map(parseColor);
      return stops.map((stop) => [...layers, stop]);
    }
    return [layers];
  };
  /** The colours possible under the point (x, y) of `el`'s content, drawn by `el`'s
      ancestors and whatever lies beneath; null when something else covers the point. */
  const backgroundsAt = (el, x, y, { skipOwn = false } = {}) => {
    const stack = document.elementsFromPoint(x, y);
    let start = stack.indexOf(el);
    if (start < 0) {
      if (getComputedStyle(el).pointerEvents !== "none") return null;
      // Not hit-tested: its ancestors are what lies beneath.
      start = 0;
      const chain = [];
      for (let a = el; a; a = a.parentElement) chain.push(a);
      stack.splice(0, stack.length, ...chain);
    }
    const beneath = stack.slice(start).filter((node) => !(skipOwn && el.contains(node)));
    let candidates = [{ r: 255, g: 255, b: 255, a: 1 }];
    for (const node of beneath.reverse()) {
      const options = paints(node);
      const next = [];
      for (const layers of options) {
        for (const under of candidates) next.push(layers.reduce((acc, layer) => over(layer, acc), under));
      }
      // Keep the extremes: the lightest and the darkest of the alternatives.
      next.sort((p, q) => luminance(p) - luminance(q));
      candidates = next.length > 2 ? [next[0], next[next.length - 1]] : next;
    }
    return candidates;
  };
  /** The product of the opacities of `el` and its ancestors. */
  const opacityOf = (el) => {
    let o = 1;
    for (let a = el; a; a = a.parentElement) o *= Number(getComputedStyle(a).opacity);
    return o;
  };
  const disabled = (el) => Boolean(el.closest(":disabled, [aria-disabled='true']"));

  // ---------------------------------------------------------------- sideways scroll
  const wide = Math.max(root.scrollWidth, document.body.scrollWidth);
  if (wide > vw) {
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((el) => !el.closest("svg") && visible(el) && el.getBoundingClientRect().right > vw + 1)
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= vw + 1)
      .slice(0, 3).map((el) => `${describe(el)} reaches ${px(el.getBoundingClientRect().right)} px`);
    problems.push(`the page is ${wide} px wide in a ${vw} px viewport (it scrolls sideways): ${culprits.join("; ")}`);
  }

  // ---------------------------------------------------------------- needed in the first screen
  window.scrollTo(0, 0);
  for (const selector of [...needed, ...optional]) {
    const found = [...document.querySelectorAll(selector)].filter(visible);
    if (!found.length && needed.includes(selector)) {
      problems.push(`nothing visible matches ${selector}`);
      continue;
    }
    for (const el of found) {
      const r = el.getBoundingClientRect();
      if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1) {
        problems.push(`${describe(el)} (${selector}) is not entirely in the first screen ${vw}x${vh}: ${boxText(r)}`);
      }
    }
  }

  // ---------------------------------------------------------------- overlapping controls
  const modal = document.querySelector("dialog:modal");
  const scope = modal ?? document;
  const controls = [...scope.querySelectorAll("button, input:not([type=hidden]), select, textarea, a[href], [data-action]")]
    .filter((el) => !el.closest("svg") && visible(el) && !(modal === null && el.closest("dialog:not([open])")))
    .filter((el) => !el.parentElement.closest("button, a[href], [data-action], label"))
    .map((el) => ({ el, box: clippedBox(el) }))
    .filter(({ box }) => box.width > 1 && box.height > 1);
  /** Whether some point of `el` takes the click (it is not entirely covered). */
  const reachable = (el, box) => {
    for (const fx of [0.1, 0.3, 0.5, 0.7, 0.9]) {
      for (const fy of [0.2, 0.5, 0.8]) {
        const x = box.left - scrollX + box.width * fx;
        const y = box.top - scrollY + box.height * fy;
        if (x < 0 || y < 0 || x >= vw || y >= vh) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && (el === hit || el.contains(hit))) return true;
      }
    }
    return false;
  };
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i], b = controls[j];
      if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (w <= 1 || h <= 1) continue;
      const fanned = a.el.classList.contains("card") && b.el.classList.contains("card") &&
        a.el.parentElement === b.el.parentElement;
      if (fanned) {
        const top = a.box.top - scrollY;
        if (top < 0 || top >= vh) continue;  // judged where it can be seen
        if (reachable(a.el, a.box) && reachable(b.el, b.box)) continue;
      }
      problems.push(`${describe(a.el)} (${boxText(a.box)}) overlaps ${describe(b.el)} (${boxText(b.box)})`);
    }
  }

  // ---------------------------------------------------------------- contrast
  const seen = new Set();
  const textProblems = [];
  const checkText = (el, text, rect, pseudo = null) => {
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    if (x < 0 || y < 0 || x >= vw || y >= vh) return false;
    const backgrounds = backgroundsAt(el, x, y);
    if (backgrounds === null) return true;  // covered by something else: not visible
    const style = getComputedStyle(el);
    const color = parseColor(getComputedStyle(el, pseudo).color);
    if (!color) return true;
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const needs = large ? 3 : 4.5;
    const opacity = opacityOf(el) * (pseudo ? Number(getComputedStyle(el, pseudo).opacity) : 1);
    let worst = null;
    for (const bg of backgrounds) {
      const fg = over({ ...color, a: color.a * opacity }, bg);
      const r = ratio(fg, bg);
      if (!worst || r < worst.r) worst = { r, fg, bg };
    }
    if (worst && worst.r < needs - 0.005) {
      textProblems.push(`${describe(el)}: text "${text.slice(0, 40)}" ${hex(worst.fg)} on ${hex(worst.bg)} is ${worst.r.toFixed(2)}:1 (needs ${needs}:1)`);
    }
    return true;
  };
  const controlProblems = [];
  const checkControl = (el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= vw || y >= vh) return false;
    const style = getComputedStyle(el);
    const surroundings = backgroundsAt(el, x, y, { skipOwn: true });
    if (surroundings === null) return true;
    const own = parseColor(style.backgroundColor);
    const opacity = opacityOf(el);
    const border = parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== "none" ? parseColor(style.borderTopColor) : null;
    const drawn = (own && own.a > 0) || (border && border.a > 0);
    if (!drawn) return true;  // a text-only control: its text is checked as text
    let worst = null;
    for (const around of surroundings) {
      const fill = own && own.a > 0 ? over({ ...own, a: own.a * opacity }, around) : around;
      const edge = border && border.a > 0 ? over({ ...border, a: border.a * opacity }, around) : around;
      const best = Math.max(ratio(fill, around), ratio(edge, around));
      if (!worst || best < worst.r) worst = { r: best, fill, edge, around };
    }
    if (worst.r < 3 - 0.005) {
      controlProblems.push(`${describe(el)}: its outline (fill ${hex(worst.fill)}, border ${hex(worst.edge)}) on ${hex(worst.around)} is ${worst.r.toFixed(2)}:1 (needs 3:1)`);
    }
    return true;
  };
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || !node.textContent.trim() || el.closest("svg, option, script, style, noscript")) continue;
    if (disabled(el) || !visible(el)) continue;
    texts.push({ node, el });
  }
  const fields = [...document.querySelectorAll("input, select, textarea")]
    .filter((el) => !["hidden", "checkbox", "radio", "range", "color"].includes(el.type) && visible(el) && !disabled(el));
  const outlined = [...document.querySelectorAll("button, input, select, textarea, a.action-button")]
    .filter((el) => !el.closest("svg") && !el.classList.contains("card") && !["hidden", "checkbox", "radio", "range"].includes(el.type) && visible(el) && !disabled(el));
  const height = Math.max(root.scrollHeight, document.body.scrollHeight);
  for (let top = 0; ; top += vh) {
    window.scrollTo(0, top);
    texts.forEach((item, i) => {
      if (seen.has(`t${i}`)) return;
      const range = document.createRange();
      range.selectNodeContents(item.node);
      const rect = [...range.getClientRects()].find((r) => r.width > 1 && r.height > 1);
      if (!rect) { seen.add(`t${i}`); return; }
      if (checkText(item.el, item.node.textContent.trim(), rect)) seen.add(`t${i}`);
    });
    fields.forEach((el, i) => {
      if (seen.has(`f${i}`)) return;
      const shown = el.tagName === "SELECT" ? el.selectedOptions[0]?.text ?? "" : el.value;
      // An empty field shows its placeholder, in the placeholder's colour.
      const text = shown || el.placeholder || "";
      const pseudo = shown ? null : "::placeholder";
      const rect = el.getBoundingClientRect();
      if (!text.trim() || rect.width <= 1) { seen.add(`f${i}`); return; }
      if (checkText(el, text, rect, pseudo)) seen.add(`f${i}`);
    });
    outlined.forEach((el, i) => {
      if (!seen.has(`c${i}`) && checkControl(el)) seen.add(`c${i}`);
    });
    if (top + vh >= height) break;
  }
  window.scrollTo(0, 0);
  return problems.concat(textProblems, controlProblems);
}
