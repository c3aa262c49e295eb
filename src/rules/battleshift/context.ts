/**
 * The working context of one resolve step: the (cloned) state being changed,
 * the dice, the events, the problems and the check lines ("the measured figure
 * behind every ruling"). It also applies the results of an attack to a squadron
 * ("Basic Combat Resolution" 4-6): suppression markers (once per enemy
 * Taskforce activation), damage, ships destroyed or disabled, the Flagship
 * being the last ship destroyed, fighters lost with their carriers and the
 * Victory Points the enemy scores.
 */
import type { Problem } from "../../core/result.js";
import type { Rng } from "../../core/rng.js";
import type { CheckLine } from "../../core/ruleset.js";
import { type Attack, type AttackOutcome, fightersLostWithCarriers, resolveAttack, type TargetSquadron } from "./combat.js";
import type { BsEvent, NoteEvent } from "./events.js";
import { centroid, type Point } from "./geometry.js";
import { LosContext } from "./line-of-sight.js";
import {
  type BattleState,
  type Capabilities,
  capsOf,
  designOfSquadron,
  type Flight,
  otherSide,
  type SideId,
  type Squadron,
  squadronList,
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
    return this.state.squadrons[id];
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
   * `firers` are for the event (lines of fire); `bySide` scores the VP.
   */
  attackSquadron(firers: Squadron[], target: Squadron, attack: Attack, label: string, bySide: SideId = this.side): AttackOutcome {
    const before = target.ships.length;
    const out = resolveAttack(attack, this.targetOf(target), this.rng);
    const disabled = Math.max(0, Math.min(out.newlyDisabled, before));
    let suppressed = false;
    if (out.suppressed && target.suppressedAt !== this.act) {
      target.suppression++;
      target.suppressedAt = this.act;
      suppressed = true;
    }
    target.damage = out.damageTaken;
    const destroyed = Math.max(0, Math.min(before, out.destroyed));
    const at = centroid(target.ships);
    this.events.push({
      kind: "fire",
      side: bySide,
      weapon: label,
      from: firers.map((f) => f.id),
      fromPos: firers.map((f) => centroid(f.ships)),
      target: target.id,
      targetPos: at,
      dice: attack.dice,
      targeting: attack.targeting,
      rolls: out.rolls,
      hits: out.hits,
      suppressed,
      shieldsUsed: out.shieldsUsed,
      damage: out.damage,
      destroyed,
      disabled,
      damageTaken: out.damageTaken,
      shipsLeft: Math.max(0, before - destroyed),
      act: this.act,
      turn: this.state.turn,
      text:
        `${firers.map((f) => f.id).join("+")} fire ${label} at ${target.id}: ${attack.dice} dice needing ${attack.targeting} or less, ` +
        `${out.hits} hit${out.hits === 1 ? "" : "s"}${suppressed ? ", suppressed" : ""}, ${out.shieldsUsed} shield rolls, ${out.damage} damage` +
        `${destroyed ? `, ${destroyed} ship${destroyed === 1 ? "" : "s"} destroyed` : ""}${disabled ? `, ${disabled} disabled` : ""} (damage now ${out.damageTaken})`,
    });
    if (disabled > 0) this.disableShips(target, disabled);
    if (destroyed > 0) this.destroyShips(target, destroyed, bySide, "destroyed", at);
    this.los.invalidate(target.id);
    return out;
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
    sq.ships = sq.ships.filter((s) => !gone.has(s.id));
    const where = at ?? centroid(sq.ships.length ? sq.ships : [{ x: 0, y: 0 }]);
    // "If the squadron loses carriers with fighters on them ... Assume even fighter distribution across the squadron, rounding down."
    const lostWings = fightersLostWithCarriers(sq.fighters, before, removeCount);
    if (lostWings > 0) {
      sq.fighters -= lostWings;
      if (bySide) this.addVp(bySide, lostWings * VP_PER_WING, `${lostWings} fighter wing(s) lost aboard ${sq.id}`);
    }
    if (bySide && what !== "abandoned") this.addVp(bySide, removeCount * d.cost, `${removeCount} ${d.name} of ${sq.id} ${what}`);
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
    if (sq.ships.length === 0) {
      sq.location = "gone";
      sq.goneReason = what === "captured" ? "captured" : what === "abandoned" ? "abandoned" : "destroyed";
      sq.fighters = 0;
    }
    this.los.invalidate(sq.id);
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
