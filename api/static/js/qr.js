// The QR code of an invite link, drawn beside it: a phone's camera opens the link without
// typing it. The encoding is Kazuhiko Arase's qrcode-generator (MIT, vendored in
// /static/vendor/: the page's CSP loads scripts from this origin only); this module only
// draws its modules as one SVG path, built with the DOM (no markup parsed, no style attribute).
import qrcode from "../vendor/qrcode-generator.js";

const SVG = "http://www.w3.org/2000/svg";
const QUIET = 4; // the quiet zone the standard asks for around the code, in modules

function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

// The dark modules of ``text``'s code (error correction M, the smallest version that holds it).
export function modules(text) {
  const code = qrcode(0, "M");
  code.addData(text, "Byte");
  code.make();
  const n = code.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => code.isDark(r, c)));
}

// An <svg role="img"> of ``text``'s QR code, named by ``label`` for screen readers.
export function qrImage(text, label) {
  const grid = modules(text);
  const size = grid.length + 2 * QUIET;
  let d = "";
  grid.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) d += `M${c + QUIET} ${r + QUIET}h1v1h-1z`;
    }),
  );
  const image = svg("svg", {
    class: "qr",
    viewBox: `0 0 ${size} ${size}`,
    role: "img",
    "aria-label": label,
    "shape-rendering": "crispEdges",
    "data-modules": grid.length,
  });
  const title = svg("title", {});
  title.textContent = label;
  image.append(title, svg("rect", { width: size, height: size, fill: "#fff" }), svg("path", { d, fill: "#000" }));
  return image;
}
