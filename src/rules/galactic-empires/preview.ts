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

/**
 * What an event is about, for the check's certainty: "unit:A1", "sector:3", "empire:alpha" (its treasury and
 * holdings). A line is in doubt only when something it is about was touched by dice or by the unknown before it.
 */
export type Subject = `unit:${string}` | `sector:${number}` | `empire:${string}`;

export class Preview {
  /** Event index from which some outcome depends on chance or on the unknown (null while every outcome is certain). */
  from: number | null = null;
  /** Why, each with the index of the first event it may change, in order. */
  readonly causes: { at: number; why: string }[] = [];
  /** Event index from which every outcome is in doubt: a cause the rules tied to no subject (null while none). */
  everything: number | null = null;
  /** Subjects in doubt: from which event index, and why (the first cause that touched each). */
  readonly tainted = new Map<Subject, { at: number; why: string }>();
  /** What each event is about, where the rules said; an event the rules said nothing of is in doubt from the first cause on. */
  readonly about = new Map<number, readonly Subject[]>();
  /** Events that say what cannot be verified from what the empire knows, with the order they are about. */
  readonly unknown = new Map<number, string>();
  /** A battle's odds, by its report. */
  readonly odds = new Map<BattleReport, string>();
  /** Where each battle began in the events. */
  readonly battleAt = new Map<BattleReport, number>();
  /** Why each battle may not be fought at all: what was in doubt about its units and sector before it ("" if nothing). */
  readonly battleDoubt = new Map<BattleReport, string>();
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

  /**
   * From event `at` on, outcomes may depend on `why` (dice, or what the empire cannot see): those about
   * `subjects` when given, else every outcome (the safe answer where the rules cannot say what it touches).
   */
  uncertain(at: number, why: string, subjects?: readonly Subject[]): void {
    if (this.from === null) this.from = at;
    if (!this.causes.some((c) => c.why === why)) this.causes.push({ at, why });
    if (subjects === undefined) {
      if (this.everything === null) this.everything = at;
    } else for (const k of subjects) if (!this.tainted.has(k)) this.tainted.set(k, { at, why });
  }

  /**
   * Event `index` is about `subjects`. Doubt spreads through it: if one of them is in doubt by then, so are the
   * others from here on, and `alsoTouched` (a fleet that may have lost starships makes the sector it enters, and
   * its owner's treasury, uncertain too).
   */
  record(index: number, subjects: readonly Subject[], alsoTouched: readonly Subject[] = []): void {
    this.about.set(index, subjects);
    const doubt = subjects.map((k) => this.tainted.get(k)).find((t) => t !== undefined && t.at <= index);
    if (doubt) for (const k of [...subjects, ...alsoTouched]) if (!this.tainted.has(k)) this.tainted.set(k, { at: index, why: doubt.why });
  }

  /** From event `at` on, `to` are in doubt for the reason `from` is, if it is (a retreat carries a battle's chance to where it goes). */
  spread(from: Subject, to: readonly Subject[], at: number): void {
    const t = this.tainted.get(from);
    if (t) for (const k of to) if (!this.tainted.has(k)) this.tainted.set(k, { at, why: t.why });
  }

  /** Why the event at `index` is in doubt: the causes that reach it; "" when it is certain. */
  doubtAt(index: number): string {
    return this.doubtOf(index, this.about.get(index));
  }

  /** Why an event at `index` about `subjects` (undefined: the rules did not say) would be in doubt; "" when certain. */
  doubtOf(index: number, subjects: readonly Subject[] | undefined): string {
    if (this.from === null || index < this.from) return "";
    if ((this.everything !== null && index >= this.everything) || subjects === undefined) return this.causesAt(index);
    const whys: string[] = [];
    for (const k of subjects) {
      const t = this.tainted.get(k);
      if (t && t.at <= index && !whys.includes(t.why)) whys.push(t.why);
    }
    return whys.length <= 2 ? whys.join("; ") : `${whys.slice(0, 2).join("; ")} and ${whys.length - 2} more`;
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
