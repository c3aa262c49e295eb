/**
 * One move order as a plan (seed 000 "Using The Transit Boxes", "Transit Boxes", "Accelerated Movement", "Risk-Jump
 * Limits", "Militia Ships", "Day One"): where the ships end the day and whether they roll to jump. Planning rolls no
 * dice, so the check (`checkMoves`) and the movement phase (`moveSide`) read the same rules.
 */
import { type Problem, problem } from "../../../core/result.js";
import { neighbours, otherEnd, systemOfPlanet } from "../deployment-map/map.js";
import type { Location, SatharWarState, Ship } from "../model.js";
import type { MoveOrder } from "../orders.js";
import { boundToHome, homeSystem, imminentlyThreatened, militiaRefusal, wayHome } from "./militia-ships.js";
import { maxRate, rateRefusal, safeJump } from "./risk-jumping.js";
import {
  arrivalPlanet,
  arrivalProgress,
  boxAt,
  circleById,
  daysToArrive,
  describe,
  jumpProgress,
  progressOf,
  routeById,
  routeJoining,
} from "./transit-boxes.js";

export interface MovePlan {
  /** The order's name, as in a Problem: "#2 move TFC-BB1, TFC-DD1". */
  label: string;
  ships: string[];
  /** Where they end the day, unless they misjump. */
  to: Location;
  /** Boxes (or one planet-to-planet move) entered today; 0 when coasting or staying. */
  boxes: number;
  /**
   * Per ship, where it differs from `to`: the planet it keeps wanting (in a transit or red box) or arrives at (in a
   * system). A stack's ships may each have been told a different arrival planet (RULINGS "Strategic movement": arrival).
   */
  planets?: Record<string, string>;
  /** They enter their jump box today at 2 or 3 boxes a day: d100 against these chances (000:373). */
  jump?: { rate: 2 | 3; interlock: boolean; chances: Record<string, number> };
  /** Days still to reach a starburst after today at this rate (transit and red boxes). */
  daysLeft?: number;
  /** In words: "leave Prenglar for Cassidine at RJ2: box 2 of 7". */
  text: string;
}

export type Planned = { ok: true; plan: MovePlan } | { ok: false; problem: Problem };

/** An order that stands: where it takes its ships today, and in words (jump and days left where they apply). */
function planned(
  label: string,
  ships: Ship[],
  to: Location,
  boxes: number,
  text: string,
  more: Pick<MovePlan, "jump" | "daysLeft" | "planets"> = {},
): Planned {
  return { ok: true, plan: { label, ships: ids(ships), to, boxes, ...more, text } };
}

/**
 * The arrival planet a ship in a transit or red box keeps wanting, if it is a planet of `system` (an order's `to`
 * named it on an earlier day; RULINGS "Strategic movement": arrival).
 */
export function keptPlanet(ship: Ship, system: string, state: SatharWarState): string | undefined {
  const at = ship.location;
  if ((at.kind !== "transit" && at.kind !== "red") || at.planet === undefined) return undefined;
  return systemOfPlanet(state.map, at.planet)?.id === system ? at.planet : undefined;
}

/**
 * What an order's `to` says of the arrival planet, for ships heading to `system`: a planet of it (named), the system
 * itself (`null`: back to the default arrival), or nothing (`undefined`: each ship keeps what it wanted).
 */
function namedPlanet(state: SatharWarState, to: string | undefined, system: string): string | null | undefined {
  if (to === undefined) return undefined;
  if (to === system) return null;
  return systemOfPlanet(state.map, to)?.id === system ? to : undefined;
}

/**
 * Each ship's arrival planet in `system`: the one named by the order, else (when `keep`) the one it kept, else the
 * default (`arrivalPlanet`). `arrived`: the ships enter the starburst today (the planet is where they are); otherwise
 * the planet is only kept, and a ship with none keeps none.
 */
