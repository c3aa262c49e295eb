/** "Formations (experimental rules)" and "Experience" (seed 004), each behind its option. */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import type { FireEvent, NoteEvent } from "../../src/rules/battleshift/events.js";
import { parseFleet } from "../../src/rules/battleshift/fleet/fleet.js";
import { createBattle } from "../../src/rules/battleshift/fleet/setup.js";
import {
  admiralBonus,
  dodgeBonus,
  fighterHitBonus,
  marineBonus,
} from "../../src/rules/battleshift/formations-and-experience/experience.js";
import { coneLine, formationFault, inConeLine } from "../../src/rules/battleshift/formations-and-experience/formations.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import type { Order } from "../../src/rules/battleshift/orders.js";
import { recoverAndRepair, runActivation } from "../../src/rules/battleshift/turn/activation.js";
import { recheckTaskforceCones } from "../../src/rules/battleshift/turn/movement.js";
import { ctxFor, DiceRng, FixedRng, type SqSpec, tinyBattle, unitOf } from "./support.js";

function run(state: BattleState, orders: Order[], rng: Rng = Rng.fromSeed(3), side = "blue", tf: string | null = "blue-tf1") {
  const ctx = ctxFor(state, side, rng);
  runActivation(ctx, unitOf(state, side, tf), orders);
  return ctx;
}
const fires = (ctx: { events: { kind: string }[] }) => ctx.events.filter((e) => e.kind === "fire") as FireEvent[];
const codes = (ctx: { problems: { code: string }[] }) => ctx.problems.map((p) => p.code);
const cruisers = (id: string, side: "blue" | "red", at: [number, number][], facing: number, extra: Partial<SqSpec> = {}): SqSpec => ({
  id,
  side,
  design: "generic/fleet-cruiser",
  at,
  facing,
  ...extra,
});
/** Five cruisers in a V opening east, every ship within 1" of another (mouth at x = 11). */
const V: [number, number][] = [
  [10, 20],
  [10.7, 19.3],
  [11.4, 18.6],
  [10.7, 20.7],
  [11.4, 21.4],
];
const withFormations = (s: BattleState) => {
  s.settings.formations = true;
  return s;
};

