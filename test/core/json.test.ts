import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";

/** The definition: copy every object with its keys inserted sorted (what the stores' text has always been). */
function reference(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reference);
  if (v !== null && typeof v === "object") {
    const out: Record<string, unknown> = Object.create(null);
    for (const k of Object.keys(v).sort()) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) out[k] = reference(x);
    }
    return out;
  }
  return v;
}

/** Keys that exercise the order: array indices ("0", "9", "10", "4294967294"), near-indices ("01", "-1", "4294967295"), __proto__, unicode. */
const key = fc.oneof(
  fc.constantFrom(
    "0",
    "1",
    "2",
    "9",
    "10",
    "11",
    "100",
    "01",
    "-1",
    "1.5",
    "4294967294",
    "4294967295",
    "__proto__",
    "constructor",
    "a",
    "B",
    "é",
    "\u{1F680}",
    "",
  ),
  fc.string({ maxLength: 4 }),
  fc.nat({ max: 300 }).map(String),
);

const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string({ maxLength: 5 }),
      fc.boolean(),
      fc.constant(null),
    ),
    fc.array(tie("value"), { maxLength: 5 }),
    // Objects built key by key (not via a literal), so insertion order is whatever the generator chose.
    fc.array(fc.tuple(key, fc.option(tie("value"), { nil: undefined })), { maxLength: 6 }).map((pairs) => {
      const o: Record<string, unknown> = {};
      for (const [k, v] of pairs) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
      return o;
    }),
  ),
})).value;

describe("canonical JSON", () => {
  it("sorts keys, leaves undefined fields out, keeps own __proto__ keys, refuses what is not JSON", () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
    expect(canonicalJson({ a: undefined, b: [undefined, 1] })).toBe('{"b":[null,1]}');
    expect(canonicalJson(JSON.parse('{"__proto__":{"x":1},"a":2}'))).toBe('{"__proto__":{"x":1},"a":2}');
    expect(() => canonicalJson({ x: Number.NaN })).toThrow(/non-finite/);
    expect(() => canonicalJson({ a: { b: [1, Number.POSITIVE_INFINITY] } })).toThrow(/non-finite/);
    expect(() => canonicalJson({ x: 1n })).toThrow(/BigInt/);
  });

  it("puts array-index keys first in numeric order, then the rest by code unit", () => {
    expect(canonicalJson({ b: 1, 10: 2, a: 3, 9: 4, "01": 5 })).toBe('{"9":4,"10":2,"01":5,"a":3,"b":1}');
  });

  it("is the text of a fully sorted copy, whatever the input's key order (fast-check, 2,000 values)", () => {
    fc.assert(
      fc.property(json, (v) => {
        expect(canonicalJson(v)).toBe(JSON.stringify(reference(v)));
        expect(canonicalJson(v, 2)).toBe(JSON.stringify(reference(v), null, 2));
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves its input untouched", () => {
    const v = { b: { d: 1, c: [{ z: 1, y: 2 }] }, a: 1 };
    const before = JSON.stringify(v);
    canonicalJson(v);
    expect(JSON.stringify(v)).toBe(before);
  });
});
