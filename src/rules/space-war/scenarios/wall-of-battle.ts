/**
 * 6.0 Wall of Battle - fleet actions (seed 001 l.1011-1035): "four or six player games with equal numbers of squadrons
 * on each side" (l.1017). What is its own, apart from the rules each part already keeps by alliance (`enemiesOf`):
 * - the sides, diced every game after the designs (l.1019 "After designing Vessels, randomly dice to see who's on which
 *   side!", C.34): every seat rolls a d6, the tied rolling again among themselves; the higher half is side 1;
 * - the homes: side 1 on the west narrow edge, side 2 on the east, each squadron its own planet 6" in from its edge,
 *   the planets spread evenly along the edge (l.872, l.888 read for several squadrons: RULINGS.md "6.0 Wall of Battle");
 * - the nuke's rule (l.1023): "can only explode a nuke within blast radius of an enemy Craft";
 * - the order of play (l.1031): random for the whole game (deployment's `orderOfPlay`), or, with the setting
 *   `wallOrder: "turn"`, dealt again at the start of every complete turn (the Squadron Cards, C.35).
 */
import type { SeatId } from "../../../core/ids.js";
import type { StepContext } from "../campaign-sequence/step.js";
import { enemiesOf, onTable } from "../campaign-sequence/step.js";
import type { Roll } from "../events.js";
import type { Battle, Craft, Point, Side, SpaceWarState } from "../model.js";
import { nukeRadius } from "../technology-cards/cards.js";
import { holds } from "../technology-cards/in-play.js";
import { CONTACT, distance, inchesText } from "../the-turn/geometry.js";

/** The seats ranked by d6, highest first, the tied rolling again among themselves (each roll kept for the event). */
export function rankByDice(ctx: StepContext, seats: readonly SeatId[], what: string, rolls: Roll[]): SeatId[] {
  if (seats.length <= 1) return [...seats];
  const scores = seats.map((s) => {
    const value = ctx.rng.d6();
    rolls.push({ die: "d6", value, for: `${s}'s ${what}` });
    return { s, value };
  });
  const values = [...new Set(scores.map((x) => x.value))].sort((a, b) => b - a);
  return values.flatMap((v) =>
    rankByDice(
      ctx,
      scores.filter((x) => x.value === v).map((x) => x.s),
      what,
      rolls,
    ),
  );
}

/** l.1019: the two alliances of this game, by dice; every seat sees them (the sides are public). */
export function diceSides(ctx: StepContext): Record<SeatId, Side> {
  const seats = ctx.state.seats.map((s) => s.id);
  const rolls: Roll[] = [];
  const ranked = rankByDice(ctx, seats, "side", rolls);
  const half = Math.ceil(ranked.length / 2);
  const sides: Record<SeatId, Side> = {};
  ranked.forEach((s, i) => {
    sides[s] = i < half ? 1 : 2;
  });
  const one = seats.filter((s) => sides[s] === 1);
  const two = seats.filter((s) => sides[s] === 2);
  ctx.emit("sides", `The sides are diced (l.1019): ${one.join(", ")} against ${two.join(", ")} (the higher ${half} rolls are one side).`, {
    rolls,
  });
  return sides;
}

/**
 * Where each squadron's planet stands (l.872, l.888, read for the Wall of Battle): side 1 along the west narrow edge,
 * side 2 along the east, `PLANET_IN` in from it, the planets of a side spread evenly along the edge (the k-th of n at
 * depth (k + 1) / (n + 1)): 16" and 32" for two, 12", 24" and 36" for three.
 */
export function wallHomes(
  seats: readonly SeatId[],
  sides: Readonly<Record<SeatId, Side>>,
  table: { width: number; depth: number },
  planetIn: number,
): { seat: SeatId; edge: "west" | "east"; at: Point }[] {
  const out: { seat: SeatId; edge: "west" | "east"; at: Point }[] = [];
  for (const side of [1, 2] as const) {
    const mine = seats.filter((s) => sides[s] === side);
    const edge = side === 1 ? "west" : "east";
    mine.forEach((seat, k) => {
      const y = Math.round(((table.depth * (k + 1)) / (mine.length + 1)) * 100) / 100;
      out.push({ seat, edge, at: { x: edge === "west" ? planetIn : table.width - planetIn, y } });
    });
  }
  return out;
}

/**
 * l.1023: "can only explode a nuke within blast radius of an enemy Craft": why the carrier may not explode its nuke
 * now (no enemy craft on the table, face up or down, in contact or within the radius: 3", or 5" with the EMP card),
 * or undefined. Only where there are alliances (`Campaign.sides`); a nuke set off by a ram (S8) touches an enemy.
 */
export function nukeProblem(state: SpaceWarState, b: Battle, carrier: Craft): string | undefined {
  if (state.campaign.sides === undefined || !onTable(carrier)) return undefined;
  const radius = nukeRadius(holds(state, carrier.owner, "emp-nukes"));
  const enemies = new Set(enemiesOf(state, carrier.owner));
  const at = carrier.where.at;
  let nearest = Number.POSITIVE_INFINITY;
  for (const c of b.craft) {
    if (!enemies.has(c.owner) || !onTable(c)) continue;
    const d = distance(at, c.where.at);
    if (d <= Math.max(radius, CONTACT)) return undefined;
    nearest = Math.min(nearest, d);
  }
  const near = Number.isFinite(nearest) ? `the nearest enemy craft is ${inchesText(nearest)} away` : "no enemy craft is on the table";
  return `${carrier.id}'s blast radius is ${radius}" and ${near}: in the Wall of Battle you "can only explode a nuke within blast radius of an enemy Craft" (l.1023)`;
}
