/**
 * What the check (check.ts, the FAQ's "scroll") learns while it runs a turn on
 * what one empire knows (view.ts `knownState`), with that empire's orders only:
 * which outcomes are certain, which depend on dice (and with what odds), and
 * which depend on what the empire cannot see or on other empires' orders. A
 * real turn has no preview; the rules ask `ctx.preview` only to say so.
 */
import { mixSeed, Rng } from "../../core/rng.js";
import { BattleArrays, type BattleInput, type BattleReport, fightBattle } from "./battle.js";
import type { AdmiralId, EmpireId, SectorId } from "./model.js";

/** Battles simulated for a battle's odds: fewer for big battles, so a check stays quick. */
export function oddsRuns(ships: number): number {
  return Math.max(50, Math.min(200, Math.round(20_000 / Math.max(1, ships))));
}

export class Preview {
  /** Event index from which outcomes depend on chance or on the unknown (null while every outcome is certain). */
  from: number | null = null;
  /** Why, each with the index of the first event it may change, in order. */
  readonly causes: { at: number; why: string }[] = [];
  /** Events that say what cannot be verified from what the empire knows, with the order they are about. */
  readonly unknown = new Map<number, string>();
  /** A battle's odds, by its report. */
  readonly odds = new Map<BattleReport, string>();
  /** Where each battle began in the events (what came before it decides whether it is fought for certain). */
  readonly battleAt = new Map<BattleReport, number>();
  /** What has been said once already ("travel into 12", "search by A5"), so it is said once. */
  readonly said = new Set<string>();
  /** Battles simulated so far (each battle's simulations get their own generator). */
  private battles = 0;

  /**
   * `seen`: the sectors the empire sees at the start of the turn. `simulate`: work
   * out the odds of battles (off in the check's trial runs, which only count outcomes).
   */
  constructor(
    readonly empire: EmpireId,
    readonly seen: ReadonlySet<SectorId>,
    readonly seed: number,
    readonly simulate = true,
  ) {}

  /** From the next event on, outcomes may depend on `why` (dice, or what the empire cannot see). */
  uncertain(at: number, why: string): void {
    if (this.from === null) this.from = at;
    if (!this.causes.some((c) => c.why === why)) this.causes.push({ at, why });
  }

  /** Why the event at `index` is not certain: the causes known by then ("" if it is certain). */
  causesAt(index: number): string {
    const known = this.causes.filter((c) => c.at <= index).map((c) => c.why);
    if (known.length === 0) return "";
    return known.length <= 2 ? known.join("; ") : `${known.slice(0, 2).join("; ")} and ${known.length - 2} more`;
  }

  /**
   * The odds of a battle the empire fights in, from simulated battles (battle.ts, the
   * engine the turn uses), as one line: who holds the field, how often each of the
   * empire's units retreats or is destroyed and what it loses, how often each of its
   * admirals is killed.
   */
  battleOdds(input: BattleInput): string | null {
    const mine = input.units.filter((u) => u.owner === this.empire);
    if (!this.simulate || mine.length === 0) return null;
    const ships = input.units.reduce((n, u) => n + u.ships.reduce((k, s) => k + s.count, 0), 0);
    const runs = oddsRuns(ships);
    const rng = Rng.fromSeed(mixSeed(this.seed, ++this.battles, "check-odds"));
    const arrays = new BattleArrays();
    let held = 0;
    let none = 0;
    const retreats = new Map<string, number>();
    const destroyed = new Map<string, number>();
    const lost = new Map<string, number>();
    const killed = new Map<AdmiralId, number>();
    const sim = { ...input, report: false };
    for (let r = 0; r < runs; r++) {
      const out = fightBattle(sim, rng, arrays);
      if (out.holders.includes(this.empire)) held++;
      if (out.holders.length === 0) none++;
      for (const u of out.units) {
        const before = mine.find((m) => m.id === u.id);
        if (!before) continue;
        const had = before.ships.reduce((k, s) => k + s.count, 0);
        const left = u.ships.reduce((k, s) => k + s.count, 0);
        lost.set(u.id, (lost.get(u.id) ?? 0) + had - left);
        if (u.retreatedAfterRound !== null) retreats.set(u.id, (retreats.get(u.id) ?? 0) + 1);
        if (left === 0 && u.admiralsLost.length >= before.admirals.length) destroyed.set(u.id, (destroyed.get(u.id) ?? 0) + 1);
        for (const a of u.admiralsLost) killed.set(a, (killed.get(a) ?? 0) + 1);
      }
    }
    const pct = (n: number) => `${Math.round((100 * n) / runs)}%`;
    const bits = [
      `odds from ${runs} simulated battles: you hold the field in ${pct(held)}, no one in ${pct(none)}, the other side in ${pct(runs - held - none)}`,
    ];
    for (const u of mine) {
      const mean = (lost.get(u.id) ?? 0) / runs;
      // Garrisons never retreat (chapter 5, "Units").
      const retreat = u.kind === "garrison" ? "" : `retreats in ${pct(retreats.get(u.id) ?? 0)} and `;
      bits.push(`${u.id} ${retreat}is destroyed in ${pct(destroyed.get(u.id) ?? 0)}, losing ${mean.toFixed(1)} starships on average`);
      for (const a of u.admirals) bits.push(`${a.name} (${a.id}) is killed in ${pct(killed.get(a.id) ?? 0)}`);
    }
    if (input.units.some((u) => u.owner !== this.empire && u.admirals.length > 0))
      bits.push("the skills of the enemy's admirals are unknown to you and taken as none");
    return bits.join("; ");
  }
}
