/**
 * The empires' banner colours (chapter 3, "The Map": "the ownership banner"), chosen when a galaxy is
 * made so that empires near each other differ most, for everyone who reads the map: with normal
 * vision, protanopia and deuteranopia alike (core/colour.ts). The map draws an annexed sector in its
 * banner mixed with `FILL_TINT` white; distances are measured on those fills.
 *
 * The palette is ten colours picked from Paul Tol's colour-blind-safe schemes and Okabe and Ito's,
 * as far apart as ten can be: any two fills differ by at least 9.9 (CIEDE2000) for all three
 * visions, and none is close to the independents' cream. With 26 empires some colours are used
 * twice or three times; `assignColours` gives the same colour only to empires far apart, and gives
 * near neighbours the pairs furthest apart.
 */
import { COMMON_VISIONS, colourDistance, deltaE2000, labOf, tintHex } from "../../../core/colour.js";

/** How much white the map mixes into an annexed sector's fill (presentation/map-svg.ts). */
export const FILL_TINT = 0.3;

/** The independents' plain fill on the map. */
export const INDEPENDENT_FILL = "#f6f2e6";

export const EMPIRE_PALETTE: readonly string[] = [
  "#44aa99", // teal
  "#332288", // indigo
  "#f0e442", // yellow
  "#cc3311", // vermilion
  "#33bbee", // cyan
  "#0072b2", // blue
  "#bb5566", // rose
  "#882255", // wine
  "#ee8866", // salmon
  "#aaaa00", // olive
];

/** Empires further apart than this many borders are not neighbours for the choice of colours. */
const NEAR_HOPS = 4;

/**
 * Far enough: a neighbour's fill this far (CIEDE2000, times the borders between them) is told apart at a
 * glance; above it, spreading the colours over the empires matters more than distance.
 */
const ENOUGH = 30;

/** How far apart two banners look as the map fills them, to whoever sees them least apart. */
export function fillDistance(a: string, b: string): number {
  return colourDistance(tintHex(a, FILL_TINT), tintHex(b, FILL_TINT));
}

/** `fillDistance` between every two palette colours (each fill converted once per vision). */
function paletteDistances(): number[][] {
  const labs = EMPIRE_PALETTE.map((c) => COMMON_VISIONS.map((v) => labOf(tintHex(c, FILL_TINT), v)));
  return labs.map((a, i) =>
    labs.map((b, j) => (i === j ? 0 : Math.min(...COMMON_VISIONS.map((_, v) => deltaE2000(a[v] as number[], b[v] as number[]))))),
  );
}

/**
 * For each pair of empires within `NEAR_HOPS` borders of each other, the fewest borders between their
 * sectors (1: they border). One breadth-first search from each empire's sectors.
 */
export function empireHops(
  sectors: readonly { id: number; owner: string }[],
  borders: readonly { a: number; b: number }[],
  empires: readonly string[],
): Map<string, Map<string, number>> {
  const next = new Map<number, number[]>();
  const link = (a: number, b: number) => {
    const l = next.get(a);
    if (l) l.push(b);
    else next.set(a, [b]);
  };
  for (const b of borders) {
    link(b.a, b.b);
    link(b.b, b.a);
  }
  const ownerOf = new Map<number, string>();
  const held = new Map<string, number[]>(empires.map((e) => [e, []]));
  for (const s of sectors) {
    ownerOf.set(s.id, s.owner);
    held.get(s.owner)?.push(s.id);
  }
  const out = new Map<string, Map<string, number>>();
  for (const e of empires) {
    const mine = new Map<string, number>();
    out.set(e, mine);
    let frontier = held.get(e) ?? [];
    const seen = new Set<number>(frontier);
    for (let d = 1; d <= NEAR_HOPS && frontier.length > 0; d++) {
      const level: number[] = [];
      for (const id of frontier)
        for (const n of next.get(id) ?? []) {
          if (seen.has(n)) continue;
          seen.add(n);
          level.push(n);
          const o = ownerOf.get(n) as string;
          if (o !== e && held.has(o) && !mine.has(o)) mine.set(o, d);
        }
      frontier = level;
    }
  }
  return out;
}

/**
 * A banner for each empire: empires in order of how crowded their surroundings are (the most first), each
 * taking the least used palette colour that is far enough (`ENOUGH`) from its near neighbours' (a neighbour
 * two borders away counts as if its colour were twice as far), or the furthest if none is; then a few rounds
 * in which an empire whose nearest-looking neighbour is not far enough changes colour if that puts it
 * further. Deterministic: sectors, borders and empire ids decide it.
 */
export function assignColours(
  sectors: readonly { id: number; owner: string }[],
  borders: readonly { a: number; b: number }[],
  empires: readonly string[],
): Record<string, string> {
  const ids = [...empires].sort();
  const hops = empireHops(sectors, borders, ids);
  // Symmetric closeness: the fewer borders between two empires, the closer.
  const near = (a: string, b: string): number | undefined => {
    const x = hops.get(a)?.get(b);
    const y = hops.get(b)?.get(a);
    return x === undefined ? y : y === undefined ? x : Math.min(x, y);
  };
  const crowd = (e: string) => ids.reduce((t, o) => (o === e ? t : t + 1 / (near(e, o) ?? Number.POSITIVE_INFINITY)), 0);
  const order = [...ids].sort((a, b) => crowd(b) - crowd(a) || (a < b ? -1 : 1));
  const colour = new Map<string, number>();
  const d = paletteDistances();
  /** How apart `e` would look in colour `c` from its nearest-looking coloured neighbour (distance x borders apart). */
  const score = (e: string, c: number): number => {
    let s = Number.POSITIVE_INFINITY;
    for (const o of ids) {
      if (o === e) continue;
      const h = near(e, o);
      const oc = colour.get(o);
      if (h === undefined || oc === undefined) continue;
      s = Math.min(s, (d[c]?.[oc] ?? 0) * h);
    }
    return s;
  };
  const used = (c: number) => [...colour.values()].filter((x) => x === c).length;
  // Among the colours far enough from the near neighbours, the least used (so 26 empires get all ten
  // colours, not two); when none is far enough, the furthest.
  const rank = (e: string, c: number): [number, number, number] => {
    const sc = score(e, c);
    return [sc >= ENOUGH ? 1 : 0, sc >= ENOUGH ? -used(c) : sc, sc];
  };
  const better = (x: [number, number, number], y: [number, number, number]) =>
    x[0] !== y[0] ? x[0] > y[0] : x[1] !== y[1] ? x[1] > y[1] : x[2] > y[2];
  for (const e of order) {
    let best = 0;
    for (let c = 1; c < EMPIRE_PALETTE.length; c++) if (better(rank(e, c), rank(e, best))) best = c;
    colour.set(e, best);
  }
  for (let round = 0; round < 4; round++) {
    let changed = false;
    for (const e of order) {
      const now = colour.get(e) as number;
      if (score(e, now) >= ENOUGH) continue;
      let best = now;
      for (let c = 0; c < EMPIRE_PALETTE.length; c++) if (score(e, c) > score(e, best)) best = c;
      if (best !== now) {
        colour.set(e, best);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return Object.fromEntries(ids.map((e) => [e, EMPIRE_PALETTE[colour.get(e) ?? 0] as string]));
}