function planetsFor(
  state: SatharWarState,
  ships: readonly Ship[],
  system: string,
  named: string | null | undefined,
  keep: boolean,
  arrived: boolean,
): { first: string | undefined; planets?: Record<string, string> } {
  const wanted = ships.map((s) => (named !== undefined ? (named ?? undefined) : keep ? keptPlanet(s, system, state) : undefined));
  const each = wanted.map((w) => (arrived ? arrivalPlanet(state, system, w) : w));
  const first = each[0];
  if (arrived ? each.every((p) => p === first) : each.every((p) => p === undefined)) return { first };
  const planets: Record<string, string> = {};
  ships.forEach((s, i) => {
    const p = each[i];
    if (p !== undefined) planets[s.id] = p;
  });
  return { first, planets };
}

const rateOf = (n: number): 1 | 2 | 3 => (n >= 3 ? 3 : n >= 2 ? 2 : 1);

/** "#3 move TFC-BB1, TFC-DD1, TFC-DD2 +3". */
export function moveLabel(index: number, ships: readonly string[]): string {
  const shown = ships.slice(0, 3).join(", ");
  return `#${index + 1} move ${shown}${ships.length > 3 ? ` +${ships.length - 3}` : ""}`;
}

/** Ships that stand together and may be ordered as one stack: same starburst, same box heading the same way at the same rate. */
export function placeKey(loc: Location): string | undefined {
  switch (loc.kind) {
    case "system":
      return `system:${loc.system}`;
    case "transit":
      return `transit:${loc.route}:${loc.box}:${loc.toward}:${loc.rate}:${loc.jumped}`;
    case "red":
      return `red:${loc.circle}:${loc.box}:${loc.outbound}:${loc.rate ?? 1}`;
    case "circle":
      return `circle:${loc.circle}:${loc.outbound === true}`;
    default:
      return undefined;
  }
}

/**
 * Plan one order. `state` is the state at the start of the phase (militia threats are judged on it). The caller has
 * already checked the ships exist, are the seat's, are not ordered twice, and are not fighters. `forced`: a move the
 * rules make (a militia ship going on to turn for home), not held by the militia limits.
 */
export function planMove(state: SatharWarState, order: MoveOrder, label: string, opts: { forced?: boolean } = {}): Planned {
  const fail = (code: string, message: string): Planned => ({ ok: false, problem: problem(label, code, message) });
  const ships = order.ships.map((id) => state.ships[id]!);
  const first = ships[0]!;
  const key = placeKey(first.location);
  if (key === undefined)
    return fail(
      "not-on-map",
      `${first.id} is not on the map (${first.location.kind}): only ships in a system, transit box, red box or start circle move`,
    );
  const apart = ships.filter((s) => placeKey(s.location) !== key);
  if (apart.length > 0) {
    return fail(
      "not-together",
      `the ships of one move order must be together: ${first.id} is at ${describe(state.map, first.location)}, ${apart
        .map((s) => `${s.id} at ${describe(state.map, s.location)}`)
        .join("; ")}; give each stack its own order`,
    );
  }
  const loc = first.location;
  switch (loc.kind) {
    case "system":
      return fromSystem(state, order, label, ships, loc, fail);
    case "transit":
      return inTransit(state, order, label, ships, loc, fail, opts.forced === true);
    case "red":
      return inRedBox(state, order, label, ships, loc, fail);
    case "circle":
      return inCircle(state, order, label, ships, loc, fail);
    default:
      return fail("not-on-map", `${first.id} is not on the map`);
  }
}

type Fail = (code: string, message: string) => Planned;