describe('"Formations (experimental rules)"', () => {
  it("are refused unless the option is on", () => {
    const s = tinyBattle([cruisers("b1", "blue", V, 90)]);
    const ctx = run(s, [{ type: "move", squadron: "b1", heading: 90, distance: 2, formation: "cone" }]);
    expect(codes(ctx)).toEqual(["formations-off"]);
  });

  it('"Cone (minimum of 5 ships)" and "Each ship must be no more than 1" from another ship"', () => {
    const pts = V.map(([x, y]) => ({ x, y }));
    expect(formationFault("cone", pts)).toBeNull();
    expect(formationFault("cone", pts.slice(0, 4))).toMatch(/at least 5/);
    expect(formationFault("ring", [{ x: 0, y: 0 }])).toMatch(/at least 2/);
    const spread = V.map(([x, y]) => ({ x: x * 2, y }));
    expect(formationFault("cone", spread)).toMatch(/no more than 1"/);
  });

  it('Cone: "limits the squadron\'s Heavy Battery field of fire into a straight line directly in front of the mouth of the cone ... at a -1 to hit penalty"', () => {
    const s = withFormations(
      tinyBattle([
        cruisers("b1", "blue", V, 90),
        cruisers("r1", "red", [[30, 20]], 270),
        cruisers("r2", "red", [[30, 30]], 270, { taskforce: "red-tf2" }),
      ]),
    );
    s.squadrons.b1!.formation = "cone";
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }]);
    expect(codes(ctx)).toEqual([]);
    expect(fires(ctx)[0]).toMatchObject({ target: "r1", dice: 10, targeting: 3 });
    // r2 is 27 degrees off the nose: inside the normal 90 degree arc, outside the cone's line.
    const s2 = withFormations(
      tinyBattle([cruisers("b1", "blue", V, 90), cruisers("r2", "red", [[30, 30]], 270, { taskforce: "red-tf2" })]),
    );
    s2.squadrons.b1!.formation = "cone";
    const ctx2 = run(s2, [{ type: "heavy", squadrons: ["b1"], target: "r2" }]);
    expect(codes(ctx2)).toEqual(["cannot-fire"]);
    expect(ctx2.problems[0]?.message).toMatch(/cone's line of fire/);
  });

  it('Cone: "This concentration of fire affects ALL squadrons (friend and foe) within this line of fire"', () => {
    const s = withFormations(
      tinyBattle([
        cruisers("b1", "blue", V, 90),
        cruisers("b2", "blue", [[20, 20.5]], 90, { taskforce: "blue-tf2" }),
        cruisers("r1", "red", [[30, 20]], 270),
        cruisers("r3", "red", [[40, 21]], 270, { taskforce: "red-tf3" }),
      ]),
    );
    s.squadrons.b1!.formation = "cone";
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }], new FixedRng(6));
    expect(
      fires(ctx)
        .map((f) => f.target)
        .sort(),
    ).toEqual(["b2", "r1", "r3"]);
    const line = coneLine(
      V.map(([x, y]) => ({ x, y })),
      90,
      0.5,
    );
    expect(inConeLine(line, { x: 30, y: 20 }, 36)).toBeCloseTo(18.6, 6);
    expect(inConeLine(line, { x: 30, y: 23 }, 36)).toBeNull();
  });

  it('Cone: "can only make a single 45 degree turn at the end of its movement"', () => {
    const mk = () => {
      const s = withFormations(tinyBattle([cruisers("b1", "blue", V, 90)]));
      s.squadrons.b1!.formation = "cone";
      return s;
    };
    expect(codes(run(mk(), [{ type: "move", squadron: "b1", heading: 90, distance: 12, facing: 135 }]))).toEqual([]);
    expect(codes(run(mk(), [{ type: "move", squadron: "b1", heading: 90, distance: 12, facing: 150 }]))).toEqual(["cone-move"]);
    expect(codes(run(mk(), [{ type: "move", squadron: "b1", heading: 120, distance: 6 }]))).toEqual(["cone-move"]);
  });

  it('Ring: "360 degrees of fire with their heavy weapons" and "it cannot cause suppression with any battery weapons"', () => {
    const s = withFormations(
      tinyBattle([
        cruisers(
          "b1",
          "blue",
          [
            [10, 20],
            [10.5, 20.8],
            [11, 20],
          ],
          90,
        ),
        cruisers("r1", "red", [[2, 20]], 90),
      ]),
    );
    s.squadrons.b1!.formation = "ring";
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }], new FixedRng(1));
    expect(fires(ctx)).toHaveLength(1);
    expect(fires(ctx)[0]?.hits).toBeGreaterThan(0);
    expect(s.squadrons.r1?.suppression).toBe(0);
  });

  it('Ring: "The squadron loses 12" of movement" and "When the squadron breaks formation, it can leave with any facing"', () => {
    const mk = () => {
      const s = withFormations(
        tinyBattle([
          cruisers(
            "b1",
            "blue",
            [
              [10, 20],
              [10.8, 20],
            ],
            90,
          ),
        ]),
      );
      s.squadrons.b1!.formation = "ring";
      return s;
    };
    const ctx = run(mk(), [{ type: "move", squadron: "b1", heading: 90, distance: 1 }]);
    expect(codes(ctx)).toEqual(["too-far"]);
    expect(ctx.problems[0]?.message).toMatch(/up to 0" in a ring/);
    const s = mk();
    expect(codes(run(s, [{ type: "move", squadron: "b1", heading: 90, distance: 0, facing: 270, formation: "none" }]))).toEqual([]);
    expect(s.squadrons.b1?.facing).toBe(270);
    expect(s.squadrons.b1?.formation).toBeNull();
  });

  it('"A squadron may adopt a formation only when it moves" and "cannot battleshift into space in a particular formation"', () => {
    const s = withFormations(tinyBattle([cruisers("b1", "blue", V, 90)]));
    expect(codes(run(s, [{ type: "move", squadron: "b1", heading: 90, distance: 6, formation: "cone" }]))).toEqual([]);
    expect(s.squadrons.b1?.formation).toBe("cone");
    const ctx = run(s, [{ type: "move", squadron: "b1", heading: 90, distance: 6, formation: "ring" }]);
    expect(codes(ctx)).toEqual(["formation-change"]);
  });
});

