/**
 * Issue 8: no id read from a file ever becomes a path or a plain object's key
 * unchecked. Hostile ids (paths, prototype names, unicode, control characters,
 * 10,000 characters, empty) are thrown at every parser (maps, states, fleets,
 * orders, odds requests) and, as order fields, at `check` and `resolve` of a
 * small game of both rulesets: never an exception, a specific problem every
 * time, and nothing else in the game affected.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { idProblem, isId, keyProblem, own, REF_MAX, refProblem } from "../../src/core/ids.js";
import { canonicalJson, cloneData } from "../../src/core/json.js";
import type { Problem } from "../../src/core/result.js";
import { Rng } from "../../src/core/rng.js";
import { botOrders } from "../../src/rules/battleshift/bot/bot.js";
import { parseOddsInput as parseVolley } from "../../src/rules/battleshift/combat/odds.js";
import { parseFleet } from "../../src/rules/battleshift/fleet/fleet.js";
import { battleshift } from "../../src/rules/battleshift/index.js";
import type { BattleState } from "../../src/rules/battleshift/model.js";
import { type Orders as BsOrders, orderSchema as bsOrderSchema } from "../../src/rules/battleshift/orders.js";
import { galacticEmpires as ge } from "../../src/rules/galactic-empires/index.js";
import type { GameState } from "../../src/rules/galactic-empires/model.js";
import { parseOddsInput as parseBattle } from "../../src/rules/galactic-empires/odds.js";
import { type Orders as GeOrders, orderSchema as geOrderSchema } from "../../src/rules/galactic-empires/orders.js";
import { parseState as parseGeState, parseMap } from "../../src/rules/galactic-empires/state-schema.js";

/** Ids no file may use: paths, prototype names, unicode, control characters, very long, empty. */
const HOSTILE: readonly string[] = [
  "../../evil",
  "../evil",
  "..",
  ".",
  "/etc/passwd",
  "a/b",
  "a\\b",
  "C:\\evil",
  "__proto__",
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "__defineGetter__",
  "toLocaleString",
  "Ünïcødé",
  "帝国",
  "😀",
  "evil\u202E",
  "nul\u0000l",
  "\u001b[2J",
  "line\nbreak",
  "tab\there",
  "x".repeat(10_000),
  "A".repeat(65),
  "",
  " ",
  "A1 ",
  "-dash",
  "_under",
];

/** One hostile id: a listed one, or any string that is not an id (paths and unicode included). */
const hostile: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ unit: "grapheme", maxLength: 80 }).filter((s) => !isId(s)),
  fc.string({ maxLength: 20 }).map((s) => `../${s}`),
);

const RESERVED = [
  "__proto__",
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "__defineGetter__",
  "toLocaleString",
];

/** Whether a text holds a control character (C0, DEL or C1). */
const hasControl = (s: string): boolean =>
  [...s].some((c) => (c.codePointAt(0) ?? 0) < 0x20 || ((c.codePointAt(0) ?? 0) >= 0x7f && (c.codePointAt(0) ?? 0) <= 0x9f));

/** `f()` must not throw; its value. */
function safely<T>(what: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw new Error(`${what} threw: ${(e as Error).stack ?? String(e)}`);
  }
}