function fromSystem(
  state: SatharWarState,
  order: MoveOrder,
  label: string,
  ships: Ship[],
  loc: Extract<Location, { kind: "system" }>,
  fail: Fail,
): Planned {
  const map = state.map;
  const system = map.systems.find((s) => s.id === loc.system);
  const near = neighbours(map, loc.system);
  const circles = map.circles.filter((c) => c.system === loc.system);
  const valid = () =>
    [
      ...(system?.planets.map((p) => `planet ${p.id}`) ?? []),
      ...near.map((n) => `system ${n}`),
      ...(ships.every((s) => s.side === "sathar") ? circles.map((c) => `start circle ${c.id}`) : []),
    ].join(", ");
  if (order.action === "reverse" || order.action === "coast") {
    return fail(
      "not-in-transit",
      `"${order.action}" is for ships in a transit box; ships in ${loc.system} stay unless given "to": ${valid()}`,
    );
  }
  if (!order.to) return fail("no-destination", `ships in a system move only when told where: "to" one of ${valid()}`);
  const to = order.to;
  const rate = order.rate ?? 1;
  // Another planet of the same system.
  if (system?.planets.some((p) => p.id === to)) {
    if (rate > 1) return fail("bad-rate", `moving between planets of ${loc.system} takes no rate: leave "rate" out`);
    for (const s of ships) {
      const home = homeSystem(state, s);
      if (home && home !== loc.system && boundToHome(state, s) && imminentlyThreatened(state, home)) {
        return fail(
          "militia-must-return",
          `${s.id}'s home system ${home} is imminently threatened: it must head home, not to another planet (000:400)`,
        );
      }
    }
    return planned(
      label,
      ships,
      { kind: "system", system: loc.system, planet: to },
      1,
      `to ${describe(map, { kind: "system", system: loc.system, planet: to })}`,
    );
  }
  // Out along the red boxes toward a start circle (Sathar only: reference E.10; "Sathar Repair" 000:521).
  const circle = circles.find((c) => c.id === to);
  if (circle) {
    const upf = ships.find((s) => s.side !== "sathar");
    if (upf) return fail("no-red-boxes", `${upf.id}: only Sathar ships use the red boxes of a start circle (RULINGS "Strategic movement")`);
    if (rate > 1 && state.settings.movement?.outboundRed !== "risk-jump")
      return fail(
        "red-one-box",
        `ships in red boxes move one box a day (000:392, C.2 #43; setting movement.outboundRed "risk-jump" allows RJ2/RJ3 outbound): leave "rate" out`,
      );
    for (const s of ships) {
      const why = rateRefusal(s, rate);
      if (why) return fail("rate-too-high", `${why}; the whole order could go at ${Math.min(...ships.map(maxRate))} a day`);
    }
    return outward(state, order, label, ships, circle, circle.redBoxes + 1, rateOf(rate), "out");
  }
  // `to` a neighbouring system, or a planet of one: the planet they will arrive at, kept until they do (RULINGS "Arrival").
  const toSystem = near.includes(to) ? to : systemOfPlanet(map, to)?.id;
  const route = toSystem !== undefined && near.includes(toSystem) ? routeJoining(map, loc.system, toSystem) : undefined;
  if (!route || toSystem === undefined)
    return fail(
      "bad-destination",
      `${to} is not a planet of ${loc.system} nor a system one route away (nor one of its planets); valid: ${valid()}`,
    );
  for (const s of ships) {
    const why = rateRefusal(s, rate);
    if (why) return fail("rate-too-high", `${why}; the whole order could go at ${Math.min(...ships.map(maxRate))} a day`);
    const home = militiaRefusal(state, s, toSystem, homeSystem(state, s) === loc.system);
    if (home) return fail(home.code, home.message);
    const slow = militiaTooSlow(state, s, rate);
    if (slow) return fail("militia-too-slow", slow);
  }
  const dest = toSystem;
  const jp = jumpProgress(route, dest);
  const progress = Math.min(rate, jp);
  const jumpedNow = progress >= jp;
  const wanted = to === dest ? undefined : to;
  const at: Location = {
    kind: "transit",
    route: route.id,
    box: boxAt(route, dest, progress),
    toward: dest,
    rate: rateOf(rate),
    jumped: jumpedNow,
    ...(wanted ? { planet: wanted } : {}),
  };
  const jump = jumpedNow && rate >= 2 ? jumpInfo(ships, rateOf(rate) as 2 | 3, order.interlock !== false) : undefined;
  const daysLeft = daysToArrive(route, dest, progress, jumpedNow, rate);
  return planned(
    label,
    ships,
    at,
    progress,
    `leave ${loc.system} for ${wanted ? `${wanted} (${dest})` : dest}${rate > 1 ? ` risk-jumping at RJ${rate}` : ""}: ${describe(map, at)}${jumpedNow ? " (the jump box)" : ""}; ${daysLeft} more day(s) to ${dest}`,
    { ...(jump ? { jump } : {}), daysLeft },
  );
}

