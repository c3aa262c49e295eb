/**
 * Sathar War orders, as data (JSON or YAML): `{ seat, step, orders: [ { type, ... } ] }`. Each step of the campaign
 * takes some of these types (model.ts: the phases); an order given in a step that does not take it fails with a
 * problem naming the steps that do.
 *
 * - Set-up (000 "UPF Set-Up", "Sathar Set-Up"): `deploy` (UPF non-attached ships to any planet, or to NOVA),
 *   `base` (fighters aboard a carrier or at a station), `drones` (the two shatter drones, option), `retreat` (the
 *   Sathar's secret retreat condition), and the Sathar's first `place`.
 * - Movement (000 "STRATEGIC MOVEMENT", "Day One"): `place` (Sathar reserves into a start circle), `nova` (place
 *   Strike Force NOVA, by 1d10), `move`, `void` (Sathar ships in a start circle go home for repair), `dock` and
 *   `repair` (000 "REPAIR").
 * - Attacks (000 "Declaring Combat"): `attack`.
 * - Battle results (only when battles are fought at the table, issue 12 way 3): `result`, one per pending battle.
 * - Any step: `stance` (how the seat's ships fight: break-off, the planet option, drones; it stands until changed).
 * - Any UPF step: `mines` (a minelayer's secret mines and seekers for a system, 000 "Declaring Combat"; it stands until
 *   changed). Any UPF step of a day: `replace` (which lost ships a fortress or fortified station replaces at the next
 *   replacement phase, 000 "UPF Replacements"; option `replacements`).
 *
 * The schema checks only shape; whether an order can be carried out is decided when its step comes, and a failed
 * order becomes a Problem (which order, what is wrong, what would be valid), never an exception.
 */
import { z } from "zod";
import { idSchema } from "../../core/ids.js";
import { rulesetOrdersFile, type WithSkipped } from "../../core/orders.js";

const ship = idSchema.describe('a ship id such as "TFC-BB1" or "S-DD07"');
const ships = z.array(ship).min(1).max(200).describe("ship ids");
const place = idSchema.describe('a planet id such as "morgaines-world"');

/** UPF set-up: non-attached ships to a planet, or attached to Strike Force NOVA off the map (000 "UPF Set-Up"). */
const deploy = z.object({
  type: z.literal("deploy"),
  ships,
  to: z.union([place, z.literal("nova")]).describe('a planet id, or "nova" to join Strike Force NOVA off the map'),
});
/** Fighters aboard a carrier (at most its capacity) or based at a station of the planet they are at (000 "UPF Spacefleet Order Of Battle"; "Sathar Order of Battle"). */
const base = z
  .object({
    type: z.literal("base"),
    fighters: ships.describe("fighter ids"),
    carrier: ship.optional().describe("an assault carrier at the same place"),
    station: idSchema.optional().describe('a station id such as "st-gran-quivera" at the same planet'),
  })
  .refine((o) => (o.carrier === undefined) !== (o.station === undefined), { message: "name a carrier or a station, not both" });
/** The option's two shatter drones: frigates of the seat's side (000 "SHATTER DRONES (Optional)"). */
const drones = z.object({ type: z.literal("drones"), ships: z.array(ship).length(2).describe("two frigates") });
/** The Sathar's secret retreat condition (000 "Sathar Retreat"). */
const retreat = z.object({ type: z.literal("retreat"), condition: z.number().int().min(1).max(5).describe("1 to 5") });
/** Sathar ships from the reserve (or back from the Void) into a start circle (000 "Sathar Set-Up"). */
const placeOrder = z.object({ type: z.literal("place"), ships, circle: idSchema.describe('a start circle id such as "ssc-prenglar"') });
/** Place Strike Force NOVA now, where 1d10 says (000 "Strike Force NOVA"). */
const nova = z.object({ type: z.literal("nova") });
/**
 * Move ships (000 "Using The Transit Boxes", "Accelerated Movement"). Ships in a system: `to` a neighbouring system
 * (leave by that route) or another planet of the same system; `rate` 2 or 3 to risk-jump. Ships in a transit box:
 * `action` advance (the default), coast or reverse. Ships moving together at 2 or 3 boxes a day interlock their
 * computers and roll once (000 "Interlocked Computers") unless `interlock` is false. Sathar ships in a red box move
 * toward the system by themselves; `action: "reverse"` turns them back toward the circle.
 */
