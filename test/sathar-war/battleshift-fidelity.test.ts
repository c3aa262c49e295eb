/**
 * A battle fought out in Battleshift honours what the quick battle honours (RULINGS.md "Battles: Fought out in
 * Battleshift"): the defender's mines and seekers and the shatter drones before the battle, by the quick battle's own
 * rules and dice (seed 000 "Declaring Combat", "SHATTER DRONES (Optional)"); each side's break-off policy and the
 * militia's "at least one attack before breaking off" (seed 000 "Breaking Off Combat"), kept with the battle so that
 * its replay is the battle fought; damage control after it (seed 000 "REPAIR"). Fixed seeds throughout.
 */
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";
import { Rng } from "../../src/core/rng.js";
import { parseFleet } from "../../src/rules/battleshift/fleet/fleet.js";
import type { Orders } from "../../src/rules/battleshift/orders.js";
import type { BattleInput, BattleResult, BattleShip, BattleStation } from "../../src/rules/sathar-war/battles/battle.js";
import { replayBattle } from "../../src/rules/sathar-war/battles/battleshift/battle-replay.js";
import {
  battleshiftGameOf,
  battleshiftPlan,
  breakOffRules,
  createBattleshiftGame,
  mapBack,
  playBattleshift,
  resolveInBattleshift,
} from "../../src/rules/sathar-war/battles/battleshift/battleshift-resolver.js";
import { beforeTheBattle } from "../../src/rules/sathar-war/battles/battleshift/before-the-battle.js";
import { breakOffMemory, withBreakOff } from "../../src/rules/sathar-war/battles/battleshift/breaking-off.js";
import { convertShip } from "../../src/rules/sathar-war/battles/battleshift/conversion.js";
import { damageControl } from "../../src/rules/sathar-war/battles/quick/repair.js";
import type { BattleRecord, Side } from "../../src/rules/sathar-war/model.js";
import { SHIP_RATINGS, type ShipClass } from "../../src/rules/sathar-war/orders-of-battle/ship-classes.js";
import { parseState } from "../../src/rules/sathar-war/state-schema.js";
import { campaign, DieRng } from "./support.js";

function ships(side: Side, list: [ShipClass, number][], extra: Partial<BattleShip> = {}, tag = ""): BattleShip[] {
  const out: BattleShip[] = [];
  for (const [cls, n] of list)
    for (let i = 1; i <= n; i++)
      out.push({ id: `${side}-${cls}${tag}${i}`, name: `${side} ${cls}${tag} ${i}`, side, cls, damage: {}, spent: {}, ...extra });
  return out;
}

const NEVER = { hullLost: 1, outgunned: 0 };

function battle(list: BattleShip[], more: Partial<BattleInput> = {}): BattleInput {
  return {
    id: "d3-prenglar-sathar",
    day: 3,
    system: "prenglar",
    planet: "gran-quivera",
    attacker: "sathar",
    nearPlanet: false,
    rules: "advanced",
    ships: list,
    stations: [],
    breakOff: { upf: NEVER, sathar: NEVER },
    ...more,
  };
}

/** A battle as the campaign keeps it, for the replay tool. */
function record(input: BattleInput, result: BattleResult): BattleRecord {
  return {
    id: input.id,
    day: input.day,
    system: input.system,
    planet: input.planet,
    attacker: input.attacker,
    mode: "battleshift",
    ships: input.ships.map((s) => s.id),
    stations: input.stations.map((s) => s.id),
    report: result.lines.map((l) => l.text),
    ...(result.battleshift ? { battleshift: result.battleshift } : {}),
  };
}

const ids = (r: BattleResult, fate: string) =>
  Object.entries(r.ships)
    .filter(([, o]) => o.fate === fate)
    .map(([id]) => id)
    .sort();

/** The replay of a fought battle through the campaign's tool: its losses and escapes are the result's. */
function expectReplayIsFought(input: BattleInput, r: BattleResult): void {
  const replay = replayBattle(record(input, r));
  if (!replay.ok) throw new Error(JSON.stringify(replay.error));
  // The replay sees only the ships that reached Battleshift: those the mines took or that detonated are not in it.
  const reached = new Set(Object.values(r.battleshift?.ships ?? {}));
  expect([...replay.value.lost.ships].sort()).toEqual(ids(r, "destroyed").filter((id) => reached.has(id)));
  expect([...replay.value.escaped].sort()).toEqual(ids(r, "escaped"));
  expect(replay.value.final.turn).toBe(r.rounds);
}

