/**
 * The working context of one resolve step: the (cloned) state being changed,
 * the dice, the events, the problems and the check lines ("the measured figure
 * behind every ruling"). It also applies the results of an attack to a squadron
 * ("Basic Combat Resolution" 4-6): suppression markers (once per enemy
 * Taskforce activation), damage, ships destroyed or disabled, the Flagship
 * being the last ship destroyed, fighters lost with their carriers and the
 * Victory Points the enemy scores.
 */
import { own } from "../../core/ids.js";
import type { Problem } from "../../core/result.js";
import type { Rng } from "../../core/rng.js";
import type { CheckLine } from "../../core/ruleset.js";
import {
  type Attack,
  type AttackOutcome,
  effectiveTargeting,
  type MixedSquadron,
  resolveAttack,
  resolveCombinedAttack,
  resolveMixedCombinedAttack,
  saveNumber,
  shieldReduction,
  type TargetSquadron,
} from "./combat/combat.js";
import { LosContext } from "./combat/line-of-sight.js";
import { type BsEvent, diceList, type FireEvent, type NoteEvent, type Roll, roll, rolledField } from "./events.js";
import { centroid, type Point } from "./geometry.js";
import {
  type BattleState,
  type Capabilities,
  capsOf,
  designOfSquadron,
  type Flight,
  type MixedRoster,
  otherSide,
  type SideId,
  type Squadron,
  shipDesignOf,
  squadronList,
  wingsAboard,
} from "./model.js";
import { describeOrder, type Order } from "./orders.js";

/** "Fighter wings that are destroyed count as 3 VP each for the enemy." */
export const VP_PER_WING = 3;

export class Ctx {
  readonly events: BsEvent[] = [];
  readonly problems: Problem[] = [];
  readonly lines: CheckLine[] = [];
  readonly los: LosContext;
  constructor(
    readonly state: BattleState,
    readonly rng: Rng,
    /** The seat whose step this is (the activating side, or each side in turn for the order sheet). */
    public side: SideId,
    /** A preview (check): the same code runs on a copy; dice are stand-ins. */
    readonly preview = false,
  ) {
    this.los = new LosContext(state);
  }

  /** The place in the orders file as written of each order of the list this step carries out (default: its index). */
  orderPositions: readonly number[] = [];

  /** The `order` field of a problem about the `i`th order of the list: "#3 move blue-tf1-s1", by its place in the file. */
  orderLabel(o: Order, i: number): string {
    return describeOrder(o, this.orderPositions[i] ?? i);
  }

  get act(): number {
    return this.state.activationNo;
  }

  note(what: string, text: string, extra: Partial<NoteEvent> = {}): void {
    this.events.push({ kind: "note", what, text, act: this.act, turn: this.state.turn, ...extra });
  }

  push(e: BsEvent): void {
    this.events.push(e);
  }

  ok(step: string, order: string, text: string): void {
    this.lines.push({ step, order, text, ok: true });
  }

  /** A failed order: a problem for the seat, a check line, and a private event. */
  fail(step: string, order: string, code: string, message: string, side: SideId = this.side): void {
    const problem = { order, code, message };
    if (side === this.side) {
      this.problems.push(problem);
      this.lines.push({ step, order, text: message, ok: false });
    }
    this.events.push({
      kind: "problem",
      step,
      problem,
      to: [side],
      act: this.act,
      turn: this.state.turn,
      text: `${order}: ${message} (${code})`,
    });
  }

  sq(id: string): Squadron | undefined {
    return own(this.state.squadrons, id);
  }

  caps(sq: Squadron): Capabilities {
    return capsOf(this.state, sq);
  }

  addVp(side: SideId, vp: number, why: string): void {
    if (!(vp > 0)) return;
    const s = this.state.sides[side];
    if (!s) return;
    s.vp += vp;
    s.vpLog.push({ turn: this.state.turn, vp, why });
  }

  /**
   * Basic Combat Resolution 4): a suppression marker, at most one per enemy taskforce activation.
   * Places it unless the squadron already took one this activation; true when it was placed now.
   */
  placeSuppression(target: Squadron): boolean {
    if (target.suppressedAt === this.act) return false;
    target.suppression++;
    target.suppressedAt = this.act;
    return true;
  }

