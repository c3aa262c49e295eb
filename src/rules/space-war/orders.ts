/**
 * Space War orders, as data (JSON or YAML): `{ seat, step, orders: [ { type, ... } ] }`. Each step of the campaign
 * (model.ts `CAMPAIGN_STEPS`) takes some of these types (`STEP_ORDERS`); an order given in a step that does not take
 * it fails with a problem naming the steps that do.
 *
 * - Designing (l.19, l.45, l.57): `design` (a new design; after a game, `replaces` the one it scraps).
 * - Purchase (l.29): `buy` (craft of a design), `crew` (a crew with medals aboard a craft of a design, l.737).
 * - Deployment (l.33, l.884-888): `deploy` (a craft on the table, or a fighter aboard a vessel with a Shuttle Bay).
 * - A player turn, in the order of its steps (l.277-347): `give-up` (S3), `launch`, `retrieve`, `prisoner` (S4),
 *   `tractor` (S5), `nuke` (S6), `move` (S7), `ram` (S8), `shoot` (S9), `repair` (S10). S1, S2, S11 (every fighter
 *   aboard a vessel reloads) and S12 (spotting) take no orders.
 * - After a game (l.41-45, l.729-805): `medal` (a medal earned to a crew), `strip` (which medal a penalty takes),
 *   `design` with `replaces`.
 *
 * Positions are in inches on the table, x along its long edge and y along the short one; headings in degrees
 * clockwise from +y (model.ts). The schema checks only shape; whether an order can be carried out is decided when its
 * step comes, and a failed order becomes a Problem (which order, what is wrong, what would be valid).
 */
import { z } from "zod";
import { idSchema } from "../../core/ids.js";
import { rulesetOrdersFile, type WithSkipped } from "../../core/orders.js";
import { CRAFT_TYPES } from "./designing-craft/modules.js";
import { designModuleSchema } from "./designing-craft/squadron.js";
import { MEDALS } from "./medals/medals.js";
import type { CampaignStep } from "./model.js";

const craft = idSchema.describe('a craft id such as "blue-3"');
const name = z.string().min(1).max(60);
/** Inches; the table is at most 200" either way (a scenario's table is smaller: 72" x 48" by default). */
const inches = z.number().finite().min(-200).max(200);
const point = z.object({ x: inches, y: inches }).strict().describe("a point on the table, in inches");
const heading = z.number().finite().min(0).lt(360).describe("degrees clockwise from +y (0 up the table, 90 toward +x)");

/** A design (l.74-256); after a game it `replaces` one it scraps (l.45, l.57). */
const design = z
  .object({
    type: z.literal("design"),
    name: name.describe("the design's name"),
    craft: z.enum(CRAFT_TYPES).describe("vessel or fighter"),
    modules: z.array(designModuleSchema).min(1).max(12).describe('modules such as ["E", "E", "SB", { module: "L", arc: "rear" }]'),
    replaces: name.optional().describe("after a game: the design scrapped for this one"),
  })
  .strict();
/** Craft of one design for this game (l.29). */
const buy = z.object({ type: z.literal("buy"), design: name, count: z.number().int().min(0).max(16) }).strict();
/** A crew with medals aboard a craft of a design this game (l.29, l.737: crews move between craft before a game). */
const crew = z.object({ type: z.literal("crew"), crew: idSchema.describe("a crew id"), design: name }).strict();
/** A craft placed as a hidden marker (l.33, l.61-67), or a fighter aboard a vessel with a Shuttle Bay (l.661). */
const deploy = z
  .object({
    type: z.literal("deploy"),
    craft,
    at: point.optional(),
    heading: heading.optional(),
    aboard: craft.optional().describe("a fighter: the vessel it starts aboard"),
  })
  .strict()
  .refine((o) => (o.at === undefined) !== (o.aboard === undefined), { message: "give at (a point) or aboard (a vessel), one of them" });
/** S3: give up (l.408-416). */
const giveUp = z.object({ type: z.literal("give-up") }).strict();
/** S4: a fighter launched from the vessel it is aboard, placed beside it (l.424). */
const launch = z.object({ type: z.literal("launch"), craft, at: point.optional(), heading: heading.optional() }).strict();
/** S4: a friendly fighter adjacent to a vessel returned to its Shuttle Bay (l.424). */
const retrieve = z.object({ type: z.literal("retrieve"), craft, into: craft }).strict();
/** S4: an enemy fighter held by this seat's tractor pulled aboard a vessel's Shuttle Bay and made prisoner (l.446). */
const prisoner = z.object({ type: z.literal("prisoner"), craft, into: craft }).strict();
/** S5: a vessel's tractor beams at a fighter within 3" (l.442); one try per operating Tractor module. */
const tractor = z.object({ type: z.literal("tractor"), craft, target: craft }).strict();
/** S6: a craft explodes its Nuclear Warhead (l.458-462). */
const nuke = z.object({ type: z.literal("nuke"), craft }).strict();
/** S7: a craft moves in a straight line to `to`, then turns to `facing` where it may turn after moving (l.466-500). */
const move = z.object({ type: z.literal("move"), craft, to: point, facing: heading.optional() }).strict();
/** S8: a craft moves into contact with an enemy craft; with `nuke` it explodes its warhead there (l.504-516). */
const ram = z.object({ type: z.literal("ram"), craft, target: craft, nuke: z.boolean().default(false) }).strict();
/** S9: a craft's weapons of one kind fire at a target (l.525-635): `count` of its modules (default every one that may). */
const shoot = z
  .object({
    type: z.literal("shoot"),
    craft,
    target: craft,
    weapon: z.enum(["laser", "missile", "expendables"]),
    count: z.number().int().min(1).max(12).optional(),
  })
  .strict();
