/**
 * Orders for one empire and one turn, as data (JSON or YAML).
 *
 * The schema only checks shape. Whether an order can be carried out is decided
 * when its step comes (seed 003 chapter 1, "Invalid Orders": "Rulers can always
 * ask the impossible of their followers"), and a failed order becomes a Problem in
 * that empire's results, never an exception.
 *
 * Units are named by id ("A12", "G224") or, for a starfleet formed this turn, by
 * the `ref` given in its formFleet order ("new1").
 */
import { z } from "zod";
import { idSchema, keyProblem } from "../../core/ids.js";
import { parseOrdersFile } from "../../core/orders.js";
import { plainTextUpTo, wholeIn } from "../../core/ranges.js";
import type { Problem } from "../../core/result.js";
import { LIMITS, RANGES } from "./limits.js";

/** Every id an order names is an id (core/ids.ts): never a path or a prototype name ("constructor"). */
const unit = idSchema.describe('a unit id such as "A12" or "G224", or a new fleet\'s ref');
const empire = idSchema.describe("an empire id");
const admiral = idSchema.describe('an admiral id such as "ADM3"');
const sector = wholeIn(...RANGES.sectorId, "a sector id").describe("a sector id");
const rank = z.number().int().min(1).max(5);
/** A name given by an order: plain text on one line (core/text.ts), so no name can forge a line of a report. */
const name = (what: string) => plainTextUpTo(LIMITS.orderName, what, 1);
const count = z.number().int().positive().max(100_000);
const starship = z
  .string()
  .min(1)
  .max(80)
  .superRefine((v, ctx) => {
    const p = keyProblem(v);
    if (p) ctx.addIssue({ code: "custom", message: p });
  })
  .describe('a starship type id such as "klingon/hawk-heavy-cruiser"');

// --- Headquarters orders (chapter 2) ---------------------------------------
const declareWar = z.object({ type: z.literal("declareWar"), empire });
const offerPeace = z.object({ type: z.literal("offerPeace"), empire });
const offerAlliance = z.object({ type: z.literal("offerAlliance"), empire });
const cancelAlliance = z.object({ type: z.literal("cancelAlliance"), empire });
const acceptance = z.object({ type: z.literal("acceptance"), empire, accept: z.boolean() });
const passage = z.object({ type: z.literal("passage"), empire, grant: z.boolean() });
const infoSharing = z.object({ type: z.literal("infoSharing"), empire, grant: z.boolean() });
/** Special Permission for one sector you own (chapter 3, "Sector Report Orders"). */
const permission = z.object({ type: z.literal("permission"), sector, empire, grant: z.boolean() });
/** Buy Special Permission from an independent sector (chapter 5, "Permission"). */
const requestPermission = z.object({ type: z.literal("requestPermission"), sector });
/** Give up Special Permission from an independent sector so you may invade it. */
const withdrawPermission = z.object({ type: z.literal("withdrawPermission"), sector });
const annex = z.object({ type: z.literal("annex"), sector });
const cede = z.object({ type: z.literal("cede"), sector });
const giveSector = z.object({ type: z.literal("giveSector"), sector, empire });
const sendResources = z.object({ type: z.literal("sendResources"), empire, amount: z.number().positive().max(1e9) });
const espionage = z.object({ type: z.literal("espionage"), empire });
const proclaim = z.object({
  type: z.literal("proclaim"),
  /** Plain text; it may hold line breaks (core/text.ts). */
  text: plainTextUpTo(LIMITS.proclamation, "a proclamation", 0, true),
});
const renameRuler = z.object({ type: z.literal("renameRuler"), name: name("a ruler's name") });