describe("core: ids, refs and names refuse hostile input", () => {
  it("every hostile id is refused as an id and as a ref, with a message; idProblem never throws", () => {
    for (const h of HOSTILE) {
      expect(idProblem(h), JSON.stringify(h.slice(0, 20))).toMatch(/id/);
      expect(refProblem(h), JSON.stringify(h.slice(0, 20))).toMatch(/reference|id/);
    }
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const p = idProblem(v);
        expect(p === null || typeof p === "string").toBe(true);
        if (p === null) {
          expect(typeof v).toBe("string");
          const s = v as string;
          expect(s).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/);
          expect(RESERVED).not.toContain(s);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("an id is never a path, a prototype member or a terminal escape; a ref is ids joined by '.' or ':'", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (s) => {
        if (isId(s)) {
          expect(s).not.toMatch(/[/\\.:\s]/);
          expect(hasControl(s)).toBe(false);
          expect(s in {}).toBe(false);
        }
        if (refProblem(s) === null) {
          expect(s.length).toBeLessThanOrEqual(REF_MAX);
          for (const part of s.split(/[.:]/)) expect(idProblem(part)).toBeNull();
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("names (design names, catalogue ids) may be unicode or hold '/', but not prototype names, control characters, empty or 10,000 long", () => {
    expect(keyProblem("generic/fleet-cruiser")).toBeNull();
    expect(keyProblem("Ünïcødé Lancer")).toBeNull();
    for (const bad of [...RESERVED, "", "x".repeat(10_000), "nul\u0000l", "\u001b[2J", "line\nbreak"])
      expect(keyProblem(bad)).not.toBeNull();
  });

  it("own() finds only what the record holds itself", () => {
    const r: Record<string, number> = { a: 1 };
    for (const k of RESERVED) expect(own(r, k)).toBeUndefined();
    expect(own(r, "a")).toBe(1);
  });
});

// ---------------------------------------------------------------------------
// Orders: a valid-shaped example of every order type, then each string field made hostile.

type Path = (string | number)[];

/** An example value a schema accepts (strings get `text`); built from zod's definitions. */
function example(schema: z.ZodType, text: string): unknown {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case "string":
      return text;
    case "number": {
      const bag = (schema as unknown as { _zod: { bag: { minimum?: number } } })._zod.bag;
      return Math.max(1, bag.minimum ?? 1);
    }
    case "boolean":
      return true;
    case "literal":
      return (def.values as unknown[])[0];
    case "enum":
      return Object.values(def.entries as Record<string, unknown>)[0];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
      return example(def.innerType as z.ZodType, text);
    case "pipe":
      return example(def.in as z.ZodType, text);
    case "array":
      return [example(def.element as z.ZodType, text)];
    case "union":
      return example((def.options as z.ZodType[])[0] as z.ZodType, text);
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) out[k] = example(v, text);
      return out;
    }
    default:
      throw new Error(`no example for a zod ${def.type}`);
  }
}

/** Paths of the string fields of an example order (not its type). */
function stringPaths(v: unknown, at: Path = []): Path[] {
  if (typeof v === "string") return at.length === 1 && at[0] === "type" ? [] : [at];
  if (Array.isArray(v)) return v.flatMap((x, i) => stringPaths(x, [...at, i]));
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => stringPaths(x, [...at, k]));
  return [];
}

function withValue(order: unknown, path: Path, value: string): Record<string, unknown> {
  const copy = cloneData(order) as Record<string, unknown>;
  let cur = copy as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
  cur[path[path.length - 1] as string | number] = value;
  return copy;
}

interface Field {
  type: string;
  path: Path;
  base: Record<string, unknown>;
  /** The field names something by a key (refuses "valueOf"), rather than holding free text. */
  names: boolean;
  /** ...by an id or a ref (refuses "../../evil" too), not by a name such as a starship type. */
  id: boolean;
}

/** Every string field of every order type, classified by what its schema refuses. */
function orderFields(schema: z.ZodType, options: readonly z.ZodType[], text: string): Field[] {
  const out: Field[] = [];
  for (const option of options) {
    const base = example(option, text) as Record<string, unknown>;
    expect(schema.safeParse(base).success, `example ${JSON.stringify(base)}`).toBe(true);
    for (const path of stringPaths(base)) {
      // Fields of a fixed set of words (enums: a weapon, "first" or "second") are not names.
      if (!schema.safeParse(withValue(base, path, "Zq7")).success) continue;
      const names = !schema.safeParse(withValue(base, path, "valueOf")).success;
      const id = names && !schema.safeParse(withValue(base, path, "../e")).success;
      out.push({ type: base.type as string, path, base, names, id });
    }
  }
  return out;
}

/** Whether the field refuses this hostile value: ids refuse every one, names the keyProblem ones. */
const refuses = (f: Field, h: string): boolean => f.id || (f.names && keyProblem(h) !== null);

const GE_FIELDS = orderFields(geOrderSchema, geOrderSchema.options, "A1");
const BS_FIELDS = orderFields(bsOrderSchema, bsOrderSchema.options, "A1B2");

/** A problem about order #0 of this type, naming the field and saying why. */
function expectFieldProblem(problems: readonly Problem[], f: Field): void {
  const p = problems.find((x) => x.order === `#0 ${f.type}`);
  expect(p, `${f.type}.${f.path.join(".")}: ${JSON.stringify(problems).slice(0, 300)}`).toBeDefined();
  expect(p?.code).toBe("malformed-order");
  expect(p?.message.startsWith(`${f.path.join(".")}: `), p?.message).toBe(true);
  expect(p?.message).toMatch(f.id ? /\bid\b|reference/ : /name|characters|control|reserved/);
}

// ---------------------------------------------------------------------------
// Galactic Empires

const GE_START = ge.scenarios.tutorial?.create(7, {}) as GameState;
const GE_SEAT = "klingon";

describe("galactic-empires: hostile ids in orders", () => {
  it("the fields that name empires, units, admirals and new fleets are found (the sweep covers them)", () => {
    const named = GE_FIELDS.filter((f) => f.id).map((f) => `${f.type}.${f.path.join(".")}`);
    for (const f of ["declareWar.empire", "travel.unit", "transfer.from", "transfer.to", "leader.admiral", "formFleet.ref", "formFleet.at"])
      expect(named).toContain(f);
    expect(named.length).toBeGreaterThanOrEqual(39);
    expect(GE_FIELDS.filter((f) => f.names && !f.id).map((f) => f.path.join("."))).toEqual(
      GE_FIELDS.filter((f) => f.path.join(".") === "starship").map(() => "starship"),
    );
  });

  it("parseOrders refuses every hostile id in every field that names something, order by order, naming the field", () => {
    for (const f of GE_FIELDS.filter((x) => x.names)) {
      for (const h of HOSTILE.filter((x) => refuses(f, x))) {
        const r = safely(`parseOrders ${f.type}`, () =>
          ge.parseOrders({ orders: [withValue(f.base, f.path, h), { type: "wait", unit: "A1" }] }),
        );
        expect(r.orders.orders).toEqual([{ type: "wait", unit: "A1" }]);
        expectFieldProblem(r.problems, f);
      }
    }
  });

  it("check and resolve given hostile orders no parser saw: no exception, the order's problem, and the game as if it were not given", () => {
    const noOrders = ge.resolve(GE_START, { [GE_SEAT]: { orders: [] } }, Rng.forTurn(GE_START.seed, 1));
    fc.assert(
      fc.property(fc.constantFrom(...GE_FIELDS), hostile, (f, h) => {
        const orders = { orders: [withValue(f.base, f.path, h)] } as unknown as GeOrders;
        const check = safely("check", () => ge.check(GE_START, GE_SEAT, orders));
        const res = safely("resolve", () => ge.resolve(GE_START, { [GE_SEAT]: orders }, Rng.forTurn(GE_START.seed, 1)));
        if (!refuses(f, h)) return;
        expect(check.ok).toBe(false);
        expectFieldProblem(check.problems, f);
        expectFieldProblem(res.problems[GE_SEAT] ?? [], f);
        expect(canonicalJson(res.state)).toBe(canonicalJson(noOrders.state));
        for (const seat of ["federation", "romulan"]) expect(res.problems[seat] ?? []).toEqual(noOrders.problems[seat] ?? []);
      }),
      { numRuns: 120 },
    );
  });

  it("an orders file for a hostile empire is refused whole, naming the field; hostile seats are refused by check and ignored by resolve", () => {
    for (const h of HOSTILE.filter((x) => x !== "")) {
      const r = ge.parseOrders({ empire: h, orders: [] });
      // A file for no seat of any game is refused whole (ParsedOrders.refused): nothing of it is kept.
      expect(r.refused.map((p) => p.code)).toContain("invalid-empire");
      const check = safely("check", () => ge.check(GE_START, h, { orders: [] }));
      expect(check.problems.map((p) => p.code)).toEqual(["unknown-empire"]);
    }
    const plain = ge.resolve(GE_START, {}, Rng.forTurn(GE_START.seed, 1));
    for (const h of RESERVED) {
      const given = JSON.parse(`{${JSON.stringify(h)}: {"orders": [{"type": "declareWar", "empire": "romulan"}]}}`);
      const res = safely("resolve", () => ge.resolve(GE_START, given, Rng.forTurn(GE_START.seed, 1)));
      expect(canonicalJson(res.state)).toBe(canonicalJson(plain.state));
    }
  });
});

/** Where an id sits in a map or state, and how to put a hostile one there. */
const GE_POSITIONS: { at: string; put: (s: GameState, h: string) => void; id: boolean }[] = [
  { at: "empires", id: true, put: (s, h) => rekey(s.empires, "klingon", h) },
  { at: "empires.klingon.id", id: true, put: (s, h) => void ((s.empires.klingon as { id: string }).id = h) },
  { at: "sectors[0].owner", id: true, put: (s, h) => void ((s.sectors[0] as { owner: string }).owner = h) },
  { at: "sectors[0].annexedTo", id: true, put: (s, h) => void ((s.sectors[0] as { annexedTo: string }).annexedTo = h) },
  { at: "sectors[0].permission[0]", id: true, put: (s, h) => void ((s.sectors[0] as { permission: string[] }).permission = [h]) },
  {
    at: "empires.klingon.toward",
    id: true,
    put: (s, h) => void ((s.empires.klingon as { toward: object }).toward = JSON.parse(`{${JSON.stringify(h)}: {}}`)),
  },
  { at: "relations", id: true, put: (s, h) => void (s.relations = JSON.parse(`{${JSON.stringify(`klingon|${h}`)}: "war"}`)) },
  { at: "units", id: true, put: (s, h) => rekey(s.units, firstKey(s.units), h) },
  { at: ".owner", id: true, put: (s, h) => void ((s.units[firstKey(s.units)] as { owner: string }).owner = h) },
  { at: ".follow", id: true, put: (s, h) => void ((s.units[firstKey(s.units)] as { follow: string }).follow = h) },
  { at: ".leader", id: true, put: (s, h) => void ((s.units[firstKey(s.units)] as { leader: string }).leader = h) },
  { at: ".admirals[0]", id: true, put: (s, h) => void ((s.units[firstKey(s.units)] as { admirals: string[] }).admirals = [h]) },
  { at: "admirals", id: true, put: (s, h) => rekey(s.admirals, firstKey(s.admirals), h) },
  { at: ".unit", id: true, put: (s, h) => void ((s.admirals[firstKey(s.admirals)] as { unit: string }).unit = h) },
  { at: ".type", id: false, put: (s, h) => void ((s.units[firstKey(s.units)]?.ships[0] as { type: string }).type = h) },
];

function firstKey(r: object): string {
  return Object.keys(r).sort()[0] as string;
}

/** Move `r[from]` to key `to` as a file would hold it (an own property even for "__proto__"). */
function rekey(r: Record<string, unknown>, from: string, to: string): void {
  const v = r[from];
  delete r[from];
  Object.defineProperty(r, to, { value: v, enumerable: true, configurable: true, writable: true });
}

describe("galactic-empires: hostile ids in maps and states", () => {
  it("parseMap and parseState refuse a hostile id at every place one sits, naming the place (code invalid-id)", () => {
    for (const pos of GE_POSITIONS) {
      for (const h of HOSTILE) {
        for (const [what, parse] of [
          ["map", (raw: unknown) => parseMap(raw, 7)],
          ["state", (raw: unknown) => parseGeState(raw)],
        ] as const) {
          const raw = cloneData(GE_START);
          pos.put(raw, h);
          const text = JSON.stringify(raw);
          const r = safely(`${what} ${pos.at}`, () => parse(JSON.parse(text)));
          expect(r.ok, `${what} ${pos.at} = ${JSON.stringify(h.slice(0, 20))}`).toBe(false);
          if (r.ok) continue;
          if (pos.id || keyProblem(h) !== null) {
            const found = r.error.some(
              (p) => /^invalid-(id|name)$/.test(p.code) && p.order.startsWith(what) && p.order.includes(pos.at.replace(/^\./, "")),
            );
            expect(found, `${what} ${pos.at} = ${JSON.stringify(h.slice(0, 20))}: ${JSON.stringify(r.error).slice(0, 300)}`).toBe(true);
          }
        }
      }
    }
  });

  it("a map whose empire is __proto__ is refused, not a game that silently lost that empire", () => {
    const raw = JSON.parse(JSON.stringify(GE_START).replace('"klingon":{"id":"klingon"', '"__proto__":{"id":"__proto__"'));
    const r = parseMap(raw, 1);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error[0]).toMatchObject({ order: "map.empires.__proto__", code: "invalid-id" });
  });

  it("an empire id ../../evil never reaches a turn (the map is refused)", () => {
    const raw = cloneData(GE_START);
    rekey(raw.empires, "klingon", "../../evil");
    (raw.empires["../../evil"] as { id: string }).id = "../../evil";
    for (const s of raw.sectors) if (s.owner === "klingon") s.owner = "../../evil";
    const r = parseMap(raw, 1);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.map((p) => p.code)).toContain("invalid-id");
  });
});