const move = z.object({
  type: z.literal("move"),
  ships,
  to: idSchema
    .optional()
    .describe(
      "a neighbouring system id (or one of its planets: the planet to arrive at, kept until they do), or a planet id of the system the ships are in",
    ),
  rate: z
    .union([z.literal(1), z.literal(2), z.literal(3)])
    .optional()
    .describe("boxes a day: 1, or 2 or 3 to risk-jump"),
  action: z.enum(["advance", "coast", "reverse"]).optional().describe("for ships in a transit box: advance (default), coast or reverse"),
  interlock: z.boolean().optional().describe("risk-jumping ships share one roll (default true)"),
});
/** Sathar ships in a start circle enter the Void to be repaired, back six days later (000 "Sathar Repair"). */
const voidOrder = z.object({ type: z.literal("void"), ships });
/** Dock at the station of the planet the ships are at, to be repaired there (000 "UPF Repairs", "Sathar Repair"). */
const dock = z.object({ type: z.literal("dock"), ships });
/** What a docked ship's repair day mends: hull points, or one system wholly (000 "UPF Repairs"). Unordered docked ships are mended in order. */
const repair = z.object({
  type: z.literal("repair"),
  ship,
  what: z.string().min(1).max(32).describe('"hull", or a damaged system such as "ADF" or "LB"'),
  points: z.number().int().min(1).max(300).optional().describe("hull points to give it of the SCC's day (default: all it can use)"),
});
/** Attack the enemy at a planet of a system (000 "Declaring Combat"): all the seat's ships there, or those named. */
const attack = z.object({
  type: z.literal("attack"),
  system: idSchema.describe("a system id"),
  planet: idSchema.optional().describe("the planet attacked (required where the system has two)"),
  ships: ships.optional().describe("the ships that attack (default: every ship of the seat in the system that may)"),
});
/** How the seat's ships fight until told otherwise. */
const stance = z.object({
  type: z.literal("stance"),
  breakOffAtHullLost: z.number().min(0).max(1).optional().describe("break off once this share of the side's hull is lost (1: never)"),
  breakOffOutgunned: z
    .number()
    .min(0)
    .max(100)
    .optional()
    .describe("break off when the enemy's hull exceeds ours this many times (0: never)"),
  nearPlanet: z.boolean().optional().describe("when defending, fight near the planet (000 'Declaring Combat')"),
  detonateDrones: z.boolean().optional().describe("detonate shatter drones in battle (option)"),
  escapeToward: idSchema
    .optional()
    .describe("where ships that break off flee: a neighbouring system id, or (Sathar) a start circle id (000 'Breaking Off Combat')"),
  battleWay: z
    .enum(["quick", "battleshift", "table"])
    .optional()
    .describe("how you would have your battles fought; a battle is fought so when every seat in it on both sides agrees (issue 12)"),
});
/**
 * A minelayer's secret choice (000 "Declaring Combat": "If the defender's ships include a minelayer, the defender may
 * place all of its mines and seeker missiles before the battle. The number and locations of the mines and seeker
 * missiles must be recorded on paper"): how many of its mines and seekers it lays should it defend the system. An
 * order, not a `stance` field: a stance is open and one per seat, this is secret, one per system, and bounded by what
 * one ship carries (RULINGS "Special combat rules": the minelayer's choice).
 */
const minesOrder = z.object({
  type: z.literal("mines"),
  minelayer: ship.describe('the minelayer (class ML), such as "TFD-ML1"'),
  system: idSchema.optional().describe("the system it would lay them in (default: the system it is in)"),
  mines: z.number().int().min(0).max(1000).describe("mines it lays (at most what it has left)"),
  seekers: z.number().int().min(0).max(1000).describe("seeker missiles it lays (at most what it has left)"),
});
/**
 * Which lost ships a fortress or fortified station replaces at the next replacement phase (seed 000 "UPF
 * Replacements": "For each fortress ... one ship larger than an assault scout ... For each Fortified station ... two
 * assault scouts, two fighters, or a fighter and an assault scout"). It stands until the phase or another `replace`
 * for that station; `ships: []` leaves the choice to the program (its pick is the default).
 */
const replace = z.object({
  type: z.literal("replace"),
  station: idSchema.describe('a fortress or fortified station id, such as "st-pale"'),
  ships: z.array(ship).max(2).describe("lost ships it replaces (a fortress one, a fortified station two); [] for the program's pick"),
});
/** Hull points, rating points or systems lost, or charges spent, by key ("hull", "ADF", "LB", "T"...). */
const tally = z.record(z.string().min(1).max(32), z.number().int().min(0).max(10_000));
/**
 * A battle fought at the table, its result entered by the attacking side (issue 12 way 3; battles/table): every
 * ship or station not named keeps its state and fought on. Damage and spent are what it carries after the battle
 * (the template fills in what it carried going in), not what the battle added.
 */
