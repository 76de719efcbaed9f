import sanitizeHtml from "sanitize-html";

// SVG is XML that can carry script. Keep drawing elements and presentation
// attributes only: no script, no event handlers, no foreignObject, no external
// references. Served files also get a sandboxing CSP (see uploads route).
const SVG_TAGS = [
  "svg", "g", "defs", "symbol", "use", "title", "desc", "path", "rect", "circle", "ellipse", "line", "polyline",
  "polygon", "text", "tspan", "textPath", "linearGradient", "radialGradient", "stop", "clipPath", "mask", "pattern",
  "filter", "feGaussianBlur", "feOffset", "feBlend", "feColorMatrix", "feMerge", "feMergeNode", "feFlood", "feComposite",
];

const SVG_ATTRIBUTES = [
  "id", "class", "viewBox", "width", "height", "x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "rx", "ry", "d",
  "points", "fill", "fill-opacity", "fill-rule", "clip-rule", "stroke", "stroke-width", "stroke-linecap",
  "stroke-linejoin", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "stroke-miterlimit", "opacity",
  "transform", "offset", "stop-color", "stop-opacity", "gradientUnits", "gradientTransform", "patternUnits",
  "clip-path", "clipPathUnits", "mask", "filter", "stdDeviation", "dx", "dy", "in", "in2", "result", "mode", "values",
  "type", "operator", "flood-color", "flood-opacity", "font-family", "font-size", "font-weight", "text-anchor",
  "dominant-baseline", "letter-spacing", "preserveAspectRatio", "xmlns", "xmlns:xlink", "version", "href",
  "xlink:href", "role", "aria-label", "aria-hidden", "style", "fx", "fy", "spreadMethod", "visibility", "display",
];

export function sanitizeSvg(svg: string): string {
  const clean = sanitizeHtml(svg, {
    allowedTags: SVG_TAGS,
    allowedAttributes: { "*": SVG_ATTRIBUTES },
    // Only same-document references (#id); nothing that loads or runs anything.
    allowedSchemes: [],
    allowedSchemesByTag: {},
    allowProtocolRelative: false,
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
    exclusiveFilter: (frame) => (frame.tag === "use" && !String(frame.attribs.href ?? frame.attribs["xlink:href"] ?? "").startsWith("#")),
    transformTags: {
      "*": (tagName, attribs) => {
        const safe: Record<string, string> = {};
        for (const [name, value] of Object.entries(attribs)) {
          if ((name === "href" || name === "xlink:href") && !value.startsWith("#")) continue;
          if (/url\(\s*['"]?(?!#)/i.test(value) || /javascript:|expression\(/i.test(value)) continue;
          safe[name] = value;
        }
        return { tagName, attribs: safe };
      },
    },
    nonTextTags: ["script", "foreignObject", "iframe", "noscript"],
  });
  return clean.trim();
}
