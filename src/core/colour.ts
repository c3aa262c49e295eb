/**
 * Colours as people see them, for maps and pictures: CIELAB, the CIEDE2000 colour difference
 * (Sharma, Wu and Dalal 2005), and how a colour looks to someone with protanopia, deuteranopia or
 * tritanopia (Machado, Oliveira and Fernandes 2009, severity 1, applied to linear sRGB). Pure.
 *
 * A CIEDE2000 difference of about 2 is the smallest most people notice; 10 and more tells two fills
 * apart at a glance.
 */

export type Vision = "normal" | "protanopia" | "deuteranopia" | "tritanopia";

/** Normal vision and the two red-green deficiencies (about 1 man in 12 has one): what a map must stay readable for. */
export const COMMON_VISIONS: readonly Vision[] = ["normal", "protanopia", "deuteranopia"];

const MACHADO: Readonly<Record<Vision, readonly (readonly number[])[]>> = {
  normal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

/**
 * The 148 named colours of CSS (CSS Color Module Level 4, section 6.1), in lower case, as "#rrggbb":
 * what a map file may call an empire's colour besides a hex code, resolved here so that tints and
 * colour distances treat "navy" as they treat "#000080".
 */
export const CSS_COLOUR_NAMES: Readonly<Record<string, string>> = Object.freeze({
  aliceblue: "#f0f8ff",
  antiquewhite: "#faebd7",
  aqua: "#00ffff",
  aquamarine: "#7fffd4",
  azure: "#f0ffff",
  beige: "#f5f5dc",
  bisque: "#ffe4c4",
  black: "#000000",
  blanchedalmond: "#ffebcd",
  blue: "#0000ff",
  blueviolet: "#8a2be2",
  brown: "#a52a2a",
  burlywood: "#deb887",
  cadetblue: "#5f9ea0",
  chartreuse: "#7fff00",
  chocolate: "#d2691e",
  coral: "#ff7f50",
  cornflowerblue: "#6495ed",
  cornsilk: "#fff8dc",
  crimson: "#dc143c",
  cyan: "#00ffff",
  darkblue: "#00008b",
  darkcyan: "#008b8b",
  darkgoldenrod: "#b8860b",
  darkgray: "#a9a9a9",
  darkgreen: "#006400",
  darkgrey: "#a9a9a9",
  darkkhaki: "#bdb76b",
  darkmagenta: "#8b008b",
  darkolivegreen: "#556b2f",
  darkorange: "#ff8c00",
  darkorchid: "#9932cc",
  darkred: "#8b0000",
  darksalmon: "#e9967a",
  darkseagreen: "#8fbc8f",
  darkslateblue: "#483d8b",
  darkslategray: "#2f4f4f",
  darkslategrey: "#2f4f4f",
  darkturquoise: "#00ced1",
  darkviolet: "#9400d3",
  deeppink: "#ff1493",
  deepskyblue: "#00bfff",
  dimgray: "#696969",
  dimgrey: "#696969",
  dodgerblue: "#1e90ff",
  firebrick: "#b22222",
  floralwhite: "#fffaf0",
  forestgreen: "#228b22",
  fuchsia: "#ff00ff",
  gainsboro: "#dcdcdc",
  ghostwhite: "#f8f8ff",
  gold: "#ffd700",
  goldenrod: "#daa520",
  gray: "#808080",
  green: "#008000",
  greenyellow: "#adff2f",
  grey: "#808080",
  honeydew: "#f0fff0",
  hotpink: "#ff69b4",
  indianred: "#cd5c5c",
  indigo: "#4b0082",
  ivory: "#fffff0",
  khaki: "#f0e68c",
  lavender: "#e6e6fa",
  lavenderblush: "#fff0f5",
  lawngreen: "#7cfc00",
  lemonchiffon: "#fffacd",
  lightblue: "#add8e6",
  lightcoral: "#f08080",
  lightcyan: "#e0ffff",
  lightgoldenrodyellow: "#fafad2",
  lightgray: "#d3d3d3",
  lightgreen: "#90ee90",
  lightgrey: "#d3d3d3",
  lightpink: "#ffb6c1",
  lightsalmon: "#ffa07a",
  lightseagreen: "#20b2aa",
  lightskyblue: "#87cefa",
  lightslategray: "#778899",
  lightslategrey: "#778899",
  lightsteelblue: "#b0c4de",
  lightyellow: "#ffffe0",
  lime: "#00ff00",
  limegreen: "#32cd32",
  linen: "#faf0e6",
  magenta: "#ff00ff",
  maroon: "#800000",
  mediumaquamarine: "#66cdaa",
  mediumblue: "#0000cd",
  mediumorchid: "#ba55d3",
  mediumpurple: "#9370db",
  mediumseagreen: "#3cb371",
  mediumslateblue: "#7b68ee",
  mediumspringgreen: "#00fa9a",
  mediumturquoise: "#48d1cc",
  mediumvioletred: "#c71585",
  midnightblue: "#191970",
  mintcream: "#f5fffa",
  mistyrose: "#ffe4e1",
  moccasin: "#ffe4b5",
  navajowhite: "#ffdead",
  navy: "#000080",
  oldlace: "#fdf5e6",
  olive: "#808000",
  olivedrab: "#6b8e23",
  orange: "#ffa500",
  orangered: "#ff4500",
  orchid: "#da70d6",
  palegoldenrod: "#eee8aa",
  palegreen: "#98fb98",
  paleturquoise: "#afeeee",
  palevioletred: "#db7093",
  papayawhip: "#ffefd5",
  peachpuff: "#ffdab9",
  peru: "#cd853f",
  pink: "#ffc0cb",
  plum: "#dda0dd",
  powderblue: "#b0e0e6",
  purple: "#800080",
  rebeccapurple: "#663399",
  red: "#ff0000",
  rosybrown: "#bc8f8f",
  royalblue: "#4169e1",
  saddlebrown: "#8b4513",
  salmon: "#fa8072",
  sandybrown: "#f4a460",
  seagreen: "#2e8b57",
  seashell: "#fff5ee",
  sienna: "#a0522d",
  silver: "#c0c0c0",
  skyblue: "#87ceeb",
  slateblue: "#6a5acd",
  slategray: "#708090",
  slategrey: "#708090",
  snow: "#fffafa",
  springgreen: "#00ff7f",
  steelblue: "#4682b4",
  tan: "#d2b48c",
  teal: "#008080",
  thistle: "#d8bfd8",
  tomato: "#ff6347",
  turquoise: "#40e0d0",
  violet: "#ee82ee",
  wheat: "#f5deb3",
  white: "#ffffff",
  whitesmoke: "#f5f5f5",
  yellow: "#ffff00",
  yellowgreen: "#9acd32",
});

/**
 * A colour as a file may write it: "#rgb", "#rrggbb" (hex digits in either case) or a CSS colour name
 * in lower case. One pattern for the parser and the JSON Schema it publishes (JSON Schema patterns have no
 * case-insensitive flag, so names are lower case only: "navy", not "Navy").
 */
export const COLOUR_PATTERN = `^(?:#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})|${Object.keys(CSS_COLOUR_NAMES).join("|")})$`;

const COLOUR_RE = new RegExp(COLOUR_PATTERN);

/** Why `text` is not a colour COLOUR_PATTERN admits (what is valid, and the lower-case name it may have meant), or null. */
export function colourProblem(text: string): string | null {
  if (COLOUR_RE.test(text)) return null;
  const lower = text.trim().toLowerCase();
  const hint = Object.hasOwn(CSS_COLOUR_NAMES, lower) || /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/.test(lower) ? ` (did you mean "${lower}"?)` : "";
  const shown = text.length > 40 ? `${JSON.stringify(text.slice(0, 40))}...` : JSON.stringify(text);
  return `${shown} is not a colour${hint}: write "#rgb" or "#rrggbb" in hex digits (such as "#c0392b") or a CSS colour name in lower case (such as "crimson" or "navy")`;
}

/** "#rrggbb", "#rgb" or a CSS colour name to red, green and blue from 0 to 1; null if it is none. */
export function parseHex(hex: string): [number, number, number] | null {
  const name = hex.trim().toLowerCase();
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(Object.hasOwn(CSS_COLOUR_NAMES, name) ? (CSS_COLOUR_NAMES[name] as string) : hex.trim());
  if (!m) return null;
  let h = m[1] as string;
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** A colour mixed with white: 0 is the colour, 1 white. */
export function tintHex(hex: string, amount: number): string {
  return mixHex(hex, [1, 1, 1], amount);
}

/** A colour mixed with black: 0 is the colour, 1 black. */
export function darkenHex(hex: string, amount: number): string {
  return mixHex(hex, [0, 0, 0], amount);
}

function mixHex(hex: string, to: readonly [number, number, number], amount: number): string {
  const rgb = parseHex(hex);
  if (!rgb) return hex;
  const out = rgb.map((v, i) => Math.round((v + ((to[i] as number) - v) * amount) * 255));
  return `#${out.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

const toLinear = (c: number): number => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

/** CIELAB (D65) of a colour as seen with `vision`. */
export function labOf(hex: string, vision: Vision = "normal"): [number, number, number] {
  const rgb = parseHex(hex) ?? [0, 0, 0];
  const l = rgb.map(toLinear);
  const m = MACHADO[vision];
  const s = m.map((row) => Math.min(1, Math.max(0, (row[0] as number) * l[0]! + (row[1] as number) * l[1]! + (row[2] as number) * l[2]!)));
  const [r, g, b] = s as [number, number, number];
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIEDE2000 difference of two CIELAB colours. */
export function deltaE2000(p: readonly number[], q: readonly number[]): number {
  const [L1, a1, b1] = p as [number, number, number];
  const [L2, a2, b2] = q as [number, number, number];
  const rad = Math.PI / 180;
  const Cbar = (Math.hypot(a1, b1) + Math.hypot(a2, b2)) / 2;
  const G = 0.5 * (1 - Math.sqrt(Cbar ** 7 / (Cbar ** 7 + 25 ** 7)));
  const a1p = (1 + G) * a1;
  const a2p = (1 + G) * a2;
  const C1p = Math.hypot(a1p, b1);
  const C2p = Math.hypot(a2p, b2);
  const hue = (x: number, y: number) => {
    if (x === 0 && y === 0) return 0;
    const t = Math.atan2(y, x) / rad;
    return t < 0 ? t + 360 : t;
  };
  const h1p = hue(a1p, b1);
  const h2p = hue(a2p, b2);
  const dLp = L2 - L1;
  const dCp = C2p - C1p;
  let dhp = 0;
  if (C1p * C2p !== 0) {
    dhp = h2p - h1p;
    if (dhp > 180) dhp -= 360;
    else if (dhp < -180) dhp += 360;
  }
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin((dhp / 2) * rad);
  const Lbp = (L1 + L2) / 2;
  const Cbp = (C1p + C2p) / 2;
  let hbp = h1p + h2p;
  if (C1p * C2p !== 0) {
    if (Math.abs(h1p - h2p) > 180) hbp = h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2;
    else hbp = (h1p + h2p) / 2;
  }
  const T =
    1 -
    0.17 * Math.cos((hbp - 30) * rad) +
    0.24 * Math.cos(2 * hbp * rad) +
    0.32 * Math.cos((3 * hbp + 6) * rad) -
    0.2 * Math.cos((4 * hbp - 63) * rad);
  const dTheta = 30 * Math.exp(-(((hbp - 275) / 25) ** 2));
  const RC = 2 * Math.sqrt(Cbp ** 7 / (Cbp ** 7 + 25 ** 7));
  const SL = 1 + (0.015 * (Lbp - 50) ** 2) / Math.sqrt(20 + (Lbp - 50) ** 2);
  const SC = 1 + 0.045 * Cbp;
  const SH = 1 + 0.015 * Cbp * T;
  const RT = -Math.sin(2 * dTheta * rad) * RC;
  return Math.sqrt((dLp / SL) ** 2 + (dCp / SC) ** 2 + (dHp / SH) ** 2 + RT * (dCp / SC) * (dHp / SH));
}

/** The smallest CIEDE2000 difference of two colours over `visions`: how far apart they look to whoever sees them least apart. */
export function colourDistance(a: string, b: string, visions: readonly Vision[] = COMMON_VISIONS): number {
  let d = Number.POSITIVE_INFINITY;
  for (const v of visions) d = Math.min(d, deltaE2000(labOf(a, v), labOf(b, v)));
  return d;
}