// --- Unit orders: First Events (chapter 4) ----------------------------------
/** New Starfleets Formed: at the location of an existing unit of yours. */
const formFleet = z.object({
  type: z.literal("formFleet"),
  ref: idSchema.describe('a name for the new fleet, such as "new1", that later orders use as its unit'),
  at: unit,
  name: name("a starfleet's name").optional(),
});
const rename = z.object({ type: z.literal("rename"), unit, name: name("a unit's name") });
const retreatLevel = z.object({ type: z.literal("retreatLevel"), unit, level: rank });
const follow = z.object({ type: z.literal("follow"), unit, leader: unit.nullable() });
/** Defend Sector defences option; before any travel of the unit it is a First Event, after one a Movement Event. */
const defend = z.object({ type: z.literal("defend"), unit, value: z.boolean() });
const leader = z.object({ type: z.literal("leader"), unit, admiral: admiral.nullable() });
const renameAdmiral = z.object({ type: z.literal("renameAdmiral"), admiral, name: name("an admiral's name") });
/** Cloak or decloak; placed before the unit's first travel it happens in First Events, later in that phase. */
const cloak = z.object({ type: z.literal("cloak"), unit });
const decloak = z.object({ type: z.literal("decloak"), unit });
/** Transfer starships of one type, taken from the sender's lowest ranks, into a chosen rank of the receiver. */
const transfer = z.object({
  type: z.literal("transfer"),
  from: unit,
  to: unit,
  starship,
  count,
  rank: rank.default(1),
});
const transferAdmiral = z.object({ type: z.literal("transferAdmiral"), admiral, to: unit });
/** Reassign starships of one type to a rank; `count` of them (all if omitted), taken from `fromRank` if given, else lowest ranks first. */
const reassign = z.object({
  type: z.literal("reassign"),
  unit,
  starship,
  toRank: rank,
  count: count.optional(),
  fromRank: rank.optional(),
});
const disband = z.object({ type: z.literal("disband"), unit, starship, count });
const salvage = z.object({ type: z.literal("salvage"), unit, starship, count });
const disbandAdmiral = z.object({ type: z.literal("disbandAdmiral"), admiral });

// --- Unit orders: Movement Events --------------------------------------------
/** Travel one sector; a unit's travel/wait/pillage orders run in list order, one travel or wait a phase. */
const travel = z.object({ type: z.literal("travel"), unit, to: sector });
/** Hold position for one phase: the first wait of a turn is free, later ones cost 1 move point. */
const wait = z.object({ type: z.literal("wait"), unit });
/** Pillage the sector the unit is in when this order comes up (optionally naming it). */
const pillage = z.object({ type: z.literal("pillage"), unit, sector: sector.optional() });
/** Search for cloaked foreign units every phase while the unit has not travelled this turn. */
const search = z.object({ type: z.literal("search"), unit });

// --- Unit orders: Final Events ------------------------------------------------
/** Build one more level of sector defence where the unit is (14 resources, 3 starships). */
const construct = z.object({ type: z.literal("construct"), unit });
const raze = z.object({ type: z.literal("raze"), unit, levels: z.number().int().min(1).max(12) });
const build = z.object({ type: z.literal("build"), unit, starship, count, rank: rank.default(1) });
const hireAdmiral = z.object({ type: z.literal("hireAdmiral"), unit });

export const orderSchema = z.discriminatedUnion("type", [
  declareWar,
  offerPeace,
  offerAlliance,
  cancelAlliance,
  acceptance,
  passage,
  infoSharing,
  permission,
  requestPermission,
  withdrawPermission,
  annex,
  cede,
  giveSector,
  sendResources,
  espionage,
  proclaim,
  renameRuler,
  formFleet,
  rename,
  retreatLevel,
  follow,
  defend,
  leader,
  renameAdmiral,
  cloak,
  decloak,
  transfer,
  transferAdmiral,
  reassign,
  disband,
  salvage,
  disbandAdmiral,
  travel,
  wait,
  pillage,
  search,
  construct,
  raze,
  build,
  hireAdmiral,
]);

export const ordersSchema = z.object({
  /** The empire these orders are for; must be the seat they are submitted for. */
  empire: empire.optional(),
  /** The turn they were written for; orders for another turn are refused whole (chapter 1, "The File You Send"). */
  turn: z.number().int().positive().optional(),
  orders: z.array(orderSchema).max(LIMITS.orders).default([]),
});

