/**
 * What a seat may order now, as menus (core/ruleset.ts `Options`): only the order types the campaign's step takes
 * (orders.ts `STEP_ORDERS`), only for a seat the step awaits, with the seat's own craft ids to choose from and, for
 * targets, the enemy craft face up on the table (l.665 "You may not fire at a face down enemy counter"; l.428 fighters
 * in a bay "may not attack or be attacked"). The menus are built from the seat's known state, so they name nothing it
 * may not see. Random orders (the harness, the `random` bot) are drawn from these menus.
 */
import type { SeatId } from "../../../core/ids.js";
import type { Rng } from "../../../core/rng.js";
import type { OptionField, Options, OrderOption } from "../../../core/ruleset.js";
import { awaiting, STEP_NAMES } from "../campaign-sequence/sequence.js";
import { enemiesOf } from "../campaign-sequence/step.js";
import { CRAFT_TYPES, MODULE_DATA, MODULES } from "../designing-craft/modules.js";
import { MEDAL_DATA, MEDALS } from "../medals/medals.js";
import { type Craft, operating, type SpaceWarState } from "../model.js";
import { MAX_ORDERS, type Order, type Orders, orderSchema } from "../orders.js";
import { knownState } from "./known-state.js";

const choice = (values: { value: string | number; label: string }[], optional = false): OptionField =>
  optional ? { kind: "choice", values, optional } : { kind: "choice", values };
const craftChoice = (craft: readonly Craft[], optional = false): OptionField =>
  choice(
    craft.map((c) => ({ value: c.id, label: `${c.id} ${c.design}` })),
    optional,
  );
const whole = (min: number, max: number, optional = false): OptionField =>
  optional ? { kind: "number", min, max, integer: true, optional } : { kind: "number", min, max, integer: true };
const heading = (optional = true): OptionField => ({ kind: "number", min: 0, max: 359, integer: false, optional });
const yesNo: OptionField = choice([
  { value: "false", label: "no" },
  { value: "true", label: "yes" },
]);

const onTableNow = (c: Craft): boolean => c.where.kind === "hidden" || c.where.kind === "table";