/**
 * With setting `movement.militiaReturn: "fastest"`, a militia ship that must return home goes at the highest rate it
 * may (000:400 "as quickly as possible", read literally): why `rate` is too slow, or undefined.
 */
function militiaTooSlow(state: SatharWarState, ship: Ship, rate: number, cap = 3): string | undefined {
  if (state.settings.movement?.militiaReturn !== "fastest" || wayHome(state, ship) === undefined) return undefined;
  const most = Math.min(cap, maxRate(ship));
  return rate < most
    ? `${ship.id} must return home as quickly as possible (000:400; setting movement.militiaReturn "fastest"): at ${most} boxes a day, not ${rate}`
    : undefined;
}

function inTransit(
  state: SatharWarState,
  order: MoveOrder,
  label: string,
  ships: Ship[],
  loc: Extract<Location, { kind: "transit" }>,
  fail: Fail,
  forced: boolean,
): Planned {
  const map = state.map;
  const route = routeById(map, loc.route);
  if (!route) return fail("not-on-map", `route ${loc.route} is not on this map`);
  const action = order.action ?? "advance";
  const preJumpRj = !loc.jumped && loc.rate > 1;
  const p = progressOf(route, loc.toward, loc.box);
  // Heading after this order: reversing turns for the other end (000:222).
  const toward = action === "reverse" ? otherEnd(route, loc.toward) : loc.toward;
  const destPlanets = map.systems.find((s) => s.id === toward)?.planets ?? [];
  if (order.to !== undefined && order.to !== toward && !destPlanets.some((pl) => pl.id === order.to)) {
    return fail(
      "bad-destination",
      `ships in a transit box arrive where they are heading: "to" may name only ${toward} or one of its planets (${destPlanets.map((pl) => pl.id).join(", ")}), the planet they go to on arriving (kept until they do)`,
    );
  }
  const named = namedPlanet(state, order.to, toward);
  // Militia bound home (000:400): the way home decides (militia-ships.ts `wayHome`); otherwise their range.
  const militia = (): Planned | undefined => {
    if (forced) return undefined;
    for (const s of ships) {
      const way = wayHome(state, s);
      if (way?.kind === "transit") {
        if (!(way.actions as string[]).includes(action)) {
          const home = homeSystem(state, s);
          return fail(
            "militia-must-return",
            `${s.id}'s home ${home} is imminently threatened: it must return home as quickly as possible (000:400): ${way.actions
              .map((a) => (a === "advance" ? `"advance" toward ${loc.toward}` : `"reverse" toward ${otherEnd(route, loc.toward)}`))
              .join(" or ")}`,
          );
        }
        continue;
      }
      const why = militiaRefusal(state, s, toward, false);
      if (why) return fail(why.code, why.message);
    }
    return undefined;
  };
  if (action === "coast") {
    if (preJumpRj) {
      return fail(
        "rj-must-keep-rate",
        `risk-jumping ships must keep RJ${loc.rate} from the first box to the jump box (000:352); "advance" or wait until after the jump`,
      );
    }
    if (order.rate !== undefined) return fail("bad-rate", `a coasting ship keeps its box: leave "rate" out`);
    const m = militia();
    if (m) return m;
    const { first, planets } = planetsFor(state, ships, toward, named, true, false);
    const at = { ...loc, coasting: true };
    delete at.planet;
    if (first) at.planet = first;
    return planned(label, ships, at, 0, `coast in ${describe(map, loc)}`, planets ? { planets } : {});
  }
  if (action === "reverse") {
    if (preJumpRj) {
      return fail(
        "rj-must-keep-rate",
        `risk-jumping ships must keep RJ${loc.rate} until their jump box (000:352): they cannot turn back before it`,
      );
    }
    if (order.rate !== undefined && order.rate !== 1) return fail("bad-rate", `reversing ships move one box a day (000:222)`);
    const m = militia();
    if (m) return m;
    // The same box seen from the other direction: a ship that had not jumped is back in the space of the star it left,
    // decelerating toward it; one that had jumped must jump again to go back (RULINGS "Strategic movement": reversing).
    const jumped = !loc.jumped;
    return step(state, label, ships, route, toward, arrivalProgress(route) - p, jumped, 1, named, false, false, "reverse");
  }
  // Advance.
  let rate: number = loc.rate;
  if (!loc.jumped) {
    if (order.rate !== undefined && order.rate !== loc.rate) {
      return fail(
        loc.rate > 1 ? "rj-must-keep-rate" : "rj-from-first-box",
        loc.rate > 1
          ? `risk-jumping ships keep RJ${loc.rate} until the jump box (000:352)`
          : `a risk jump is made at the increased rate "from the time it enters the first transit box" (000:352): these ships left at 1 a day`,
      );
    }
  } else if (state.settings.movement?.afterJump === "one") {
    if (order.rate !== undefined && order.rate > 1) {
      return fail("decelerate-too-fast", `this campaign decelerates after a jump at one box a day (setting movement.afterJump "one")`);
    }
    rate = 1;
  } else if (order.rate !== undefined) {
    if (order.rate > loc.rate) {
      return fail(
        "decelerate-too-fast",
        `after the jump ships decelerate "at the increased rate or at a lower rate" (000:352): at most ${loc.rate} a day here`,
      );
    }
    rate = order.rate;
    for (const s of ships) {
      const slow = militiaTooSlow(state, s, rate, loc.rate);
      if (slow) return fail("militia-too-slow", slow);
    }
  }
  // Hull damage or lost ADF since: the group goes at what its slowest may (000:395; C.2 #33).
  rate = Math.min(rate, ...ships.map(maxRate));
  const m = militia();
  if (m) return m;
  return step(state, label, ships, route, loc.toward, p, loc.jumped, rate, named, true, order.interlock !== false, "advance");
}