  /**
   * The "fire" event of one attack on `target` (at `targetPos`), with lines of fire from `firers`: the dice
   * as the combat code rolled them (`dice`, every group in the order rolled) and the result as applied to the
   * squadron (`applied`).
   */
  private fireEvent(
    firers: Squadron[],
    firer: string,
    target: Squadron,
    targetPos: Point,
    attack: Attack,
    label: string,
    bySide: SideId,
    out: Pick<FireEvent, "rolls" | "hits" | "damage"> & { shieldRolls: number[] },
    applied: Pick<FireEvent, "suppressed" | "destroyed" | "disabled" | "damageTaken" | "shipsLeft">,
    dice: Roll[],
    text: string,
  ): void {
    this.events.push({
      kind: "fire",
      side: bySide,
      weapon: label,
      firer,
      from: firers.map((f) => f.id),
      fromPos: firers.map((f) => centroid(f.ships)),
      target: target.id,
      targetPos,
      dice: attack.dice,
      targeting: attack.targeting,
      rolls: out.rolls,
      hits: out.hits,
      suppressed: applied.suppressed,
      // The shield dice actually rolled (none when the weapon leaves the hardness at 0: RULINGS "Shield saves").
      shieldsUsed: out.shieldRolls.length,
      damage: out.damage,
      destroyed: applied.destroyed,
      disabled: applied.disabled,
      damageTaken: applied.damageTaken,
      shipsLeft: applied.shipsLeft,
      act: this.act,
      turn: this.state.turn,
      text,
      ...rolledField(...dice),
    });
  }

  /** The target as the combat module sees it. */
  targetOf(sq: Squadron): TargetSquadron {
    const d = designOfSquadron(this.state, sq);
    return {
      ships: sq.ships.length,
      size: d.size,
      shieldsPerShip: d.shields,
      hardness: d.hardness,
      hull: d.hull,
      damageTaken: sq.damage,
      hullRule: d.hullRule,
      suppressedAlready: sq.suppressedAt === this.act,
      disabled: sq.ships.filter((s) => s.disabled).length,
      // "The Total Damage is the value of the hulls of the entire squadron": as it entered the battle.
      totalHull: sq.initialShips * d.hull,
      hitsPerShip: d.hitsToSuppress,
    };
  }