/** Two squadrons of three cruisers in one taskforce, one line north to south 1" apart, facing east (6 ships, y 18-23). */
const TF_LINE = (extra: SqSpec[] = []) =>
  withFormations(
    tinyBattle([
      cruisers(
        "b1",
        "blue",
        [
          [10, 18],
          [10, 19],
          [10, 20],
        ],
        90,
      ),
      cruisers(
        "b2",
        "blue",
        [
          [10, 21],
          [10, 22],
          [10, 23],
        ],
        90,
      ),
      ...extra,
    ]),
  );
const tfConeMoves = (ids: string[], distance = 0): Order[] =>
  ids.map((id) => ({ type: "move", squadron: id, heading: 90, distance, taskforceFormation: "cone" }) as Order);
const inTaskforceCone = (s: BattleState) => {
  s.taskforces["blue-tf1"]!.formation = "cone";
  s.squadrons.b1!.formation = "cone";
  s.squadrons.b2!.formation = "cone";
  return s;
};

describe('"A full taskforce may also adopt this formation, which widens its aperture and can affect a wider area of space"', () => {
  it('is adopted by moving every squadron of the taskforce into the cone: 5 ships in all, each no more than 1" from another', () => {
    const s = TF_LINE();
    const ctx = run(s, tfConeMoves(["b1", "b2"]));
    expect(codes(ctx)).toEqual([]);
    expect(s.taskforces["blue-tf1"]?.formation).toBe("cone");
    expect(s.squadrons.b1?.formation).toBe("cone");
    // Three ships in a squadron are too few for its own cone, but they hold the taskforce's.
    expect(s.squadrons.b1?.ships).toHaveLength(3);
  });

  it('is refused when a squadron stays out, a gap breaks the 1" chain, fewer than 5 ships, or the squadron is detached', () => {
    const missing = run(TF_LINE(), tfConeMoves(["b1"]));
    expect(codes(missing)).toEqual(["taskforce-cone"]);
    expect(missing.problems[0]?.message).toMatch(/b2 of blue-tf1 did not move into the cone/);
    const gap = TF_LINE();
    for (const sh of gap.squadrons.b2!.ships) sh.y += 1.5;
    const g = run(gap, tfConeMoves(["b1", "b2"]));
    expect(codes(g)).toEqual(["taskforce-cone"]);
    expect(g.problems[0]?.message).toMatch(/a gap of 2.5" breaks it/);
    expect(gap.taskforces["blue-tf1"]?.formation).toBeUndefined();
    const few = TF_LINE();
    few.squadrons.b2!.ships = few.squadrons.b2!.ships.slice(0, 1);
    expect(run(few, tfConeMoves(["b1", "b2"])).problems[0]?.message).toMatch(/at least 5 active ships in all; the taskforce has 4/);
    const detached = TF_LINE();
    detached.squadrons.b2!.taskforce = null;
    expect(codes(run(detached, tfConeMoves(["b2"]), Rng.fromSeed(3), "blue", null))).toEqual(["no-taskforce"]);
    const off = TF_LINE();
    off.settings.formations = false;
    expect(codes(run(off, tfConeMoves(["b1", "b2"])))).toEqual(["formations-off", "formations-off"]);
  });

  it("\"widens its aperture\": each cone squadron's heavy fire goes down the whole taskforce's line, at the cone's -1", () => {
    // r1 lies 2.8" south of b1's own line of fire but inside the taskforce's (y 17.5 to 23.5).
    const s = inTaskforceCone(TF_LINE([cruisers("r1", "red", [[30, 22.8]], 270)]));
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }], new FixedRng(6));
    expect(codes(ctx)).toEqual([]);
    expect(fires(ctx)[0]).toMatchObject({ target: "r1", dice: 6, targeting: 3 });
    // Out of the taskforce cone, b1 alone (3 ships) is in no formation and fires normally.
    const alone = TF_LINE([cruisers("r1", "red", [[30, 22.8]], 270)]);
    expect(fires(run(alone, [{ type: "heavy", squadrons: ["b1"], target: "r1" }], new FixedRng(6)))[0]).toMatchObject({ targeting: 4 });
  });

  it('"can affect a wider area of space": the sweep hits friend and foe in the wider line, never the cone\'s own squadrons', () => {
    const s = inTaskforceCone(
      TF_LINE([
        cruisers("r1", "red", [[30, 19]], 270),
        cruisers("r2", "red", [[40, 23.2]], 270, { taskforce: "red-tf2" }),
        cruisers("b3", "blue", [[20, 17.8]], 90, { taskforce: "blue-tf2" }),
        cruisers("r4", "red", [[40, 25]], 270, { taskforce: "red-tf4" }),
      ]),
    );
    const ctx = run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }], new FixedRng(6));
    expect(
      fires(ctx)
        .map((f) => f.target)
        .sort(),
    ).toEqual(["b3", "r1", "r2"]);
  });

  it('setting taskforceCone: "wedge" reads the wider aperture as a 45 degree wedge', () => {
    const mk = (wedge: boolean) => {
      const s = inTaskforceCone(TF_LINE([cruisers("r1", "red", [[40, 27]], 270)]));
      if (wedge) s.settings.taskforceCone = "wedge";
      return run(s, [{ type: "heavy", squadrons: ["b1"], target: "r1" }], new FixedRng(6));
    };
    expect(codes(mk(false))).toEqual(["cannot-fire"]);
    expect(codes(mk(true))).toEqual([]);
  });

  it('moves as a cone ("a single 45 degree turn at the end"), breaks with taskforceFormation: none, and is lost when its chain breaks', () => {
    const s = inTaskforceCone(TF_LINE());
    expect(
      codes(
        run(
          s,
          tfConeMoves(["b1", "b2"], 6).map((o) => ({ ...o, taskforceFormation: undefined }) as Order),
        ),
      ),
    ).toEqual([]);
    expect(s.taskforces["blue-tf1"]?.formation).toBe("cone");
    expect(codes(run(s, [{ type: "move", squadron: "b1", heading: 120, distance: 3 }]))).toEqual(["cone-move"]);
    const broken = run(s, [{ type: "move", squadron: "b2", heading: 90, distance: 3 }]);
    expect(codes(broken)).toEqual(["taskforce-cone-broken"]);
    expect(broken.problems[0]?.message).toMatch(/gap of 3.16"/);
    expect(s.taskforces["blue-tf1"]?.formation).toBeNull();
    expect(s.squadrons.b1?.formation).toBeNull();
    const t = inTaskforceCone(TF_LINE());
    expect(codes(run(t, [{ type: "move", squadron: "b1", heading: 90, distance: 0, taskforceFormation: "none" }]))).toEqual([]);
    expect(t.squadrons.b2?.formation).toBeNull();
    expect(t.taskforces["blue-tf1"]?.formation).toBeNull();
  });
});

