/**
 * What a seat can order in its movement phase, as menus (core/ruleset.ts `OrderOption`), and what each of its move
 * orders will do (`CheckLine`), from what the seat may see: its own ships and the open map (000:248: every stack on the
 * map may be examined; the Sathar reserve is not read).
 */
import type { CheckLine, OrderOption } from "../../../core/ruleset.js";
import { neighbours } from "../deployment-map/map.js";
import type { SatharWarState, Ship } from "../model.js";
import type { MoveOrder } from "../orders.js";
import { novaAllowed } from "../setting-up/nova.js";
import { maxRate } from "./risk-jumping.js";
import { planOrders } from "./strategic-movement.js";
import { describe, routeById } from "./transit-boxes.js";
import { placeKey } from "./using-the-transit-boxes.js";

const choice = (values: (string | number)[], label: (v: string | number) => string, optional = true) =>
  ({ kind: "choice", values: values.map((v) => ({ value: v, label: label(v) })), optional }) as const;

/** The seat's move orders now: one menu per stack of its ships (fighters travel aboard and are not listed). */
export function movesFor(state: SatharWarState, seat: string): OrderOption[] {
  const spec = state.seats.find((s) => s.id === seat);
  if (!spec) return [];
  const options: OrderOption[] = [];
  const phaseSide =
    state.phase === "sathar-move" || state.phase === "sathar-setup" ? "sathar" : state.phase === "upf-move" ? "upf" : undefined;
  if (phaseSide !== spec.side) return [];
  if (spec.side === "sathar") {
    const reserve = Object.values(state.ships).filter(
      (s) =>
        s.seat === seat &&
        s.cls !== "FT" &&
        (s.location.kind === "reserve" || (s.location.kind === "void" && s.location.returnDay <= state.day)),
    );
    if (reserve.length > 0) {
      options.push({
        type: "place",
        summary: `Place reserve ships in a start circle: ${state.phase === "sathar-setup" ? "at least 20 in two or more circles" : "two or more circles"}, no more than half of those placed in one (000:264)`,
        fields: {
          ships: { kind: "choices", values: reserve.map((s) => ({ value: s.id, label: s.name })), min: 1, max: reserve.length },
          circle: choice(
            state.map.circles.map((c) => c.id),
            (v) => state.map.circles.find((c) => c.id === v)?.name ?? String(v),
            false,
          ),
        },
      });
    }
    if (state.phase === "sathar-setup") return options;
  } else if (novaAllowed(state)) {
    options.push({ type: "nova", summary: "Place Strike Force NOVA now, where 1d10 says (000:275)", fields: {} });
  }
  const stacks = new Map<string, Ship[]>();
  for (const s of Object.values(state.ships)) {
    if (s.seat !== seat || s.cls === "FT") continue;
    const key = placeKey(s.location);
    if (key === undefined) continue;
    stacks.set(key, [...(stacks.get(key) ?? []), s]);
  }
  for (const ships of stacks.values()) {
    const at = ships[0]!.location;
    const fields: OrderOption["fields"] = {
      ships: { kind: "choices", values: ships.map((s) => ({ value: s.id, label: s.name })), min: 1, max: ships.length },
    };
    const best = Math.max(...ships.map(maxRate));
    let summary = `Move ships at ${describe(state.map, at)}`;
    if (at.kind === "system") {
      const sys = state.map.systems.find((s) => s.id === at.system);
      const dests = [
        ...(sys?.planets.filter((p) => p.id !== at.planet).map((p) => p.id) ?? []),
        ...neighbours(state.map, at.system),
        // A neighbouring system's planet: the planet to arrive at, kept until they do (RULINGS "Arrival").
        ...neighbours(state.map, at.system).flatMap((n) => {
          const planets = state.map.systems.find((x) => x.id === n)?.planets ?? [];
          return planets.length > 1 ? planets.map((p) => p.id) : [];
        }),
        ...(spec.side === "sathar" ? state.map.circles.filter((c) => c.system === at.system).map((c) => c.id) : []),
      ];
      fields.to = choice(dests, (v) => String(v), false);
      fields.rate = choice(
        [1, 2, 3].filter((r) => r <= best),
        (v) => (v === 1 ? "1 box a day" : `RJ${v}: risk-jump`),
      );
      fields.interlock = choice(["true", "false"], (v) => (v === "true" ? "interlock: one roll for the group" : "each ship rolls"));
      summary += ": to another planet, or out along a route (risk-jumping at 2 or 3 boxes a day)";
    } else if (at.kind === "transit") {
      const route = routeById(state.map, at.route);
      const preRj = !at.jumped && at.rate > 1;
      fields.action = choice(preRj ? ["advance"] : ["advance", "coast", "reverse"], String);
      if (at.jumped)
        fields.rate = choice(
          [1, 2, 3].filter((r) => r <= at.rate),
          (v) => `decelerate ${v} a day`,
        );
      const dest = state.map.systems.find((s) => s.id === at.toward);
      fields.to = choice(dest?.planets.map((p) => p.id) ?? [], (v) => `arrive at ${v}`);
      if (preRj) fields.interlock = choice(["true", "false"], (v) => (v === "true" ? "interlock: one roll" : "each ship rolls"));
      summary += route ? `: advance, coast or reverse (000:222)` : "";
    } else if (at.kind === "red") {
      fields.action = choice(at.rate !== undefined ? ["advance"] : ["advance", "reverse"], String);
      summary += at.rate !== undefined ? `: out to the start circle at RJ${at.rate} (C.2 #43)` : ": one box a day (000:392)";
    } else if (at.kind === "circle") {
      fields.action = choice(["advance"], String);
      summary += ": into the first red box (000:410)";
    }
    options.push({ type: "move", summary, fields });
  }
  return options;
}

/** What each move order will do: boxes, days to arrive, the safe-jump chance; or why it fails. */
export function checkMoves(state: SatharWarState, seat: string, orders: readonly MoveOrder[]): CheckLine[] {
  const side = state.seats.find((s) => s.id === seat)?.side;
  const step = side === "sathar" ? "Sathar ships are moved" : "UPF ships are moved";
  const { plans, problems } = planOrders(state, seat, orders);
  const lines: CheckLine[] = [];
  for (const plan of plans) {
    if (plan.jump) {
      const { rate, chances, interlock } = plan.jump;
      const best = Math.max(...Object.values(chances));
      const odds = interlock
        ? `one d100 roll for the group at ${best}% (interlocked, the best astrogator)`
        : `each ship rolls: ${Object.entries(chances)
            .map(([id, c]) => `${id} ${c}%`)
            .join(", ")}`;
      lines.push({
        step,
        order: plan.label,
        text: `${plan.text}; safe jump at RJ${rate}: ${odds}, a misjump loses the ships for the war`,
        ok: true,
        certainty: "chance",
      });
    } else {
      lines.push({ step, order: plan.label, text: plan.text, ok: true, certainty: "certain" });
    }
  }
  for (const p of problems) lines.push({ step, order: p.order, text: `${p.code}: ${p.message}`, ok: false, certainty: "certain" });
  const order = (label: string) => Number(/^#(\d+)/.exec(label)?.[1] ?? 0);
  return lines.sort((a, b) => order(a.order) - order(b.order));
}
