/**
 * A side's draft orders as plain data: the orders file (orders.ts: `side`, `step`, `orders`) being written by pointing
 * and by forms, kept as its text so the "as text" view, this browser's stored draft (the shell's OrdersEditor key) and
 * what is submitted are one and the same. Each edit reads the text, changes the list and writes it back, one order a
 * line. The check's lines name each order by its place in the file ("#3 move ...", orders.ts describeOrder), which is
 * how each ruling is put beside its order.
 */
import { parse } from "yaml";

/** An order as the draft holds it: its type and fields, unchecked (the check says what is wrong with it). */
export type DraftOrder = { type: string } & Record<string, unknown>;

export interface Draft {
  side?: string;
  step?: number;
  orders: DraftOrder[];
}

function isOrder(x: unknown): x is DraftOrder {
  return typeof x === "object" && x !== null && !Array.isArray(x) && typeof (x as { type?: unknown }).type === "string";
}

/** The draft a text holds (YAML or JSON, as the server reads it), or why it cannot be edited by pointing. */
export function readDraft(text: string): { draft: Draft } | { error: string } {
  let raw: unknown;
  try {
    raw = text.trim() === "" ? {} : parse(text);
  } catch (e) {
    return { error: `the text is not YAML or JSON: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}` };
  }
  if (raw === null || raw === undefined) raw = {};
  if (typeof raw !== "object" || Array.isArray(raw)) return { error: "the text is not an orders file ({ side, step, orders: [...] })" };
  const r = raw as Record<string, unknown>;
  const orders = r.orders ?? [];
  if (!Array.isArray(orders)) return { error: "orders is not a list" };
  if (!orders.every(isOrder)) return { error: "an order has no type" };
  const draft: Draft = { orders };
  if (typeof r.side === "string") draft.side = r.side;
  if (typeof r.step === "number") draft.step = r.step;
  return { draft };
}

/** The draft as text: JSON (which YAML reads too), one order a line so the text view stays short. */
export function draftText(d: Draft): string {
  const head = [
    ...(d.side !== undefined ? [`  "side": ${JSON.stringify(d.side)}`] : []),
    ...(d.step !== undefined ? [`  "step": ${d.step}`] : []),
  ];
  const orders =
    d.orders.length === 0 ? `  "orders": []` : `  "orders": [\n${d.orders.map((o) => `    ${JSON.stringify(o)}`).join(",\n")}\n  ]`;
  return `{\n${[...head, orders].join(",\n")}\n}\n`;
}

/** A fresh draft for a side and step. */
export function emptyDraft(side: string, step: number): Draft {
  return { side, step, orders: [] };
}

/** The draft's move of `squadron`, if it has one. */
export function moveOf(d: Draft, squadron: string): DraftOrder | undefined {
  return d.orders.find((o) => o.type === "move" && o.squadron === squadron);
}

/** A squadron moves once an activation ("already-moved"): a new move of it replaces the old one in its place. */
export function withMove(d: Draft, move: DraftOrder): Draft {
  const at = d.orders.findIndex((o) => o.type === "move" && o.squadron === move.squadron);
  const orders = at < 0 ? [...d.orders, move] : d.orders.map((o, i) => (i === at ? move : o));
  return { ...d, orders };
}

/**
 * Add an order. The order sheet holds one activation sequence and one initiative choice (QRS Turn Sequence 1 and 3):
 * a new one replaces the old in its place; every other order is added at the end.
 */
export function withOrder(d: Draft, order: DraftOrder): Draft {
  if (order.type === "move") return withMove(d, order);
  if (order.type === "sequence" || order.type === "initiative") {
    const at = d.orders.findIndex((o) => o.type === order.type);
    if (at >= 0) return { ...d, orders: d.orders.map((o, i) => (i === at ? order : o)) };
  }
  return { ...d, orders: [...d.orders, order] };
}

/** Does a light order name this squadron among those firing? */
function firesLight(o: DraftOrder, squadron: string): boolean {
  return o.type === "light" && Array.isArray(o.squadrons) && o.squadrons.includes(squadron);
}

/**
 * Light batteries fire "at any point during the squadron's movement" (seed 004 "Light Batteries"): set where along its
 * move, `at` inches, on every light order of the draft the squadron fires in. `changed` counts them (none: the draft is
 * as it was, and the point waits for a light order).
 */
export function withFireAt(d: Draft, squadron: string, at: number): { draft: Draft; changed: number } {
  let changed = 0;
  const orders = d.orders.map((o) => {
    if (!firesLight(o, squadron)) return o;
    changed++;
    return { ...o, at };
  });
  return { draft: changed ? { ...d, orders } : d, changed };
}

/** The first light order each squadron fires in: its target and, if given, the inches along the move it fires from. */
export function lightFireOf(d: Draft): Record<string, { target: string; at?: number }> {
  const out: Record<string, { target: string; at?: number }> = {};
  for (const o of d.orders) {
    if (o.type !== "light" || !Array.isArray(o.squadrons) || typeof o.target !== "string") continue;
    for (const sq of o.squadrons)
      if (typeof sq === "string" && !out[sq]) out[sq] = { target: o.target, ...(typeof o.at === "number" ? { at: o.at } : {}) };
  }
  return out;
}