const result = z.object({
  type: z.literal("result"),
  battle: idSchema.describe('the pending battle\'s id, such as "d3-prenglar-sathar"'),
  destroyed: z.array(ship).max(500).optional().describe("ships destroyed"),
  escaped: z.array(ship).max(500).optional().describe("ships that broke off and escaped (000 'Breaking Off Combat')"),
  detonated: z.array(ship).max(10).optional().describe("shatter drones detonated (option)"),
  fired: z.array(ship).max(500).optional().describe("militia ships that fired at least once (they may break off only then)"),
  stationsDestroyed: z.array(idSchema).max(100).optional().describe("station ids destroyed"),
  damage: z.record(idSchema, tally).optional().describe("per ship or station id: the damage it carries after the battle"),
  spent: z.record(idSchema, tally).optional().describe("per ship or station id: the expendables it has spent after the battle"),
  stationOnly: z
    .record(idSchema, z.array(z.string().min(1).max(32)).max(40))
    .optional()
    .describe('per ship id: what only a station can now repair ("hull" after a failed hull repair, a system after a 99/00)'),
  holder: z.enum(["sathar", "upf", "none"]).optional().describe("the side holding the field (default: the side with ships left)"),
  rounds: z.number().int().min(0).max(1000).optional().describe("turns fought"),
});

export const ORDER_TYPES = [
  "deploy",
  "base",
  "drones",
  "retreat",
  "place",
  "nova",
  "move",
  "void",
  "dock",
  "repair",
  "attack",
  "stance",
  "mines",
  "result",
  "replace",
] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const orderSchema = z.discriminatedUnion("type", [
  deploy,
  base,
  drones,
  retreat,
  placeOrder,
  nova,
  move,
  voidOrder,
  dock,
  repair,
  attack,
  stance,
  minesOrder,
  result,
  replace,
]);
export type Order = z.infer<typeof orderSchema>;
export type DeployOrder = z.infer<typeof deploy>;
export type BaseOrder = z.infer<typeof base>;
export type DronesOrder = z.infer<typeof drones>;
export type RetreatOrder = z.infer<typeof retreat>;
export type PlaceOrder = z.infer<typeof placeOrder>;
export type NovaOrder = z.infer<typeof nova>;
export type MoveOrder = z.infer<typeof move>;
export type VoidOrder = z.infer<typeof voidOrder>;
export type DockOrder = z.infer<typeof dock>;
export type RepairOrder = z.infer<typeof repair>;
export type AttackOrder = z.infer<typeof attack>;
export type StanceOrder = z.infer<typeof stance>;
export type MinesOrder = z.infer<typeof minesOrder>;
export type ResultOrder = z.infer<typeof result>;
export type ReplaceOrder = z.infer<typeof replace>;

/** Most orders one file may hold. */
export const MAX_ORDERS = 500;

/**
 * An orders file (`ordersSchema`; its own fields are checked by `parseOrders`, which refuses any other field:
 * strict), and its parsers: raw orders parsed order by order, and orders given to the check or a step again
 * (core/orders.ts `rulesetOrdersFile`).
 */
export const { ordersSchema, parseOrders, parseGivenOrders } = rulesetOrdersFile({
  seat: {
    field: "seat",
    description: 'the seat these orders are for, such as "sathar" or "upf"; a file for another seat is refused',
    message: 'seat must be a seat id such as "sathar" or "upf"',
    allowEmpty: false,
  },
  step: "step",
  example: '{ "seat": "upf", "step": 2, "orders": [ { "type": "move", "ships": ["TFP-BB1"], "to": "cassidine" } ] }',
  types: ORDER_TYPES,
  order: orderSchema,
  maxOrders: MAX_ORDERS,
  orders: "the step's orders",
});

/** A seat's orders for one step. */
export type Orders = WithSkipped<z.infer<typeof ordersSchema>>;

/** Which order types each phase takes (`stance` is taken in every one). */
export const PHASE_ORDERS = {
  "upf-setup": ["deploy", "base", "drones", "stance", "mines"],
  "sathar-setup": ["retreat", "place", "base", "drones", "stance"],
  "sathar-move": ["place", "move", "void", "dock", "repair", "stance"],
  "upf-move": ["nova", "move", "dock", "repair", "stance", "mines", "replace"],
  "sathar-attack": ["attack", "stance"],
  "upf-attack": ["attack", "stance", "mines", "replace"],
  "sathar-results": ["result", "stance"],
  "upf-results": ["result", "stance", "mines", "replace"],
} as const satisfies Record<string, readonly OrderType[]>;
