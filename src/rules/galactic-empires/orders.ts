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
import { describedBy, rulesetOrdersFile, type WithSkipped } from "../../core/orders.js";
import { plainTextUpTo, wholeIn } from "../../core/ranges.js";
import { LIMITS, RANGES } from "./limits.js";

/** Every id an order names is an id (core/ids.ts): never a path or a prototype name ("constructor"). */
const unit = idSchema.describe('a unit id such as "A12" or "G224", or a new fleet\'s ref');
const empire = idSchema.describe('an empire id such as "klingon"');
const admiral = idSchema.describe('an admiral id such as "ADM3"');
const sector = wholeIn(...RANGES.sectorId, "a sector id").describe("a sector id (a number)");
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
const grant = z.boolean().describe("true grants it, false withdraws it");

// --- Headquarters orders (chapter 2) ---------------------------------------
const declareWar = z.object({ type: z.literal("declareWar"), empire });
const offerPeace = z.object({ type: z.literal("offerPeace"), empire });
const offerAlliance = z.object({ type: z.literal("offerAlliance"), empire });
const cancelAlliance = z.object({ type: z.literal("cancelAlliance"), empire });
const acceptance = z.object({
  type: z.literal("acceptance"),
  empire,
  accept: z.boolean().describe("true accepts what this empire offers (peace, an alliance), false refuses it"),
});
const passage = z.object({ type: z.literal("passage"), empire, grant });
const infoSharing = z.object({ type: z.literal("infoSharing"), empire, grant });
/** Special Permission for one sector you own (chapter 3, "Sector Report Orders"). */
const permission = z.object({ type: z.literal("permission"), sector, empire, grant });
/** Buy Special Permission from an independent sector (chapter 5, "Permission"). */
const requestPermission = z.object({ type: z.literal("requestPermission"), sector });
/** Give up Special Permission from an independent sector so you may invade it. */
const withdrawPermission = z.object({ type: z.literal("withdrawPermission"), sector });
const annex = z.object({ type: z.literal("annex"), sector });
const cede = z.object({ type: z.literal("cede"), sector });
const giveSector = z.object({ type: z.literal("giveSector"), sector, empire });
const sendResources = z.object({
  type: z.literal("sendResources"),
  empire,
  amount: z.number().positive().max(1e9).describe("resources sent (a 10% fee is taken on top)"),
});
const espionage = z.object({ type: z.literal("espionage"), empire });
const proclaim = z.object({
  type: z.literal("proclaim"),
  /** Plain text; it may hold line breaks (core/text.ts). */
  text: plainTextUpTo(LIMITS.proclamation, "a proclamation", 0, true).describe("the proclamation, as the galaxy reads it"),
});
const renameRuler = z.object({ type: z.literal("renameRuler"), name: name("a ruler's name").describe("the ruler's new name") });

