/**
 * Every die is reported ("Basic Combat Resolution" 3-6 and every dice rule after it: a player must be able to audit
 * each roll). A generator that writes down every draw plays whole bot battles in every built-in scenario and on fleets
 * that board, engulf and fight in mixed squadrons; each step's draws must be exactly the dice its events report in
 * `rolled`, in the order rolled, and each event's text must show every group of its dice.
 */
import { xoroshiro128plus } from "pure-rand/generator/xoroshiro128plus";
import { describe, expect, it } from "vitest";
import { Rng, type Trials } from "../../src/core/rng.js";
import { botOrders, randomLegalOrders } from "../../src/rules/battleshift/bot/bot.js";
import type { BsEvent, FireEvent } from "../../src/rules/battleshift/events.js";
import { fleetsFrom, PLANETFALL_FLEETS, planetfall } from "../../src/rules/battleshift/fleet/setup.js";
import { buildShip } from "../../src/rules/battleshift/fleet/ship-building.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState, Squadron } from "../../src/rules/battleshift/model.js";
import type { Order, Orders } from "../../src/rules/battleshift/orders.js";
import { groundAssaultOrder, planetActivation } from "../../src/rules/battleshift/planets/planet-play.js";
import { runActivation } from "../../src/rules/battleshift/turn/activation.js";
import { clearTable, ctxFor, DiceRng, design, place, tinyBattle, unitOf } from "./support.js";

/** A seeded generator that writes down every die it gives (d6 and d3) and counts any other draw. */
class AuditRng extends Rng {
  readonly dice: number[] = [];
  others = 0;
  constructor(seed: number) {
    super(xoroshiro128plus(seed));
  }
  protected override drawInt(lo: number, hi: number): number {
    const v = super.drawInt(lo, hi);
    if (lo === 1 && (hi === 6 || hi === 3)) this.dice.push(v);
    else this.others++;
    return v;
  }
  protected override drawChance(percent: number): boolean {
    this.others++;
    return super.drawChance(percent);
  }
  protected override drawSuccesses(trials: Trials): number {
    this.others++;
    return super.drawSuccesses(trials);
  }
  override float(): number {
    this.others++;
    return super.float();
  }
}

const reported = (events: readonly BsEvent[]): number[] => events.flatMap((e) => (e.rolled ?? []).flatMap((r) => r.rolls));

/** Events whose text does not show one of their dice groups as "[a,b,c]". */
function unshown(events: readonly BsEvent[]): string[] {
  const out: string[] = [];
  for (const e of events)
    for (const r of e.rolled ?? [])
      if (!e.text.includes(`[${r.rolls.join(",")}]`)) out.push(`${r.what} [${r.rolls.join(",")}] not in: ${e.text}`);
  return out;
}

interface Audit {
  steps: number;
  dice: number;
  kinds: Map<string, number>;
}

/** Play a battle by bots; every step's draws checked against its events. */
function audit(start: BattleState, players: Record<string, "normal" | "random">, maxSteps: number, seed: number): Audit {
  let state = start;
  const orderRng = Rng.forTurn(seed, 0, "orders");
  const seen: Audit = { steps: 0, dice: 0, kinds: new Map() };
  for (let i = 0; i < maxSteps && !state.outcome; i++) {
    const orders: Record<string, Orders> = {};
    for (const seat of battleshift.awaiting(state))
      orders[seat] =
        players[seat] === "random" ? randomLegalOrders(state, seat, orderRng) : botOrders(battleshift.knownState(state, seat), seat);
    const rng = new AuditRng(seed * 10_000 + state.step);
    const r = battleshift.resolve(state, orders, rng);
    const label = `${start.scenario} seed ${seed}, ${battleshift.label(state)}`;
    expect(rng.others, `${label}: draws that are not dice`).toBe(0);
    expect(reported(r.events), `${label}: the dice reported are the dice drawn`).toEqual(rng.dice);
    expect(unshown(r.events), `${label}: texts show their dice`).toEqual([]);
    for (const e of r.events)
      for (const g of e.rolled ?? []) {
        const kind = `${e.kind}:${g.what.replace(/:.*|\(.*/, "").trim()}`;
        seen.kinds.set(kind, (seen.kinds.get(kind) ?? 0) + g.rolls.length);
      }
    seen.steps++;
    seen.dice += rng.dice.length;
    state = r.state;
  }
  console.log(`${start.scenario} seed ${seed}: ${seen.steps} steps, ${seen.dice} dice, ${state.outcome?.reason ?? "not over"}`);
  return seen;
}

const scenario = (id: string, seed: number): BattleState => {
  const sc = battleshift.scenarios[id];
  if (!sc) throw new Error(id);
  const inputs = sc.parseInputs({});
  if (!inputs.ok) throw new Error(id);
  return sc.create(seed, inputs.value);
};