/** The menus of the step for `seat` (empty, with a note, when the step does not await it). */
export function legalOrders(state: SpaceWarState, seat: SeatId): Options {
  const none = (note: string): Options => ({ seat, step: state.step, orders: [], note });
  if (!state.seats.some((s) => s.id === seat)) return none(`no seat ${JSON.stringify(seat.slice(0, 40))} in this campaign`);
  if (state.outcome) return none("the campaign is over");
  if (!awaiting(state).includes(seat)) {
    const b = state.campaign.battle;
    return none(b && !b.ended ? `it is ${b.active}'s turn; ${seat} waits` : "this step awaits no orders of yours");
  }
  const k = knownState(state, seat);
  const c = k.campaign;
  const q = c.squadrons.find((s) => s.seat === seat);
  const designs = choice((q?.designs ?? []).map((d) => ({ value: d.name, label: d.name })));
  const modules: OptionField = {
    kind: "choices",
    values: MODULES.map((m) => ({ value: m, label: MODULE_DATA[m].name })),
    min: 1,
    max: 10,
  };
  const designOrder = (after: boolean): OrderOption => ({
    type: "design",
    summary: after ? "scrap one design for a new one (l.45, l.57)" : "a design of 2 to 10 modules (l.19, l.57, l.74-256)",
    fields: {
      name: { kind: "text", maxLength: 60 },
      craft: choice(CRAFT_TYPES.map((t) => ({ value: t, label: t }))),
      modules,
      ...(after ? { replaces: designs } : {}),
    },
  });
  const orders: OrderOption[] = [];
  const add = (o: OrderOption, when = true) => {
    if (when) orders.push(o);
  };
  const b = c.battle;
  const all = b?.craft ?? [];
  const mine = all.filter((x) => x.owner === seat);
  const crews = choice((q?.crews ?? []).map((k2) => ({ value: k2.id, label: `${k2.id} ${k2.name}` })));
  const medals = choice(MEDALS.map((m) => ({ value: m, label: MEDAL_DATA[m].name })));
  const point: OptionField = { kind: "point", xMax: b?.table.width ?? 72, yMax: b?.table.depth ?? 48 };
  switch (c.step) {
    case "design":
      add(designOrder(false));
      break;
    case "purchase":
      add(
        { type: "buy", summary: "craft of a design for this game (l.29)", fields: { design: designs, count: whole(0, 16) } },
        (q?.designs.length ?? 0) > 0,
      );
      add(
        { type: "crew", summary: "a crew with medals aboard a craft of a design (l.29, l.737)", fields: { crew: crews, design: designs } },
        (q?.crews.length ?? 0) > 0 && (q?.designs.length ?? 0) > 0,
      );
      break;
    case "deploy": {
      const placing = mine.filter((x) => x.where.kind === "entering" && !x.station); // the station is placed at random (l.876)
      const bays = placing.filter((x) => x.type === "vessel" && operating(x, "SB") > 0);
      add(
        {
          type: "deploy",
          summary:
            'a craft face down within 6" of your planet (l.33, l.884), or a fighter aboard a vessel with a Shuttle Bay (l.661): give at or aboard',
          fields: { craft: craftChoice(placing), at: { ...point }, heading: heading(), aboard: craftChoice(bays, true) },
        },
        placing.length > 0,
      );
      break;
    }
    case "battle": {
      const flying = mine.filter(onTableNow);
      const aboard = mine.filter((x) => x.where.kind === "aboard");
      const vessels = flying.filter((x) => x.type === "vessel");
      const bays = vessels.filter((x) => operating(x, "SB") > 0);
      const enemies = enemiesOf(k, seat);
      const targets = all.filter((x) => enemies.includes(x.owner) && x.where.kind === "table");
      const held = all.filter(
        (x) => enemies.includes(x.owner) && x.type === "fighter" && x.tractoredBy !== undefined && mine.some((v) => v.id === x.tractoredBy),
      );
      const tractors = vessels.filter((x) => operating(x, "TR") > 0);
      const nukes = flying.filter((x) => operating(x, "N") > 0);
      const damaged = mine.filter((x) => x.where.kind !== "gone" && x.modules.some((m) => m.damaged));
      add({ type: "give-up", summary: "S3: give up (l.408-416)", fields: {} });
      add(
        {
          type: "launch",
          summary: "S4: launch a fighter beside its vessel (l.424)",
          fields: { craft: craftChoice(aboard), at: { ...point }, heading: heading() },
        },
        aboard.length > 0,
      );
      add(
        {
          type: "retrieve",
          summary: "S4: a fighter adjacent to a vessel back into its Shuttle Bay (l.424)",
          fields: { craft: craftChoice(flying.filter((x) => x.type === "fighter")), into: craftChoice(bays) },
        },
        bays.length > 0 && flying.some((x) => x.type === "fighter"),
      );
      add(
        {
          type: "prisoner",
          summary: "S4: an enemy fighter held by your tractor pulled aboard (l.446)",
          fields: { craft: craftChoice(held), into: craftChoice(bays) },
        },
        held.length > 0 && bays.length > 0,
      );
      add(
        {
          type: "tractor",
          summary: 'S5: a tractor beam at an enemy fighter within 3" (l.442)',
          fields: { craft: craftChoice(tractors), target: craftChoice(targets.filter((x) => x.type === "fighter")) },
        },
        tractors.length > 0 && targets.some((x) => x.type === "fighter"),
      );
      add({ type: "nuke", summary: "S6: explode a Nuclear Warhead (l.458-462)", fields: { craft: craftChoice(nukes) } }, nukes.length > 0);
      add(
        {
          type: "move",
          summary: "S7: move in a straight line, then turn where allowed (l.466-500)",
          fields: { craft: craftChoice(flying), to: { ...point }, facing: heading() },
        },
        flying.length > 0,
      );
      add(
        {
          type: "ram",
          summary: "S8: ram an enemy craft, with or without a nuke (l.504-516)",
          fields: { craft: craftChoice(flying), target: craftChoice(targets), nuke: yesNo },
        },
        flying.length > 0 && targets.length > 0,
      );
      add(
        {
          type: "shoot",
          summary: "S9: fire a weapon at an enemy craft face up (l.525-635, l.665)",
          fields: {
            craft: craftChoice(flying),
            target: craftChoice(targets),
            weapon: choice([
              { value: "laser", label: "Lasers" },
              { value: "missile", label: "Missiles" },
              { value: "expendables", label: "Expendable munitions" },
            ]),
            count: whole(1, 12, true),
          },
        },
        flying.length > 0 && targets.length > 0,
      );
      add(
        {
          type: "repair",
          summary: "S10: repair a damaged module (its place, from 0) (l.639-647)",
          fields: { craft: craftChoice(damaged), module: whole(0, 11) },
        },
        damaged.length > 0,
      );
      break;
    }
    case "after-game": {
      const survivors = mine.filter((x) => x.where.kind !== "gone");
      add({
        type: "medal",
        summary: "a medal earned to a crew or a craft's crew (l.729-801): give crew or craft",
        fields: { medal: medals, crew: { ...crews, optional: true } as OptionField, craft: craftChoice(survivors, true) },
      });
      add(
        { type: "strip", summary: "which medal a penalty takes from a crew (l.797, l.876, l.956)", fields: { crew: crews, medal: medals } },
        (q?.crews.length ?? 0) > 0,
      );
      add(designOrder(true), (q?.designs.length ?? 0) > 0);
      break;
    }
  }
  return orders.length > 0 ? { seat, step: state.step, orders } : none(`${STEP_NAMES[c.step]}: nothing to order now`);
}