/** The UPF defends with a minelayer: 20 mines and 4 seekers across the Sathar's way in. */
const MINED = battle(
  [
    ...ships("upf", [
      ["ML", 1],
      ["FF", 3],
    ]),
    ...ships("sathar", [
      ["FF", 4],
      ["FT", 4],
    ]),
  ],
  { mines: { mines: 20, seekers: 4 } },
);

describe('Declaring Combat: "the defender may place all of its mines and seeker missiles before the battle" (before Battleshift)', () => {
  it("the mines and seekers attack the incoming Sathar first, by the quick battle's rules, their dice in the report", () => {
    const r = resolveInBattleshift(MINED, Rng.fromSeed(1));
    const first = r.lines[0];
    expect(first?.text).toMatch(/^Before the Battleshift battle: mines and seekers: 20 mine\(s\) and 4 seeker\(s\), \d+ attack\(s\)/);
    expect(first?.rolls?.length ?? 0).toBeGreaterThan(4);
    // The same dice, the same outcome as `beforeTheBattle` alone: the generator is drawn for them first.
    const pre = beforeTheBattle(MINED, Rng.fromSeed(1));
    expect(pre.lines[0]).toEqual(first);
    expect(Object.keys(pre.outcomes).length).toBeGreaterThan(0);
    for (const [id, o] of Object.entries(pre.outcomes)) expect(r.ships[id], id).toEqual(o);
    // The minelayer spent what it laid.
    expect(r.ships["upf-ML1"]?.spent).toMatchObject({ M: 20, SM: 4 });
  });

  it("a ship the mines destroy never enters Battleshift; a damaged one enters converted with the damage it now carries", () => {
    for (const seed of [1, 2, 3]) {
      const r = resolveInBattleshift(MINED, Rng.fromSeed(seed));
      const pre = beforeTheBattle(MINED, Rng.fromSeed(seed));
      const inBattleshift = new Set(Object.values(r.battleshift?.ships ?? {}));
      for (const [id, o] of Object.entries(pre.outcomes)) {
        expect(o.fate).toBe("destroyed");
        expect(inBattleshift.has(id), `${id}, seed ${seed}`).toBe(false);
      }
      // The fleet files are the plan of the ships as the mines left them.
      const plan = battleshiftPlan(pre.input);
      expect(canonicalJson(r.battleshift?.input)).toBe(
        canonicalJson({ ruleset: "battleshift", scenario: "default", seed: r.battleshift?.seed, inputs: plan.inputs }),
      );
      const hit = pre.input.ships.find((s) => s.side === "sathar" && (s.damage.hull ?? 0) > 0);
      if (hit) expect(plan.converted[hit.id]).toEqual(convertShip(hit.cls, hit.damage, hit.spent));
      expectReplayIsFought(MINED, r);
    }
  });

  it("without mines or drones no die is rolled before the battle: the battle is the one fought before", () => {
    const plain = battle([...ships("upf", [["FF", 2]]), ...ships("sathar", [["FF", 2]])]);
    const pre = beforeTheBattle(plain, Rng.fromSeed(3));
    expect(pre.input).toBe(plain);
    expect(pre.lines).toEqual([]);
    const r = resolveInBattleshift(plain, Rng.fromSeed(3));
    expect(r.lines[0]?.text).toMatch(/^Fought out in Battleshift/);
    expect(r.battleshift?.seed).toBe(Rng.fromSeed(3).int(1, 2_147_483_647));
  });
});

/** Two Sathar frigates as shatter drones, detonated, against a UPF line. */
const DRONES = battle(
  [
    ...ships("upf", [
      ["DD", 2],
      ["FF", 4],
    ]),
    ...ships("sathar", [["FF", 2]], { drone: true }, "drone"),
    ...ships("sathar", [["DD", 3]]),
  ],
  { detonateDrones: { sathar: true, upf: false } },
);

