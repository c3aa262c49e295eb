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

/** "#rrggbb" (or "#rgb") to red, green and blue from 0 to 1; null if it is not one. */
export function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
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
