/**
 * Parsing a saved campaign (game.json) into a legal state: the schema checks the shape and ranges, then references
 * are checked (every craft's owner is a seat, a fighter aboard is aboard a craft of the battle, crews named on craft
 * exist), so a hand-edited file fails with the field named, not in the middle of a turn. Keep it with model.ts: a
 * field added there is added here.
 */
import { z } from "zod";
import { idRecord, idSchema } from "../../core/ids.js";
import { listUpTo, numberIn, plainTextUpTo, wholeIn } from "../../core/ranges.js";
import type { Problem, Result } from "../../core/result.js";
import { parseStateWith } from "../../core/state-problems.js";
import { BUDGETS, type BudgetOption } from "./designing-craft/cost.js";
import { ARCS, CRAFT_TYPES, MODULES } from "./designing-craft/modules.js";
import { MEDALS } from "./medals/medals.js";
import { CAMPAIGN_STEPS, ROLES, type SpaceWarState } from "./model.js";
import { SCENARIOS } from "./scenarios/scenarios.js";
import { settingsSchema } from "./settings.js";
import { CARDS } from "./technology-cards/cards.js";

const id = idSchema;
const name = (what: string) => plainTextUpTo(120, what);
const inches = numberIn(-1000, 1000, "inches");
const point = z.object({ x: inches, y: inches });
const heading = numberIn(0, 360, "a heading");
const seatList = (what: string) => listUpTo(id, 6, what);
const medals = listUpTo(z.enum(MEDALS), MEDALS.length, "medals");
const arc = z.enum(ARCS);

const design = z.object({
  name: name("a design's name"),
  type: z.enum(CRAFT_TYPES),
  modules: listUpTo(z.object({ module: z.enum(MODULES), arc: arc.optional() }), 12, "a design's modules"),
});

const where = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("hidden"), at: point, heading }),
  z.object({ kind: z.literal("table"), at: point, heading }),
  z.object({ kind: z.literal("aboard"), vessel: id }),
  z.object({ kind: z.literal("entering") }),
  z.object({ kind: z.literal("gone"), how: z.enum(["destroyed", "fled", "exited", "captured"]) }),
]);

const craft = z.object({
  id,
  owner: id,
  design: name("a design's name"),
  type: z.enum(CRAFT_TYPES),
  modules: listUpTo(
    z.object({
      module: z.union([z.enum(MODULES), z.literal("hotel")]),
      arc: arc.optional(),
      damaged: z.boolean(),
      expended: z.boolean().optional(),
    }),
    12,
    "a craft's modules",
  ),
  where,
  pendingHits: wholeIn(0, 100_000, "hits"),
  pendingDamage: wholeIn(0, 100_000, "damage").optional(),
  tractoredBy: id.optional(),
  crew: id.optional(),
  civilian: z.boolean().optional(),
  station: z.boolean().optional(),
  hitBy: seatList("seats whose hits are pending").optional(),
  moved: z.number().finite().min(0).max(1000).optional(),
  rearHits: wholeIn(0, 100_000, "hits").optional(),
});

const tally = z.object({
  started: wholeIn(0, 1000, "craft"),
  lost: wholeIn(0, 1000, "craft"),
  destroyed: listUpTo(id, 1000, "craft destroyed"),
  captured: listUpTo(id, 1000, "craft captured"),
  tasks: listUpTo(z.enum(["corporation", "saboteur"]), 2, "tasks"),
});

const battle = z.object({
  scenario: z.enum(SCENARIOS),
  turn: wholeIn(1, 100_000, "a turn"),
  order: seatList("the order of play"),
  active: id,
  table: z.object({ width: numberIn(1, 1000, "inches"), depth: numberIn(1, 1000, "inches") }),
  planets: listUpTo(z.object({ at: point, diameter: numberIn(0, 100, "inches") }), 20, "planets"),
  craft: listUpTo(craft, 1000, "craft"),
  gaveUp: seatList("seats that gave up"),
  tally: idRecord(tally),
  homes: idRecord(z.object({ planet: wholeIn(0, 19, "a planet"), edge: z.enum(["west", "east"]) })),
  ended: z
    .object({ winner: z.union([id, z.literal("draw")]), reason: plainTextUpTo(500, "a reason"), winners: seatList("winners").optional() })
    .optional(),
});

