// Building DOM without HTML strings: every string becomes a text node, so text from players
// (names, posts) is never parsed as HTML. Game modules build their boards with `h`.

const SVG_NS = "http://www.w3.org/2000/svg";

function append(el, child) {
  if (child === null || child === undefined || child === false || child === "") return;
  if (Array.isArray(child)) { for (const c of child) append(el, c); return; }
  el.append(child instanceof Node ? child : document.createTextNode(String(child)));
}

function build(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "class" && Array.isArray(v)) el.setAttribute("class", v.filter(Boolean).join(" "));
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

/** An HTML element: `h("p", {class: "x"}, "text", child, [more])`; strings are text nodes. */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element (same shape as `h`). */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Replaces `el`'s children with `node` (a Node, a list of them, or nothing). */
export function mount(el, node) {
  el.replaceChildren();
  append(el, node);
}

/** Shrinks `el` (CSS zoom, in steps of `step`, never under `floor`) until the bottom of `outer`
 * (`el` or an element around it, with its padding and border) is within `box`'s (the room's TV:
 * the board in the height left under the status bar); first back to full size, so a board that
 * fits again is drawn full size. Nothing to do for an element that is not shown. Returns the
 * zoom kept. */
export function fitHeight(el, box, outer = el, floor = 0.6, step = 0.03) {
  el.style.zoom = "";
  if (!el.isConnected || !el.getClientRects().length) return 1;
  const limit = box.getBoundingClientRect().bottom + 0.5;
  let zoom = 1;
  while (zoom > floor && outer.getBoundingClientRect().bottom > limit) {
    zoom = Math.max(floor, Math.round((zoom - step) * 100) / 100);
    el.style.zoom = String(zoom);
  }
  return zoom;
}

/** A post's text: `**code**` shown bold (forum votecodes), everything else as text. */
export function postText(text) {
  const out = [];
  const parts = String(text ?? "").split(/\*\*([^*\n]+?)\*\*/);
  parts.forEach((part, i) => { if (part) out.push(i % 2 ? h("b", { class: "code-bold" }, part) : part); });
  return out;
}