/** Fleets that board, engulf and release (Bionid hive), and mixed squadrons. */
const hiveFleet = (name: string) => ({
  name,
  options: { mixedSquadrons: true, tractorBeams: true },
  taskforces: [
    {
      name: `${name} Hive`,
      squadrons: [
        { name: `${name} Feeders`, design: "bionid/ankax-feedship", ships: 2 },
        { name: `${name} Korzines`, design: "bionid/korzine-carrier", ships: 3 },
        { name: `${name} Drones`, design: "bionid/attack-drone", ships: 4 },
      ],
    },
    {
      name: `${name} Line`,
      squadrons: [
        {
          name: `${name} Example`,
          mixed: [
            { design: "generic/fleet-destroyer", ships: 2 },
            { design: "generic/fleet-cruiser", ships: 3 },
            { design: "generic/missile-dreadnought", ships: 2 },
          ],
        },
        { name: `${name} Cruisers`, design: "generic/fleet-cruiser", ships: 3 },
      ],
    },
  ],
});

describe("Every die rolled is reported: the draws of a step are the dice in its events, in order, and the reports show them", () => {
  const totals: Audit = { steps: 0, dice: 0, kinds: new Map() };
  const add = (a: Audit) => {
    totals.steps += a.steps;
    totals.dice += a.dice;
    for (const [k, n] of a.kinds) totals.kinds.set(k, (totals.kinds.get(k) ?? 0) + n);
  };
  it.each([
    ["playtest", 1, "normal", "normal"],
    ["playtest", 2, "random", "normal"],
    ["outpost", 3, "normal", "random"],
    ["veterans", 4, "normal", "normal"],
    ["veterans", 5, "random", "random"],
    ["planetfall", 6, "normal", "normal"],
    ["planetfall", 7, "random", "normal"],
  ] as const)("the %s scenario, seed %i (%s blue, %s red)", (id, seed, blue, red) => {
    add(audit(scenario(id, seed), { blue, red }, 400, seed));
  });
  it.each([
    [8, "random", "random"],
    [9, "normal", "random"],
  ] as const)("Bionid hives and mixed squadrons (boarding, engulfing, tractor beams, ion beams), seed %i", (seed, blue, red) => {
    const sc = battleshift.scenarios.default as (typeof battleshift.scenarios)[string];
    const state = sc.create(seed, { fleets: fleetsFrom([hiveFleet("Blue"), hiveFleet("Red")]) }) as BattleState;
    state.settings.turnLimit = 15;
    add(audit(state, { blue, red }, 1500, seed));
  });
  it("the battles above rolled every kind of die", () => {
    const kinds = [...totals.kinds].sort((a, b) => (a[0] < b[0] ? -1 : 1));
    console.log(`dice audit: ${totals.steps} steps, ${totals.dice} dice; ${kinds.map(([k, n]) => `${k} ${n}`).join(", ")}`);
    for (const kind of [
      "note:initiative",
      "fire:to hit",
      "fire:shields",
      "fire:destruction tests",
      "note:dodges",
      "note:interceptors",
      "note:suppression recovery",
      "note:repairs",
      "note:missile locks",
      "note:fighter repair checks",
    ])
      expect(totals.kinds.has(kind), kind).toBe(true);
  });
});

