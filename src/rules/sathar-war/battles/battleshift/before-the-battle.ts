/**
 * What happens before a battle fought out in Battleshift, by the Knight Hawks rules the quick battle uses: Battleshift
 * has no mines, seeker missiles or shatter drones, so they are resolved first, as the attacker comes in, with the
 * quick battle's own code and dice (`asTheFleetsClose`: seed 000 "Declaring Combat", "the defender may place all of
 * its mines and seeker missiles before the battle begins"; "SHATTER DRONES (Optional)"). The ships then go into
 * Battleshift with the damage they now carry (the conversion table shrinks their hull and takes off what is knocked
 * out); a ship destroyed by them never enters it, and a detonated drone's fate is "detonated" (C.2 #20).
 *
 * Pure: the input is not changed. When there are neither mines nor drones to detonate no die is rolled and the input
 * goes to Battleshift as it came.
 */
import type { Rng } from "../../../../core/rng.js";
import type { BattleInput, BattleLine, BattleShip, ShipOutcome } from "../battle.js";
import { asTheFleetsClose, clean, settleAll, startFight } from "../quick/quick-battle.js";
import { DESTROYED, DETONATED } from "../quick/units.js";

export interface BeforeTheBattle {
  /** The battle Battleshift fights: the ships left, with their damage and spent charges now. */
  input: BattleInput;
  /** The ships that never reach Battleshift (destroyed by mines and seekers, or detonated), by id. */
  outcomes: Record<string, ShipOutcome>;
  /** The report's lines, with their dice. */
  lines: BattleLine[];
}

/** Whether anything happens before the battle: mines or seekers laid, or a side's drones to detonate. */
function anything(input: BattleInput): boolean {
  const mines = input.mines !== undefined && input.mines.mines + input.mines.seekers > 0;
  const drones = input.ships.some((s) => s.drone === true && input.detonateDrones?.[s.side] === true);
  return mines || drones;
}

/** Mines, seekers and shatter drones, before the Battleshift battle (module comment). */
export function beforeTheBattle(input: BattleInput, rng: Rng): BeforeTheBattle {
  if (!anything(input)) return { input, outcomes: {}, lines: [] };
  const f = startFight(input, rng);
  f.round = 0;
  asTheFleetsClose(f);
  settleAll(f);
  const unit = new Map(f.units.filter((u) => !u.station).map((u) => [u.id, u]));
  const outcomes: Record<string, ShipOutcome> = {};
  const ships: BattleShip[] = [];
  for (const s of input.ships) {
    const u = unit.get(s.id);
    // A ship that came in wrecked (no hull left) is not the mines' doing: it goes on as it came.
    if (!u || u.hpStart <= 0) {
      ships.push(s);
      continue;
    }
    if (u.status === DESTROYED || u.status === DETONATED) {
      outcomes[s.id] = {
        fate: u.status === DESTROYED ? "destroyed" : "detonated",
        damage: clean(u.damage),
        spent: clean(u.spent),
        fired: false,
      };
      continue;
    }
    ships.push({ ...s, damage: clean(u.damage), spent: clean(u.spent) });
  }
  const lines = f.lines.map((l) => ({ ...l, text: `Before the Battleshift battle: ${l.text}` }));
  return { input: { ...input, ships }, outcomes, lines };
}
