/**
 * A seat's orders for one turn as data in the browser: the Diploware's plans (seed 003 chapter 1, "Making Plans":
 * "a Headquarters Plan ... In addition, each of your units has a separate plan"). The plan is read from and written
 * to the ruleset's orders file (src/rules/galactic-empires/orders.ts: `empire`, `turn`, `orders`), the same YAML
 * or JSON the text editor edits, so the forms and the text are two views of one draft.
 *
 * Nothing here judges whether an order will succeed: that is the check's (the server's, POST /api/games/ID/check),
 * since "Rulers can always ask the impossible of their followers" (chapter 1, "Invalid Orders"). What is worked out
 * here is what the Diploware showed while planning: the move points a path spends (chapter 5, "Move-points"), how
 * full a centre's build box is ("0/13", chapter 5 "Building starships"), and the resources the plans use ("HQ
 * Plans": Treasury and Used, chapter 2).
 */
import { parse, stringify } from "yaml";
import { ADMIRAL_HIRE_COST, CONSTRUCTION_COST, ESPIONAGE_COST, SEND_FEE, shipType } from "../../../rules/galactic-empires/catalog.js";
import { ADMIRAL_MOVE } from "../../../rules/galactic-empires/context.js";
import { INDEPENDENT, type Relation } from "../../../rules/galactic-empires/model.js";
import { ORDER_SUMMARIES } from "../../../rules/galactic-empires/orders.js";
import type { EmpireView } from "../../../rules/galactic-empires/view.js";

/** One planned order as written: a `type` and its fields (an order the text made malformed stays, for the check to name). */
export type PlannedOrder = { type: string } & Record<string, unknown>;

export interface Plan {
  empire?: string;
  turn?: number;
  orders: PlannedOrder[];
}

export type ReadPlan = { plan: Plan; error: null } | { plan: null; error: string };

/** The plan a text holds; a text that is not an orders file is an error to show, and the forms wait for it to be fixed. */
export function readPlan(text: string): ReadPlan {
  let raw: unknown;
  try {
    raw = text.trim() === "" ? {} : parse(text);
  } catch (e) {
    return { plan: null, error: `the text is not YAML or JSON: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}` };
  }
  if (raw === null || raw === undefined) raw = {};
  if (typeof raw !== "object" || Array.isArray(raw))
    return { plan: null, error: "an orders file is a mapping: { empire, turn, orders: [...] }" };
  const file = raw as Record<string, unknown>;
  const list = file.orders ?? [];
  if (!Array.isArray(list)) return { plan: null, error: "orders must be a list" };
  const orders: PlannedOrder[] = [];
  for (const [i, o] of list.entries()) {
    if (typeof o !== "object" || o === null || Array.isArray(o) || typeof (o as { type?: unknown }).type !== "string")
      return { plan: null, error: `order #${i} has no type: edit it as text` };
    orders.push({ ...(o as PlannedOrder) });
  }
  const plan: Plan = { orders };
  if (typeof file.empire === "string") plan.empire = file.empire;
  if (typeof file.turn === "number") plan.turn = file.turn;
  return { plan, error: null };
}

/**
 * The orders file of a plan, as YAML: the header, then one order a line (the shape of examples/tutorial/orders).
 * Comments of a text the forms rewrite are not kept: the file is the plan.
 */
export function writePlan(plan: Plan): string {
  const head: string[] = [];
  if (plan.empire !== undefined) head.push(`empire: ${stringify(plan.empire).trim()}`);
  if (plan.turn !== undefined) head.push(`turn: ${plan.turn}`);
  if (plan.orders.length === 0) return [...head, "orders: []", ""].join("\n");
  const lines = plan.orders.map((o) => `  - ${stringify(o, { collectionStyle: "flow", lineWidth: 0 }).trim()}`);
  return [...head, "orders:", ...lines, ""].join("\n");
}