describe("Every die is reported in the rarer rules: boarding, assault units, super heavy damage, ground assaults, quadrant repairs, an engulfer's loss", () => {
  /** The dice `act` draws through a context, against the dice its events report. */
  function checked(state: BattleState, side: string, act: (ctx: ReturnType<typeof ctxFor>) => void, seed = 1): BsEvent[] {
    const rng = new AuditRng(seed);
    const ctx = ctxFor(state, side, rng);
    act(ctx);
    expect(rng.dice.length, "some dice were rolled").toBeGreaterThan(0);
    expect(reported(ctx.events)).toEqual(rng.dice);
    expect(unshown(ctx.events)).toEqual([]);
    return ctx.events;
  }
  const run = (state: BattleState, orders: Order[]) => (ctx: ReturnType<typeof ctxFor>) =>
    runActivation(ctx, unitOf(state, "blue", "blue-tf1"), orders);

  it('"Assault Units": to hit, shields, a d3 per unit through, the defence\'s d6 (and its own d3s)', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const s = tinyBattle([
        { id: "b1", side: "blue", design: "bionid/dargen-battleship", at: [[10, 20]], facing: 90 },
        { id: "r1", side: "red", design: "bionid/dargen-battleship", at: [[12, 20]], facing: 270 },
      ]);
      checked(s, "blue", run(s, [{ type: "board", squadrons: ["b1"], target: "r1", ship: "r1.1", assault: true }]), seed);
    }
  });
  it("\"Boarding\": the boarders' d6 (+ a d3 per assault unit) against the disabled ship's d6", () => {
    const s = tinyBattle([
      { id: "b1", side: "blue", design: "bionid/dargen-battleship", at: [[10, 20]], facing: 90 },
      { id: "r1", side: "red", design: "generic/fleet-cruiser", at: [[11, 20]], facing: 270 },
    ]);
    (s.squadrons.r1?.ships[0] as { disabled: boolean }).disabled = true;
    const events = checked(s, "blue", run(s, [{ type: "board", squadrons: ["b1"], target: "r1", ship: "r1.1" }]));
    expect(events.some((e) => e.rolled?.some((r) => r.what === "boarders"))).toBe(true);
  });
  it('"Super Heavy Batteries": "inflict up to 3 damage when they penetrate shields": a d3 per unsaved hit, reported', () => {
    const built = buildShip({ name: "Siege Cruiser", size: 3, systems: { superHeavy: 1 } });
    if (!built.ok) throw new Error("design");
    let seenD3 = false;
    for (const seed of [1, 2, 3, 4]) {
      const s = tinyBattle([
        {
          id: "b1",
          side: "blue",
          design: "generic/fleet-cruiser",
          at: [
            [10, 20],
            [10, 21],
            [10, 22],
          ],
          facing: 90,
        },
        {
          id: "r1",
          side: "red",
          design: "generic/fleet-cruiser",
          at: [
            [40, 20],
            [40, 21],
          ],
          facing: 270,
        },
      ]);
      s.designs.siege = { ...built.value, id: "siege" };
      (s.squadrons.b1 as { design: string }).design = "siege";
      const events = checked(s, "blue", run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1", weapons: ["superHeavy"] }]), seed);
      const d3 = events.flatMap((e) => e.rolled ?? []).find((r) => r.sides === 3);
      if (d3) seenD3 = true;
    }
    expect(seenD3).toBe(true);
  });
  it("Planets: \"Quadrants may make a repair roll\", the quadrant's fire, and a ground assault's dice", () => {
    const s = planetfall(1, fleetsFrom(PLANETFALL_FLEETS));
    clearTable(s);
    const near = place(s, "blue-tf1-s1", 48 - 6 - 1, 24, 90);
    const planet = s.planets?.planet as NonNullable<BattleState["planets"]>[string];
    const w = planet.defense.quadrants.find((x) => x.id === "W");
    if (!w) throw new Error("no quadrant");
    w.damage = 2;
    checked(s, "red", (ctx) => planetActivation(ctx, planet));
    checked(s, "blue", (ctx) => groundAssaultOrder(ctx, "board", "o1", [near], "planet:W", () => 0));
  });
  it('"Engulfing": "If the ship that engulfed them is destroyed, they must make a destruction test"', () => {
    const s = tinyBattle([{ id: "b1", side: "blue", design: "bionid/korzine-carrier", at: [[10, 20]], facing: 90 }]);
    s.designs["generic/fleet-destroyer"] = design("generic/fleet-destroyer");
    s.prizes.p1 = {
      id: "p1",
      side: "blue",
      fromSide: "red",
      design: "generic/fleet-destroyer",
      squadron: "b1",
      x: 10,
      y: 20,
      engulfed: true,
      engulfer: "b1.1",
    };
    checked(s, "red", (ctx) => ctx.destroyShips(s.squadrons.b1 as Squadron, 1, "red", "destroyed"));
  });
});

describe('The dice a fire event shows: shields, destruction tests, super heavy damage (seed 004 "Basic Combat Resolution" 5-6, "Super Heavy Batteries")', () => {
  it('a heavy volley reports its to-hit dice, its shield dice and its destruction tests: "needing 4 or less [1,1,1,1,1,1]", shields "[3,3,...] needing 2 or less", tests', () => {
    const s = tinyBattle([
      {
        id: "b1",
        side: "blue",
        design: "generic/fleet-battleship",
        at: [
          [10, 20],
          [10, 21],
        ],
        facing: 90,
      },
      {
        id: "r1",
        side: "red",
        design: "generic/fleet-cruiser",
        at: [
          [30, 20],
          [30, 21],
        ],
        facing: 270,
      },
    ]);
    // 4 heavy batteries hit on 1s; 2 ships x 2 shields roll 3s (need 4 - 2 = 2): none saves; 4 damage = one test at 4 (hull 4): a 5.
    const r = battleshift.resolve(
      s,
      { blue: { orders: [{ type: "heavy", squadrons: ["b1"], target: "r1" }] } },
      new DiceRng([1, 1, 1, 1, 3, 3, 3, 3, 5]),
    );
    const fire = r.events.find((e) => e.kind === "fire") as FireEvent;
    expect(fire.rolled).toEqual([
      { what: "to hit", rolls: [1, 1, 1, 1], need: 4 },
      { what: "shields", rolls: [3, 3, 3, 3], need: 2 },
      { what: "destruction tests", rolls: [5], need: 3 },
    ]);
    expect(fire.text).toContain(
      "4 dice needing 4 or less [1,1,1,1] = 4 hits, suppressed; 4 shield rolls [3,3,3,3] needing 2 or less: 0 saved; 4 damage; destruction tests [5] needing 3 or less: 1 ship destroyed",
    );
    const report = battleshift.report(r.state, "red", r.events).text;
    expect(report).toContain("[3,3,3,3]");
    expect(report).toContain("destruction tests [5]");
  });
});