  /**
   * Resolve one attack on a squadron with the engine's combat code and apply it.
   * `firers` are for the event (lines of fire); `by` scores the VP (default the activating side). `focus`:
   * fire focused on that one ship ("there is no suppression if fire is focused on one
   * ship"): one ship's shields, the squadron's damage and tests, and only that ship can be
   * destroyed or disabled (RULINGS "Fire focused on one ship"). `combined`: several attacks in one (weapon
   * classes, or synchronised squadrons at their own targeting: combat.ts resolveCombinedAttack; `attack` then
   * only labels the event), each named by `parts` in the report. `firer` names who fires when no squadron does
   * (a planet's quadrant, a hazard).
   */
  attackSquadron(
    firers: Squadron[],
    target: Squadron,
    attack: Attack,
    label: string,
    opts: { by?: SideId; focus?: string; combined?: Attack[]; parts?: string[]; firer?: string } = {},
  ): AttackOutcome {
    const bySide = opts.by ?? this.side;
    const combined = opts.combined && opts.combined.length > 1 ? opts.combined : undefined;
    const attacks = combined ?? [opts.combined?.[0] ?? attack];
    const firer = opts.firer ?? (firers.map((f) => f.id).join("+") || label);
    if (target.mixed && !opts.focus)
      return this.attackMixed(firers, firer, opts.firer, target, target.mixed, attacks, attack, label, bySide, opts.parts);
    const before = target.ships.length;
    const focus = opts.focus ? target.ships.find((s) => s.id === opts.focus) : undefined;
    const whole = this.targetOf(target);
    const aimed: TargetSquadron = focus ? { ...whole, ships: 1, disabled: focus.disabled ? 1 : 0 } : whole;
    const asFired = focus ? attacks.map((a) => ({ ...a, noSuppression: true })) : attacks;
    const out = asFired.length > 1 ? resolveCombinedAttack(asFired, aimed, this.rng) : resolveAttack(asFired[0] as Attack, aimed, this.rng);
    const disabled = Math.max(0, Math.min(out.newlyDisabled, before));
    const suppressed = out.suppressed && this.placeSuppression(target);
    target.damage = out.damageTaken;
    const destroyed = Math.max(0, Math.min(before, out.destroyed));
    const at = centroid(target.ships);
    const d = designOfSquadron(this.state, target);
    const shieldNeed = asFired.length === 1 ? d.hardness - shieldReduction(asFired[0] as Attack) : undefined;
    const testNeed = attacks.every((a) => !a.disable && !a.ion && !a.heavyIon) ? saveNumber(d.hullRule) : undefined;
    const dice = [
      ...toHitDice(attacks, out.attackRolls, opts.parts),
      roll("shields", out.shieldRolls, shieldNeed),
      roll("super heavy damage (a d3 each)", out.damageRolls, undefined, 3),
      roll(
        "destruction tests",
        out.tests.map((t) => t.roll),
        testNeed,
      ),
    ];
    const shields = shieldText(out, d.shields, d.hardness, asFired, shieldNeed, shieldless(d));
    const tests = out.tests.length
      ? `; destruction tests ${diceList(out.tests.map((t) => t.roll))}${testNeed !== undefined ? ` needing ${testNeed} or less` : ""}`
      : "";
    this.fireEvent(
      firers,
      firer,
      target,
      at,
      attack,
      label,
      bySide,
      out,
      { suppressed, destroyed, disabled, damageTaken: out.damageTaken, shipsLeft: Math.max(0, before - destroyed) },
      dice,
      `${fireSubject(firers, opts.firer, label)} ${focus ? `${focus.id} of ` : ""}${target.id}: ${toHitText(attacks, out.attackRolls, out.hits, opts.parts)}${suppressed ? ", suppressed" : ""}` +
        `${shields}; ${damageText(out.damage, out.damageRolls)}${tests}` +
        `${destroyed ? `: ${destroyed} ship${destroyed === 1 ? "" : "s"} destroyed` : ""}${disabled ? `${destroyed ? "," : ":"} ${disabled} disabled` : ""} (damage now ${out.damageTaken})`,
    );
    if (focus) {
      if (disabled > 0) focus.disabled = true;
      if (destroyed > 0) {
        // The focused ship is the one removed: last in the list, of its own disabled state.
        target.ships = target.ships.filter((s) => s !== focus).concat([focus]);
        this.destroyShips(target, 1, bySide, "destroyed", at, focus.disabled);
      }
    } else {
      if (disabled > 0) this.disableShips(target, disabled);
      if (destroyed > 0) this.destroyShips(target, destroyed, bySide, "destroyed", at);
    }
    this.los.invalidate(target.id);
    return out;
  }

