/**
 * Battleshift orders, as data (JSON or YAML). A step of the game needs one of two
 * kinds of orders:
 *
 * - The turn's secret order sheet (Quick Reference Sheet, Turn Sequence 1-3):
 *   `sequence` (the order the seat's taskforces activate in), `shift` (a planned
 *   Battleshift out, with the return turn, sector and facing), `place` (where an
 *   arriving squadron is set down in its sector) and `initiative` (go first or
 *   second if the seat wins the roll).
 * - One activation (QRS, Activation Sequence 1-7): `missiles`, `heavy`,
 *   `emergencyShift`, `move`, `light`, `detach`, `flight`, `recover`, `board`,
 *   `engulf`, `tractor` (option `tractorBeams`), `release`, `join` and `command`; with planets in play, `quadrantFire` (a quadrant's
 *   target, in its planet's activation) and `assaultMove` (assault units between quadrants).
 *
 * The schema checks only shape; whether an order can be carried out (range, arc,
 * line of sight, coherency...) is measured when its step comes, and a failed order
 * becomes a Problem with the measured figure, never an exception.
 */
import { z } from "zod";
import { refSchema } from "../../core/ids.js";
import { describedBy, rulesetOrdersFile, type WithSkipped } from "../../core/orders.js";
import { LIMITS } from "./limits.js";

/**
 * What an order names: a squadron, taskforce, flight or prize id, a ship ("blue-tf1-s2.3") or a
 * quadrant ("planet:N"): ids, or ids joined by "." or ":" (core/ids.ts). Never a path or a prototype name.
 */
const id = refSchema;
const squadron = id.describe('a squadron id such as "blue-tf1-s2"');
const squadrons = z
  .array(id)
  .min(1)
  .max(5)
  .describe("one squadron, or several of the activating taskforce synchronising on the same target");
const target = id.describe("the enemy squadron (or flight) aimed at");
const ship = id.describe('one ship of the target, such as "red-tf1-s1.2": fire focused on it (no suppression)');
const facing = z
  .union([z.number().finite(), z.string().min(1).max(20)])
  .describe('compass degrees (0 = north, 90 = east) or a name such as "W" or "north-east"');
const point = z.object({
  x: z.number().finite().describe("inches from the west edge"),
  y: z.number().finite().describe("inches from the north edge"),
});

// --- The order sheet --------------------------------------------------------
const sequence = z.object({
  type: z.literal("sequence"),
  taskforces: z.array(id).max(500).describe("every taskforce of yours on the table, in the order they activate"),
});
const shift = z.object({
  type: z.literal("shift"),
  /** A taskforce id, or a detached squadron id. */
  unit: id.describe("a taskforce id, or a detached squadron's id"),
  /** The turn it returns on (at least two turns later); null or omitted: it leaves the battle for good. */
  returnTurn: z
    .number()
    .int()
    .positive()
    .nullable()
    .optional()
    .describe("the turn it returns on (at least two turns later); null or omitted: it leaves the battle for good"),
  sector: z.string().min(2).max(8).optional().describe('the sector it returns to, such as "3B" (column number, row letter)'),
  facing: facing.optional(),
});
const place = z.object({
  type: z.literal("place"),
  squadron: id.describe("an arriving squadron of yours"),
  x: z.number().finite().describe("inches from the west edge"),
  y: z.number().finite().describe("inches from the north edge"),
});
const initiative = z.object({
  type: z.literal("initiative"),
  choose: z.enum(["first", "second"]).describe("activate first or second if you win the initiative roll"),
});