// --- Unit orders: First Events (chapter 4) ----------------------------------
/** New Starfleets Formed: at the location of an existing unit of yours. */
const formFleet = z.object({
  type: z.literal("formFleet"),
  ref: idSchema.describe('a name for the new fleet, such as "new1", that later orders use as its unit'),
  at: unit.describe("a unit of yours: the new fleet is formed in its sector"),
  name: name("a starfleet's name").optional().describe("the new fleet's name"),
});
const rename = z.object({ type: z.literal("rename"), unit, name: name("a unit's name").describe("the unit's new name") });
const retreatLevel = z.object({
  type: z.literal("retreatLevel"),
  unit,
  level: rank.describe("the rank (1 to 5) at whose loss the unit retreats"),
});
const follow = z.object({
  type: z.literal("follow"),
  unit,
  leader: unit.nullable().describe("the unit this one follows in retreats, or null to follow none"),
});
/** Defend Sector defences option; before any travel of the unit it is a First Event, after one a Movement Event. */
const defend = z.object({
  type: z.literal("defend"),
  unit,
  value: z.boolean().describe("true defends the sector's defences, false does not"),
});
const leader = z.object({
  type: z.literal("leader"),
  unit,
  admiral: admiral.nullable().describe("the admiral put in command, or null for none"),
});
const renameAdmiral = z.object({
  type: z.literal("renameAdmiral"),
  admiral,
  name: name("an admiral's name").describe("the admiral's new name"),
});
/** Cloak or decloak; placed before the unit's first travel it happens in First Events, later in that phase. */
const cloak = z.object({ type: z.literal("cloak"), unit });
const decloak = z.object({ type: z.literal("decloak"), unit });
/** Transfer starships of one type, taken from the sender's lowest ranks, into a chosen rank of the receiver. */
const transfer = z.object({
  type: z.literal("transfer"),
  from: unit.describe("the unit that gives the starships (from its lowest ranks)"),
  to: unit.describe("the unit that receives them, in the same sector"),
  starship,
  count: count.describe("how many starships"),
  rank: rank.default(1).describe("the rank (1 to 5) they join in the receiver; default 1"),
});
const transferAdmiral = z.object({
  type: z.literal("transferAdmiral"),
  admiral,
  to: unit.describe("the unit that receives the admiral, in the same sector"),
});
/** Reassign starships of one type to a rank; `count` of them (all if omitted), taken from `fromRank` if given, else lowest ranks first. */
const reassign = z.object({
  type: z.literal("reassign"),
  unit,
  starship,
  toRank: rank.describe("the rank (1 to 5) they move to"),
  count: count.optional().describe("how many (default: all of that type)"),
  fromRank: rank.optional().describe("the rank they are taken from (default: the lowest ranks first)"),
});
const disband = z.object({ type: z.literal("disband"), unit, starship, count: count.describe("how many starships") });
const salvage = z.object({ type: z.literal("salvage"), unit, starship, count: count.describe("how many starships") });
const disbandAdmiral = z.object({ type: z.literal("disbandAdmiral"), admiral });

// --- Unit orders: Movement Events --------------------------------------------
/** Travel one sector; a unit's travel/wait/pillage orders run in list order, one travel or wait a phase. */
const travel = z.object({ type: z.literal("travel"), unit, to: sector.describe("the bordering sector to travel to") });
/** Hold position for one phase: the first wait of a turn is free, later ones cost 1 move point. */
const wait = z.object({ type: z.literal("wait"), unit });
/** Pillage the sector the unit is in when this order comes up (optionally naming it). */
const pillage = z.object({
  type: z.literal("pillage"),
  unit,
  sector: sector.optional().describe("the sector the unit is in when the order comes up (optional, as a check)"),
});
/** Search for cloaked foreign units every phase while the unit has not travelled this turn. */
const search = z.object({ type: z.literal("search"), unit });

// --- Unit orders: Final Events ------------------------------------------------
/** Build one more level of sector defence where the unit is (14 resources, 3 starships). */
const construct = z.object({ type: z.literal("construct"), unit });
const raze = z.object({
  type: z.literal("raze"),
  unit,
  levels: z.number().int().min(1).max(12).describe("how many levels of defence to raze"),
});
const build = z.object({
  type: z.literal("build"),
  unit: unit.describe("the unit the new starships join, at an industrial centre of yours"),
  starship,
  count: count.describe("how many starships"),
  rank: rank.default(1).describe("the rank (1 to 5) they join; default 1"),
});
const hireAdmiral = z.object({ type: z.literal("hireAdmiral"), unit });

