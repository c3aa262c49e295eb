/**
 * Setting up the table for a game (l.872-892 and each scenario's own set-up, l.903, l.936-938, l.1004): a 72" x 48"
 * table (reference E.1); each seat's home on a narrow edge (the first seat west, x = 0; the next east), with its
 * planet, 3" across, 6" in from the centre of its edge (l.872, l.888); the Space Stations (l.876: "a type of
 * un-powered Vessel randomly deployed 6" from the planet on its side nearer the enemy", 12 hotel modules), each at a
 * random angle within ±90° of the way to the enemy edge (E.12); the craft bought (placed by the deployment step); the
 * Convoy's transports (l.936-938) with the escort; each seat's tally. Then the deployment step.
 */
import type { SeatId } from "../../../core/ids.js";
import { enemiesOf, type StepContext } from "../campaign-sequence/step.js";
import { type Battle, type Craft, craftOf, type Point, type Role } from "../model.js";
import { CARD_DATA } from "../technology-cards/cards.js";
import { useCard } from "../technology-cards/in-play.js";
import { along, TABLE } from "../the-turn/geometry.js";
import { CONVOY_TRANSPORTS, type ScenarioId, SPACE_STATION_MODULES, TRANSPORT } from "./scenarios.js";
import { wallHomes } from "./wall-of-battle.js";

/** A planet's diameter: "spheres about 3" across" (l.872). */
export const PLANET_DIAMETER = 3;
/** How far in from the centre of its edge a home planet stands (l.872, l.888). */
export const PLANET_IN = 6;
/** How far from its planet the Space Station stands (l.876). */
export const STATION_OFF = 6;

/** The heading from a home edge toward the enemy's: east from the west edge, west from the east. */
export const towardEnemy = (edge: "west" | "east"): number => (edge === "west" ? 90 : 270);

/**
 * Whose planets have a Space Station (RULINGS.md "Space Stations"): in a Squadron Action every seat's ("with one
 * planet ... and a Space Station", l.888, each player); against the CT's (l.903) and the machines (l.1008, C.15) the
 * defending squadron's; none in the Convoy (l.936-958 names none, and its task cards are irrelevant, l.958).
 */
export function stationSeats(scenario: ScenarioId, roles: Readonly<Record<SeatId, Role>>, seats: readonly SeatId[]): SeatId[] {
  if (scenario === "squadron-action" || scenario === "wall-of-battle") return [...seats];
  if (scenario === "convoy-escort") return [];
  return seats.filter((s) => roles[s] === "squadron");
}

/** The Space Station, a franchise of the seat's side: 12 hotel modules, civilian, un-powered (no Engine), face up. */
export function spaceStation(seat: SeatId, at: Point): Craft {
  return {
    id: `${seat}-station`,
    owner: seat,
    design: "Space Station",
    type: "vessel",
    modules: Array.from({ length: SPACE_STATION_MODULES }, () => ({ module: "hotel" as const, damaged: false })),
    where: { kind: "table", at, heading: 0 },
    pendingHits: 0,
    civilian: true,
    station: true,
  };
}

/** Military craft: not the station, not a civilian transport (ruling C.39; l.805). */
export const military = (c: Craft): boolean => !c.station && !c.civilian;

export function setUpBattle(ctx: StepContext, forces: Readonly<Record<SeatId, Craft[]>>): void {
  const c = ctx.state.campaign;
  const scenario = c.scenario ?? "squadron-action";
  const roles = c.roles ?? {};
  const seats = ctx.state.seats.map((s) => s.id);
  const table = { width: TABLE.width, depth: TABLE.depth };
  const battle: Battle = {
    scenario,
    turn: 1,
    order: [...seats],
    active: seats[0] ?? "blue",
    table,
    planets: [],
    craft: [],
    gaveUp: [],
    tally: {},
    homes: {},
  };
  if (c.sides !== undefined)
    // The Wall of Battle: each alliance along its own narrow edge, each squadron its own planet (wall-of-battle.ts).
    for (const h of wallHomes(seats, c.sides, table, PLANET_IN)) {
      battle.homes[h.seat] = { planet: battle.planets.length, edge: h.edge };
      battle.planets.push({ at: h.at, diameter: PLANET_DIAMETER });
    }
  else
    seats.forEach((seat, i) => {
      const edge = i % 2 === 0 ? "west" : "east";
      const at = { x: edge === "west" ? PLANET_IN : table.width - PLANET_IN, y: table.depth / 2 };
      battle.homes[seat] = { planet: battle.planets.length, edge };
      battle.planets.push({ at, diameter: PLANET_DIAMETER });
    });
  for (const seat of seats) {
    const craft = [...(forces[seat] ?? [])];
    if (roles[seat] === "escort")
      for (let i = 0; i < CONVOY_TRANSPORTS; i++)
        craft.push({ ...craftOf(`${seat}-${craft.length + 1}`, seat, TRANSPORT), civilian: true });
    battle.craft.push(...craft);
    battle.tally[seat] = { started: craft.filter(military).length, lost: 0, destroyed: [], captured: [], tasks: [] };
  }
  for (const seat of stationSeats(scenario, roles, seats)) {
    const home = battle.homes[seat];
    const planet = home ? battle.planets[home.planet] : undefined;
    if (!home || !planet) continue;
    const offset = ctx.rng.int(-90, 90);
    const heading = (towardEnemy(home.edge) + offset + 360) % 360;
    const at = along(planet.at, heading, STATION_OFF);
    battle.craft.push(spaceStation(seat, { x: Math.round(at.x * 100) / 100, y: Math.round(at.y * 100) / 100 }));
    ctx.emit("station", `${seat}'s Space Station stands 6" from its planet, ${offset}° from the way to the enemy (l.876, E.12).`, {
      craft: [`${seat}-station`],
    });
  }
  c.battle = battle;
  for (const q of c.squadrons) q.redesigned = false;
  // Traitor (l.708-710): "Enemy player must reveal the composition of his or her force before deployment!"
  for (const seat of seats)
    if (useCard(ctx, seat, "traitor"))
      for (const enemy of enemiesOf(ctx.state, seat)) {
        const counts = new Map<string, number>();
        for (const k of battle.craft.filter((x) => x.owner === enemy && !x.station)) counts.set(k.design, (counts.get(k.design) ?? 0) + 1);
        ctx.emit(
          "traitor",
          `${CARD_DATA.traitor.name}: ${enemy}'s force is ${[...counts].map(([d, n]) => `${n} ${d}`).join(", ") || "nothing"}.`,
          { to: [seat] },
        );
      }
  c.step = "deploy";
}