describe("SHATTER DRONES (Optional): a drone detonates before the Battleshift battle", () => {
  it('each drone detonates (its fate "detonated", C.2 #20), never enters Battleshift, and its hits are in the report with their dice', () => {
    const r = resolveInBattleshift(DRONES, Rng.fromSeed(4));
    const inBattleshift = new Set(Object.values(r.battleshift?.ships ?? {}));
    for (const id of ["sathar-FFdrone1", "sathar-FFdrone2"]) {
      expect(r.ships[id]?.fate).toBe("detonated");
      expect(inBattleshift.has(id)).toBe(false);
    }
    const lines = r.lines.filter((l) => l.text.includes("detonates as a shatter drone"));
    expect(lines.length).toBe(2);
    for (const l of lines) expect(l.rolls?.length ?? 0).toBeGreaterThan(0);
    // The UPF's ships hit carry the damage into Battleshift (or were destroyed before it).
    const pre = beforeTheBattle(DRONES, Rng.fromSeed(4));
    const hurt = pre.input.ships.filter((s) => s.side === "upf" && Object.keys(s.damage).length > 0).length;
    expect(hurt + Object.keys(pre.outcomes).filter((id) => id.startsWith("upf-")).length).toBeGreaterThan(0);
    expectReplayIsFought(DRONES, r);
  });

  it("a side that does not detonate its drones fights them as their class", () => {
    const r = resolveInBattleshift({ ...DRONES, detonateDrones: { sathar: false, upf: false } }, Rng.fromSeed(4));
    expect(r.lines[0]?.text).toMatch(/^Fought out in Battleshift/);
    expect(Object.values(r.battleshift?.ships ?? {})).toContain("sathar-FFdrone1");
    expect(r.ships["sathar-FFdrone1"]?.fate).not.toBe("detonated");
  });
});

/** A UPF line against a smaller Sathar force that breaks off once it has lost a quarter of its hull or is outgunned 2 to 1. */
const OUTMATCHED = battle(
  [
    ...ships("upf", [
      ["BB", 1],
      ["HC", 2],
      ["LC", 3],
      ["DD", 4],
      ["FF", 4],
    ]),
    ...ships("sathar", [
      ["HC", 1],
      ["LC", 2],
      ["DD", 3],
      ["FF", 4],
    ]),
  ],
  { breakOff: { upf: NEVER, sathar: { hullLost: 0.25, outgunned: 2 } } },
);

