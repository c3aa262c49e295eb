import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/json.js";

describe("canonical JSON", () => {
  it("sorts keys, leaves undefined fields out, keeps own __proto__ keys, refuses what is not JSON", () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: 3 } })).toBe('{"a":{"c":3,"d":2},"b":1}');
    expect(canonicalJson({ a: undefined, b: [undefined, 1] })).toBe('{"b":[null,1]}');
    expect(canonicalJson(JSON.parse('{"__proto__":{"x":1},"a":2}'))).toBe('{"__proto__":{"x":1},"a":2}');
    expect(() => canonicalJson({ x: Number.NaN })).toThrow(/non-finite/);
    expect(() => canonicalJson({ x: 1n })).toThrow(/BigInt/);
  });
});