/** The plan for this seat and turn: orders for another turn are refused whole (chapter 1, "The File You Send"). */
export function forTurn(plan: Plan, empire: string, turn: number): Plan {
  return { ...plan, empire, turn };
}

export function addOrder(plan: Plan, order: PlannedOrder): Plan {
  return { ...plan, orders: [...plan.orders, order] };
}

export function replaceOrder(plan: Plan, index: number, order: PlannedOrder): Plan {
  if (index < 0 || index >= plan.orders.length) return plan;
  return { ...plan, orders: plan.orders.map((o, i) => (i === index ? order : o)) };
}

/** HQ Plans' Undo (chapter 2): the order at `index` is taken out, the rest keep their order. */
export function removeOrder(plan: Plan, index: number): Plan {
  if (index < 0 || index >= plan.orders.length) return plan;
  return { ...plan, orders: plan.orders.filter((_, i) => i !== index) };
}

/** An order in a line for people: its summary's verb and its fields ("travel: A5 -> 3"). */
export function orderText(o: PlannedOrder): string {
  const f = (k: string) => (o[k] === undefined || o[k] === null ? "" : String(o[k]));
  switch (o.type) {
    case "travel":
      return `${f("unit")} travels to sector ${f("to")}`;
    case "transfer":
      return `${f("from")} transfers ${f("count")} ${shipName(f("starship"))} to ${f("to")} (rank ${f("rank") || "1"})`;
    case "build":
      return `${f("unit")} builds ${f("count")} ${shipName(f("starship"))} (rank ${f("rank") || "1"})`;
    case "proclaim":
      return `proclamation: "${f("text").length > 60 ? `${f("text").slice(0, 60)}…` : f("text")}"`;
    default: {
      const rest = Object.entries(o)
        .filter(([k, v]) => k !== "type" && v !== undefined)
        .map(([k, v]) => `${k} ${v === null ? "none" : String(v)}`);
      return `${o.type}${rest.length ? `: ${rest.join(", ")}` : ""}`;
    }
  }
}

function shipName(id: string): string {
  try {
    return shipType(id).name;
  } catch {
    return id;
  }
}

/** Where each order belongs in the Diploware: the Headquarters' orders, and the units' (chapter 1, "Making Plans"). */
export function isHeadquartersOrder(type: string): boolean {
  return HQ_TYPES.has(type);
}
const HQ_TYPES: ReadonlySet<string> = new Set([
  "declareWar",
  "offerPeace",
  "offerAlliance",
  "cancelAlliance",
  "acceptance",
  "passage",
  "infoSharing",
  "permission",
  "requestPermission",
  "withdrawPermission",
  "annex",
  "cede",
  "giveSector",
  "sendResources",
  "espionage",
  "proclaim",
  "renameRuler",
]);

export const summaryOf = (type: string): string => ORDER_SUMMARIES[type] ?? type;

// --- Diplomacy (chapter 2, "Diplomatic Relations") ---------------------------------------------

/**
 * The diplomatic orders one's relation with an empire allows (chapter 2: "Not all orders will be available; the
 * orders available will depend on your relations with the selected empire"): offer alliance and declare war to a
 * neutral empire, cancel an alliance with an ally, offer peace to an enemy; passage granted to any empire that is
 * not an enemy and has none yet, revoked where granted; acceptance, info sharing, gifts and espionage for all.
 */