describe("Breaking Off Combat: a side's policy in Battleshift", () => {
  it("once the Sathar's policy is crossed their taskforces shift out: the survivors escape, the report says when", () => {
    const r = resolveInBattleshift(OUTMATCHED, Rng.fromSeed(1));
    expect(r.lines.map((l) => l.text).join("\n")).toMatch(
      /The Sathar break off on turn \d+ \(policy: 0.25 of hull lost or outgunned 2 to 1\)/,
    );
    expect(ids(r, "escaped").length).toBeGreaterThan(0);
    for (const id of ids(r, "escaped")) expect(id.startsWith("sathar-")).toBe(true);
    // No Sathar ship is left fighting: each was destroyed or shifted out.
    for (const [id, o] of Object.entries(r.ships)) if (id.startsWith("sathar-")) expect(["destroyed", "escaped"]).toContain(o.fate);
    // Kept with the battle, so the replay holds the bots to it.
    expect(r.battleshift?.breakOff).toEqual({ blue: NEVER, red: { hullLost: 0.25, outgunned: 2 } });
    expect(r.lines.at(-1)?.text ?? "").not.toMatch(/^Replay: starhost new battleshift/);
    expect(r.lines.map((l) => l.text).join("\n")).toMatch(/Replay: the campaign's battle-replay tool/);
  });

  it("the replay equals the battle fought where the policy stepped in (through the campaign's battle-replay)", () => {
    for (const seed of [1, 2, 3]) {
      const r = resolveInBattleshift(OUTMATCHED, Rng.fromSeed(seed));
      expect(
        r.lines.some((l) => l.text.startsWith("The Sathar break off")),
        `seed ${seed}`,
      ).toBe(true);
      expectReplayIsFought(OUTMATCHED, r);
      // Step for step: the kept rules give the very end state; plain bots (no rules) give another battle.
      const kept = r.battleshift;
      if (!kept) throw new Error("not kept");
      const plan = battleshiftPlan(OUTMATCHED);
      const rules = { ...(kept.breakOff ? { breakOff: kept.breakOff } : {}) };
      const again = playBattleshift(createBattleshiftGame(plan, kept.seed), kept.seed, undefined, rules);
      const plain = playBattleshift(createBattleshiftGame(plan, kept.seed), kept.seed);
      expect(again.steppedIn).toBe(true);
      expect(canonicalJson(mapBack(OUTMATCHED, plan, again))).not.toBe(canonicalJson(mapBack(OUTMATCHED, plan, plain)));
    }
  });

  it("a policy that can never step in is not kept, and the plain `starhost new battleshift` replay is named", () => {
    const r = resolveInBattleshift({ ...OUTMATCHED, breakOff: { upf: NEVER, sathar: NEVER } }, Rng.fromSeed(1));
    expect(r.battleshift?.breakOff).toBeUndefined();
    expect(r.battleshift?.mustFire).toBeUndefined();
    expect(r.lines.map((l) => l.text).join("\n")).toMatch(/Replay: starhost new battleshift --scenario default/);
  });

  it("a station fighting alone (as a ship) never breaks off: a station cannot leave its orbit", () => {
    const fortress: BattleStation = { id: "st-gq", name: "Gran Quivera fortress", type: "fortress", damage: {}, spent: {} };
    const alone = battle(
      ships("sathar", [
        ["HC", 2],
        ["DD", 4],
      ]),
      { stations: [fortress], breakOff: { upf: { hullLost: 0, outgunned: 0 }, sathar: NEVER } },
    );
    const r = resolveInBattleshift(alone, Rng.fromSeed(2));
    expect(r.battleshift?.breakOff).toBeDefined();
    const replay = replayBattle(record(alone, r));
    if (!replay.ok) throw new Error(JSON.stringify(replay.error));
    expect(replay.value.escaped).not.toContain("st-gq");
    expect(r.lines.map((l) => l.text).join("\n")).toMatch(/Replay: starhost new battleshift --scenario default/);
  });

  it("a kept battle with its break-off rules is a legal part of the campaign's state", () => {
    const r = resolveInBattleshift(OUTMATCHED, Rng.fromSeed(1));
    const state = campaign();
    const sys = state.map.systems[0];
    if (!sys) throw new Error("no system");
    state.battles.push({ ...record(OUTMATCHED, r), system: sys.id, planet: sys.planets[0]?.id ?? sys.id });
    const parsed = parseState(JSON.parse(JSON.stringify(state)));
    expect(parsed.ok, parsed.ok ? "" : JSON.stringify(parsed.error.slice(0, 3))).toBe(true);
    if (parsed.ok) expect(parsed.value.battles.at(-1)?.battleshift?.breakOff).toEqual(r.battleshift?.breakOff);
  });
});

/**
 * Militia frigates in their home system (bound to fire once before breaking off) in the UPF's first taskforce, a
 * destroyer taskforce beside them; the UPF breaks off at once (a policy of 0 hull lost).
 */
const MILITIA = battle(
  [
    ...ships("upf", [["FF", 3]], { mustFireBeforeBreakOff: true }, "m"),
    ...ships("upf", [
      ["HC", 1],
      ["LC", 2],
      ["DD", 3],
    ]),
    ...ships("sathar", [
      ["HC", 1],
      ["LC", 2],
      ["DD", 3],
      ["FF", 4],
    ]),
  ],
  { breakOff: { upf: { hullLost: 0, outgunned: 0 }, sathar: NEVER } },
);

describe('Breaking Off Combat: "Militia ships in their home system must make at least one attack ... before breaking off"', () => {
  it("the play loop's rule: a held squadron's taskforce gets no shift order (the policy's or the bot's), nor an emergency shift, until it has fired", () => {
    const plan = battleshiftPlan(MILITIA);
    const rules = breakOffRules(MILITIA, plan);
    // The militia frigates' squadron, in the UPF's first taskforce beside its cruisers.
    expect(rules.mustFire).toEqual(["blue-tf1-s3"]);
    const start = createBattleshiftGame(plan, 5);
    expect(start.turnState.phase).toBe("sequences");
    const bots: Orders = { orders: [{ type: "shift", unit: "blue-tf1", returnTurn: 3, sector: "1B", facing: 90 }] };
    // The UPF's policy (0 of hull lost) is crossed at once: every taskforce but the held one is ordered out for good.
    const memory = breakOffMemory(start);
    const held = withBreakOff(start, "blue", bots, rules, new Set(), memory);
    expect(held.orders).toEqual([{ type: "shift", unit: "blue-tf2", returnTurn: null }]);
    expect(memory.brokeOff.blue).toBe(1);
    expect(memory.steppedIn).toBe(true);
    // Once the militia have fired, their taskforce goes too.
    const fired = withBreakOff(start, "blue", { orders: [] }, rules, new Set(["blue-tf1-s3"]), memory);
    expect(fired.orders).toEqual([
      { type: "shift", unit: "blue-tf1", returnTurn: null },
      { type: "shift", unit: "blue-tf2", returnTurn: null },
    ]);
    // The Sathar (no policy) are left to their bot.
    const red: Orders = { orders: [{ type: "initiative", choose: "first" }] };
    expect(withBreakOff(start, "red", red, rules, new Set(), memory)).toBe(red);
    // In an activation, the held squadron's emergency shift is dropped; another squadron's stands.
    const acting = structuredClone(start);
    acting.turnState.phase = "activation";
    const emergency: Orders = {
      orders: [
        { type: "emergencyShift", squadron: "blue-tf1-s3" },
        { type: "emergencyShift", squadron: "blue-tf2-s1" },
      ],
    };
    expect(withBreakOff(acting, "blue", emergency, rules, new Set(), breakOffMemory(start)).orders).toEqual([
      { type: "emergencyShift", squadron: "blue-tf2-s1" },
    ]);
  });

  it("in the battle: each militia ship fired before it left or was destroyed, its taskforce staying longer than it would unbound", () => {
    let longer = 0;
    for (const seed of [1, 2, 3]) {
      const r = resolveInBattleshift(MILITIA, Rng.fromSeed(seed));
      expect(r.battleshift?.mustFire, `seed ${seed}`).toEqual(["blue-tf1-s3"]);
      for (const s of MILITIA.ships.filter((x) => x.mustFireBeforeBreakOff)) {
        const o = r.ships[s.id];
        expect(o?.fate === "destroyed" || o?.fired === true, `${s.id}, seed ${seed}: ${JSON.stringify(o)}`).toBe(true);
      }
      // The same battle without the militia's duty: the whole UPF shifts out at its first chance.
      const free = resolveInBattleshift(
        { ...MILITIA, ships: MILITIA.ships.map(({ mustFireBeforeBreakOff: _, ...s }) => s) },
        Rng.fromSeed(seed),
      );
      expect(free.battleshift?.mustFire).toBeUndefined();
      if (r.rounds > free.rounds) longer++;
      expectReplayIsFought(MILITIA, r);
    }
    expect(longer).toBeGreaterThan(0);
  });
});

describe("REPAIR: damage control after a battle fought out in Battleshift", () => {
  it("a frigate's damage control, die by die: a system on 50 (DCR 70), hull 1d10 on 10 (7 mended), then 95 fails: the rest for a station", () => {
    const m = damageControl(
      { name: "UPF frigate", dcrRated: SHIP_RATINGS.FF.dcr, damageStart: {}, damage: { hull: 20, LB: 1 } },
      new DieRng([50, 10, 7, 95]),
    );
    expect(m.damage).toEqual({ hull: 13 });
    expect(m.systems).toEqual(["LB"]);
    expect(m.stationOnly).toEqual(["hull"]);
    expect(m.rolls).toEqual([50, 10, 7, 95]);
  });

  it("the survivors roll after the battle, exactly the quick battle's rule with the campaign's dice after the seed", () => {
    let mended = 0;
    let stationOnly = 0;
    for (const seed of [1, 2, 3]) {
      const r = resolveInBattleshift(OUTMATCHED, Rng.fromSeed(seed));
      // Before the repairs: the battle mapped back; then the same dice, drawn after the Battleshift seed.
      const rng = Rng.fromSeed(seed);
      const bsSeed = rng.int(1, 2_147_483_647);
      const plan = battleshiftPlan(OUTMATCHED);
      const played = playBattleshift(createBattleshiftGame(plan, bsSeed), bsSeed, undefined, breakOffRules(OUTMATCHED, plan));
      const before = mapBack(OUTMATCHED, plan, played);
      for (const s of OUTMATCHED.ships) {
        const o = before.ships[s.id];
        if (!o || (o.fate !== "fought" && o.fate !== "escaped")) continue;
        const m = damageControl({ name: s.name, dcrRated: SHIP_RATINGS[s.cls].dcr, damageStart: s.damage, damage: o.damage }, rng);
        expect(r.ships[s.id]?.damage, `${s.id}, seed ${seed}`).toEqual(m.damage);
        expect(r.ships[s.id]?.stationOnly).toEqual(m.stationOnly.length > 0 ? m.stationOnly : undefined);
        if (m.hull > 0) mended++;
        if (m.stationOnly.length > 0) stationOnly++;
      }
      const lines = r.lines.filter((l) => l.text.startsWith("damage control on "));
      for (const l of lines) expect(l.rolls?.length ?? 0).toBeGreaterThan(0);
    }
    expect(mended).toBeGreaterThan(0);
    expect(stationOnly).toBeGreaterThan(0);
  });
});

describe("all of it at once: pure and deterministic", () => {
  const ALL = battle(
    [
      ...ships("upf", [["FF", 2]], { mustFireBeforeBreakOff: true }, "m"),
      ...ships("upf", [
        ["ML", 1],
        ["DD", 2],
        ["LC", 1],
      ]),
      ...ships("sathar", [["FF", 1]], { drone: true }, "drone"),
      ...ships("sathar", [
        ["HC", 1],
        ["DD", 3],
        ["FT", 2],
      ]),
    ],
    {
      mines: { mines: 10, seekers: 2 },
      detonateDrones: { sathar: true, upf: true },
      breakOff: { upf: { hullLost: 0.5, outgunned: 3 }, sathar: { hullLost: 0.4, outgunned: 2 } },
    },
  );

  it("same input and seed: byte-identical results; the input is not touched; the replay is the battle fought", () => {
    const before = canonicalJson(ALL);
    const a = resolveInBattleshift(ALL, Rng.fromSeed(11));
    const b = resolveInBattleshift(structuredClone(ALL), Rng.fromSeed(11));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(canonicalJson(ALL)).toBe(before);
    expect(a.ships["sathar-FFdrone1"]?.fate).toBe("detonated");
    expect(a.lines[0]?.text).toMatch(/^Before the Battleshift battle: mines and seekers/);
    expectReplayIsFought(ALL, a);
  });
});

describe("Battleshift's fleet file: starting damage (RULINGS Battleshift 'Starting damage')", () => {
  const fleet = (squadron: Record<string, unknown>, station?: Record<string, unknown>) => ({
    name: "Blue",
    taskforces: [{ name: "Hammer", squadrons: [{ name: "Cruisers", design: "generic/fleet-cruiser", ships: 2, ...squadron }] }],
    ...(station ? { stations: [{ design: "station/orbital-defense", sector: "2B", ...station }] } : {}),
  });
  const red = { name: "Red", taskforces: [{ name: "Raiders", squadrons: [{ design: "generic/fleet-destroyer", ships: 2 }] }] };

  it("a squadron and a station may start with damage below their total hull; more is refused, naming the limit", () => {
    const ok = parseFleet(fleet({ damage: 3 }, { damage: 2 }));
    expect(ok.ok, ok.ok ? "" : JSON.stringify(ok.error)).toBe(true);
    expect(ok.value?.taskforces[0]?.squadrons[0]?.damage).toBe(3);
    expect(ok.value?.stations?.[0]?.damage).toBe(2);
    const hull = ok.value?.designs["generic/fleet-cruiser"]?.hull ?? 0;
    const over = parseFleet(fleet({ damage: 2 * hull }));
    expect(over.ok).toBe(false);
    if (!over.ok) expect(over.error.map((p) => p.code)).toContain("too-much-damage");
    const station = parseFleet(fleet({}, { damage: 99 }));
    expect(station.ok).toBe(false);
    if (!station.ok) expect(station.error.map((p) => p.code)).toContain("too-much-damage");
  });

  it("the battle starts with it (absent: none, as before)", () => {
    const made = battleshiftGameOf({ fleet: [fleet({ damage: 3 }, { damage: 2 }), red] }, 5);
    if (!made.ok) throw new Error(JSON.stringify(made.error));
    expect(made.value.squadrons["blue-tf1-s1"]?.damage).toBe(3);
    expect(made.value.squadrons["blue-st1-s1"]?.damage).toBe(2);
    const plain = battleshiftGameOf({ fleet: [fleet({}, {}), red] }, 5);
    if (!plain.ok) throw new Error(JSON.stringify(plain.error));
    expect(plain.value.squadrons["blue-tf1-s1"]?.damage).toBe(0);
    expect(plain.value.squadrons["blue-st1-s1"]?.damage).toBe(0);
  });
});

describe("a damaged ship or station goes into Battleshift with its damage", () => {
  const fortress: BattleStation = { id: "st-gq", name: "Gran Quivera fortress", type: "fortress", damage: { hull: 150 }, spent: {} };
  const DAMAGED = battle(
    [
      ...ships("upf", [["BB", 2]], { damage: { hull: 90 } }, "d"),
      ...ships("upf", [["FF", 2]]),
      ...ships("sathar", [
        ["HC", 2],
        ["DD", 3],
      ]),
    ],
    { nearPlanet: true, stations: [fortress] },
  );

  it("a battleship with 30 hull points left is a size-4 battleship starting with its lost hull as damage; a half-wrecked fortress's stand-in starts half damaged", () => {
    const plan = battleshiftPlan(DAMAGED);
    const upf = plan.inputs.fleet[0] as {
      designs: { name: string; size: number }[];
      taskforces: { squadrons: { design: string; ships: number; damage?: number }[] }[];
      stations: { design: string; damage?: number }[];
    };
    const bb = upf.taskforces.flatMap((t) => t.squadrons).find((q) => q.design === "UPF battleship");
    expect(bb).toMatchObject({ ships: 2, damage: 6 }); // 3 each: hull 5 of which 2 left
    expect(upf.designs.find((d) => d.name === "UPF battleship")?.size).toBe(4);
    // The Battlefortress's hull is 16: half lost is 8.
    expect(upf.stations[0]).toMatchObject({ design: "station/battlefortress", damage: 8 });
    const start = createBattleshiftGame(plan, 9);
    // Nothing fought yet: mapping the start back loses nothing (the starting damage is not counted twice).
    const back = mapBack(DAMAGED, plan, { state: start, fired: new Set(), left: {}, brokeOff: {}, steppedIn: false });
    for (const s of DAMAGED.ships) expect(back.ships[s.id]?.damage, s.id).toEqual(s.damage);
    expect(back.stations["st-gq"]).toEqual({ destroyed: false, damage: { hull: 150 }, spent: {} });
  });

  it("fought: a survivor never has fewer hull points lost than it came with; the replay is the battle fought", () => {
    for (const seed of [1, 2]) {
      const r = resolveInBattleshift(DAMAGED, Rng.fromSeed(seed));
      for (const s of DAMAGED.ships) {
        const o = r.ships[s.id];
        if (o && o.fate !== "destroyed") expect(o.damage.hull ?? 0, `${s.id}, seed ${seed}`).toBeGreaterThanOrEqual(s.damage.hull ?? 0);
      }
      const st = r.stations["st-gq"];
      if (st && !st.destroyed) expect(st.damage.hull ?? 0).toBeGreaterThanOrEqual(150);
      expectReplayIsFought(DAMAGED, r);
    }
  });
});
