/**
 * What a side can order now, as menus (the Ruleset's `legalOrders`, godip's
 * Options): on the order sheet (Quick Reference Sheet, "Turn Sequence" steps 1-3)
 * the sheet's orders; in the side's own activation (steps 4-5) the activation's
 * orders, with the squadrons that activate and the enemies they may name. Ranges,
 * arcs and coherency are measured by the check, not by the menus.
 */
import { type Choice, orderOptions } from "../../../core/options.js";
import type { OptionField, Options } from "../../../core/ruleset.js";
import { type BattleState, type SideId, squadronList } from "../model.js";
import { ACTIVATION_ORDERS, ORDER_SUMMARIES, orderSchema, SHEET_ORDERS } from "../orders.js";
import { currentSlot, detachedReady } from "./turn.js";

export function legalOrders(state: BattleState, seat: SideId): Options {
  const ts = state.turnState;
  const none = (note: string): Options => ({ seat, step: state.step, orders: [], note });
  if (state.outcome || ts.phase === "over") return none("the battle is over");
  const squadrons = squadronList(state);
  const label = (sq: { id: string; name: string }): Choice => ({ value: sq.id, label: `${sq.id} ${sq.name}` });
  const own = squadrons.filter((sq) => sq.side === seat && sq.location !== "gone");
  const enemies: Choice[] = [
    ...squadrons.filter((sq) => sq.side !== seat && sq.location === "table").map(label),
    ...Object.values(state.flights)
      .filter((f) => f.side !== seat)
      .map((f) => ({ value: f.id, label: `${f.id} fighters` })),
  ];
  const table: OptionField = { kind: "point", xMax: state.battlespace.widthFt * 12, yMax: state.battlespace.depthFt * 12 };
  const taskforces = Object.values(state.taskforces)
    .filter((tf) => tf.side === seat)
    .map((tf) => ({ value: tf.id, label: `${tf.id} ${tf.name}` }));
  if (ts.phase === "sequences") {
    const arriving = own.filter((sq) => sq.location !== "table").map(label);
    const choices = (type: string, field: string): readonly Choice[] | OptionField | undefined => {
      if (type === "sequence" && field === "taskforces") return taskforces;
      if (type === "shift" && field === "unit") return [...taskforces, ...own.filter((sq) => sq.taskforce === null).map(label)];
      if (type === "place" && field === "squadron") return arriving;
      if (type === "place" && (field === "x" || field === "y")) return undefined;
      return undefined;
    };
    const offered = (type: string) => type !== "place" || arriving.length > 0;
    return { seat, step: state.step, orders: orderOptions(orderSchema, SHEET_ORDERS, ORDER_SUMMARIES, choices, offered) };
  }
  const slot = currentSlot(state);
  if (!slot || slot.side !== seat) return none(`step ${state.step} is ${slot ? `${slot.side}'s activation` : "not an activation"}`);
  // A detached squadron's activation takes one detached squadron that has not yet activated this turn ("Alternation
  // and detached squadrons", turn.ts activationUnit): the menus offer exactly those, as the engine will take them
  // (before, every detached squadron was offered, and one that had activated was refused by the check).
  const acting =
    slot.taskforce === null ? detachedReady(state, seat) : own.filter((sq) => sq.location === "table" && sq.taskforce === slot.taskforce);
  const actingChoices = acting.map(label);
  const flights = Object.values(state.flights)
    .filter((f) => f.side === seat)
    .map((f) => ({ value: f.id, label: `${f.id} fighters` }));
  const quadrants: Choice[] = Object.values(state.planets ?? {})
    .filter((p) => p.side === seat)
    .flatMap((p) => p.defense.quadrants.map((q) => ({ value: `${p.id}:${q.id}`, label: `${p.id} quadrant ${q.id}` })));
  const choices = (type: string, field: string): readonly Choice[] | OptionField | undefined => {
    if (field === "squadron" || field === "squadrons") return actingChoices;
    if (field === "target") return type === "release" ? undefined : enemies;
    if (field === "flight") return flights;
    if (field === "to" && type === "move") return table;
    if (field === "to" && type === "release") return table;
    if (type === "quadrantFire" && field === "quadrant") return quadrants;
    if (type === "assaultMove" && (field === "from" || field === "to")) return quadrants;
    return undefined;
  };
  const offered = (type: string): boolean => {
    if (type === "quadrantFire" || type === "assaultMove") return quadrants.length > 0;
    if (type === "recover") return flights.length > 0;
    return acting.length > 0;
  };
  return { seat, step: state.step, orders: orderOptions(orderSchema, ACTIVATION_ORDERS, ORDER_SUMMARIES, choices, offered) };
}
