/**
 * How a campaign starts: the seeds' war on the default Frontier map, with its options chosen when the game is made
 * (`options`: whole numbers a lobby offers as boxes) and any other map of the same shape (`map`: a file).
 */
import { z } from "zod";
import { parseSingleInput } from "../../../core/inputs.js";
import { wholeIn } from "../../../core/ranges.js";
import { err, ok, type Problem, type Result } from "../../../core/result.js";
import type { Scenario, ScenarioInput } from "../../../core/ruleset.js";
import { FRONTIER } from "../deployment-map/frontier.js";
import type { FrontierMap } from "../deployment-map/map.js";
import type { BattleMode, SatharWarState, Settings } from "../model.js";
import { createCampaign, seatsFor } from "./create.js";

const BATTLE_MODES: readonly BattleMode[] = ["quick", "battleshift", "table"];

export const optionsSchema = z
  .strictObject({
    upfPlayers: wholeIn(1, 3, "upfPlayers").optional(),
    replacements: wholeIn(0, 1, "replacements").optional(),
    replacementFail: wholeIn(1, 101, "replacementFail").optional(),
    shatterDrones: wholeIn(0, 1, "shatterDrones").optional(),
    battles: wholeIn(1, 3, "battles").optional(),
    carrierCapacity: wholeIn(1, 20, "carrierCapacity").optional(),
    dayLimit: wholeIn(0, 10_000, "dayLimit").optional(),
  })
  .describe("the campaign's options; each left out takes the seeds' default");

export const OPTIONS_INPUT: ScenarioInput = {
  name: "options",
  description: "the campaign's options (UPF players, replacements, shatter drones, battles, day limit), left out the defaults",
  min: 0,
  max: 1,
  schema: optionsSchema,
  fields: [
    { name: "upfPlayers", description: "UPF players, 1 to 3 (default 1)", min: 1, max: 3 },
    { name: "replacements", description: "Replacements (optional rule): 1 on, 0 off (default off)", min: 0, max: 1 },
    { name: "shatterDrones", description: "Shatter drones (optional rule): 1 on, 0 off (default off)", min: 0, max: 1 },
    {
      name: "battles",
      description: "Battles: 1 quick (Knight Hawks tables), 2 fought out in Battleshift, 3 entered from the table (default 1)",
      min: 1,
      max: 3,
    },
    { name: "dayLimit", description: "Day limit: a draw after this day (default 0, no limit)", min: 0, max: 10_000 },
    { name: "replacementFail", description: "Sathar replacement roll lost for good from (default 36)", min: 1, max: 101 },
    { name: "carrierCapacity", description: "Fighters an assault carrier holds (default 8)", min: 1, max: 20 },
  ],
};

const place = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "an id of lower-case letters, digits and hyphens");
const named = z.string().min(1).max(120);
export const mapSchema = z
  .strictObject({
    name: named,
    source: z.string().max(1000).optional(),
    systems: z
      .array(
        z.strictObject({
          id: place,
          name: named,
          planets: z
            .array(z.strictObject({ id: place, name: named }))
            .min(1)
            .max(2),
          x: z.number().min(-1000).max(1000),
          y: z.number().min(-1000).max(1000),
        }),
      )
      .min(2)
      .max(200),
    routes: z
      .array(
        z.strictObject({
          a: place,
          b: place,
          boxes: z.number().int().min(2).max(100),
          jumpToB: z.number().int().min(1).max(100).optional(),
          jumpToA: z.number().int().min(1).max(100).optional(),
        }),
      )
      .min(1)
      .max(1000),
    circles: z
      .array(
        z.strictObject({
          id: place,
          name: named,
          system: place,
          redBoxes: z.number().int().min(1).max(100),
          x: z.number().min(-1000).max(1000),
          y: z.number().min(-1000).max(1000),
        }),
      )
      .min(2)
      .max(50),
  })
  .describe("a Frontier Deployment Map: systems with one or two planets, routes with their boxes, Sathar start circles");