export function diplomaticOrders(relation: Relation, ours: { passage: boolean; share: boolean; accept: boolean }): PlannedOrderChoice[] {
  const out: PlannedOrderChoice[] = [];
  if (relation === "neutral") out.push({ label: "Offer alliance", order: { type: "offerAlliance" } });
  if (relation === "alliance") out.push({ label: "Cancel alliance", order: { type: "cancelAlliance" } });
  if (relation === "neutral") out.push({ label: "Declare war", order: { type: "declareWar" } });
  if (relation === "war") out.push({ label: "Offer peace", order: { type: "offerPeace" } });
  if (relation !== "war" && !ours.passage) out.push({ label: "Grant passage rights", order: { type: "passage", grant: true } });
  if (ours.passage) out.push({ label: "Revoke passage rights", order: { type: "passage", grant: false } });
  out.push(
    ours.share
      ? { label: "Revoke info sharing", order: { type: "infoSharing", grant: false } }
      : { label: "Grant info sharing", order: { type: "infoSharing", grant: true } },
  );
  out.push(
    ours.accept
      ? { label: "Accept nothing", order: { type: "acceptance", accept: false } }
      : { label: "Accept gifts", order: { type: "acceptance", accept: true } },
  );
  out.push({ label: `Espionage (${ESPIONAGE_COST} resources)`, order: { type: "espionage" } });
  return out;
}

export interface PlannedOrderChoice {
  label: string;
  /** The order without its `empire`, which the chosen empire fills in. */
  order: PlannedOrder;
}

// --- The build box (chapter 5, "Building starships") -------------------------------------------

export interface BuildBox {
  sector: number;
  name: string;
  /** Starships the plan builds there this turn. */
  built: number;
  /** Most the centre builds in one turn. */
  max: number;
  /** The units of the seat there, which new starships may join. */
  units: string[];
  builds: string[];
}

/** Each of the seat's industrial centres with the starships planned there and its limit: the Diploware's "2/11". */
export function buildBoxes(view: EmpireView, plan: Plan): BuildBox[] {
  const at = new Map(view.units.map((u) => [u.id, u.sector]));
  return view.sectors
    .filter((s) => s.owner === view.empire && s.industry)
    .map((s) => ({
      sector: s.id,
      name: s.name,
      built: plan.orders
        .filter((o) => o.type === "build" && at.get(String(o.unit)) === s.id)
        .reduce((n, o) => n + (typeof o.count === "number" ? o.count : 0), 0),
      max: s.industry?.maxBuild ?? 0,
      units: view.units.filter((u) => u.sector === s.id).map((u) => u.id),
      builds: s.industry?.builds ?? [],
    }));
}

// --- Resources (chapter 2, "HQ Plans": Treasury and Used) ----------------------------------------

/** Costs the rules name (catalog.ts); the check is the authority on what is paid. */
const FIXED_COST: Readonly<Record<string, number>> = {
  espionage: ESPIONAGE_COST,
  hireAdmiral: ADMIRAL_HIRE_COST,
  construct: CONSTRUCTION_COST,
};

/** Resources the plan spends, as far as the plan alone tells (chapter 2: "Used ... You may use more than you have"). */
export function plannedSpending(view: EmpireView, plan: Plan): number {
  const sector = new Map(view.sectors.map((s) => [s.id, s]));
  let used = 0;
  for (const o of plan.orders) {
    if (o.type in FIXED_COST) used += FIXED_COST[o.type] ?? 0;
    else if (o.type === "build" && typeof o.count === "number") {
      try {
        used += shipType(String(o.starship)).build * o.count;
      } catch {
        // An unknown starship type costs nothing here; the check names it.
      }
    } else if (o.type === "sendResources" && typeof o.amount === "number") used += o.amount * (1 + SEND_FEE);
    else if (o.type === "annex") used += sector.get(Number(o.sector))?.revenue ?? 0;
    else if (o.type === "requestPermission")
      used += (view.settings.independentPermissionCostFactor ?? 2) * (sector.get(Number(o.sector))?.revenue ?? 0);
  }
  return Math.round(used * 100) / 100;
}

// --- A starfleet's path (chapter 4 "Starfleets Travel", chapter 5 "Move-points") --------------------

export interface PathStep {
  /** The phase of Movement Events this travel happens in: one travel a phase (chapter 4). */
  phase: number;
  from: number;
  to: number;
  /** Move points it costs: 1 with Permission, else 2 (chapter 5, "Move-points"). */
  cost: number;
  /** Move points left after it. */
  left: number;
  /** Why the travel cannot be made as planned, or null. */
  problem: string | null;
}