/** One line per order type, in the rulebook's words (chapters 2-5): menus, help and the published schema say it. */
export const ORDER_SUMMARIES: Readonly<Record<string, string>> = {
  declareWar: "declare war on an empire (First Events: War Declared)",
  offerPeace: "offer peace to an empire at war with you",
  offerAlliance: "offer an alliance to an empire",
  cancelAlliance: "cancel an alliance",
  acceptance: "accept or refuse what an empire offers you",
  passage: "grant or withdraw passage rights through your sectors",
  infoSharing: "grant or withdraw sharing of what you see",
  permission: "grant or withdraw Special Permission for one of your sectors",
  requestPermission: "buy Special Permission from an independent sector",
  withdrawPermission: "give up Special Permission from an independent sector, so you may invade it",
  annex: "annex one of your sectors",
  cede: "cede a sector's annexation",
  giveSector: "give one of your sectors to an empire",
  sendResources: "send resources to an empire (a 10% fee, within 7 sectors)",
  espionage: "send agents to learn an empire's holdings (35 resources)",
  proclaim: "make a proclamation to the galaxy (+7 if suitable)",
  renameRuler: "rename your ruler",
  formFleet: "form a new starfleet where one of your units is",
  rename: "rename a unit",
  retreatLevel: "set the rank at whose loss a unit retreats",
  follow: "name the unit this one follows in retreats",
  defend: "defend the sector's defences, or not",
  leader: "put an admiral in command of a unit",
  renameAdmiral: "rename an admiral",
  cloak: "cloak a unit whose starships can cloak",
  decloak: "decloak a unit",
  transfer: "transfer starships of one type between two units in one sector",
  transferAdmiral: "transfer an admiral to another unit in the same sector",
  reassign: "reassign starships of one type to another rank",
  disband: "disband starships",
  salvage: "salvage starships for resources",
  disbandAdmiral: "dismiss an admiral",
  travel: "travel one sector (Movement Events; one travel or wait a phase)",
  wait: "hold position for one phase",
  pillage: "pillage the sector the unit is in",
  search: "search for cloaked units",
  construct: "build one level of sector defence (14 resources, 3 starships)",
  raze: "raze levels of sector defence",
  build: "build starships at an industrial centre (Final Events)",
  hireAdmiral: "hire an admiral at a unit (15 resources)",
};

/** An order type described by its summary (the published JSON Schema carries it). */
const said = describedBy(ORDER_SUMMARIES);

export const orderSchema = z.discriminatedUnion("type", [
  said(declareWar),
  said(offerPeace),
  said(offerAlliance),
  said(cancelAlliance),
  said(acceptance),
  said(passage),
  said(infoSharing),
  said(permission),
  said(requestPermission),
  said(withdrawPermission),
  said(annex),
  said(cede),
  said(giveSector),
  said(sendResources),
  said(espionage),
  said(proclaim),
  said(renameRuler),
  said(formFleet),
  said(rename),
  said(retreatLevel),
  said(follow),
  said(defend),
  said(leader),
  said(renameAdmiral),
  said(cloak),
  said(decloak),
  said(transfer),
  said(transferAdmiral),
  said(reassign),
  said(disband),
  said(salvage),
  said(disbandAdmiral),
  said(travel),
  said(wait),
  said(pillage),
  said(search),
  said(construct),
  said(raze),
  said(build),
  said(hireAdmiral),
]);

export type Order = z.infer<typeof orderSchema>;
export type OrderType = Order["type"];
export type Orders = WithSkipped<z.infer<typeof ordersSchema>>;
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

/**
 * An orders file (`ordersSchema`; its own fields are checked by `parseOrders`, which refuses any other field: the
 * schema says so, strict), and its parsers: raw orders parsed order by order (a malformed order becomes a problem
 * and is skipped, the rest stand), and orders given to the check or a step again, with the positions problems name
 * them by: core/orders.ts `rulesetOrdersFile`, as every ruleset's. The empire field must be the seat the orders are
 * submitted for; the turn field is the turn they were written for: orders for another turn are refused whole
 * (chapter 1, "The File You Send").
 */
export const { ordersSchema, parseOrders, parseGivenOrders } = rulesetOrdersFile({
  seat: {
    field: "empire",
    description: "the empire these orders are for; a file for another empire is refused",
    message: "empire must be a string id",
    allowEmpty: true,
  },
  step: "turn",
  example: '{ "empire": "klingon", "turn": 1, "orders": [ ... ] }',
  types: ORDER_TYPES,
  order: orderSchema,
  maxOrders: LIMITS.orders,
  orders: "the orders, each carried out when its step of the turn comes",
});
