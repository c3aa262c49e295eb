/** Seed 001 S7 Movement (l.466-500), S8 Ramming (l.504-516), S9 Shoot (l.525-635), S12 Spotting (l.659-665), through the steps. */
import { describe, expect, it } from "vitest";
import type { SeatId } from "../../src/core/ids.js";
import { Rng } from "../../src/core/rng.js";
import { sortOrders } from "../../src/rules/space-war/campaign-sequence/sequence.js";
import { craftById, type Sorted, type StepContext, stepContext } from "../../src/rules/space-war/campaign-sequence/step.js";
import type { Arc, CraftType, Module } from "../../src/rules/space-war/designing-craft/modules.js";
import type { Medal } from "../../src/rules/space-war/medals/medals.js";
import type { Craft, Planet, SpaceWarState, Squadron } from "../../src/rules/space-war/model.js";
import { ordersSchema } from "../../src/rules/space-war/orders.js";
import { DEFAULT_SETTINGS, type Settings } from "../../src/rules/space-war/settings.js";
import type { Card } from "../../src/rules/space-war/technology-cards/cards.js";
import { along } from "../../src/rules/space-war/the-turn/geometry.js";
import { moveCraft, moveRuling } from "../../src/rules/space-war/the-turn/s7-movement.js";
import { ramming } from "../../src/rules/space-war/the-turn/s8-ramming.js";
import { shoot, shotRuling } from "../../src/rules/space-war/the-turn/s9-shoot.js";
import { spotting } from "../../src/rules/space-war/the-turn/s12-spotting.js";
import { playerTurn } from "../../src/rules/space-war/the-turn/sequence.js";
import { DiceRng } from "../battleshift/support.js";

// ---------------------------------------------------------------------------------------------------------------
// A small battle: craft of two squadrons placed at points.

type ModuleSpec = Module | { module: Module; arc: Arc; damaged?: boolean } | { module: Module; damaged: boolean };

interface CraftSpec {
  id: string;
  type?: CraftType;
  modules: ModuleSpec[];
  at?: [number, number];
  heading?: number;
  hidden?: boolean;
  aboard?: string;
  medals?: Medal[];
  tractoredBy?: string;
}

interface BattleSpec {
  craft: CraftSpec[];
  planets?: Planet[];
  cards?: Partial<Record<SeatId, Card[]>>;
  settings?: Partial<Settings>;
}

const ownerOf = (id: string): SeatId => (id.startsWith("blue") ? "blue" : "red") as SeatId;

function craftOfSpec(s: CraftSpec): Craft {
  const c: Craft = {
    id: s.id,
    owner: ownerOf(s.id),
    design: `${s.id} design`,
    type: s.type ?? "vessel",
    modules: s.modules.map((m) =>
      typeof m === "string" ? { module: m, damaged: false } : { ...m, damaged: "damaged" in m ? (m.damaged ?? false) : false },
    ),
    where:
      s.aboard !== undefined
        ? { kind: "aboard", vessel: s.aboard }
        : { kind: s.hidden ? "hidden" : "table", at: { x: s.at?.[0] ?? 0, y: s.at?.[1] ?? 0 }, heading: s.heading ?? 0 },
    pendingHits: 0,
  };
  if (s.medals) c.crew = `${s.id}-crew`;
  if (s.tractoredBy) c.tractoredBy = s.tractoredBy;
  return c;
}

function squadron(seat: SeatId, spec: BattleSpec): Squadron {
  return {
    seat,
    name: seat,
    budgetOption: "normal",
    machine: false,
    designs: [],
    prisoners: [],
    crews: spec.craft
      .filter((c) => ownerOf(c.id) === seat && c.medals)
      .map((c) => ({ id: `${c.id}-crew`, name: c.id, medals: c.medals ?? [] })),
    cards: (spec.cards?.[seat] ?? []).map((card) => ({ card, revealed: false, cancelled: false })),
    redesigned: false,
  };
}

function battleState(spec: BattleSpec): SpaceWarState {
  const blue = "blue" as SeatId;
  const red = "red" as SeatId;
  const tally = () => ({ started: 0, lost: 0, destroyed: [], captured: [], tasks: [] });
  return {
    ruleset: "space-war",
    step: 5,
    seats: [
      { id: blue, name: "Blue" },
      { id: red, name: "Red" },
    ],
    settings: { ...DEFAULT_SETTINGS, ...spec.settings },
    games: 1,
    scenario: "squadron-action",
    campaign: {
      game: 0,
      step: "battle",
      squadrons: [squadron(blue, spec), squadron(red, spec)],
      results: [],
      battle: {
        scenario: "squadron-action",
        turn: 1,
        order: [blue, red],
        active: blue,
        table: { width: 72, depth: 48 },
        planets: spec.planets ?? [],
        craft: spec.craft.map(craftOfSpec),
        gaveUp: [],
        tally: { [blue]: tally(), [red]: tally() },
        homes: { [blue]: { planet: 0, edge: "west" }, [red]: { planet: 1, edge: "east" } },
      },
    },
  };
}

/** The step's context over a battle, with scripted dice (then seeded ones). */
function game(spec: BattleSpec, dice: number[] = [], seed = 1): { ctx: StepContext; state: SpaceWarState; rng: DiceRng } {
  const state = battleState(spec);
  const rng = new DiceRng(dice, seed);
  const ctx = stepContext(state, rng);
  ctx.where = "game 1, turn 1, blue S7-S12";
  return { ctx, state, rng };
}