/**
 * A starfleet the plan forms this turn (chapter 4, "New Starfleets Formed": "at the location of an existing unit of
 * yours"; "they may receive transfers and be given orders (by their ref) the same turn"). Its travel orders name
 * it by `ref`; it starts where the unit named by `at` is, and carries what the plan transfers into it.
 */
export interface NewFleet {
  ref: string;
  name: string | null;
  /** The unit it is formed beside (an id, or an earlier new fleet's ref). */
  at: string;
  /** Where it is formed, or null when `at` names no unit of the seat. */
  sector: number | null;
}

/** The starfleets the plan's formFleet orders form, in order; a ref used twice counts once (the check refuses the second). */
export function newFleets(view: EmpireView, plan: Plan | null): NewFleet[] {
  if (!plan) return [];
  const out: NewFleet[] = [];
  for (const o of plan.orders) {
    if (o.type !== "formFleet" || typeof o.ref !== "string" || o.ref === "") continue;
    const ref = o.ref;
    // A ref that looks like a unit id is refused by the check (first-events.ts, "bad-ref"): not a new fleet here.
    if (/^[AG]\d+$/.test(ref) || out.some((f) => f.ref === ref)) continue;
    const at = String(o.at ?? "");
    const sector = view.units.find((u) => u.id === at)?.sector ?? out.find((f) => f.ref === at)?.sector ?? null;
    out.push({ ref, name: typeof o.name === "string" && o.name !== "" ? o.name : null, at, sector });
  }
  return out;
}

/**
 * Move points of a fleet formed this turn: the slowest of the starships the plan transfers into it, each keeping
 * what it used (transfers.ts: "each keeps the move points it used"); an admiral alone moves as its corvette
 * (ADMIRAL_MOVE); nothing transferred, nothing to move.
 */
function newFleetMovePoints(view: EmpireView, plan: Plan, ref: string): number {
  let mp = Number.POSITIVE_INFINITY;
  let admiral = false;
  for (const o of plan.orders) {
    if (o.to !== ref) continue;
    if (o.type === "transferAdmiral") admiral = true;
    if (o.type !== "transfer" || typeof o.count !== "number" || o.count <= 0) continue;
    const from = view.units.find((u) => u.id === o.from);
    // The sender's starships of that type: the most used of them, since which are taken is the rules' to say.
    const used = Math.max(0, ...(from?.ships.filter((s) => s.type === o.starship && s.count > 0).map((s) => s.used) ?? []));
    try {
      mp = Math.min(mp, shipType(String(o.starship)).move - used);
    } catch {
      mp = 0;
    }
  }
  if (mp === Number.POSITIVE_INFINITY) mp = admiral ? ADMIRAL_MOVE : 0;
  return Math.max(0, mp);
}

/**
 * Move points a unit starts the turn with: its slowest starship's (chapter 3, "Move-points"); garrisons never move.
 * With the plan, a fleet it forms this turn is known by its ref.
 */
export function movePointsOf(view: EmpireView, unitId: string, plan: Plan | null = null): number {
  const u = view.units.find((x) => x.id === unitId);
  if (!u && plan && newFleets(view, plan).some((f) => f.ref === unitId)) return newFleetMovePoints(view, plan, unitId);
  if (!u || u.kind === "garrison") return 0;
  let mp = Number.POSITIVE_INFINITY;
  for (const s of u.ships) {
    if (s.count <= 0) continue;
    try {
      mp = Math.min(mp, shipType(s.type).move - s.used);
    } catch {
      mp = 0;
    }
  }
  // An admiral alone travels with its corvette's move points (context.ts, ADMIRAL_MOVE).
  if (mp === Number.POSITIVE_INFINITY) mp = u.admirals.length > 0 ? ADMIRAL_MOVE : 0;
  return Math.max(0, mp);
}