  /**
   * An attack on a mixed squadron ("New rules for mixed ships in a Squadron") with the combat code's
   * `resolveMixedCombinedAttack`: shields from the next ships in line, suppression by the hits per ship added
   * up, the threshold "total hull ... divided by the number of ships and rounded down", tests taken by the
   * ships in the written order, cycling. The ship that fails is the one lost or disabled; "The Flagship is
   * always the last ship destroyed in its squadron": a failed test of the flagship takes the next ship in line.
   */
  private attackMixed(
    firers: Squadron[],
    firer: string,
    named: string | undefined,
    target: Squadron,
    roster: MixedRoster,
    attacks: Attack[],
    attack: Attack,
    label: string,
    bySide: SideId,
    parts?: string[],
  ): AttackOutcome {
    const state = this.state;
    const d = designOfSquadron(state, target);
    const present = new Map(target.ships.map((s) => [s.id, s]));
    const msq: MixedSquadron = {
      ships: roster.roster.map((r) => {
        const rd = state.designs[r.design] ?? d;
        return {
          name: r.ship,
          size: rd.size,
          shields: rd.shields,
          hull: rd.hull,
          tests: r.tests,
          destroyed: r.destroyed || !present.has(r.ship),
          disabled: present.get(r.ship)?.disabled === true,
          hullRule: rd.hullRule,
          // Each shield die is rolled against its own ship's hardness (RULINGS "Mixed squadrons: each ship's own shield hardness").
          hardness: rd.hardness,
        };
      }),
      damageTaken: target.damage,
      hardness: d.hardness,
      hullRule: d.hullRule,
      next: roster.next,
      suppressedAlready: target.suppressedAt === this.act,
    };
    const out = resolveMixedCombinedAttack(attacks, msq, this.rng);
    const lost = new Set(out.destroyed);
    const disabledNow = new Set(out.disabled);
    this.spareFlagship(target, out.squadron.ships, present, lost, disabledNow);
    roster.roster.forEach((r, i) => {
      const m = out.squadron.ships[i];
      if (!m) return;
      r.tests = m.tests;
      r.destroyed = m.destroyed;
    });
    roster.next = out.squadron.next;
    const suppressed = out.suppressed && this.placeSuppression(target);
    target.damage = out.squadron.damageTaken;
    const before = target.ships.length;
    const pos = centroid(target.ships);
    const testText = out.tests.map((t) => `${t.ship} ${t.roll}${t.destroyed ? " lost" : t.disabled ? " disabled" : ""}`).join(", ");
    // One hardness for every die when the attack is one class and the ships' hardness is one (else each die its ship's).
    const hardnesses = new Set(out.shieldHardness);
    const shieldNeed =
      attacks.length === 1 && hardnesses.size <= 1
        ? (out.shieldHardness[0] ?? d.hardness) - shieldReduction(attacks[0] as Attack)
        : undefined;
    const dice = [
      ...toHitDice(attacks, out.attackRolls, parts),
      roll("shields", out.shieldRolls, shieldNeed),
      roll("super heavy damage (a d3 each)", out.damageRolls, undefined, 3),
      roll(
        "destruction tests",
        out.tests.map((t) => t.roll),
      ),
    ];
    const anyShields = msq.ships.some((m) => !m.destroyed && m.shields > 0);
    this.fireEvent(
      firers,
      firer,
      target,
      pos,
      attack,
      label,
      bySide,
      out,
      {
        suppressed,
        destroyed: lost.size,
        disabled: disabledNow.size,
        damageTaken: out.squadron.damageTaken,
        shipsLeft: before - lost.size,
      },
      dice,
      `${fireSubject(firers, named, label)} the mixed squadron ${target.id}: ${toHitText(attacks, out.attackRolls, out.hits, parts)} (${out.suppressAt} to suppress)${suppressed ? ", suppressed" : ""}` +
        `${shieldText(out, anyShields ? 1 : 0, d.hardness, attacks, shieldNeed, shieldless(d))}; ${damageText(out.damage, out.damageRolls)}` +
        `${testText ? `; destruction tests ${diceList(out.tests.map((t) => t.roll))}: ${testText}` : ""} (damage now ${out.squadron.damageTaken})`,
    );
    // "Disabled ships are unable to move or fire any weapons until they make a repair roll" (boarded, engulfed, repaired as any).
    for (const name of disabledNow) {
      const ship = present.get(name);
      if (ship) ship.disabled = true;
    }
    for (const r of roster.roster) {
      const ship = present.get(r.ship);
      if (!ship || !lost.has(r.ship)) continue;
      target.ships = target.ships.filter((s) => s !== ship).concat([ship]);
      this.destroyShips(target, 1, bySide, "destroyed", pos, ship.disabled);
    }
    this.los.invalidate(target.id);
    return {
      rolls: out.rolls,
      attackRolls: out.attackRolls,
      hits: out.hits,
      suppressed,
      suppressAt: out.suppressAt,
      shieldsUsed: out.shieldsUsed,
      shieldRolls: out.shieldRolls,
      saves: out.saves,
      damageRolls: out.damageRolls,
      damage: out.damage,
      destroyed: lost.size,
      damageTaken: out.squadron.damageTaken,
      shipsLeft: target.ships.length,
      disabled: target.ships.filter((s) => s.disabled).length,
      newlyDisabled: disabledNow.size,
      tests: out.tests.map((t) => ({
        threshold: t.threshold,
        roll: t.roll,
        destroyed: t.destroyed,
        ...(t.disabled ? { disabled: true } : {}),
      })),
    };
  }