describe('"A full taskforce may also adopt this formation" under fire: the cone re-checked at the end of every activation (RULINGS "The full-taskforce cone: losses")', () => {
  /** Blue's taskforce in cone (b1 over b2, one 1" chain down x = 10); red's activation fires four heavy dice focused on one ship. */
  const underFire = (target: string, ship: string) => {
    const s = inTaskforceCone(
      TF_LINE([
        cruisers(
          "r1",
          "red",
          [
            [30, 19],
            [30, 20],
            [30, 21],
            [30, 22],
          ],
          270,
        ),
      ]),
    );
    s.turnState.queue = [{ side: "red", taskforce: "red-tf1" }];
    // Four heavy dice hit (1s), both shield dice miss (6s), the destruction test rolls 4: the chosen ship is destroyed.
    const r = battleshift.resolve(
      s,
      { red: { orders: [{ type: "heavy", squadrons: ["r1"], target, ship }] } },
      new DiceRng([1, 1, 1, 1, 6, 6, 4]),
    );
    const notes = r.events.filter((e) => e.kind === "note" && e.what === "formation") as NoteEvent[];
    return { r, notes };
  };

  it('a ship lost in the middle of the chain breaks the cone with a note: "Each ship must be no more than 1" from another ship"', () => {
    const { r, notes } = underFire("b1", "b1.3");
    expect(r.state.squadrons.b1?.ships.map((x) => x.id)).toEqual(["b1.1", "b1.2"]);
    expect(r.problems.red).toEqual([]);
    expect(r.problems.blue).toEqual([]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ side: "blue", unit: "blue-tf1", data: { code: "taskforce-cone-broken" } });
    expect(notes[0]?.to).toBeUndefined();
    expect(notes[0]?.text).toMatch(/taskforce-cone-broken.*a gap of 2" breaks it/);
    expect(r.state.taskforces["blue-tf1"]?.formation).toBeNull();
    expect(r.state.squadrons.b1?.formation).toBeNull();
    expect(r.state.squadrons.b2?.formation).toBeNull();
  });

  it("a ship lost at the end of the chain leaves 5 ships in one chain: the cone holds", () => {
    const { r, notes } = underFire("b2", "b2.3");
    expect(r.state.squadrons.b2?.ships.map((x) => x.id)).toEqual(["b2.1", "b2.2"]);
    expect(notes).toEqual([]);
    expect(r.state.taskforces["blue-tf1"]?.formation).toBe("cone");
    expect(r.state.squadrons.b2?.formation).toBe("cone");
  });

  it('fewer than 5 active ships left (a ship disabled) breaks it: "minimum of 5 ships"', () => {
    const s = inTaskforceCone(TF_LINE());
    s.squadrons.b2!.ships = s.squadrons.b2!.ships.slice(0, 2);
    s.squadrons.b2!.ships[1]!.disabled = true;
    const ctx = ctxFor(s, "red");
    recheckTaskforceCones(ctx);
    expect(ctx.problems).toEqual([]);
    expect((ctx.events[0] as NoteEvent).text).toMatch(/at least 5 active ships in all; the taskforce has 4/);
    expect(s.taskforces["blue-tf1"]?.formation).toBeNull();
  });
});