/** Blue's orders, sorted by type as the campaign sorts them. */
function ordersOf(ctx: StepContext, orders: unknown[]): Sorted {
  return sortOrders(ctx, "blue" as SeatId, ordersSchema.parse({ orders }));
}

const craft = (state: SpaceWarState, id: string): Craft => {
  const c = state.campaign.battle ? craftById(state.campaign.battle, id) : undefined;
  if (!c) throw new Error(`no craft ${id}`);
  return c;
};
const problems = (ctx: StepContext) => ctx.problems.blue ?? [];
const codes = (ctx: StepContext) => problems(ctx).map((p) => p.code);
const at = (c: Craft) => (c.where.kind === "table" || c.where.kind === "hidden" ? c.where.at : undefined);
const headingOf = (c: Craft) => (c.where.kind === "table" || c.where.kind === "hidden" ? c.where.heading : undefined);
const BLUE = "blue" as SeatId;

/** Red craft placed `d` inches from (10, 24) along `h`. */
const from = (d: number, h: number): [number, number] => {
  const p = along({ x: 10, y: 24 }, h, d);
  return [p.x, p.y];
};

// ---------------------------------------------------------------------------------------------------------------

describe("S7 - Movement (l.466-500)", () => {
  const cases: [CraftType, number, number][] = [
    ["vessel", 1, 6],
    ["vessel", 2, 12],
    ["vessel", 3, 18],
    ["vessel", 4, 18],
    ["fighter", 1, 9],
    ["fighter", 2, 18],
    ["fighter", 3, 18],
  ];
  it.each(cases)('"Movement is ..." (l.480-500): a %s with %i Engines moves up to %i" and no further', (type, engines, inches) => {
    const modules: Module[] = [...Array<Module>(engines).fill("E"), "A"];
    const { ctx, state } = game({ craft: [{ id: "blue-1", type, modules, at: [10, 10], heading: 0 }] });
    expect(moveRuling(state, BLUE, { type: "move", craft: "blue-1", to: { x: 10, y: 10 + inches } }).ok).toBe(true);
    const far = moveRuling(state, BLUE, { type: "move", craft: "blue-1", to: { x: 10, y: 10.2 + inches } });
    expect(far.ok).toBe(false);
    if (!far.ok) expect(far.text).toContain(`would move ${(inches + 0.2).toFixed(1)}" of its ${inches.toFixed(1)}" (${engines} Engine`);
    moveCraft(ctx, BLUE, ordersOf(ctx, [{ type: "move", craft: "blue-1", to: { x: 10, y: 10 + inches } }]));
    expect(at(craft(state, "blue-1"))).toEqual({ x: 10, y: 10 + inches });
    expect(craft(state, "blue-1").moved).toBe(inches);
  });

  it("only operating Engines count: a damaged Engine moves nothing (l.396)", () => {
    const { state } = game({ craft: [{ id: "blue-1", modules: ["E", { module: "E", damaged: true }], at: [10, 10] }] });
    const r = moveRuling(state, BLUE, { type: "move", craft: "blue-1", to: { x: 10, y: 18 } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.text).toBe('blue-1 would move 8.0" of its 6.0" (1 Engine) (l.480-500)');
  });

  it("heading after a move without facing is the way it moved; a vessel turns before moving with an Engine (l.478)", () => {
    const { ctx, state } = game({ craft: [{ id: "blue-1", modules: ["E", "E"], at: [10, 10], heading: 0 }] });
    moveCraft(ctx, BLUE, ordersOf(ctx, [{ type: "move", craft: "blue-1", to: { x: 20, y: 10 } }]));
    expect(codes(ctx)).toEqual([]);
    expect(headingOf(craft(state, "blue-1"))).toBeCloseTo(90);
  });

  it('"Thrusters (T) Enables turns after movement" (l.490): a vessel without one may not turn after moving', () => {
    const { ctx, state } = game({
      craft: [
        { id: "blue-1", modules: ["E", "E"], at: [10, 10], heading: 0 },
        { id: "blue-2", modules: ["E", "T"], at: [30, 10], heading: 0 },
      ],
    });
    moveCraft(
      ctx,
      BLUE,
      ordersOf(ctx, [
        { type: "move", craft: "blue-1", to: { x: 10, y: 16 }, facing: 90 },
        { type: "move", craft: "blue-2", to: { x: 30, y: 16 }, facing: 90 },
      ]),
    );
    expect(codes(ctx)).toEqual(["no-turn-after"]);
    expect(problems(ctx)[0]?.message).toContain("only with an operating Thruster (l.490)");
    expect(at(craft(state, "blue-1"))).toEqual({ x: 10, y: 10 });
    expect(headingOf(craft(state, "blue-2"))).toBe(90);
  });

  it("a vessel with Thrusters but no operating Engine pivots in place and moves nothing (E.2)", () => {
    const { ctx, state } = game({ craft: [{ id: "blue-1", modules: [{ module: "E", damaged: true }, "T"], at: [10, 10], heading: 0 }] });
    moveCraft(ctx, BLUE, ordersOf(ctx, [{ type: "move", craft: "blue-1", to: { x: 10, y: 10 }, facing: 180 }]));
    expect(codes(ctx)).toEqual([]);
    expect(headingOf(craft(state, "blue-1"))).toBe(180);
  });

  it('"Fighter ... Enables turns before and after movement" (l.496)', () => {
    const { ctx, state } = game({ craft: [{ id: "blue-1", type: "fighter", modules: ["E", "L"], at: [10, 10], heading: 0 }] });
    moveCraft(ctx, BLUE, ordersOf(ctx, [{ type: "move", craft: "blue-1", to: { x: 19, y: 10 }, facing: 270 }]));
    expect(codes(ctx)).toEqual([]);
    expect(at(craft(state, "blue-1"))).toEqual({ x: 19, y: 10 });
    expect(headingOf(craft(state, "blue-1"))).toBe(270);
  });

  it("planets block movement (l.872); the table's edge, enemy contact, tractors and a second move refuse", () => {
    const { ctx, state } = game({
      planets: [{ at: { x: 10, y: 16 }, diameter: 3 }],
      craft: [
        { id: "blue-1", modules: ["E", "E"], at: [10, 10] },
        { id: "blue-2", modules: ["E", "E"], at: [40, 10] },
        { id: "blue-3", modules: ["E", "E"], at: [2, 40] },
        { id: "blue-4", type: "fighter", modules: ["E", "L"], at: [60, 40], tractoredBy: "red-9" },
        { id: "blue-5", modules: ["E", "E"], at: [30, 30] },
        { id: "red-1", modules: ["E", "E"], at: [40, 20] },
      ],
    });
    moveCraft(
      ctx,
      BLUE,
      ordersOf(ctx, [
        { type: "move", craft: "blue-1", to: { x: 10, y: 20 } },
        { type: "move", craft: "blue-2", to: { x: 40, y: 19.5 } },
        { type: "move", craft: "blue-3", to: { x: -3, y: 40 } },
        { type: "move", craft: "blue-4", to: { x: 60, y: 45 } },
        { type: "move", craft: "blue-5", to: { x: 30, y: 35 } },
        { type: "move", craft: "blue-5", to: { x: 30, y: 38 } },
        { type: "move", craft: "red-1", to: { x: 40, y: 25 } },
        { type: "move", craft: "blue-99", to: { x: 40, y: 25 } },
      ]),
    );
    expect(codes(ctx)).toEqual([
      "planet-in-the-way",
      "contact-enemy",
      "off-table",
      "held-by-tractor",
      "moved-already",
      "not-your-craft",
      "unknown-craft",
    ]);
    expect(at(craft(state, "blue-5"))).toEqual({ x: 30, y: 35 });
    expect(at(craft(state, "blue-1"))).toEqual({ x: 10, y: 10 });
  });

  it("a face-down counter moves face down, and its move tells the enemy nothing of what it is", () => {
    const { ctx, state } = game({ craft: [{ id: "blue-1", modules: ["E", "E", "L"], at: [10, 10], hidden: true }] });
    moveCraft(ctx, BLUE, ordersOf(ctx, [{ type: "move", craft: "blue-1", to: { x: 10, y: 20 } }]));
    const c = craft(state, "blue-1");
    expect(c.where.kind).toBe("hidden");
    const e = ctx.events.find((x) => x.kind === "moved");
    expect(e?.text).toBe('counter blue-1 moves 10.0" to (10.0, 20.0), heading 0°');
    expect(e?.order).toBe("#0 move blue-1");
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe("S8 - Ramming (l.504-516)", () => {
  it('"No Vessel may contact a Powered enemy Craft" (l.508): a vessel rams only an un-powered craft', () => {
    const { ctx, state } = game({
      craft: [
        { id: "blue-1", modules: ["E", "E", "A", "L"], at: [10, 24], heading: 90 },
        { id: "red-1", modules: ["E", "A"], at: [18, 24] },
        { id: "red-2", modules: [{ module: "E", damaged: true }, "A", "L"], at: [10, 30] },
      ],
    });
    ramming(
      ctx,
      BLUE,
      ordersOf(ctx, [
        { type: "ram", craft: "blue-1", target: "red-1" },
        { type: "ram", craft: "blue-1", target: "red-2" },
      ]),
    );
    expect(codes(ctx)).toEqual(["vessel-contact-powered"]);
    // "Both involved Craft takes one Hit for each Module in size of the rammer's original number of Modules" (l.512).
    expect(craft(state, "red-2").pendingHits).toBe(4);
    expect(craft(state, "red-2").hitBy).toEqual(["blue"]);
    expect(craft(state, "blue-1").pendingHits).toBe(4);
    expect(craft(state, "blue-1").hitBy).toBeUndefined();
    const p = at(craft(state, "blue-1"));
    expect(p?.x).toBeCloseTo(10);
    expect(p?.y).toBeCloseTo(29);
  });

  it("the rammer's original number of modules counts, damaged or not (l.512)", () => {
    const { ctx, state } = game({
      craft: [
        { id: "blue-1", type: "fighter", modules: ["E", { module: "L", damaged: true }, "A"], at: [10, 24], heading: 90 },
        { id: "red-1", modules: ["E", "A"], at: [14, 24] },
      ],
    });
    ramming(ctx, BLUE, ordersOf(ctx, [{ type: "ram", craft: "blue-1", target: "red-1" }]));
    // C.12: a fighter may contact a powered craft.
    expect(codes(ctx)).toEqual([]);
    expect(craft(state, "red-1").pendingHits).toBe(3);
    expect(craft(state, "blue-1").pendingHits).toBe(3);
  });

  it("a ram moves at most the allowance less what the rammer moved in S7", () => {
    const { ctx, state } = game({
      craft: [
        { id: "blue-1", type: "fighter", modules: ["E", "L"], at: [10, 24], heading: 90 },
        { id: "red-1", modules: ["E", "A"], at: [20, 24] },
        { id: "red-2", modules: ["E", "A"], at: [19, 29] },
      ],
    });
    moveCraft(ctx, BLUE, ordersOf(ctx, [{ type: "move", craft: "blue-1", to: { x: 15, y: 24 } }]));
    // 5" moved of 9": 4" left; red-1 is 5" away (4" to contact), red-2 farther.
    const o = ordersOf(ctx, [
      { type: "ram", craft: "blue-1", target: "red-2" },
      { type: "ram", craft: "blue-1", target: "red-1" },
    ]);
    ramming(ctx, BLUE, o);
    expect(codes(ctx)).toEqual(["too-far"]);
    expect(problems(ctx)[0]?.message).toContain('with 4.0" left of its 9.0" (1 Engine)');
    expect(at(craft(state, "blue-1"))?.x).toBeCloseTo(19);
    expect(craft(state, "blue-1").moved).toBeCloseTo(9);
  });

  it("a rammer must be powered and not held; the target face up, an enemy, and no planet between", () => {
    const { ctx } = game({
      planets: [{ at: { x: 40, y: 24 }, diameter: 3 }],
      craft: [
        { id: "blue-1", type: "fighter", modules: [{ module: "E", damaged: true }, "L"], at: [10, 10] },
        { id: "blue-2", type: "fighter", modules: ["E", "L"], at: [10, 30], tractoredBy: "red-5" },
        { id: "blue-3", type: "fighter", modules: ["E", "E", "L"], at: [34, 24] },
        { id: "blue-4", type: "fighter", modules: ["E", "L"], at: [60, 10] },
        { id: "red-1", modules: ["E", "A"], at: [46, 24] },
        { id: "red-2", modules: ["E", "A"], at: [60, 15], hidden: true },
      ],
    });
    ramming(
      ctx,
      BLUE,
      ordersOf(ctx, [
        { type: "ram", craft: "blue-1", target: "red-1" },
        { type: "ram", craft: "blue-2", target: "red-1" },
        { type: "ram", craft: "blue-3", target: "red-1" },
        { type: "ram", craft: "blue-4", target: "red-2" },
        { type: "ram", craft: "blue-4", target: "blue-3" },
        { type: "ram", craft: "blue-4", target: "red-1", nuke: true },
      ]),
    );
    expect(codes(ctx)).toEqual(["unpowered", "held-by-tractor", "planet-in-the-way", "face-down-target", "not-an-enemy", "no-nuke"]);
  });

  it('a rammer may explode its Nuclear Warhead in contact instead (l.516): destroyed, 2d6 hits in contact, d6 within 3"', () => {
    const { ctx, state } = game(
      {
        craft: [
          { id: "blue-1", type: "fighter", modules: ["E", "N"], at: [10, 24], heading: 90 },
          { id: "red-1", modules: ["E", "A"], at: [14, 24] },
          { id: "red-2", modules: ["E", "A"], at: [15, 26] },
          { id: "red-3", modules: ["E", "A"], at: [30, 24] },
        ],
      },
      [4, 5, 3],
    );
    ramming(ctx, BLUE, ordersOf(ctx, [{ type: "ram", craft: "blue-1", target: "red-1", nuke: true }]));
    expect(codes(ctx)).toEqual([]);
    expect(craft(state, "blue-1").where).toEqual({ kind: "gone", how: "destroyed" });
    expect(craft(state, "red-1").pendingHits).toBe(9);
    expect(craft(state, "red-2").pendingHits).toBe(3);
    expect(craft(state, "red-3").pendingHits).toBe(0);
    const nuked = ctx.events.find((e) => e.kind === "nuked");
    expect(nuked?.rolls?.map((r) => [r.die, r.value])).toEqual([
      ["2d6", 9],
      ["d6", 3],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------------

/** The SHOTS table (l.563-623) as printed, columns Un-powered / Powered Vessel / Powered Fighter (C.3); null "-". */
const PRINTED: [string, "laser" | "missile" | "expendables", { ace?: boolean; electronics?: number }, (number | null)[]][] = [
  ["Expendables (x6): 5,6 / 6 / 6", "expendables", {}, [5, 6, 6]],
  ["Lasers: 4,5,6 / 5,6 / 6", "laser", {}, [4, 5, 6]],
  ["Lasers fired by Ace: 3,4,5,6 / 4,5,6 / 5,6", "laser", { ace: true }, [3, 4, 5]],
  ["Missiles: 3,4,5,6 / 4,5,6 / 5,6", "missile", {}, [3, 4, 5]],
  ["Missiles v. Electronics: 4,5,6 / 5,6 / 6", "missile", { electronics: 1 }, [4, 5, 6]],
  ["Missiles v. 2 or more Electronics: 5,6 / 6 / -", "missile", { electronics: 2 }, [5, 6, null]],
];
const COLUMNS: [string, CraftType, boolean][] = [
  ["un-powered", "vessel", false],
  ["powered vessel", "vessel", true],
  ["powered fighter", "fighter", true],
];

/** A shooter 4" below a target straight ahead. */
function duel(
  weapon: "laser" | "missile" | "expendables",
  opts: { ace?: boolean; electronics?: number; targetType?: CraftType; powered?: boolean; cards?: Card[]; redCards?: Card[] },
  dice: number[],
) {
  const weaponModule: Module = weapon === "laser" ? "L" : weapon === "missile" ? "M" : "EM";
  const targetModules: ModuleSpec[] = [opts.powered === false ? { module: "E", damaged: true } : "E", "A"];
  for (let i = 0; i < (opts.electronics ?? 0); i++) targetModules.push("EL");
  return game(
    {
      craft: [
        {
          id: "blue-1",
          type: weapon === "expendables" ? "fighter" : "vessel",
          modules: ["E", weaponModule],
          at: [10, 20],
          heading: 0,
          ...(opts.ace ? { medals: ["ace" as Medal] } : {}),
        },
        { id: "red-1", type: opts.targetType ?? "vessel", modules: targetModules, at: [10, 24] },
      ],
      cards: { blue: opts.cards ?? [], red: opts.redCards ?? [] },
    },
    dice,
  );
}

describe("S9 - Shoot: the SHOTS table through the step (l.533-623, C.3)", () => {
  for (const [row, weapon, firer, needs] of PRINTED) {
    COLUMNS.forEach(([column, targetType, powered], i) => {
      const need = needs[i] ?? null;
      it(`${row}: at ${column === "un-powered" ? "an" : "a"} ${column} target, ${need === null ? "no hit (l.621)" : `${need}+ hits and ${need - 1} misses`}`, () => {
        const shots = weapon === "expendables" ? 6 : 1;
        const dice = need === null ? [] : [need, ...Array<number>(shots - 1).fill(need - 1)];
        const { ctx, state } = duel(weapon, { ...firer, targetType, powered }, dice);
        shoot(ctx, BLUE, ordersOf(ctx, [{ type: "shoot", craft: "blue-1", target: "red-1", weapon }]));
        if (need === null) {
          expect(codes(ctx)).toEqual(["cannot-hit"]);
          return;
        }
        expect(codes(ctx)).toEqual([]);
        const e = ctx.events.find((x) => x.kind === "shot");
        expect(e?.rolls?.length).toBe(shots);
        expect(e?.rolls?.every((r) => r.need === need)).toBe(true);
        expect(craft(state, "red-1").pendingHits).toBe(1);
        expect(craft(state, "red-1").hitBy).toEqual(["blue"]);
      });
    });
  }

  it("Tek (l.777-781) counts as an Electronics module: one Electronics and Tek read the 2-or-more row", () => {
    const { state } = game({
      craft: [
        { id: "blue-1", modules: ["E", "M"], at: [10, 20] },
        { id: "red-1", type: "fighter", modules: ["E", "EL"], at: [10, 24], medals: ["tek"] },
      ],
    });
    const r = shotRuling(state, BLUE, { type: "shoot", craft: "blue-1", target: "red-1", weapon: "missile" });
    expect(r.ok ? "" : r.code).toBe("cannot-hit");
  });

  it("a fighter held by a tractor counts as un-powered for targeting (l.442)", () => {
    const { state } = game({
      craft: [
        { id: "blue-1", modules: ["E", "L"], at: [10, 20] },
        { id: "red-1", type: "fighter", modules: ["E", "L"], at: [10, 24], tractoredBy: "blue-9" },
      ],
    });
    const r = shotRuling(state, BLUE, { type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" });
    expect(r.ok && r.need).toBe(4);
  });

  it("the ruling gives the measured figures for the check", () => {
    const { state } = game({
      craft: [
        { id: "blue-2", modules: ["E", "L"], at: [10, 24], heading: 0 },
        { id: "red-5", modules: ["E", "A"], at: from(8.4, 20) },
      ],
    });
    const r = shotRuling(state, BLUE, { type: "shoot", craft: "blue-2", target: "red-5", weapon: "laser" });
    expect(r.ok && r.text).toBe("red-5 at 8.4\", 20° off blue-2's arc centre (arc 90°): laser need 5+ (powered vessel), 1 shot");
  });
});

describe("S9 - Shoot: arcs, range, line of fire, targets (l.571-635)", () => {
  const shotAt = (
    weaponModules: ModuleSpec[],
    target: [number, number],
    weapon: "laser" | "missile" | "expendables",
    type: CraftType = "vessel",
  ) => {
    const { state } = game({
      craft: [
        { id: "blue-1", type, modules: ["E", ...weaponModules], at: [10, 24], heading: 0 },
        { id: "red-1", modules: ["E", "A"], at: target },
      ],
    });
    return shotRuling(state, BLUE, { type: "shoot", craft: "blue-1", target: "red-1", weapon });
  };

  it('"45° each side of straight ahead" (l.635): in at 44°, out at 46°, both sides, lasers and expendables', () => {
    expect(shotAt(["L"], from(10, 44), "laser").ok).toBe(true);
    expect(shotAt(["L"], from(10, 316), "laser").ok).toBe(true);
    const out = shotAt(["L"], from(10, 46), "laser");
    expect(out.ok ? "" : out.code).toBe("out-of-arc");
    expect(out.ok ? "" : out.text).toContain("46° off the centre of the nearest arc");
    expect(shotAt(["L"], from(10, 314), "laser").ok).toBe(false);
    expect(shotAt(["EM"], from(5, 44), "expendables", "fighter").ok).toBe(true);
    expect(shotAt(["EM"], from(5, 46), "expendables", "fighter").ok).toBe(false);
  });

  it('"Vessels may be rearranged to fire ... into another 90° arc" (l.635, C.31): a right-arc laser fires right, not ahead', () => {
    expect(shotAt([{ module: "L", arc: "right" }], from(10, 90), "laser").ok).toBe(true);
    expect(shotAt([{ module: "L", arc: "right" }], from(10, 134), "laser").ok).toBe(true);
    expect(shotAt([{ module: "L", arc: "right" }], from(10, 0), "laser").ok).toBe(false);
    expect(shotAt([{ module: "L", arc: "rear" }], from(10, 180), "laser").ok).toBe(true);
    // A fighter's arcs are the front (C.31, setting fighterArcs off).
    expect(shotAt([{ module: "L", arc: "right" }], from(10, 90), "laser", "fighter").ok).toBe(false);
  });

  it('"Missile Batteries can fire in any direction" (l.631)', () => {
    for (const h of [0, 90, 180, 270]) expect(shotAt(["M"], from(5, h), "missile").ok).toBe(true);
  });

  it('ranges: Lasers 12", Missiles and Expendables 6" (l.571-623)', () => {
    expect(shotAt(["L"], from(12, 0), "laser").ok).toBe(true);
    const far = shotAt(["L"], from(12.1, 0), "laser");
    expect(far.ok ? "" : far.text).toBe('red-1 is 12.1" from blue-1: laser reach 12.0" (l.571-623)');
    expect(shotAt(["M"], from(6, 0), "missile").ok).toBe(true);
    expect(shotAt(["M"], from(6.1, 0), "missile").ok).toBe(false);
    expect(shotAt(["EM"], from(6, 0), "expendables", "fighter").ok).toBe(true);
    expect(shotAt(["EM"], from(6.1, 0), "expendables", "fighter").ok).toBe(false);
  });

  it("a planet blocks the line of fire (l.872); face-down and aboard targets are refused (l.665, l.428)", () => {
    const { ctx } = game({
      planets: [{ at: { x: 10, y: 29 }, diameter: 3 }],
      craft: [
        { id: "blue-1", modules: ["E", "L", "L", "L", "L"], at: [10, 24], heading: 0 },
        { id: "red-1", modules: ["E", "A"], at: [10, 34] },
        { id: "red-2", modules: ["E", "A"], at: [14, 30], hidden: true },
        { id: "red-3", type: "fighter", modules: ["E", "A"], aboard: "red-1" },
        { id: "red-4", modules: ["E", "A"], at: [5, 30] },
      ],
    });
    shoot(
      ctx,
      BLUE,
      ordersOf(ctx, [
        { type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" },
        { type: "shoot", craft: "blue-1", target: "red-2", weapon: "laser" },
        { type: "shoot", craft: "blue-1", target: "red-3", weapon: "laser" },
        { type: "shoot", craft: "blue-1", target: "red-4", weapon: "missile" },
        { type: "shoot", craft: "blue-1", target: "red-4", weapon: "laser", count: 5 },
      ]),
    );
    expect(codes(ctx)).toEqual(["planet-in-the-way", "face-down-target", "target-aboard", "no-such-weapon", "too-many-modules"]);
    expect(problems(ctx)[1]?.message).toBe("red-2 is face down: you may not fire at a face-down counter (l.665)");
  });

  it("each module fires once a turn (E.6); an Expendables volley leaves the module Expended (l.128)", () => {
    const { ctx, state } = game(
      {
        craft: [
          { id: "blue-1", modules: ["E", "L", "L"], at: [10, 24], heading: 0 },
          { id: "blue-2", type: "fighter", modules: ["E", "EM"], at: [20, 24], heading: 0 },
          { id: "red-1", modules: ["E", "A"], at: [10, 30] },
          { id: "red-2", modules: ["E", "A"], at: [20, 28] },
        ],
      },
      Array<number>(20).fill(1),
    );
    shoot(
      ctx,
      BLUE,
      ordersOf(ctx, [
        { type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser", count: 1 },
        { type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" },
        { type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" },
        { type: "shoot", craft: "blue-2", target: "red-2", weapon: "expendables" },
        { type: "shoot", craft: "blue-2", target: "red-2", weapon: "expendables" },
      ]),
    );
    expect(codes(ctx)).toEqual(["nothing-to-fire", "nothing-to-fire"]);
    expect(ctx.events.filter((e) => e.kind === "shot").map((e) => e.rolls?.length)).toEqual([1, 1, 6]);
    expect(craft(state, "blue-2").modules[1]?.expended).toBe(true);
  });

  it("a face-down counter that fires is turned face up, its design told to everyone", () => {
    const { ctx, state } = game({
      craft: [
        { id: "blue-1", modules: ["E", "L"], at: [10, 24], heading: 0, hidden: true },
        { id: "red-1", modules: ["E", "A"], at: [10, 30] },
      ],
    });
    shoot(ctx, BLUE, ordersOf(ctx, [{ type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" }]));
    expect(craft(state, "blue-1").where.kind).toBe("table");
    expect(ctx.events[0]?.kind).toBe("spotted");
    expect(ctx.events[0]?.text).toContain("blue-1 design (vessel: E+L)");
  });
});

describe("S9 - Shoot: rear shots (l.400, C.5, setting rearShots)", () => {
  const rearDuel = (rearShots: boolean, targetHeading: number) =>
    game(
      {
        settings: { rearShots },
        craft: [
          { id: "blue-1", modules: ["E", "L", "L"], at: [10, 20], heading: 0 },
          { id: "red-1", modules: ["E", "A"], at: [10, 24], heading: targetHeading },
        ],
      },
      [6, 6],
    );
  it("with the setting, hits from within the target's rear 90° are marked rearHits for S2", () => {
    const { ctx, state } = rearDuel(true, 30);
    shoot(ctx, BLUE, ordersOf(ctx, [{ type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" }]));
    expect(craft(state, "red-1").pendingHits).toBe(2);
    expect(craft(state, "red-1").rearHits).toBe(2);
    expect(ctx.events[0]?.text).toContain("from the rear");
  });
  it("not from 46° off straight behind, and never with the setting off (the default)", () => {
    const a = rearDuel(true, 46);
    shoot(a.ctx, BLUE, ordersOf(a.ctx, [{ type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" }]));
    expect(craft(a.state, "red-1").rearHits).toBeUndefined();
    const b = rearDuel(false, 0);
    shoot(b.ctx, BLUE, ordersOf(b.ctx, [{ type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" }]));
    expect(craft(b.state, "red-1").pendingHits).toBe(2);
    expect(craft(b.state, "red-1").rearHits).toBeUndefined();
  });
});

describe("S9 - Shoot: cards, medals and the 2+ cap (l.11, l.684-698)", () => {
  it("Ace and Superior Lasers at an un-powered craft: 3+ made 2+, never better (l.11); the card is revealed at first use", () => {
    const { ctx } = duel("laser", { ace: true, powered: false, cards: ["superior-lasers"] }, [2]);
    shoot(ctx, BLUE, ordersOf(ctx, [{ type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" }]));
    expect(ctx.events.map((e) => e.kind)).toEqual(["card-revealed", "shot"]);
    expect(ctx.events[1]?.rolls?.[0]?.need).toBe(2);
    expect(ctx.events[1]?.text).toContain("Ace, Superior Lasers");
  });

  it('Better Missiles +1 (l.696-698); it does not lift "-" (C.4) and is then not revealed', () => {
    const a = duel("missile", { powered: false, cards: ["better-missiles"] }, [2]);
    shoot(a.ctx, BLUE, ordersOf(a.ctx, [{ type: "shoot", craft: "blue-1", target: "red-1", weapon: "missile" }]));
    expect(a.ctx.events[1]?.rolls?.[0]?.need).toBe(2);
    const b = duel("missile", { targetType: "fighter", electronics: 2, cards: ["better-missiles"] }, []);
    shoot(b.ctx, BLUE, ordersOf(b.ctx, [{ type: "shoot", craft: "blue-1", target: "red-1", weapon: "missile" }]));
    expect(codes(b.ctx)).toEqual(["cannot-hit"]);
    expect(b.state.campaign.squadrons[0]?.cards[0]?.revealed).toBe(false);
  });

  it("Superior Expendables: a volley throws 9 rather than 6 shots (l.688-690)", () => {
    const { ctx } = duel("expendables", { cards: ["superior-expendables"] }, []);
    shoot(ctx, BLUE, ordersOf(ctx, [{ type: "shoot", craft: "blue-1", target: "red-1", weapon: "expendables" }]));
    expect(ctx.events.find((e) => e.kind === "shot")?.rolls?.length).toBe(9);
  });

  it("an enemy's Subterfuge cancels Superior Lasers as it is played (l.706, C.26): the shot needs the plain 5+", () => {
    const { ctx } = duel("laser", { cards: ["superior-lasers"], redCards: ["subterfuge"] }, [4]);
    shoot(ctx, BLUE, ordersOf(ctx, [{ type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" }]));
    expect(ctx.events.map((e) => e.kind)).toEqual(["card-revealed", "card-cancelled", "shot"]);
    expect(ctx.events[2]?.rolls?.[0]?.need).toBe(5);
  });

  it("statistics: 6,000 laser shots at a powered vessel hit 2/6 of the time (± 2%)", () => {
    const { ctx, state } = game(
      {
        craft: [
          { id: "blue-1", modules: ["E", "L", "L", "L", "L", "L", "L", "L", "L", "L", "L"], at: [10, 24], heading: 0 },
          { id: "red-1", modules: ["E", "A"], at: [10, 30] },
        ],
      },
      [],
      20261128,
    );
    const o = ordersOf(ctx, [{ type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" }]);
    for (let i = 0; i < 600; i++) shoot(ctx, BLUE, o);
    const shots = ctx.events.reduce((t, e) => t + (e.rolls?.length ?? 0), 0);
    expect(shots).toBe(6000);
    expect(craft(state, "red-1").pendingHits / shots).toBeCloseTo(2 / 6, 1);
    expect(Math.abs(craft(state, "red-1").pendingHits / shots - 2 / 6)).toBeLessThan(0.02);
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe("S12 - Spotting (l.659-665)", () => {
  it('"Turn enemy counters face up if your Craft or counters are within 24" of them" (l.663)', () => {
    const { ctx, state } = game({
      craft: [
        { id: "blue-1", modules: ["E", "L"], at: [10, 24], hidden: true },
        { id: "red-1", modules: ["E", "A"], at: from(23.9, 90), hidden: true },
        { id: "red-2", modules: ["E", "A"], at: from(24.5, 45), hidden: true },
        { id: "red-3", type: "fighter", modules: ["E", "L"], aboard: "red-1" },
      ],
    });
    spotting(ctx, BLUE);
    expect(craft(state, "red-1").where.kind).toBe("table");
    expect(craft(state, "red-2").where.kind).toBe("hidden");
    expect(craft(state, "red-3").where.kind).toBe("aboard");
    expect(ctx.events.map((e) => e.text)).toEqual([
      "red's counter red-1 is turned face up (spotted at 23.9\" by blue-1): red-1 design (vessel: E+A).",
    ]);
    expect(ctx.events[0]?.to).toBeUndefined();
    // Revealed counters stay revealed (E.8).
    spotting(ctx, BLUE);
    expect(ctx.events.length).toBe(1);
  });

  it('Longer Scouting distances: "+6" on scouting distances" (l.680-682), revealed when it makes the difference', () => {
    const { ctx, state } = game({
      cards: { blue: ["longer-scouting"] },
      craft: [
        { id: "blue-1", modules: ["E", "L"], at: [10, 24] },
        { id: "red-1", modules: ["E", "A"], at: from(29.9, 90), hidden: true },
        { id: "red-2", modules: ["E", "A"], at: from(30.5, 45), hidden: true },
      ],
    });
    spotting(ctx, BLUE);
    expect(craft(state, "red-1").where.kind).toBe("table");
    expect(craft(state, "red-2").where.kind).toBe("hidden");
    expect(ctx.events.map((e) => e.kind)).toEqual(["card-revealed", "spotted"]);
  });
});

describe("the steps are deterministic", () => {
  it("same state, orders and seed: the same events", () => {
    const run = () => {
      const state = battleState({
        craft: [
          { id: "blue-1", modules: ["E", "E", "L", "M"], at: [10, 24] },
          { id: "red-1", modules: ["E", "A"], at: [10, 40] },
        ],
      });
      const ctx = stepContext(state, Rng.fromSeed(7));
      ctx.where = "x";
      const o = sortOrders(
        ctx,
        BLUE,
        ordersSchema.parse({
          orders: [
            { type: "move", craft: "blue-1", to: { x: 10, y: 34 } },
            { type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" },
            { type: "shoot", craft: "blue-1", target: "red-1", weapon: "missile" },
          ],
        }),
      );
      moveCraft(ctx, BLUE, o);
      shoot(ctx, BLUE, o);
      return JSON.stringify({ events: ctx.events, state });
    };
    expect(run()).toBe(run());
  });
});

describe("the player turn runs S7, S8, S9 and S12 in the seed's order (l.263-347)", () => {
  it("a fighter moves, rams nothing, fires at what it sees, then spots a counter; red becomes active", () => {
    const { ctx, state } = game(
      {
        craft: [
          { id: "blue-1", type: "fighter", modules: ["E", "L"], at: [10, 24], heading: 90 },
          // Blue's vessel far behind: without a vessel blue would be out of the battle (C.19) before its turn began.
          { id: "blue-2", modules: ["E", "A"], at: [2, 2], heading: 90 },
          { id: "red-1", modules: ["E", "A"], at: [28, 24] },
          { id: "red-2", modules: ["E", "A"], at: [38, 36], hidden: true },
        ],
      },
      [6],
    );
    const o = ordersOf(ctx, [
      { type: "move", craft: "blue-1", to: { x: 19, y: 24 } },
      { type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" },
    ]);
    playerTurn(ctx, o);
    expect(codes(ctx)).toEqual([]);
    expect(ctx.events.map((e) => [e.kind, e.step])).toEqual([
      ["moved", "game 1, turn 1, blue S7 Movement"],
      ["shot", "game 1, turn 1, blue S9 Shoot"],
      ["spotted", "game 1, turn 1, blue S12 Spotting"],
      // Red's turn begins: the hit blue put on red-1 is resolved at once (S1, S2: l.355, C.20).
      ["hits-resolved", "game 1, turn 1, red S1 Make Armour saves"],
      ["damaged", "game 1, turn 1, red S2 Results of Damage"],
    ]);
    expect(ctx.events.find((e) => e.kind === "hits-resolved")?.craft).toContain("red-1");
    expect(craft(state, "red-1").pendingHits).toBe(0);
    expect(state.campaign.battle?.active).toBe("red");
  });
});
