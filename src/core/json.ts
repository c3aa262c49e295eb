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
    const out: Record<string, unknown> = {};
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

/** Round to `places` decimals, the way reports print fractional hit points (5.4, 6.3). */
export function round(x: number, places = 1): number {
  const f = 10 ** places;
  return Math.round(x * f + Number.EPSILON * Math.sign(x)) / f;
}