export function withoutOrder(d: Draft, index: number): Draft {
  return { ...d, orders: d.orders.filter((_, i) => i !== index) };
}

/** Move one taskforce of a sequence a place earlier (-1) or later (+1). */
export function reorder<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to] as T, out[index] as T];
  return out;
}

/** The place in the file a check line or problem names ("#3 move b1" is 3), or null for the activation's own lines. */
export function orderPlace(order: string): number | null {
  const m = /^#(\d+)\b/.exec(order);
  return m ? Number(m[1]) : null;
}

/** The parts of the check's reply (shell/api.ts CheckReply) the rulings are made from. */
interface CheckLine {
  step: string;
  order: string;
  text: string;
  ok: boolean;
  certainty?: string;
}
interface Problem {
  order: string;
  message: string;
}
export interface CheckLike {
  check: { lines: CheckLine[]; problems: Problem[] };
  skipped: Problem[];
}

export interface Ruling {
  ok: boolean;
  /** "ok", "odds" (it rests on dice), "fails" or "skipped". */
  mark: string;
  text: string;
}

/**
 * The check's rulings, each beside the order it is about (by place in the file; the order sheet names its one
 * activation sequence by its type alone, "sequence"), and the rest (the activation, the taskforce's command range and
 * facing after its moves, the file itself) in `general`.
 */
export function rulingsByOrder(reply: CheckLike, orders: readonly DraftOrder[]): { byOrder: Ruling[][]; general: Ruling[] } {
  const count = orders.length;
  const byOrder: Ruling[][] = Array.from({ length: count }, () => []);
  const general: Ruling[] = [];
  const only = (type: string): number | null => {
    const at = orders.findIndex((o) => o.type === type);
    return at >= 0 && orders.findLastIndex((o) => o.type === type) === at ? at : null;
  };
  // Beside its order a ruling need not name it; among the general ones it does ("command range b2: ...").
  const put = (order: string, r: Ruling) => {
    const at = orderPlace(order) ?? only(order);
    if (at !== null && at < count) byOrder[at]!.push(r);
    else general.push(order && !r.text.startsWith(order) ? { ...r, text: `${order}: ${r.text}` } : r);
  };
  const lined = new Set(reply.check.lines.map((l) => l.order));
  for (const p of reply.skipped) put(p.order, { ok: false, mark: "skipped", text: p.message });
  for (const p of reply.check.problems.filter((x) => !lined.has(x.order))) put(p.order, { ok: false, mark: "fails", text: p.message });
  for (const l of reply.check.lines)
    put(l.order, { ok: l.ok, mark: l.ok ? (l.certainty === "chance" ? "odds" : "ok") : "fails", text: `${l.step}: ${l.text}` });
  return { byOrder, general };
}

/** An order in a few words, for the list beside the table: "move b1 to (12, 30) facing 90". */
export function orderWords(o: DraftOrder): string {
  const s = (k: string) => (typeof o[k] === "string" || typeof o[k] === "number" ? String(o[k]) : null);
  const pt = (p: unknown) =>
    typeof p === "object" && p !== null && "x" in p && "y" in p ? `(${(p as { x: unknown }).x}, ${(p as { y: unknown }).y})` : "?";
  switch (o.type) {
    case "move":
      return `move ${s("squadron")}${o.to ? ` to ${pt(o.to)}` : ""}${o.heading !== undefined ? ` on ${s("heading")} for ${s("distance") ?? "all"}"` : ""}${o.facing !== undefined ? ` facing ${s("facing")}` : ""}`;
    case "heavy":
    case "light":
    case "board":
      return `${o.type === "board" ? "board" : `fire ${o.type} batteries`}: ${Array.isArray(o.squadrons) ? o.squadrons.join(" + ") : "?"} at ${s("target")}${o.disable ? " (to disable)" : ""}${o.type === "light" && typeof o.at === "number" ? `, ${o.at}" along the move` : ""}`;
    case "missiles":
      return `missiles: ${s("squadron")} at ${s("target")}`;
    case "flight":
      return `fighters: ${o.flight ? `flight ${s("flight")}` : `launch from ${s("squadron")}`} by ${Array.isArray(o.path) ? o.path.map(pt).join(" then ") : "?"}${o.target ? ` attacking ${s("target")}` : ""}`;
    case "sequence":
      return `activation sequence: ${Array.isArray(o.taskforces) ? o.taskforces.join(", ") : "?"}`;
    case "shift":
      return `battleshift ${s("unit")} out${o.returnTurn ? `, back on turn ${s("returnTurn")}` : " for good"}${o.sector ? ` in ${s("sector")}` : ""}${o.facing !== undefined ? ` facing ${s("facing")}` : ""}`;
    case "initiative":
      return `initiative: go ${s("choose")}`;
    default: {
      const rest = Object.entries(o)
        .filter(([k]) => k !== "type")
        .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : String(v)}`);
      return `${o.type}${rest.length ? `: ${rest.join(", ")}` : ""}`;
    }
  }
}