  /**
   * "The Flagship is always the last ship destroyed in its squadron": in a mixed squadron a failed test of the
   * flagship passes to the next ship in line still present (disabled: the next active one), as `disableShips`
   * and `destroyShips` keep it last in a squadron of one design. `lost` and `disabled` are updated.
   */
  private spareFlagship(
    target: Squadron,
    list: MixedSquadron["ships"],
    present: Map<string, Squadron["ships"][number]>,
    lost: Set<string>,
    disabled: Set<string>,
  ): void {
    const flag = this.flagshipShipOf(target);
    const at = list.findIndex((r) => r.name === flag);
    const flagRow = list[at];
    if (!flag || !flagRow || !(lost.has(flag) || disabled.has(flag))) return;
    const losing = lost.has(flag);
    const n = list.length;
    for (let k = 1; k < n; k++) {
      const r = list[(at + k) % n];
      if (!r || r.destroyed || !present.has(r.name) || (!losing && r.disabled)) continue;
      if (losing) {
        lost.delete(flag);
        lost.add(r.name);
        disabled.delete(r.name);
        r.destroyed = true;
        flagRow.destroyed = false;
      } else {
        disabled.delete(flag);
        disabled.add(r.name);
        r.disabled = true;
        flagRow.disabled = false;
      }
      return;
    }
  }

  /** Mark `n` ships disabled: the last non-flagship active ships first. */
  disableShips(sq: Squadron, n: number): void {
    const flag = this.flagshipShipOf(sq);
    const order = [...sq.ships].reverse().sort((a, b) => Number(a.id === flag) - Number(b.id === flag));
    let left = n;
    for (const s of order) {
      if (left <= 0) break;
      if (!s.disabled) {
        s.disabled = true;
        left--;
      }
    }
  }

  flagshipShipOf(sq: Squadron): string | null {
    if (!sq.taskforce) return null;
    const tf = this.state.taskforces[sq.taskforce];
    return tf?.flagship && tf.flagship.squadron === sq.id ? tf.flagship.ship : null;
  }

  /**
   * Remove `n` ships from a squadron ("For each roll it fails, one ship is
   * destroyed and removed from play"; "The Flagship is always the last ship
   * destroyed in its squadron"). Active ships go first (disabled first for captures), then the newest.
   */
  destroyShips(
    sq: Squadron,
    n: number,
    bySide: SideId | null,
    what: "destroyed" | "captured" | "abandoned",
    at?: Point,
    preferDisabled = false,
  ): void {
    if (n <= 0 || sq.ships.length === 0) return;
    const d = designOfSquadron(this.state, sq);
    const before = sq.ships.length;
    const flag = this.flagshipShipOf(sq);
    const removeCount = Math.min(n, before);
    const order = [...sq.ships]
      .map((s, i) => ({ s, i }))
      .sort((a, b) => {
        const fa = a.s.id === flag ? 1 : 0;
        const fb = b.s.id === flag ? 1 : 0;
        if (fa !== fb) return fa - fb;
        // The combat code's ruling: a failed test takes an active ship first (captures take the disabled one).
        if (a.s.disabled !== b.s.disabled) return (a.s.disabled ? -1 : 1) * (preferDisabled ? 1 : -1);
        return b.i - a.i;
      });
    const gone = new Set(order.slice(0, removeCount).map((x) => x.s.id));
    // Each ship's own cost (mixed squadrons have several designs).
    const lostCost = order.slice(0, removeCount).reduce((t, x) => t + shipDesignOf(this.state, sq, x.s).cost, 0);
    // "If the squadron loses carriers with fighters on them ... Assume even fighter distribution across the squadron,
    // rounding down": each lost carrier takes its own bays' share (ruling "Mixed squadrons: fighters lost per carrier design").
    const lostWings = wingsAboard(this.state, sq, sq.fighters, (s) => gone.has(s.id));
    sq.ships = sq.ships.filter((s) => !gone.has(s.id));
    const where = at ?? centroid(sq.ships.length ? sq.ships : [{ x: 0, y: 0 }]);
    if (lostWings > 0) {
      sq.fighters -= lostWings;
      if (bySide) this.addVp(bySide, lostWings * VP_PER_WING, `${lostWings} fighter wing(s) lost aboard ${sq.id}`);
    }
    if (bySide && what !== "abandoned") this.addVp(bySide, lostCost, `${removeCount} ${d.name} of ${sq.id} ${what}`);
    this.events.push({
      kind: "loss",
      side: sq.side,
      squadron: sq.id,
      ships: removeCount,
      at: where,
      what,
      act: this.act,
      turn: this.state.turn,
      text: `${sq.id} (${sq.name}) loses ${removeCount} ${d.name}${removeCount === 1 ? "" : "s"} (${what})${lostWings ? ` and ${lostWings} fighter wing(s) aboard` : ""}; ${sq.ships.length} left`,
    });
    if (flag && gone.has(flag)) this.flagshipLost(sq);
    if (what === "destroyed") this.releaseEngulfed(gone);
    if (sq.ships.length === 0) {
      sq.location = "gone";
      sq.goneReason = what === "captured" ? "captured" : what === "abandoned" ? "abandoned" : "destroyed";
      sq.fighters = 0;
    }
    this.los.invalidate(sq.id);
  }