/** Whether the seat holds Permission in a sector: its own, Special Permission, or its owner's Passage Rights. */
function hasPermission(view: EmpireView, sectorId: number): boolean {
  const s = view.sectors.find((x) => x.id === sectorId);
  if (!s) return false;
  if (s.owner === view.empire || s.permission.includes(view.empire)) return true;
  if (s.owner === INDEPENDENT) return false;
  return view.empires.find((e) => e.id === s.owner)?.theirs.passage === true;
}

/**
 * The steps of a path from a unit's sector, phase by phase, with the move points each spends and what stands in
 * its way as the seat knows it now (borders, barriers, entry, points). Owner changes during the turn (which make a
 * sector cost 2) and forces out of sight are the check's to say.
 */
export function pathSteps(view: EmpireView, unitId: string, path: readonly number[], plan: Plan | null = null): PathStep[] {
  const fleet = newFleets(view, plan).find((f) => f.ref === unitId && f.sector !== null);
  const u = view.units.find((x) => x.id === unitId) ?? (fleet ? { kind: "starfleet" as const, sector: fleet.sector! } : undefined);
  if (!u) return [];
  const open = new Set<string>();
  const barred = new Set<string>();
  for (const b of view.borders) for (const k of [`${b.a}>${b.b}`, `${b.b}>${b.a}`]) (b.barrier ? barred : open).add(k);
  const relation = new Map(view.empires.map((e) => [e.id, e.relation]));
  let left = movePointsOf(view, unitId, plan);
  let from = u.sector;
  let stopped = false;
  return path.map((to, i) => {
    const s = view.sectors.find((x) => x.id === to);
    const permitted = hasPermission(view, to);
    const cost = permitted ? 1 : 2;
    let problem: string | null = null;
    if (stopped) problem = "an earlier step fails: the fleet moves no further";
    else if (u.kind === "garrison") problem = 'a garrison cannot travel (chapter 5, "Units")';
    else if (!s) problem = `there is no sector ${to}`;
    else if (barred.has(`${from}>${to}`)) problem = "a barrier lies in the way (chapter 4)";
    else if (!open.has(`${from}>${to}`)) problem = `sector ${to} does not border sector ${from}`;
    else if (!permitted && s.owner !== INDEPENDENT && relation.get(s.owner) !== "war")
      problem = 'no Permission and not at war with its owner: entry is refused (chapter 5, "Movement")';
    else if (left < cost) problem = `needs ${cost} move points, ${left} left`;
    const step: PathStep = { phase: i + 1, from, to, cost, left: problem ? left : left - cost, problem };
    if (problem) stopped = true;
    else {
      left -= cost;
      from = to;
    }
    return step;
  });
}

/** The travel orders of a unit in the plan: its path, in order. */
export function pathOf(plan: Plan, unitId: string): number[] {
  return plan.orders.filter((o) => o.type === "travel" && o.unit === unitId).map((o) => Number(o.to));
}

/**
 * The plan with a unit's travel orders replaced by `path`, one travel a sector, where its first travel stood (or
 * at the end): its other orders (waits, pillage, transfers) keep their places.
 */
export function setPath(plan: Plan, unitId: string, path: readonly number[]): Plan {
  const first = plan.orders.findIndex((o) => o.type === "travel" && o.unit === unitId);
  const kept = plan.orders.filter((o) => !(o.type === "travel" && o.unit === unitId));
  const at = first < 0 ? kept.length : plan.orders.slice(0, first).filter((o) => !(o.type === "travel" && o.unit === unitId)).length;
  const travels: PlannedOrder[] = path.map((to) => ({ type: "travel", unit: unitId, to }));
  return { ...plan, orders: [...kept.slice(0, at), ...travels, ...kept.slice(at)] };
}

/** An arrow of a planned path on the map (GalaxyMap.tsx `MapArrow`). */
export interface PathArrow {
  from: number;
  to: number;
  label: string;
  /** False where the travel cannot be made as planned. */
  ok: boolean;
  /** The path being planned now. */
  current: boolean;
}