describe("galactic-empires: hostile text in battle-odds requests", () => {
  it("no exception; a starship type or side that is not one is a problem naming its field", () => {
    const base = {
      sides: [
        { name: "A", units: [{ ships: [{ type: "Hawk Heavy Cruiser", builder: "Klingon", count: 2, rank: 1 }] }] },
        { name: "B", units: [{ ships: [{ type: "klingon/hawk-heavy-cruiser", count: 2, rank: 1 }] }] },
      ],
      sectorDefence: { level: 1, damage: 0, ownerSide: 0 },
    };
    expect(parseBattle(base).ok).toBe(true);
    fc.assert(
      fc.property(hostile, fc.constantFrom("type", "builder", "side", "unit", "admiral", "owner"), (h, where) => {
        const raw = cloneData(base) as typeof base & Record<string, unknown>;
        const side0 = raw.sides[0] as { name: string; units: Record<string, unknown>[] };
        const unit0 = side0.units[0] as { ships: Record<string, unknown>[]; name?: string; admiral?: unknown };
        if (where === "type") (unit0.ships[0] as { type: string }).type = h;
        if (where === "builder") (unit0.ships[0] as { builder: string }).builder = h;
        if (where === "side") side0.name = h;
        if (where === "unit") unit0.name = h;
        if (where === "admiral") unit0.admiral = { name: h };
        if (where === "owner") raw.sectorDefence.ownerSide = h as unknown as number;
        const r = safely("parseOddsInput", () => parseBattle(raw));
        if (where === "type" || where === "builder") {
          expect(r.ok).toBe(false);
          if (!r.ok) expect(r.error.some((l) => l.startsWith("sides[0].units[0].ships[0]."))).toBe(true);
        }
        if (where === "owner" && h.toLowerCase() !== "a") expect(r.ok).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------
// Battleshift

/** The playtest after `steps` steps of bots (the order sheet of turn 1 is step 1). */
function playtestAt(steps: number): BattleState {
  let s = battleshift.scenarios.playtest?.create(5, {}) as BattleState;
  for (let i = 0; i < steps; i++) {
    const orders: Record<string, BsOrders> = {};
    for (const seat of battleshift.awaiting(s)) orders[seat] = botOrders(s, seat);
    s = battleshift.resolve(s, orders, Rng.forTurn(s.seed, s.step)).state;
  }
  return s;
}

const BS_SHEET = playtestAt(0);
const BS_ACTIVATION = playtestAt(3);

describe("battleshift: hostile ids in orders", () => {
  it("the fields that name squadrons, taskforces, flights, ships and quadrants are found", () => {
    const named = BS_FIELDS.filter((f) => f.id).map((f) => `${f.type}.${f.path.join(".")}`);
    for (const f of ["sequence.taskforces.0", "heavy.squadrons.0", "heavy.target", "move.squadron", "quadrantFire.quadrant", "shift.unit"])
      expect(named).toContain(f);
  });

  it("parseOrders refuses every hostile id in every field that names something, naming the field", () => {
    for (const f of BS_FIELDS.filter((x) => x.names)) {
      for (const h of HOSTILE.filter((x) => refuses(f, x))) {
        const r = safely(`parseOrders ${f.type}`, () => battleshift.parseOrders({ orders: [withValue(f.base, f.path, h)] }));
        expect(r.orders.orders).toEqual([]);
        expectFieldProblem(r.problems, f);
      }
    }
    for (const h of HOSTILE.filter((x) => x !== ""))
      expect(battleshift.parseOrders({ side: h }).refused.map((p) => p.code)).toContain("invalid-side");
  });

  it("check and resolve given hostile orders no parser saw: no exception, the order's problem, and the battle as if it were not given", () => {
    for (const state of [BS_SHEET, BS_ACTIVATION]) {
      const seat = battleshift.awaiting(state)[0] as string;
      const others = (extra: object) => {
        const o: Record<string, BsOrders> = {};
        for (const s of battleshift.awaiting(state)) o[s] = s === seat ? (extra as BsOrders) : botOrders(state, s);
        return o;
      };
      const plain = battleshift.resolve(state, others({ orders: [] }), Rng.forTurn(state.seed, state.step));
      fc.assert(
        fc.property(fc.constantFrom(...BS_FIELDS), hostile, (f, h) => {
          const orders = { orders: [withValue(f.base, f.path, h)] };
          const check = safely("check", () => battleshift.check(state, seat, orders as unknown as BsOrders));
          const res = safely("resolve", () => battleshift.resolve(state, others(orders), Rng.forTurn(state.seed, state.step)));
          if (!refuses(f, h)) return;
          expectFieldProblem(check.problems, f);
          expectFieldProblem(res.problems[seat] ?? [], f);
          expect(canonicalJson(res.state)).toBe(canonicalJson(plain.state));
        }),
        { numRuns: 60 },
      );
    }
  });

  it("hostile seats: check says there is no such side; resolve reads only the battle's sides", () => {
    for (const h of HOSTILE) {
      const check = safely("check", () => battleshift.check(BS_SHEET, h, { orders: [] }));
      expect(check.problems.map((p) => p.code)).toEqual(["unknown-side"]);
    }
    const plain = battleshift.resolve(BS_SHEET, {}, Rng.forTurn(BS_SHEET.seed, 1));
    const given = JSON.parse('{"__proto__": {"orders": []}, "constructor": {"orders": []}}');
    expect(canonicalJson(battleshift.resolve(BS_SHEET, given, Rng.forTurn(BS_SHEET.seed, 1)).state)).toBe(canonicalJson(plain.state));
  });
});

const BS_POSITIONS: { at: string; put: (s: BattleState, h: string) => void; codes: RegExp }[] = [
  { at: "sides", codes: /invalid-id/, put: (s, h) => rekey(s.sides, "blue", h) },
  { at: "sides.blue.id", codes: /invalid-id/, put: (s, h) => void ((s.sides.blue as { id: string }).id = h) },
  { at: "squadrons", codes: /invalid-id/, put: (s, h) => rekey(s.squadrons, firstKey(s.squadrons), h) },
  { at: ".side", codes: /invalid-id/, put: (s, h) => void ((s.squadrons[firstKey(s.squadrons)] as { side: string }).side = h) },
  {
    at: ".taskforce",
    codes: /invalid-id/,
    put: (s, h) => void ((s.squadrons[firstKey(s.squadrons)] as { taskforce: string }).taskforce = h),
  },
  {
    at: ".ships.0.id",
    codes: /invalid-ref/,
    put: (s, h) => void ((s.squadrons[firstKey(s.squadrons)]?.ships[0] as { id: string }).id = h),
  },
  { at: "taskforces", codes: /invalid-id/, put: (s, h) => rekey(s.taskforces, firstKey(s.taskforces), h) },
  {
    at: ".flagship.squadron",
    codes: /invalid-id/,
    put: (s, h) => void ((s.taskforces[firstKey(s.taskforces)]?.flagship as { squadron: string }).squadron = h),
  },
  {
    at: "turnState.sequences",
    codes: /invalid-id/,
    put: (s, h) => void (s.turnState.sequences = JSON.parse(`{${JSON.stringify(h)}: []}`)),
  },
  { at: "turnState.activated", codes: /invalid-id/, put: (s, h) => void (s.turnState.activated = { blue: [h] }) },
  { at: "designs", codes: /invalid-name|unknown-design/, put: (s, h) => rekey(s.designs, firstKey(s.designs), h) },
  {
    at: ".design",
    codes: /invalid-name|unknown-design/,
    put: (s, h) => void ((s.squadrons[firstKey(s.squadrons)] as { design: string }).design = h),
  },
];

describe("battleshift: hostile ids in states, fleets and odds requests", () => {
  it("parseState refuses a hostile id at every place one sits, naming the place", () => {
    for (const pos of BS_POSITIONS) {
      for (const h of HOSTILE) {
        const raw = cloneData(BS_ACTIVATION);
        pos.put(raw, h);
        const r = safely(`parseState ${pos.at}`, () => battleshift.parseState(JSON.parse(JSON.stringify(raw))));
        expect(r.ok, `${pos.at} = ${JSON.stringify(h.slice(0, 20))}`).toBe(false);
        if (r.ok) continue;
        const found = r.error.some((p) => pos.codes.test(p.code) && p.order.startsWith("state"));
        expect(found, `${pos.at} = ${JSON.stringify(h.slice(0, 20))}: ${JSON.stringify(r.error).slice(0, 300)}`).toBe(true);
      }
    }
  });

  it("parseFleet: a hostile design name is refused (prototype names, control characters, empty, 10,000 long) or, as a name, stays a name; never an exception", () => {
    const fleet = (designName: string, squadronDesign = designName, fleetName = "F") => ({
      name: fleetName,
      options: { mixedSquadrons: true },
      designs: [{ name: designName, size: 2, systems: { light: 1 } }],
      taskforces: [{ name: "T", squadrons: [{ name: "S", design: squadronDesign, ships: 2 }] }],
      stations: [{ design: squadronDesign, sector: "1A" }],
    });
    for (const h of HOSTILE) {
      const r = safely("parseFleet", () => parseFleet(fleet(h)));
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      if (keyProblem(h) !== null || h.length > 100)
        expect(r.error.some((p) => /^(invalid-name|bad-field)$/.test(p.code) && p.order.startsWith("fleet.designs[0]"))).toBe(true);
      safely("parseFleet name", () => parseFleet(fleet("Lancer", "Lancer", h)));
    }
    fc.assert(
      fc.property(hostile, hostile, (a, b) => {
        const r = safely("parseFleet", () => parseFleet(fleet(a, b, a)));
        if (!r.ok) for (const p of r.error) expect(typeof p.message).toBe("string");
      }),
      { numRuns: 300 },
    );
  });

  it("parseOddsInput (volleys): hostile text in any field is a problem naming the field", () => {
    const base = {
      attack: { weapon: "heavy", dice: 8, targeting: 4 },
      target: { ships: 5, size: 3, shieldsPerShip: 2, hardness: 4, hull: 4, damageTaken: 0, hullRule: "normal" },
    };
    expect(parseVolley(base).ok).toBe(true);
    fc.assert(
      fc.property(hostile, fc.constantFrom("attack.weapon", "target.hullRule", "attack.dice", "target"), (h, where) => {
        const raw = cloneData(base) as Record<string, Record<string, unknown>>;
        const [a, b] = where.split(".") as [string, string | undefined];
        if (b) (raw[a] as Record<string, unknown>)[b] = h;
        else Object.defineProperty(raw[a], h, { value: 1, enumerable: true, configurable: true, writable: true });
        const r = safely("parseOddsInput", () => parseVolley(raw));
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error[0]?.order.startsWith(a)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