// --- One activation -----------------------------------------------------------
const missiles = z.object({ type: z.literal("missiles"), squadron, target });
export const HEAVY_WEAPONS = ["heavy", "broadside", "superHeavy", "heavyIon"] as const;
const heavy = z.object({
  type: z.literal("heavy"),
  /** One squadron, or several of the taskforce synchronising their fire. */
  squadrons,
  target,
  weapons: z.array(z.enum(HEAVY_WEAPONS)).min(1).optional().describe("which heavy weapons fire (default: all the squadrons carry)"),
  /** Fire to disable (-1 to hit; destroyed only on a 1). */
  disable: z.boolean().optional().describe("fire to disable: -1 to hit, a ship is destroyed only on a 1"),
  /** Fire focused on this one ship of the target ("there is no suppression if fire is focused on one ship"). */
  ship: ship.optional(),
});
const emergencyShift = z.object({ type: z.literal("emergencyShift"), squadron });
const move = z.object({
  type: z.literal("move"),
  squadron,
  /** Where the squadron's centre goes (every ship moves by the same amount)... */
  to: point.optional().describe("where the squadron's centre goes (every ship moves by the same amount)..."),
  /** ...or a compass heading and a distance in inches. */
  heading: z.number().finite().optional().describe("...or a compass heading (degrees, 0 = north) and a distance"),
  distance: z.number().finite().nonnegative().optional().describe("inches moved along the heading"),
  /** Facing after the move (default: the direction of movement). */
  facing: facing.optional().describe("facing after the move (default: the direction of movement)"),
  /** "Formations (experimental rules)": adopt a cone or ring with this move, or break formation ("none"). */
  formation: z
    .enum(["cone", "ring", "none"])
    .optional()
    .describe('adopt a cone or ring formation with this move, or break it ("none"); option formations'),
  /** "A full taskforce may also adopt this formation": every squadron of the taskforce moves with "cone"; "none" breaks it. */
  taskforceFormation: z
    .enum(["cone", "none"])
    .optional()
    .describe('the whole taskforce adopts a cone with this move, or breaks it ("none"); option formations'),
  /** Ships moved differently from the rest: their end points. */
  ships: z
    .array(z.object({ ship: id, to: point }))
    .max(21)
    .optional()
    .describe("ships moved differently from the rest: their end points"),
});
export const LIGHT_WEAPONS = ["light", "ion"] as const;
const light = z.object({
  type: z.literal("light"),
  squadrons,
  target,
  weapons: z.array(z.enum(LIGHT_WEAPONS)).min(1).optional().describe("which light weapons fire (default: all the squadrons carry)"),
  disable: z.boolean().optional().describe("fire to disable: -1 to hit, a ship is destroyed only on a 1"),
  /** Fire focused on this one ship of the target (no suppression). */
  ship: ship.optional(),
  /** Inches along the squadron's move where it fires (default: the best point of the move). */
  at: z.number().finite().nonnegative().optional().describe("inches along the squadron's move where it fires (default: the best point)"),
});
const detach = z.object({ type: z.literal("detach"), squadron });
const flight = z.object({
  type: z.literal("flight"),
  /** Launch from this carrier squadron... */
  squadron: id.optional().describe("launch from this carrier squadron..."),
  wings: z.number().int().positive().max(500).optional().describe("how many wings to launch (default: all it carries)"),
  /** ...or move this flight already on the table. */
  flight: id.optional().describe("...or move this flight already on the table"),
  /** One or two points: a course change, then the end (24" in all). */
  path: z.array(point).min(1).max(2).describe('one or two points: a course change, then the end (24" in all)'),
  /** An enemy squadron or flight to attack on the way. */
  target: id.optional().describe("an enemy squadron or flight to attack on the way"),
  /** If intercepted: evade past the interceptors (true) or dogfight them (default). */
  evade: z.boolean().optional().describe("if intercepted: evade past the interceptors (true) or dogfight them (default)"),
});
const recover = z.object({ type: z.literal("recover"), flight: id.describe("a flight of yours, recovered aboard its carriers") });
const board = z.object({
  type: z.literal("board"),
  squadrons,
  target,
  ship: id.optional().describe("the ship of the target to board"),
  /** Use assault units against a ship that is not disabled (within 3"). */
  assault: z.boolean().optional().describe('use assault units against a ship that is not disabled (within 3")'),
});
const engulf = z.object({ type: z.literal("engulf"), squadron, target, ship: id.optional().describe("the ship of the target to engulf") });
/** Option `tractorBeams`: a ship of `squadron` in contact captures the disabled enemy `ship` of `target` ("captured by a combat tractor beam"). */
const tractor = z.object({
  type: z.literal("tractor"),
  squadron,
  target,
  ship: id.optional().describe("the disabled enemy ship to capture"),
});
/**
 * Release a friendly engulfed ship (`target`: the prize id) from its engulfer in `squadron`: set down at `to`
 * (within 1" of the engulfer; default 1" astern), rejoining `join` or the first squadron of its design with room.
 */
const release = z.object({
  type: z.literal("release"),
  squadron: id.describe("the enemy squadron whose ship engulfed yours"),
  target: id.describe("the prize id of your engulfed ship"),
  to: point.optional().describe('where it is set down, within 1" of the engulfer (default 1" astern)'),
  join: id.optional().describe("the squadron it rejoins (default: the first of its design with room)"),
});
const join = z.object({ type: z.literal("join"), squadron: id.describe("a detached squadron of yours") });
const command = z.object({ type: z.literal("command"), squadron: id.describe("the squadron that takes the taskforce's command") });
/** "Planets (Extremely experimental)", setting `planetOrders`: in its planet's activation, a quadrant ("<planet>:<N|E|S|W>") names the squadron its installations fire at. */
const quadrantFire = z.object({
  type: z.literal("quadrantFire"),
  quadrant: id.describe('a quadrant of your planet, such as "planet:N"'),
  target,
});
/** "It is possible to move assault forces from quadrant to quadrant, both by the attackers and defenders": `units` (default all) from one quadrant to another. */
const assaultMove = z.object({
  type: z.literal("assaultMove"),
  from: id.describe('the quadrant they leave, such as "planet:N"'),
  to: id.describe("the quadrant they move to"),
  units: z.number().int().positive().max(10_000).optional().describe("how many assault units (default: all of yours there)"),
});