/** The arrows of every starfleet's planned path (those formed this turn too, by ref), the one being planned first. */
export function planArrows(view: EmpireView | null, plan: Plan | null, planning: string | null): PathArrow[] {
  if (!view || !plan) return [];
  const out: PathArrow[] = [];
  for (const id of [...view.units.map((u) => u.id), ...newFleets(view, plan).map((f) => f.ref)]) {
    const path = pathOf(plan, id);
    if (path.length === 0) continue;
    for (const s of pathSteps(view, id, path, plan))
      out.push({
        from: s.from,
        to: s.to,
        label: `${id} ${s.phase}: ${s.cost} mp`,
        ok: s.problem === null,
        current: id === planning,
      });
  }
  return out;
}

/**
 * The starfleets a path may be planned for, as the planner's menu lists them: the seat's own, then those its plan
 * forms this turn (chapter 4, "New Starfleets Formed": given orders by their ref the same turn), which start where
 * the unit that forms them is.
 */
export function plannableFleets(view: EmpireView, plan: Plan | null): { id: string; label: string }[] {
  const own = view.units
    .filter((u) => u.kind === "starfleet")
    .map((u) => ({ id: u.id, label: `${u.id} ${u.name} (sector ${u.sector}, ${movePointsOf(view, u.id)} move points)` }));
  const formed = newFleets(view, plan)
    .filter((f) => f.sector !== null)
    .map((f) => ({
      id: f.ref,
      label: `${f.ref}${f.name ? ` ${f.name}` : ""} (formed this turn by ${f.at} in sector ${f.sector}, ${movePointsOf(view, f.ref, plan)} move points)`,
    }));
  return [...own, ...formed];
}

// --- The check's rulings, order by order --------------------------------------------------------

export interface Ruling {
  step: string;
  text: string;
  ok: boolean;
  certainty?: string;
}

interface CheckLike {
  check: {
    lines: { step: string; order: string; text: string; ok: boolean; certainty?: string }[];
    problems: { order: string; message: string; code: string }[];
  };
  skipped: { order: string; message: string; code: string }[];
}

/** The position a check line names: its `order` starts "#3 travel ..." (orders.ts, `describeOrder`). */
export function orderIndexOf(order: string): number | null {
  const m = /^#(\d+)(?:\s|$)/.exec(order);
  return m ? Number(m[1]) : null;
}

/** The check's rulings for each order of the file, by its position, in the order the check reports them. */
export function rulingsByOrder(reply: CheckLike): Map<number, Ruling[]> {
  const out = new Map<number, Ruling[]>();
  const put = (order: string, r: Ruling) => {
    const i = orderIndexOf(order);
    if (i === null) return;
    const list = out.get(i) ?? [];
    if (!list.some((x) => x.step === r.step && x.text === r.text)) list.push(r);
    out.set(i, list);
  };
  for (const p of reply.skipped) put(p.order, { step: "Orders", text: `skipped: ${p.message}`, ok: false });
  for (const l of reply.check.lines)
    put(l.order, { step: l.step, text: l.text, ok: l.ok, ...(l.certainty ? { certainty: l.certainty } : {}) });
  const lined = new Set(reply.check.lines.map((l) => l.order));
  for (const p of reply.check.problems)
    if (!lined.has(p.order)) put(p.order, { step: "Problems", text: `${p.message} (${p.code})`, ok: false });
  return out;
}

/** The check's lines step by step (First Events, Movement Events phase 1, ...), in the order it reports them. */
export function linesByStep<L extends { step: string }>(lines: readonly L[]): { step: string; lines: L[] }[] {
  const groups: { step: string; lines: L[] }[] = [];
  for (const l of lines) {
    const last = groups.at(-1);
    if (last && last.step === l.step) last.lines.push(l);
    else {
      const same = groups.find((g) => g.step === l.step);
      if (same) same.lines.push(l);
      else groups.push({ step: l.step, lines: [l] });
    }
  }
  return groups;
}