  /**
   * "Engulfing": "If the ship that engulfed them is destroyed, they must make a destruction test to avoid
   * destruction themselves. If they pass, they float free, and can again attempt repairs." The test is the
   * engulfed ship's own (3 or less; hardened 4, flimsy 2). A ship lost while engulfed scores nothing more:
   * its cost was scored when it was captured.
   */
  releaseEngulfed(goneShips: Set<string>): void {
    for (const pid of Object.keys(this.state.prizes).sort()) {
      const p = this.state.prizes[pid];
      if (!p?.engulfed || !p.engulfer || !goneShips.has(p.engulfer)) continue;
      const d = this.state.designs[p.design];
      const need = saveNumber(d?.hullRule ?? "normal");
      const die = this.rng.d6();
      const name = d?.name ?? p.design;
      if (die <= need) {
        p.engulfed = false;
        p.engulfer = null;
        this.note(
          "prize",
          `The engulfer of ${p.id} (${name}) is lost: destruction test ${diceList([die])} needing ${need} or less: passed, it floats free`,
          { side: p.side, unit: p.id, ...rolledField(roll("destruction test", [die], need)) },
        );
      } else {
        delete this.state.prizes[pid];
        // A friendly ship carried inside is lost with its engulfer: the enemy scores it.
        if (p.side === p.fromSide) this.addVp(otherSide(this.state, p.side), d?.cost ?? 0, `${name} ${p.id} lost inside its engulfer`);
        this.note(
          "prize",
          `The engulfer of ${p.id} (${name}) is lost: destruction test ${diceList([die])} needing ${need} or less: failed, destroyed with it`,
          { side: p.side, unit: p.id, ...rolledField(roll("destruction test", [die], need)) },
        );
      }
    }
  }

  /** "If it is destroyed before it could transfer command, the Taskforce is destroyed and all remaining squadrons are considered detached." */
  flagshipLost(sq: Squadron): void {
    const tfId = sq.taskforce;
    if (!tfId) return;
    const tf = this.state.taskforces[tfId];
    if (!tf) return;
    tf.alive = false;
    tf.flagship = null;
    for (const s of squadronList(this.state)) if (s.taskforce === tfId) s.taskforce = null;
    this.note(
      "taskforce-lost",
      `The flagship of ${tf.name} (${tf.id}) is destroyed: the taskforce is dissolved and its squadrons are detached.`,
      {
        side: tf.side,
        unit: tf.id,
      },
    );
  }

  /** Remove fighter wings from a flight (VP to the enemy). */
  loseWings(f: Flight, n: number, why: string): void {
    const k = Math.min(n, f.wings);
    if (k <= 0) return;
    f.wings -= k;
    this.addVp(otherSide(this.state, f.side), k * VP_PER_WING, `${k} fighter wing(s) of ${f.id} ${why}`);
    this.events.push({
      kind: "loss",
      side: f.side,
      squadron: f.id,
      ships: k,
      at: { x: f.x, y: f.y },
      what: "fighters",
      act: this.act,
      turn: this.state.turn,
      text: `${f.id} loses ${k} fighter wing${k === 1 ? "" : "s"} (${why}); ${f.wings} left`,
    });
    if (f.wings <= 0) delete this.state.flights[f.id];
  }

