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
import { idSchema, refSchema } from "../../core/ids.js";
import { parseOrdersFile } from "../../core/orders.js";
import type { Problem } from "../../core/result.js";
import { LIMITS } from "./limits.js";

/**
 * What an order names: a squadron, taskforce, flight or prize id, a ship ("blue-tf1-s2.3") or a
 * quadrant ("planet:N"): ids, or ids joined by "." or ":" (core/ids.ts). Never a path or a prototype name.
 */
const id = refSchema;
const facing = z
  .union([z.number().finite(), z.string().min(1).max(20)])
  .describe('compass degrees (0 = north, 90 = east) or a name such as "W" or "north-east"');
const point = z.object({ x: z.number().finite(), y: z.number().finite() });

// --- The order sheet --------------------------------------------------------
const sequence = z.object({ type: z.literal("sequence"), taskforces: z.array(id).max(500) });
const shift = z.object({
  type: z.literal("shift"),
  /** A taskforce id, or a detached squadron id. */
  unit: id,
  /** The turn it returns on (at least two turns later); null or omitted: it leaves the battle for good. */
  returnTurn: z.number().int().positive().nullable().optional(),
  sector: z.string().min(2).max(8).optional(),
  facing: facing.optional(),
});
const place = z.object({ type: z.literal("place"), squadron: id, x: z.number().finite(), y: z.number().finite() });
const initiative = z.object({ type: z.literal("initiative"), choose: z.enum(["first", "second"]) });

// --- One activation -----------------------------------------------------------
const missiles = z.object({ type: z.literal("missiles"), squadron: id, target: id });
export const HEAVY_WEAPONS = ["heavy", "broadside", "superHeavy", "heavyIon"] as const;
const heavy = z.object({
  type: z.literal("heavy"),
  /** One squadron, or several of the taskforce synchronising their fire. */
  squadrons: z.array(id).min(1).max(5),
  target: id,
  weapons: z.array(z.enum(HEAVY_WEAPONS)).min(1).optional(),
  /** Fire to disable (-1 to hit; destroyed only on a 1). */
  disable: z.boolean().optional(),
  /** Fire focused on this one ship of the target ("there is no suppression if fire is focused on one ship"). */
  ship: id.optional(),
});
const emergencyShift = z.object({ type: z.literal("emergencyShift"), squadron: id });
const move = z.object({
  type: z.literal("move"),
  squadron: id,
  /** Where the squadron's centre goes (every ship moves by the same amount)... */
  to: point.optional(),
  /** ...or a compass heading and a distance in inches. */
  heading: z.number().finite().optional(),
  distance: z.number().finite().nonnegative().optional(),
  /** Facing after the move (default: the direction of movement). */
  facing: facing.optional(),
  /** "Formations (experimental rules)": adopt a cone or ring with this move, or break formation ("none"). */
  formation: z.enum(["cone", "ring", "none"]).optional(),
  /** "A full taskforce may also adopt this formation": every squadron of the taskforce moves with "cone"; "none" breaks it. */
  taskforceFormation: z.enum(["cone", "none"]).optional(),
  /** Ships moved differently from the rest: their end points. */
  ships: z
    .array(z.object({ ship: id, to: point }))
    .max(21)
    .optional(),
});
export const LIGHT_WEAPONS = ["light", "ion"] as const;
const light = z.object({
  type: z.literal("light"),
  squadrons: z.array(id).min(1).max(5),
  target: id,
  weapons: z.array(z.enum(LIGHT_WEAPONS)).min(1).optional(),
  disable: z.boolean().optional(),
  /** Fire focused on this one ship of the target (no suppression). */
  ship: id.optional(),
  /** Inches along the squadron's move where it fires (default: the best point of the move). */
  at: z.number().finite().nonnegative().optional(),
});
const detach = z.object({ type: z.literal("detach"), squadron: id });
const flight = z.object({
  type: z.literal("flight"),
  /** Launch from this carrier squadron... */
  squadron: id.optional(),
  wings: z.number().int().positive().max(500).optional(),
  /** ...or move this flight already on the table. */
  flight: id.optional(),
  /** One or two points: a course change, then the end (24" in all). */
  path: z.array(point).min(1).max(2),
  /** An enemy squadron or flight to attack on the way. */
  target: id.optional(),
  /** If intercepted: evade past the interceptors (true) or dogfight them (default). */
  evade: z.boolean().optional(),
});
const recover = z.object({ type: z.literal("recover"), flight: id });
const board = z.object({
  type: z.literal("board"),
  squadrons: z.array(id).min(1).max(5),
  target: id,
  ship: id.optional(),
  /** Use assault units against a ship that is not disabled (within 3"). */
  assault: z.boolean().optional(),
});
const engulf = z.object({ type: z.literal("engulf"), squadron: id, target: id, ship: id.optional() });
/** Option `tractorBeams`: a ship of `squadron` in contact captures the disabled enemy `ship` of `target` ("captured by a combat tractor beam"). */
const tractor = z.object({ type: z.literal("tractor"), squadron: id, target: id, ship: id.optional() });
/**
 * Release a friendly engulfed ship (`target`: the prize id) from its engulfer in `squadron`: set down at `to`
 * (within 1" of the engulfer; default 1" astern), rejoining `join` or the first squadron of its design with room.
 */
const release = z.object({ type: z.literal("release"), squadron: id, target: id, to: point.optional(), join: id.optional() });
const join = z.object({ type: z.literal("join"), squadron: id });
const command = z.object({ type: z.literal("command"), squadron: id });
/** "Planets (Extremely experimental)", setting `planetOrders`: in its planet's activation, a quadrant ("<planet>:<N|E|S|W>") names the squadron its installations fire at. */
const quadrantFire = z.object({ type: z.literal("quadrantFire"), quadrant: id, target: id });
/** "It is possible to move assault forces from quadrant to quadrant, both by the attackers and defenders": `units` (default all) from one quadrant to another. */
const assaultMove = z.object({
  type: z.literal("assaultMove"),
  from: id,
  to: id,
  units: z.number().int().positive().max(10_000).optional(),
});

export const orderSchema = z.discriminatedUnion("type", [
  sequence,
  shift,
  place,
  initiative,
  missiles,
  heavy,
  emergencyShift,
  move,
  light,
  detach,
  flight,
  recover,
  board,
  engulf,
  tractor,
  release,
  join,
  command,
  quadrantFire,
  assaultMove,
]);

export const ordersSchema = z.object({
  side: idSchema.optional(),
  /** The step these orders were written for (refused whole if it is another). */
  step: z.number().int().positive().optional(),
  orders: z.array(orderSchema).max(LIMITS.orders).default([]),
});

export type Order = z.infer<typeof orderSchema>;
export type OrderType = Order["type"];
export type Orders = z.infer<typeof ordersSchema>;
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

/** Parse raw orders order by order: a malformed order becomes a problem and is skipped, the rest stand. */
export function parseOrders(raw: unknown): { orders: Orders; problems: Problem[]; refused: Problem[] } {
  const { file, problems, refused } = parseOrdersFile(raw, {
    seat: { field: "side", message: 'side must be a seat id such as "blue"', allowEmpty: false },
    step: { field: "step" },
    example: '{ "side": "blue", "orders": [ ... ] }',
    types: ORDER_TYPES,
    schema: orderSchema,
    maxOrders: LIMITS.orders,
  });
  return { orders: file as Orders, problems, refused };
}