export type Order = z.infer<typeof orderSchema>;
export type OrderType = Order["type"];
export type Orders = z.infer<typeof ordersSchema> & {
  /**
   * Written by the parser, never in a file: the positions (#0 the first) in the file
   * as written of the orders skipped as malformed, so that every problem names an
   * order by its place in the file however many were skipped before it.
   */
  skipped?: number[];
};
export type OrderOf<T extends OrderType> = Extract<Order, { type: T }>;

export const ORDER_TYPES: readonly OrderType[] = orderSchema.options.map((o) => o.shape.type.value);

/** The `order` field of a Problem: index and a short description, e.g. `#3 travel A2 -> 14`. */
export function describeOrder(o: Order, index: number): string {
  const bits: string[] = [`#${index}`, o.type];
  const r = o as Record<string, unknown>;
  for (const k of ["unit", "from", "at", "admiral", "empire", "sector", "starship", "count"]) {
    if (r[k] !== undefined && r[k] !== null) bits.push(String(r[k]));
  }
  if (o.type === "travel") bits.push(`-> ${o.to}`);
  if (o.type === "transfer" || o.type === "transferAdmiral") bits.push(`-> ${o.to}`);
  return bits.join(" ");
}

const FILE_SPEC = {
  seat: { field: "empire", message: "empire must be a string id", allowEmpty: true },
  step: { field: "turn" },
  example: '{ "empire": "klingon", "turn": 1, "orders": [ ... ] }',
  types: ORDER_TYPES,
  schema: orderSchema,
  maxOrders: LIMITS.orders,
};

/**
 * Parse raw orders (already JSON/YAML-decoded) order by order: a malformed order
 * becomes a problem and is skipped, the rest stand (DESIGN.md principle 3). The
 * parsed orders remember where the skipped ones stood (`skipped`).
 */
export function parseOrders(raw: unknown): { orders: Orders; problems: Problem[]; refused: Problem[] } {
  const { file, problems, refused, skipped } = parseOrdersFile(raw, FILE_SPEC);
  const orders = file as Orders;
  if (skipped.length > 0) orders.skipped = skipped;
  return { orders, problems, refused };
}

/**
 * Orders given to the check or the turn: a file parsed before (its `skipped` says
 * where its orders stood in the file), parsed again so that orders no parser saw
 * fail as problems and never throw. `positions` holds the place in the file as
 * written of each order that stands: what every problem names it by.
 */
export function parseGivenOrders(given: unknown): { orders: Orders; problems: Problem[]; refused: Problem[]; positions: number[] } {
  let raw = given;
  let before: readonly number[] = [];
  if (given !== null && typeof given === "object" && !Array.isArray(given) && Object.hasOwn(given, "skipped")) {
    const { skipped, ...rest } = given as Record<string, unknown>;
    raw = rest;
    before = skippedPositions(skipped);
  }
  const list = raw !== null && typeof raw === "object" ? (Array.isArray(raw) ? raw : (raw as { orders?: unknown }).orders) : undefined;
  const length = Array.isArray(list) ? Math.min(list.length, LIMITS.orders) : 0;
  const all: number[] = [];
  const gaps = new Set(before);
  for (let p = 0; all.length < length; p++) if (!gaps.has(p)) all.push(p);
  const { file, problems, refused, skipped } = parseOrdersFile(raw, { ...FILE_SPEC, positions: all });
  const now = new Set(skipped);
  const orders = file as Orders;
  const every = [...before, ...skipped].sort((a, b) => a - b);
  if (every.length > 0) orders.skipped = every;
  return { orders, problems, refused, positions: all.filter((p) => !now.has(p)) };
}

/** A `skipped` list as the parser writes it (ascending whole positions), or none: anything else is no parser's. */
function skippedPositions(v: unknown): readonly number[] {
  if (!Array.isArray(v) || v.length > LIMITS.orders) return [];
  let last = -1;
  for (const p of v) {
    if (typeof p !== "number" || !Number.isInteger(p) || p <= last || p >= 2 * LIMITS.orders) return [];
    last = p;
  }
  return v as number[];
}
