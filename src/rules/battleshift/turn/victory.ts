/**
 * Victory ("End of a Turn"): "After all squadrons and Taskforces have been
 * activated, determine if either side has achieved its victory condition(s). If not,
 * the game continues for another turn. The game also ends if a player shifts all of
 * his units out of the game. The players then checks for secondary victory
 * conditions to determine who has won the game."
 *
 * The seed leaves the conditions to the scenario; RULINGS ("Victory points and
 * victory conditions") fixes them: a side wins outright when the enemy has no ship
 * left in or returning to the battle and at least one of those was destroyed or
 * captured (annihilation); otherwise, when a side has shifted everything out or the
 * turn limit is reached, the side with more Victory Points wins (equal: a draw).
 * VP: the cost of every enemy ship destroyed or captured, 3 per fighter wing,
 * half the cost of damaged ships escaping by emergency shift.
 */
import { type BattleState, type SideId, sideIds } from "../model.js";
import { planetsOfSide } from "../planets/planet-play.js";

export interface Verdict {
  winners: SideId[];
  reason: string;
}

/** Squadrons of a side still in the battle or coming back to it. */
export function presence(state: BattleState, side: SideId): { onTable: number; returning: number } {
  let onTable = 0;
  let returning = 0;
  for (const sq of Object.values(state.squadrons)) {
    if (sq.side !== side || sq.ships.length === 0) continue;
    if (sq.location === "table") onTable += sq.ships.length;
    else if (sq.location === "hyperspace" || sq.location === "reserve") returning += sq.ships.length;
  }
  return { onTable, returning };
}

function byVp(state: BattleState, why: string): Verdict {
  const [a, b] = sideIds(state) as [SideId, SideId];
  const va = state.sides[a]?.vp ?? 0;
  const vb = state.sides[b]?.vp ?? 0;
  if (va === vb) return { winners: [], reason: `${why}; a draw on victory points (${va} each)` };
  const w = va > vb ? a : b;
  return {
    winners: [w],
    reason: `${why}; ${state.sides[w]?.name ?? w} wins on victory points (${Math.max(va, vb)} to ${Math.min(va, vb)})`,
  };
}

/** The verdict now (null: the battle goes on). `endOfTurn` adds the turn limit. */
export function checkVictory(state: BattleState, endOfTurn: boolean): Verdict | null {
  const ids = sideIds(state);
  const gone = ids.filter((s) => {
    const p = presence(state, s);
    // RULINGS "Planets and moons in play": a side still holding a quadrant of its planet or moon fights on.
    return p.onTable + p.returning === 0 && planetsOfSide(state, s).length === 0;
  });
  if (gone.length === 2) return byVp(state, "neither side has a ship left in the battle");
  if (gone.length === 1) {
    const loser = gone[0] as SideId;
    const winner = ids.find((s) => s !== loser) as SideId;
    const destroyed = Object.values(state.squadrons).some(
      (sq) => sq.side === loser && (sq.goneReason === "destroyed" || sq.goneReason === "captured" || sq.goneReason === "abandoned"),
    );
    const shifted = Object.values(state.squadrons).some(
      (sq) => sq.side === loser && (sq.goneReason === "shifted" || sq.goneReason === "emergency"),
    );
    if (destroyed && !shifted)
      return {
        winners: [winner],
        reason: `${state.sides[loser]?.name ?? loser} has no ship left: ${state.sides[winner]?.name ?? winner} wins by annihilation`,
      };
    return byVp(state, `${state.sides[loser]?.name ?? loser} has no ship left in the battle (shifted out or lost)`);
  }
  if (endOfTurn && state.turn >= state.settings.turnLimit) return byVp(state, `the turn limit (${state.settings.turnLimit}) is reached`);
  return null;
}