/** A random value a menu field allows. */
function pickField(f: OptionField, rng: Rng): unknown {
  switch (f.kind) {
    case "choice": {
      if (f.values.length === 0) return undefined;
      const v = rng.pick(f.values).value;
      return v === "true" ? true : v === "false" ? false : v;
    }
    case "choices": {
      if (f.values.length === 0) return [];
      const n = rng.int(Math.max(1, f.min ?? 1), Math.max(1, Math.min(f.max ?? f.values.length, f.values.length)));
      return Array.from({ length: n }, () => rng.pick(f.values).value);
    }
    case "number":
      return f.integer ? rng.int(Math.ceil(f.min), Math.floor(f.max)) : Math.round((f.min + rng.float() * (f.max - f.min)) * 10) / 10;
    case "text":
      return `D${rng.int(1, 9)}`;
    case "point":
      return { x: rng.int(0, f.xMax), y: rng.int(0, f.yMax) };
  }
}

/**
 * Random orders from the seat's menus, for the harness and the `random` bot: legal in shape (each is checked with the
 * order schema; one that does not fit, such as a deploy given both a point and a vessel, is left out), not always
 * orders that succeed.
 */
export function randomOrders(state: SpaceWarState, seat: SeatId, rng: Rng): Orders {
  const menus = legalOrders(state, seat).orders;
  const orders: Order[] = [];
  const n = menus.length === 0 ? 0 : rng.int(1, 6);
  for (let i = 0; i < n && orders.length < MAX_ORDERS; i++) {
    const opt = rng.pick(menus);
    const o: Record<string, unknown> = { type: opt.type };
    for (const [name, f] of Object.entries(opt.fields)) {
      if ("optional" in f && f.optional && rng.chance(50)) continue;
      const v = pickField(f, rng);
      if (v !== undefined && !(Array.isArray(v) && v.length === 0)) o[name] = v;
    }
    // deploy and medal take one of two fields (orders.ts): keep the first one given.
    if (o.type === "deploy" && o.at !== undefined) delete o.aboard;
    if (o.type === "medal" && o.crew !== undefined) delete o.craft;
    const parsed = orderSchema.safeParse(o);
    if (parsed.success) orders.push(parsed.data);
  }
  return { seat, step: state.step, orders };
}
