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
  type MixedSquadron,
  resolveAttack,
  resolveCombinedAttack,
  resolveMixedCombinedAttack,
  saveNumber,
  type TargetSquadron,
} from "./combat/combat.js";
import { LosContext } from "./combat/line-of-sight.js";
import type { BsEvent, FireEvent, NoteEvent } from "./events.js";
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
   * as the combat code rolled them (`out`) and the result as applied to the squadron (`applied`).
   */
  private fireEvent(
    firers: Squadron[],
    target: Squadron,
    targetPos: Point,
    attack: Attack,
    label: string,
    bySide: SideId,
    out: Pick<FireEvent, "rolls" | "hits" | "shieldsUsed" | "damage">,
    applied: Pick<FireEvent, "suppressed" | "destroyed" | "disabled" | "damageTaken" | "shipsLeft">,
    text: string,
  ): void {
    this.events.push({
      kind: "fire",
      side: bySide,
      weapon: label,
      from: firers.map((f) => f.id),
      fromPos: firers.map((f) => centroid(f.ships)),
      target: target.id,
      targetPos,
      dice: attack.dice,
      targeting: attack.targeting,
      rolls: out.rolls,
      hits: out.hits,
      suppressed: applied.suppressed,
      shieldsUsed: out.shieldsUsed,
      damage: out.damage,
      destroyed: applied.destroyed,
      disabled: applied.disabled,
      damageTaken: applied.damageTaken,
      shipsLeft: applied.shipsLeft,
      act: this.act,
      turn: this.state.turn,
      text,
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
   * `firers` are for the event (lines of fire); `bySide` scores the VP. `focusShip`:
   * fire focused on that one ship ("there is no suppression if fire is focused on one
   * ship"): one ship's shields, the squadron's damage and tests, and only that ship can be
   * destroyed or disabled (RULINGS "Fire focused on one ship").
   */
  attackSquadron(
    firers: Squadron[],
    target: Squadron,
    attack: Attack,
    label: string,
    bySide: SideId = this.side,
    focusShip?: string,
    /** Several weapon classes in one attack (combat.ts resolveCombinedAttack; `attack` then only labels the event). */
    combined?: Attack[],
  ): AttackOutcome {
    if (target.mixed && !focusShip) return this.attackMixed(firers, target, target.mixed, combined ?? [attack], attack, label, bySide);
    const before = target.ships.length;
    const focus = focusShip ? target.ships.find((s) => s.id === focusShip) : undefined;
    const whole = this.targetOf(target);
    const out = combined
      ? resolveCombinedAttack(combined, whole, this.rng)
      : focus
        ? resolveAttack({ ...attack, noSuppression: true }, { ...whole, ships: 1, disabled: focus.disabled ? 1 : 0 }, this.rng)
        : resolveAttack(attack, whole, this.rng);
    const disabled = Math.max(0, Math.min(out.newlyDisabled, before));
    const suppressed = out.suppressed && this.placeSuppression(target);
    target.damage = out.damageTaken;
    const destroyed = Math.max(0, Math.min(before, out.destroyed));
    const at = centroid(target.ships);
    this.fireEvent(
      firers,
      target,
      at,
      attack,
      label,
      bySide,
      out,
      { suppressed, destroyed, disabled, damageTaken: out.damageTaken, shipsLeft: Math.max(0, before - destroyed) },
      `${firers.map((f) => f.id).join("+")} fire ${label} at ${focus ? `${focus.id} of ` : ""}${target.id}: ${attack.dice} dice needing ${attack.targeting} or less, ` +
        `${out.hits} hit${out.hits === 1 ? "" : "s"}${suppressed ? ", suppressed" : ""}, ${out.shieldsUsed} shield rolls, ${out.damage} damage` +
        `${destroyed ? `, ${destroyed} ship${destroyed === 1 ? "" : "s"} destroyed` : ""}${disabled ? `, ${disabled} disabled` : ""} (damage now ${out.damageTaken})`,
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
    target: Squadron,
    roster: MixedRoster,
    attacks: Attack[],
    attack: Attack,
    label: string,
    bySide: SideId,
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
    this.fireEvent(
      firers,
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
      `${firers.map((f) => f.id).join("+")} fire ${label} at the mixed squadron ${target.id}: ${attack.dice} dice needing ${attack.targeting} or less, ` +
        `${out.hits} hit${out.hits === 1 ? "" : "s"} (${out.suppressAt} to suppress)${suppressed ? ", suppressed" : ""}, ${out.shieldsUsed} shield rolls, ${out.damage} damage` +
        `${testText ? `; destruction tests: ${testText}` : ""} (damage now ${out.squadron.damageTaken})`,
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
      hits: out.hits,
      suppressed,
      suppressAt: out.suppressAt,
      shieldsUsed: out.shieldsUsed,
      shieldRolls: out.shieldRolls,
      saves: out.saves,
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
      const roll = this.rng.d6();
      const name = d?.name ?? p.design;
      if (roll <= need) {
        p.engulfed = false;
        p.engulfer = null;
        this.note(
          "prize",
          `The engulfer of ${p.id} (${name}) is lost: destruction test ${roll} needing ${need} or less: passed, it floats free`,
          {
            side: p.side,
            unit: p.id,
          },
        );
      } else {
        delete this.state.prizes[pid];
        // A friendly ship carried inside is lost with its engulfer: the enemy scores it.
        if (p.side === p.fromSide) this.addVp(otherSide(this.state, p.side), d?.cost ?? 0, `${name} ${p.id} lost inside its engulfer`);
        this.note(
          "prize",
          `The engulfer of ${p.id} (${name}) is lost: destruction test ${roll} needing ${need} or less: failed, destroyed with it`,
          { side: p.side, unit: p.id },
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