/** A map file into a map, with a problem per fault (a route to no system, a station's planet missing...). */
export function parseMap(raw: unknown): Result<FrontierMap, Problem[]> {
  const p = mapSchema.safeParse(raw);
  if (!p.success)
    return err(p.error.issues.slice(0, 20).map((i) => ({ order: `map ${i.path.join(".")}`.trim(), code: "bad-map", message: i.message })));
  const m = p.data;
  const problems: Problem[] = [];
  const systems = new Set(m.systems.map((s) => s.id));
  const planets = new Set(m.systems.flatMap((s) => s.planets.map((x) => x.id)));
  if (systems.size !== m.systems.length) problems.push({ order: "map systems", code: "bad-map", message: "two systems share an id" });
  for (const [i, r] of m.routes.entries()) {
    if (!systems.has(r.a) || !systems.has(r.b))
      problems.push({ order: `map routes.${i}`, code: "bad-map", message: `route ${r.a}~${r.b} joins a system not on the map` });
    if ((r.jumpToB ?? 1) > r.boxes || (r.jumpToA ?? 1) > r.boxes)
      problems.push({ order: `map routes.${i}`, code: "bad-map", message: `a jump box must be one of the route's ${r.boxes} boxes` });
  }
  for (const [i, c] of m.circles.entries())
    if (!systems.has(c.system))
      problems.push({
        order: `map circles.${i}`,
        code: "bad-map",
        message: `start circle ${c.id} leads to ${c.system}, not a system of the map`,
      });
  // The orders of battle need their planets: every station's and militia's planet must be on the map.
  for (const needed of FRONTIER.systems
    .flatMap((s) => s.planets.map((p) => p.id))
    .filter((p) => !["laco", "volturnus", "yast", "histran", "hakosoar"].includes(p)))
    if (!planets.has(needed))
      problems.push({ order: "map systems", code: "bad-map", message: `the orders of battle need planet ${needed} on the map` });
  if (problems.length > 0) return err(problems.slice(0, 20));
  return ok({
    name: m.name,
    source: m.source ?? "a map file",
    systems: m.systems,
    routes: m.routes.map((r) => {
      const half = Math.ceil(r.boxes / 2);
      return { id: `${r.a}~${r.b}`, a: r.a, b: r.b, boxes: r.boxes, jumpToB: r.jumpToB ?? half, jumpToA: r.jumpToA ?? r.boxes - half + 1 };
    }),
    circles: m.circles,
  });
}

export const MAP_INPUT: ScenarioInput = {
  name: "map",
  description: "another Frontier Deployment Map (JSON or YAML; left out, the default Frontier)",
  min: 0,
  max: 1,
  schema: mapSchema,
};

interface WarInputs {
  settings: Partial<Settings>;
  upfPlayers: 1 | 2 | 3;
  map: FrontierMap;
}

export const WAR: Scenario<SatharWarState, WarInputs> = {
  id: "war",
  title: "The Second Sathar War",
  description:
    "The whole campaign of seeds 000/002: the Sathar invade the Frontier from their start circles; the UPF defends it until the Sathar destroy 12 stations with all four fortresses or meet their secret retreat condition.",
  inputs: [OPTIONS_INPUT, MAP_INPUT],
  parseInputs(raw) {
    const o = parseSingleInput(raw, "options", optionsSchema, "give the options once");
    const m = parseSingleInput(raw, "map", z.unknown(), "give one map");
    const problems: Problem[] = [...(o.ok ? [] : o.error), ...(m.ok ? [] : m.error)];
    let map = FRONTIER;
    if (m.ok && m.value !== undefined) {
      const parsed = parseMap(m.value);
      if (parsed.ok) map = parsed.value;
      else problems.push(...parsed.error);
    }
    if (problems.length > 0 || !o.ok) return err(problems);
    const v = o.value ?? {};
    const settings: Partial<Settings> = {};
    if (v.replacements !== undefined) settings.replacements = v.replacements === 1;
    if (v.replacementFail !== undefined) settings.replacementFail = v.replacementFail;
    if (v.shatterDrones !== undefined) settings.shatterDrones = v.shatterDrones === 1;
    if (v.battles !== undefined) settings.battles = BATTLE_MODES[v.battles - 1] ?? "quick";
    if (v.carrierCapacity !== undefined) settings.carrierCapacity = v.carrierCapacity;
    if (v.dayLimit !== undefined) settings.dayLimit = v.dayLimit;
    return ok({ settings, upfPlayers: (v.upfPlayers ?? 1) as 1 | 2 | 3, map });
  },
  create(_seed, inputs) {
    const i = inputs ?? { settings: {}, upfPlayers: 1, map: FRONTIER };
    // A hosted game's steps are numbered from 1 (store/check.ts `checkStep` refuses a game stored at step 0).
    return createCampaign(i.settings, seatsFor(i.upfPlayers), i.map);
  },
};