const squadron = z.object({
  seat: id,
  name: name("a squadron's name"),
  budgetOption: z.enum(Object.keys(BUDGETS) as [BudgetOption, ...BudgetOption[]]),
  machine: z.boolean(),
  designs: listUpTo(design, 3, "designs"),
  prisoners: listUpTo(z.object({ id, design }), 100, "prisoners"),
  crews: listUpTo(z.object({ id, name: name("a crew's name"), medals, heldBy: id.optional() }), 1000, "crews"),
  cards: listUpTo(z.object({ card: z.enum(CARDS), revealed: z.boolean(), cancelled: z.boolean() }), CARDS.length, "cards"),
  redesigned: z.boolean(),
  bought: listUpTo(z.object({ design: name("a design or prisoner"), count: wholeIn(0, 100, "craft") }), 20, "the last purchase").optional(),
});

export const stateSchema = z.object({
  ruleset: z.literal("space-war"),
  step: wholeIn(1, 2_147_483_647, "a step"),
  seats: listUpTo(z.object({ id, name: name("a seat's name") }), 6, "seats"),
  settings: settingsSchema,
  games: wholeIn(1, 100, "games"),
  scenario: z.union([z.literal("roll"), z.enum(SCENARIOS)]),
  campaign: z.object({
    game: wholeIn(0, 100, "games played"),
    step: z.enum(CAMPAIGN_STEPS),
    squadrons: listUpTo(squadron, 6, "squadrons"),
    battle: battle.optional(),
    results: listUpTo(
      z.object({
        game: wholeIn(1, 100, "a game"),
        scenario: z.enum(SCENARIOS),
        winner: z.union([id, z.literal("draw")]),
        winners: seatList("winners").optional(),
        reason: plainTextUpTo(500, "a reason"),
        turns: wholeIn(0, 100_000, "turns"),
        medals: idRecord(medals),
      }),
      100,
      "results",
    ),
    scenario: z.enum(SCENARIOS).optional(),
    roles: idRecord(z.enum(ROLES)).optional(),
    sides: idRecord(z.union([z.literal(1), z.literal(2)])).optional(),
    awards: listUpTo(
      z.object({
        seat: id,
        medals: listUpTo(z.enum(MEDALS), 50, "medals to give out"),
        strip: listUpTo(z.object({ crew: id, why: plainTextUpTo(200, "why") }), 1000, "medals to strip"),
      }),
      6,
      "awards",
    ).optional(),
  }),
  outcome: z.object({ winners: seatList("winners"), reason: plainTextUpTo(500, "a reason") }).optional(),
});

/** References the schema cannot see: seats, craft aboard craft, crews. */
function referenceProblems(s: SpaceWarState): Problem[] {
  const problems: Problem[] = [];
  const bad = (order: string, message: string) => problems.push({ order, code: "invalid-ref", message });
  const seats = new Set(s.seats.map((x) => x.id));
  s.campaign.squadrons.forEach((q, i) => {
    if (!seats.has(q.seat)) bad(`state.campaign.squadrons.${i}.seat`, `squadron ${i} belongs to ${q.seat}, not a seat of the game`);
  });
  for (const seat of Object.keys(s.campaign.sides ?? {}))
    if (!seats.has(seat)) bad(`state.campaign.sides.${seat}`, `the alliance names ${seat}, not a seat of the game`);
  const b = s.campaign.battle;
  if (b) {
    if (!seats.has(b.active)) bad("state.campaign.battle.active", `the active seat ${b.active} is not a seat of the game`);
    const ids = new Set<string>();
    b.craft.forEach((c, i) => {
      const at = `state.campaign.battle.craft.${i}`;
      if (ids.has(c.id)) bad(at, `craft ${c.id} appears twice`);
      ids.add(c.id);
      if (!seats.has(c.owner)) bad(at, `craft ${c.id} belongs to ${c.owner}, not a seat of the game`);
    });
    b.craft.forEach((c, i) => {
      if (c.where.kind === "aboard" && !ids.has(c.where.vessel))
        bad(`state.campaign.battle.craft.${i}.where`, `craft ${c.id} is aboard ${c.where.vessel}, not a craft of the battle`);
    });
  }
  return problems.slice(0, 20);
}

export function parseState(raw: unknown): Result<SpaceWarState, Problem[]> {
  return parseStateWith<SpaceWarState>(stateSchema, raw, referenceProblems);
}