/** One line per order type (the Quick Reference Sheet's words): menus, help and the published schema say it. */
export const ORDER_SUMMARIES: Readonly<Record<string, string>> = {
  sequence: "the secret activation sequence of your taskforces this turn",
  shift: "plan a battleshift out of the battle (return turn, sector, facing)",
  place: "place an arriving squadron on your edge",
  initiative: "if you win initiative: activate first or second",
  missiles: "launch missiles at an enemy squadron",
  heavy: "fire heavy weapons (several squadrons may synchronise on one target)",
  emergencyShift: "an emergency battleshift of a squadron",
  move: "move a squadron (to a point, or a heading and distance)",
  light: "fire light weapons during or after the move",
  detach: "detach a squadron from its taskforce",
  flight: "launch or move fighters",
  recover: "recover a flight aboard its carriers",
  board: "board a disabled (or, with assault units, any) enemy ship",
  engulf: "engulf a ship in contact",
  tractor: "capture a disabled enemy ship with a combat tractor beam (option)",
  release: "release a friendly engulfed ship",
  join: "a detached squadron joins the taskforce",
  command: "move the taskforce's command to this squadron",
  quadrantFire: "name the target of a planet quadrant's installations (setting planetOrders)",
  assaultMove: "move assault forces between quadrants",
};

/** An order type described by its summary (the published JSON Schema carries it). */
const said = describedBy(ORDER_SUMMARIES);

export const orderSchema = z.discriminatedUnion("type", [
  said(sequence),
  said(shift),
  said(place),
  said(initiative),
  said(missiles),
  said(heavy),
  said(emergencyShift),
  said(move),
  said(light),
  said(detach),
  said(flight),
  said(recover),
  said(board),
  said(engulf),
  said(tractor),
  said(release),
  said(join),
  said(command),
  said(quadrantFire),
  said(assaultMove),
]);

export type Order = z.infer<typeof orderSchema>;
export type OrderType = Order["type"];
export type Orders = WithSkipped<z.infer<typeof ordersSchema>>;
export type OrderOf<T extends OrderType> = Extract<Order, { type: T }>;

export const ORDER_TYPES: readonly OrderType[] = orderSchema.options.map((o) => o.shape.type.value);
export const SHEET_ORDERS: readonly OrderType[] = ["sequence", "shift", "place", "initiative"];
export const ACTIVATION_ORDERS: readonly OrderType[] = ORDER_TYPES.filter((t) => !SHEET_ORDERS.includes(t));

/** The `order` field of a Problem: "#3 heavy a-sq1 -> b-sq4". */
export function describeOrder(o: Order, index: number): string {
  const r = o as Record<string, unknown>;
  const bits: string[] = [`#${index}`, o.type];
  for (const k of ["unit", "squadron", "flight", "quadrant", "from"]) if (typeof r[k] === "string") bits.push(r[k] as string);
  if (Array.isArray(r.squadrons)) bits.push((r.squadrons as string[]).join("+"));
  if (o.type === "sequence") bits.push(o.taskforces.join(","));
  if (typeof r.target === "string") bits.push(`-> ${r.target}`);
  if (typeof r.to === "string") bits.push(`-> ${r.to}`);
  return bits.join(" ");
}

/**
 * An orders file (`ordersSchema`; its own fields are checked by `parseOrders`, which refuses any other field: the
 * schema says so, strict), and its parsers: raw orders parsed order by order (a malformed order becomes a problem
 * and is skipped, the rest stand), and orders given to the check or a step again, with the positions problems name
 * them by: core/orders.ts `rulesetOrdersFile`, as every ruleset's. The step field is the step these orders were
 * written for (refused whole if it is another).
 */
export const { ordersSchema, parseOrders, parseGivenOrders } = rulesetOrdersFile({
  seat: {
    field: "side",
    description: 'the side these orders are for, such as "blue"; a file for another side is refused',
    message: 'side must be a seat id such as "blue"',
    allowEmpty: false,
  },
  step: "step",
  example: '{ "side": "blue", "orders": [ ... ] }',
  types: ORDER_TYPES,
  order: orderSchema,
  maxOrders: LIMITS.orders,
  orders: "the step's orders: the order sheet's (sequence, shift, place, initiative) or one activation's",
});
