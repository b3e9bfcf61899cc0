// The one way this page puts anything on screen: elements made with createElement, every text
// as a text node. No string from the server (or anywhere) is ever parsed as markup, and no
// inline handler or style attribute is ever set (the Content-Security-Policy forbids both).

const PROPERTIES = new Set([
  "id",
  "value",
  "checked",
  "disabled",
  "hidden",
  "type",
  "href",
  "htmlFor",
  "selected",
  "min",
  "max",
  "step",
  "name",
  "placeholder",
  "size",
  "tabIndex",
  "open",
]);

export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (/^on|^style$/i.test(key)) throw new Error(`h(): no inline handler or style (${key})`);
    if (key === "class") el.className = [value].flat(Infinity).filter(Boolean).join(" ");
    else if (key === "data") Object.assign(el.dataset, value);
    else if (key === "events") for (const [type, fn] of Object.entries(value)) el.addEventListener(type, fn);
    else if (PROPERTIES.has(key)) el[key] = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  add(el, children);
  return el;
}

export function add(el, children) {
  for (const child of [children].flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function fill(el, ...children) {
  el.replaceChildren();
  return add(el, children);
}

export const $ = (id) => document.getElementById(id);

// A link within this site: the path is built from parts, each part encoded.
export function path(...parts) {
  return "/" + parts.map((p) => encodeURIComponent(String(p))).join("/");
}