/** Move `rate` boxes from progress `p`: stop on entering the jump box (000:352) or the starburst. */
function step(
  state: SatharWarState,
  label: string,
  ships: Ship[],
  route: NonNullable<ReturnType<typeof routeById>>,
  toward: string,
  p: number,
  jumped: boolean,
  rate: number,
  named: string | null | undefined,
  keep: boolean,
  interlock: boolean,
  verb: string,
): Planned {
  const map = state.map;
  const end = arrivalProgress(route);
  let next: number;
  let jumpedNow = false;
  if (!jumped) {
    const jp = Math.max(jumpProgress(route, toward), p + 1);
    next = Math.min(p + rate, jp);
    jumpedNow = next >= jumpProgress(route, toward);
  } else {
    next = Math.min(p + rate, end);
  }
  if (next >= end) {
    const { first, planets } = planetsFor(state, ships, toward, named, keep, true);
    const at: Location = { kind: "system", system: toward, planet: first ?? arrivalPlanet(state, toward) };
    return planned(label, ships, at, next - p, `${verb}: arrive at ${describe(map, at)}${arrivals(planets)}`, {
      daysLeft: 0,
      ...(planets ? { planets } : {}),
    });
  }
  const { first, planets } = planetsFor(state, ships, toward, named, keep, false);
  const at: Location = {
    kind: "transit",
    route: route.id,
    box: boxAt(route, toward, next),
    toward,
    rate: rateOf(rate),
    jumped: jumped || jumpedNow,
    ...(first ? { planet: first } : {}),
  };
  const jump = jumpedNow && rate >= 2 ? jumpInfo(ships, rateOf(rate) as 2 | 3, interlock) : undefined;
  const daysLeft = daysToArrive(route, toward, next, jumped || jumpedNow, rate);
  return planned(
    label,
    ships,
    at,
    next - p,
    `${verb}: ${describe(map, at)}${jumpedNow ? " (entering the jump box: jumped)" : ""}; ${daysLeft} more day(s) to ${toward}${
      first && !planets ? ` (arriving at ${first})` : ""
    }`,
    { ...(jump ? { jump } : {}), daysLeft, ...(planets ? { planets } : {}) },
  );
}

