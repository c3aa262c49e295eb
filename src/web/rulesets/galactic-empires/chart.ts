/**
 * The geometry of a line chart of figures by turn (Charts.tsx draws it as SVG): series from the standings tool's
 * answer, the scale to a box, round axis ticks and the text alternative. Plain numbers in, plain numbers out.
 */

export type Figure = "sectors" | "starships" | "treasury";

export interface StandingsReply {
  over: boolean;
  turns: {
    turn: number;
    empires: { empire: string; name: string; sectors: number; starships: number; treasury: number; defeated: boolean }[];
  }[];
}

export interface Series {
  empire: string;
  name: string;
  points: { turn: number; value: number }[];
}

/** One series per empire in the answer (a seat's own only, until the game is over), in turn order. */
export function seriesOf(reply: StandingsReply, figure: Figure): Series[] {
  const byEmpire = new Map<string, Series>();
  for (const t of [...reply.turns].sort((a, b) => a.turn - b.turn)) {
    for (const e of t.empires) {
      const s = byEmpire.get(e.empire) ?? { empire: e.empire, name: e.name, points: [] };
      s.points.push({ turn: t.turn, value: e[figure] });
      byEmpire.set(e.empire, s);
    }
  }
  return [...byEmpire.values()];
}

/** Ticks 0, step, 2 step ... covering `max`, with a round step (1, 2 or 5 times a power of ten), about `count` of them. */
export function ticks(max: number, count = 5): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw) ?? 10 * p;
  const out: number[] = [];
  for (let v = 0; v < max + step; v += step) {
    out.push(Math.round(v * 1e6) / 1e6);
    if (v >= max) break;
  }
  return out;
}

export interface Box {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface Plot {
  /** The y-axis ticks (values) and the x-axis turns. */
  yTicks: number[];
  turns: number[];
  x(turn: number): number;
  y(value: number): number;
  /** An SVG path ("M x y L x y ...") per series, in the order given. */
  paths: string[];
}

/** Scales the series into `box`: turns left to right, values from 0 (bottom) to the top tick. */
export function plot(series: readonly Series[], box: Box): Plot {
  const turns = [...new Set(series.flatMap((s) => s.points.map((p) => p.turn)))].sort((a, b) => a - b);
  const max = Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.value)));
  const yTicks = ticks(max);
  const top = yTicks.at(-1) ?? 1;
  const first = turns[0] ?? 1;
  const last = turns.at(-1) ?? first;
  const w = box.width - box.left - box.right;
  const h = box.height - box.top - box.bottom;
  const x = (turn: number) => box.left + (last === first ? w / 2 : ((turn - first) / (last - first)) * w);
  const y = (value: number) => box.top + h - (top > 0 ? (value / top) * h : 0);
  const r1 = (n: number) => Math.round(n * 10) / 10;
  const paths = series.map((s) => s.points.map((p, i) => `${i === 0 ? "M" : "L"}${r1(x(p.turn))} ${r1(y(p.value))}`).join(" "));
  return { yTicks, turns, x, y, paths };
}

/** The chart in words (its text alternative): each empire's first and last figure, with its highest. */
export function describeSeries(series: readonly Series[], figure: Figure): string {
  if (series.length === 0 || series.every((s) => s.points.length === 0)) return `No ${figure} figures yet.`;
  return series
    .map((s) => {
      const first = s.points[0]!;
      const last = s.points.at(-1)!;
      const most = s.points.reduce((a, b) => (b.value > a.value ? b : a));
      const change =
        first.turn === last.turn
          ? `${last.value} at turn ${last.turn}`
          : `${first.value} at turn ${first.turn}, ${last.value} at turn ${last.turn}`;
      return `${s.name}: ${change}${most.value > Math.max(first.value, last.value) ? `, highest ${most.value} at turn ${most.turn}` : ""}.`;
    })
    .join(" ");
}
