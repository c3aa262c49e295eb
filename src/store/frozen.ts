/**
 * Deep freezing for states a store shares between its callers (the SQL stores'
 * cache of recent games): a state handed to several callers must not be changed
 * by any of them. The rules never change a state they are given (they copy it
 * first: src/core/ruleset.ts, "pure"), so freezing costs them nothing, and a caller
 * that tried would fail loudly (a TypeError in strict mode) instead of corrupting
 * another's game.
 */
export function deepFreeze<T>(v: T): T {
  if (v === null || typeof v !== "object" || Object.isFrozen(v)) return v;
  // A frozen subtree was frozen whole (by this function): it is skipped, so sharing with an earlier state is cheap.
  if (Array.isArray(v)) for (const x of v) deepFreeze(x);
  else for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k]);
  return Object.freeze(v);
}