/** Ships of one stack arriving at different planets, in words. */
function arrivals(planets: Record<string, string> | undefined): string {
  return planets
    ? ` (${Object.entries(planets)
        .map(([id, p]) => `${id} at ${p}`)
        .join(", ")})`
    : "";
}

function inRedBox(
  state: SatharWarState,
  order: MoveOrder,
  label: string,
  ships: Ship[],
  loc: Extract<Location, { kind: "red" }>,
  fail: Fail,
): Planned {
  const circle = circleById(state.map, loc.circle);
  if (!circle) return fail("not-on-map", `start circle ${loc.circle} is not on this map`);
  if (order.action === "coast") {
    return fail("red-no-coast", `Sathar ships in the red boxes move exactly one box a day (000:392, C.2 #43): "advance" or "reverse"`);
  }
  // Outbound at a risk-jump rate (setting movement.outboundRed, C.2 #43): kept to the circle, like a risk jump to its jump box.
  if (loc.outbound && loc.rate !== undefined) {
    if (order.action === "reverse") {
      return fail("rj-must-keep-rate", `risk-jumping ships keep RJ${loc.rate} until they reach the start circle (000:352, C.2 #43)`);
    }
    if (order.rate !== undefined && order.rate !== loc.rate) {
      return fail("rj-must-keep-rate", `risk-jumping ships keep RJ${loc.rate} until they reach the start circle (000:352, C.2 #43)`);
    }
    if (order.to !== undefined) return fail("bad-destination", `ships heading out to ${circle.name} take no "to"`);
    return outward(state, order, label, ships, circle, loc.box, Math.min(loc.rate, ...ships.map(maxRate)) as 1 | 2 | 3, "advance");
  }
  if (order.rate !== undefined && order.rate !== 1) {
    return fail(
      "red-one-box",
      `Sathar ships in the red boxes "cannot decelerate more than one transit box per turn" (000:392): leave "rate" out`,
    );
  }
  const outbound = order.action === "reverse" ? !loc.outbound : loc.outbound;
  const planets = state.map.systems.find((s) => s.id === circle.system)?.planets ?? [];
  if (order.to !== undefined && (outbound || (order.to !== circle.system && !planets.some((p) => p.id === order.to)))) {
    return fail("bad-destination", `"to" may name only a planet of ${circle.system}, where ships arriving from the red boxes go`);
  }
  const named = namedPlanet(state, order.to, circle.system);
  const box = outbound ? loc.box - 1 : loc.box + 1;
  const verb = order.action === "reverse" ? "reverse" : "advance";
  if (box < 1) {
    const at: Location = { kind: "circle", circle: circle.id, outbound: true };
    return planned(label, ships, at, 1, `${verb}: into ${circle.name}, outbound`, { daysLeft: 0 });
  }
  if (box > circle.redBoxes) {
    const { first, planets: each } = planetsFor(state, ships, circle.system, named, true, true);
    const at: Location = { kind: "system", system: circle.system, planet: first ?? arrivalPlanet(state, circle.system) };
    return planned(label, ships, at, 1, `${verb}: out of the last red box into ${describe(state.map, at)}${arrivals(each)}`, {
      daysLeft: 0,
      ...(each ? { planets: each } : {}),
    });
  }
  const { first, planets: each } = outbound
    ? { first: undefined, planets: undefined }
    : planetsFor(state, ships, circle.system, named, true, false);
  const at: Location = { kind: "red", circle: circle.id, box, outbound, ...(first ? { planet: first } : {}) };
  const daysLeft = outbound ? box : circle.redBoxes + 1 - box;
  return planned(label, ships, at, 1, `${verb}: ${describe(state.map, at)}; ${daysLeft} more day(s)`, {
    daysLeft,
    ...(each ? { planets: each } : {}),
  });
}