/** S10: a repair die's fix, given in the order preferred (l.639-647): a damaged module (its place on the craft, from 0). */
const repair = z.object({ type: z.literal("repair"), craft, module: z.number().int().min(0).max(11) }).strict();
/** After a game: a medal the squadron earned to a crew (its id) or to the crew of a craft (l.729-801). */
const medal = z
  .object({
    type: z.literal("medal"),
    medal: z.enum(MEDALS),
    crew: idSchema.optional(),
    craft: craft.optional(),
  })
  .strict()
  .refine((o) => (o.crew === undefined) !== (o.craft === undefined), { message: "give crew or craft, one of them" });
/** After a game: which medal a penalty strips from a crew (l.876, l.956, l.797). */
const strip = z.object({ type: z.literal("strip"), crew: idSchema, medal: z.enum(MEDALS) }).strict();

export const ORDER_TYPES = [
  "design",
  "buy",
  "crew",
  "deploy",
  "give-up",
  "launch",
  "retrieve",
  "prisoner",
  "tractor",
  "nuke",
  "move",
  "ram",
  "shoot",
  "repair",
  "medal",
  "strip",
] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const orderSchema = z.discriminatedUnion("type", [
  design,
  buy,
  crew,
  deploy,
  giveUp,
  launch,
  retrieve,
  prisoner,
  tractor,
  nuke,
  move,
  ram,
  shoot,
  repair,
  medal,
  strip,
]);
export type Order = z.infer<typeof orderSchema>;
export type DesignOrder = z.infer<typeof design>;
export type BuyOrder = z.infer<typeof buy>;
export type CrewOrder = z.infer<typeof crew>;
export type DeployOrder = z.infer<typeof deploy>;
export type GiveUpOrder = z.infer<typeof giveUp>;
export type LaunchOrder = z.infer<typeof launch>;
export type RetrieveOrder = z.infer<typeof retrieve>;
export type PrisonerOrder = z.infer<typeof prisoner>;
export type TractorOrder = z.infer<typeof tractor>;
export type NukeOrder = z.infer<typeof nuke>;
export type MoveOrder = z.infer<typeof move>;
export type RamOrder = z.infer<typeof ram>;
export type ShootOrder = z.infer<typeof shoot>;
export type RepairOrder = z.infer<typeof repair>;
export type MedalOrder = z.infer<typeof medal>;
export type StripOrder = z.infer<typeof strip>;

/** Most orders one file may hold. */
export const MAX_ORDERS = 400;

/**
 * An orders file (`ordersSchema`; its own fields are checked by `parseOrders`, which refuses any other field:
 * strict), and its parsers: raw orders parsed order by order, and orders given to the check or a step again
 * (core/orders.ts `rulesetOrdersFile`).
 */
export const { ordersSchema, parseOrders, parseGivenOrders } = rulesetOrdersFile({
  seat: {
    field: "seat",
    description: 'the seat these orders are for, such as "blue"; a file for another seat is refused',
    message: 'seat must be a seat id such as "blue" or "red"',
    allowEmpty: false,
  },
  step: "step",
  example: '{ "seat": "blue", "step": 5, "orders": [ { "type": "move", "craft": "blue-1", "to": { "x": 20, "y": 24 } } ] }',
  types: ORDER_TYPES,
  order: orderSchema,
  maxOrders: MAX_ORDERS,
  orders: "the step's orders",
});

/** A seat's orders for one step. */
export type Orders = WithSkipped<z.infer<typeof ordersSchema>>;

/** Which order types each step of the campaign takes. */
export const STEP_ORDERS = {
  design: ["design"],
  purchase: ["buy", "crew"],
  deploy: ["deploy"],
  battle: ["give-up", "launch", "retrieve", "prisoner", "tractor", "nuke", "move", "ram", "shoot", "repair"],
  "after-game": ["medal", "strip", "design"],
} as const satisfies Record<CampaignStep, readonly OrderType[]>;
