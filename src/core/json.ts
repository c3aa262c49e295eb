/**
 * Canonical JSON: object keys sorted, no undefined, so equal states give
 * byte-identical text (the determinism tests compare these strings).
 */
export function canonicalJson(value: unknown, indent?: number): string {
  return JSON.stringify(sortKeys(value), null, indent);
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v !== null && typeof v === "object") {
    // No prototype: an own "__proto__" key (JSON.parse makes one) stays a key instead of becoming the prototype.
    const out: Record<string, unknown> = Object.create(null);
    for (const k of Object.keys(v as Record<string, unknown>).sort()) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) out[k] = sortKeys(x);
    }
    return out;
  }
  if (typeof v === "number" && !Number.isFinite(v)) throw new Error(`canonicalJson: non-finite number ${v}`);
  return v;
}

/** Deep copy of plain data (states are plain data by design). */
export function cloneData<T>(v: T): T {
  return structuredClone(v);
}

/**
 * Deep copy of JSON-like data (plain objects, arrays, primitives), several times
 * faster than structuredClone on a game state (issue 3, speed). Keys keep their
 * order and undefined values stay. Unlike structuredClone, an object reachable by
 * two paths becomes two copies: states hold no such sharing (they are saved as
 * JSON between turns), and no Map, Set, Date or class instance.
 */
export function clonePlain<T>(v: T): T {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) {
    const n = v.length;
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = clonePlain(v[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out[k] = clonePlain((v as Record<string, unknown>)[k]);
  return out as T;
}

/** Round to `places` decimals, the way reports print fractional hit points (5.4, 6.3). */
export function round(x: number, places = 1): number {
  const f = 10 ** places;
  return Math.round(x * f + Number.EPSILON * Math.sign(x)) / f;
}