/**
 * Out along a start circle's red boxes from `box` (the system's side is `redBoxes + 1`) at `rate` boxes a day: at 2 or 3
 * (setting `movement.outboundRed: "risk-jump"`, C.2 #43) the rate is kept to the circle, and entering the circle, where
 * Sathar ships leave for the Void, is the jump: one d100 on the misjump table (000:373).
 */
function outward(
  state: SatharWarState,
  order: MoveOrder,
  label: string,
  ships: Ship[],
  circle: NonNullable<ReturnType<typeof circleById>>,
  box: number,
  rate: 1 | 2 | 3,
  verb: string,
): Planned {
  const next = box - rate;
  const rj = rate > 1 ? ` risk-jumping at RJ${rate}` : "";
  if (next < 1) {
    const at: Location = { kind: "circle", circle: circle.id, outbound: true };
    const jump = rate > 1 ? jumpInfo(ships, rate as 2 | 3, order.interlock !== false) : undefined;
    return planned(
      label,
      ships,
      at,
      Math.min(rate, box),
      `${verb}${rj}: into ${circle.name}, outbound${jump ? " (the jump: a misjump roll)" : ""}`,
      {
        daysLeft: 0,
        ...(jump ? { jump } : {}),
      },
    );
  }
  const at: Location = { kind: "red", circle: circle.id, box: next, outbound: true, ...(rate > 1 ? { rate: rate as 2 | 3 } : {}) };
  const daysLeft = Math.ceil(next / rate);
  return planned(label, ships, at, box - next, `${verb}${rj} toward ${circle.name}: ${describe(state.map, at)}; ${daysLeft} more day(s)`, {
    daysLeft,
  });
}

function inCircle(
  state: SatharWarState,
  order: MoveOrder,
  label: string,
  ships: Ship[],
  loc: Extract<Location, { kind: "circle" }>,
  fail: Fail,
): Planned {
  const circle = circleById(state.map, loc.circle);
  if (!circle) return fail("not-on-map", `start circle ${loc.circle} is not on this map`);
  const mayWait = loc.outbound === true || (state.settings.movement?.reinforcementsWait === true && state.day > 1);
  if (order.action === "coast" && mayWait) {
    return planned(label, ships, loc, 0, `wait in ${circle.name}`);
  }
  if (order.action === "coast" || order.action === "reverse") {
    return fail(
      "must-enter-red-box",
      `ships in a start circle "must be moved into the red transit box adjacent to that start circle" (000:410, C.2 #42): "advance"`,
    );
  }
  if (order.rate !== undefined && order.rate !== 1)
    return fail("red-one-box", `ships leaving a start circle move one box a day until they reach the system (000:410)`);
  const named = namedPlanet(state, order.to, circle.system);
  if (order.to !== undefined && named === undefined)
    return fail("bad-destination", `ships in ${circle.id} can go only into its red boxes toward ${circle.system} (or one of its planets)`);
  if (circle.redBoxes < 1) {
    const sys: Location = { kind: "system", system: circle.system, planet: arrivalPlanet(state, circle.system, named ?? undefined) };
    return planned(label, ships, sys, 1, `into ${describe(state.map, sys)}`, { daysLeft: 0 });
  }
  const at: Location = { kind: "red", circle: circle.id, box: 1, outbound: false, ...(named ? { planet: named } : {}) };
  return planned(label, ships, at, 1, `into ${describe(state.map, at)}; ${circle.redBoxes} more day(s) to ${circle.system}`, {
    daysLeft: circle.redBoxes,
  });
}

function jumpInfo(ships: Ship[], rate: 2 | 3, interlock: boolean): MovePlan["jump"] {
  return { rate, interlock, chances: Object.fromEntries(ships.map((s) => [s.id, safeJump(s, rate)])) };
}

function ids(ships: Ship[]): string[] {
  return ships.map((s) => s.id);
}