describe('"Experience"', () => {
  const trained = (traits: string[], extra: Partial<SqSpec> = {}) => {
    const s = tinyBattle([
      cruisers(
        "b1",
        "blue",
        [
          [10, 20],
          [10, 21],
        ],
        90,
        extra,
      ),
      cruisers("r1", "red", [[30, 20]], 270),
    ]);
    s.settings.experience = true;
    s.squadrons.b1!.experience = traits;
    return s;
  };
  it('"+1 to hit"', () => {
    expect(fires(run(trained(["plus-one-to-hit"]), [{ type: "heavy", squadrons: ["b1"], target: "r1" }]))[0]?.targeting).toBe(5);
    const off = trained(["plus-one-to-hit"]);
    off.settings.experience = false;
    expect(fires(run(off, [{ type: "heavy", squadrons: ["b1"], target: "r1" }]))[0]?.targeting).toBe(4);
  });
  it('"Ignores First Suppression Marker"', () => {
    const t = (n: number) =>
      fires(run(trained(["ignores-first-suppression"], { suppression: n }), [{ type: "heavy", squadrons: ["b1"], target: "r1" }]))[0]
        ?.targeting;
    expect([t(1), t(2)]).toEqual([4, 3]);
  });
  it('"Recovery from suppression +1": 4 or less in command range', () => {
    const s = trained(["recovery"], { suppression: 1 });
    s.taskforces["blue-tf1"]!.flagship = { squadron: "b1", ship: "b1.1" };
    recoverAndRepair(ctxFor(s, "blue", new DiceRng([4])), s.squadrons.b1!);
    expect(s.squadrons.b1?.suppression).toBe(0);
    const plain = trained([], { suppression: 1 });
    recoverAndRepair(ctxFor(plain, "blue", new DiceRng([4])), plain.squadrons.b1!);
    expect(plain.squadrons.b1?.suppression).toBe(1);
  });
  it('"Veteran engineers (Repair +1)": a repair roll of 2 repairs', () => {
    const s = trained(["veteran-engineers"], { damage: 1 });
    recoverAndRepair(ctxFor(s, "blue", new DiceRng([2])), s.squadrons.b1!);
    expect(s.squadrons.b1?.damage).toBe(0);
    const plain = trained([], { damage: 1 });
    recoverAndRepair(ctxFor(plain, "blue", new DiceRng([2])), plain.squadrons.b1!);
    expect(plain.squadrons.b1?.damage).toBe(1);
  });
  it('"Extra 45 degree turn": a size-4 squadron may turn 135 degrees after moving', () => {
    const mk = (traits: string[]) => {
      const s = tinyBattle([{ id: "b1", side: "blue", design: "generic/fleet-battleship", at: [[10, 20]], facing: 90 }]);
      s.settings.experience = true;
      s.squadrons.b1!.experience = traits;
      return s;
    };
    const order: Order = { type: "move", squadron: "b1", heading: 90, distance: 6, facing: 225 };
    expect(codes(run(mk(["extra-turn"]), [order]))).toEqual([]);
    expect(codes(run(mk([]), [order]))).toEqual(["facing-change"]);
  });
  it('"Veteran fighters (Dodge on 4\'s)", "Elite fighters (Hit on 4\'s)", marines, "Veteran Admiral +1 Initiative"', () => {
    const s = trained(["veteran-fighters", "elite-fighters", "elite-marines", "veteran-admiral"]);
    const b1 = s.squadrons.b1!;
    expect([dodgeBonus(s, b1), fighterHitBonus(s, b1), marineBonus(s, b1), admiralBonus(s, "blue"), admiralBonus(s, "red")]).toEqual([
      1, 1, 2, 1, 0,
    ]);
    s.settings.experience = false;
    expect([dodgeBonus(s, b1), fighterHitBonus(s, b1), marineBonus(s, b1), admiralBonus(s, "blue")]).toEqual([0, 0, 0, 0]);
  });
  it("fleet files carry traits only with options.experience, and only traits the seed lists", () => {
    const file = (options: Record<string, unknown>, experience: string[]) => ({
      name: "Vets",
      options,
      taskforces: [{ name: "TF", squadrons: [{ name: "Old Guard", design: "generic/fleet-cruiser", ships: 3, experience }] }],
    });
    const off = parseFleet(file({}, ["plus-one-to-hit"]));
    expect(off.ok).toBe(false);
    expect(!off.ok && off.error.map((p) => p.code)).toEqual(["experience-not-allowed"]);
    const bad = parseFleet(file({ experience: true }, ["lucky"]));
    expect(!bad.ok && bad.error[0]?.message).toMatch(/unknown experience trait "lucky"/);
    const good = parseFleet(file({ experience: true, formations: true }, ["plus-one-to-hit"]));
    expect(good.ok).toBe(true);
    if (!good.ok) return;
    const other = parseFleet({ name: "Foe", taskforces: [{ name: "F", squadrons: [{ design: "generic/fleet-cruiser", ships: 2 }] }] });
    if (!other.ok) throw new Error("fleet");
    const { state } = createBattle({ seed: 1, scenario: "t", fleets: [good.value, other.value] });
    expect(state.settings).toMatchObject({ experience: true, formations: true });
    expect(state.squadrons["blue-tf1-s1"]?.experience).toEqual(["plus-one-to-hit"]);
  });
});

describe("the sensible bot and formations", () => {
  it("breaks a ring it finds itself in rather than standing still in it", async () => {
    const { botOrders } = await import("../../src/rules/battleshift/bot/bot.js");
    const s = withFormations(
      tinyBattle([
        cruisers(
          "b1",
          "blue",
          [
            [10, 20],
            [10.8, 20],
          ],
          90,
        ),
        cruisers("r1", "red", [[60, 20]], 270),
      ]),
    );
    s.squadrons.b1!.formation = "ring";
    s.turnState.queue = [{ side: "blue", taskforce: "blue-tf1" }];
    const moves = botOrders(s, "blue").orders.filter((o) => o.type === "move");
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ squadron: "b1", formation: "none" });
  });
});