  newId(prefix: string): string {
    this.state.nextId++;
    return `${prefix}${this.state.nextId}`;
  }
}

/** Who fires what, before the target: "a-s1+a-s2 fire heavy batteries at", "planet quadrant W fires heavy installations at", "hazard (the nebula) strikes". */
function fireSubject(firers: readonly Squadron[], firer: string | undefined, label: string): string {
  if (firer) return `${firer} fires ${label} at`;
  if (firers.length) return `${firers.map((f) => f.id).join("+")} fire ${label} at`;
  return `${label} strikes`;
}

/** The to-hit dice of each attack of one fire event ("to hit", or "to hit: <part>" when several roll). */
function toHitDice(attacks: readonly Attack[], attackRolls: readonly number[][], parts?: readonly string[]): Roll[] {
  return attacks.map((a, i) =>
    roll(attacks.length > 1 ? `to hit: ${parts?.[i] ?? `attack ${i + 1}`}` : "to hit", attackRolls[i] ?? [], effectiveTargeting(a)),
  );
}

/** "6 dice needing 4 or less [1,3,5,6,2,4] = 3 hits"; several attacks joined by " + "; missiles that arrive "hit automatically". */
function toHitText(attacks: readonly Attack[], attackRolls: readonly number[][], hits: number, parts?: readonly string[]): string {
  const bits = attacks.map((a, i) => {
    const rolls = attackRolls[i] ?? [];
    const name = attacks.length > 1 ? `${parts?.[i] ?? `attack ${i + 1}`}: ` : "";
    if (a.weapon === "missile" && a.missilesPerShip === undefined)
      return `${name}${a.dice} missile${a.dice === 1 ? "" : "s"} hit automatically`;
    return `${name}${rolls.length} dice needing ${effectiveTargeting(a)} or less ${diceList(rolls)}`;
  });
  return `${bits.join(" + ")} = ${hits} hit${hits === 1 ? "" : "s"}`;
}

/** A design bought with No Shields: "Shieldless (shield save of 2 from armor)" (Bionid Ships; System table). */
const shieldless = (d: { input: { systems: Partial<Record<string, number>> } }): boolean => (d.input.systems.noShields ?? 0) > 0;

/**
 * The shields' part of a fire event: "; 4 shield rolls [1,3,4,2] needing 2 or less: 2 saved", or why none were rolled (no
 * hits, no shields, or a hardness the weapon brings to 0: RULINGS "Shield saves"). A shieldless target's saves are its
 * armour's ("No Shields (Hardness 2 from armor)"), and are called so (issue 9 item 19; RULINGS "Shield saves").
 */
function shieldText(
  out: { hits: number; shieldRolls: number[]; saves: number },
  shields: number,
  hardness: number,
  attacks: readonly Attack[],
  need: number | undefined,
  armour = false,
): string {
  if (out.hits === 0) return "";
  const n = out.shieldRolls.length;
  const what = armour ? "armour" : "shield";
  if (n === 0) {
    if (shields <= 0) return "; no shields to roll";
    const least = Math.min(...attacks.map(shieldReduction));
    return `; no ${what} rolls (${armour ? "no shields: " : ""}hardness ${hardness}${armour ? " from armour" : ""} less the weapon's ${least} leaves nothing to save on)`;
  }
  const against = need !== undefined ? `needing ${need} or less` : "each against its ship's hardness less the weapon's reduction";
  return `; ${n} ${what} roll${n === 1 ? "" : "s"} ${diceList(out.shieldRolls)} ${against}${armour ? ` (no shields: hardness ${hardness} from armour)` : ""}: ${out.saves} saved`;
}

/** "3 damage", with a super heavy's d3s: "7 damage (d3 each [3,2,2])". */
function damageText(damage: number, d3s: readonly number[]): string {
  return `${damage} damage${d3s.length ? ` (a d3 each ${diceList(d3s)})` : ""}`;
}
