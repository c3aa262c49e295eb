/** The `random` bot: random orders from the seat's menus (`legalOrders`), each of a kind the step takes, not always one that succeeds. */
import type { Rng } from "../../../core/rng.js";
import type { OptionField, OrderOption } from "../../../core/ruleset.js";
import type { Order } from "../orders.js";

/** A random value a menu field allows. */
function pickField(f: OptionField, rng: Rng): unknown {
  switch (f.kind) {
    case "choice":
      return f.values.length > 0 ? rng.pick(f.values).value : undefined;
    case "choices": {
      if (f.values.length === 0) return [];
      const n = rng.int(Math.max(1, f.min ?? 1), Math.max(1, Math.min(f.max ?? f.values.length, f.values.length)));
      return rng.shuffle(f.values.map((v) => v.value)).slice(0, n);
    }
    case "number":
      return f.integer ? rng.int(Math.ceil(f.min), Math.floor(f.max)) : f.min + rng.float() * (f.max - f.min);
    case "text":
      return "x";
    case "point":
      return { x: rng.int(0, f.xMax), y: rng.int(0, f.yMax) };
  }
}

/** Orders picked at random from the seat's menus (a few of them). */
export function randomFromMenus(options: readonly OrderOption[], rng: Rng, count: number): Order[] {
  const orders: Order[] = [];
  for (let i = 0; i < count && options.length > 0; i++) {
    const opt = rng.pick(options);
    const o: Record<string, unknown> = { type: opt.type };
    for (const [name, f] of Object.entries(opt.fields)) {
      if ("optional" in f && f.optional && rng.chance(50)) continue;
      const picked = pickField(f, rng);
      // Menus offer a yes/no field as the choices "true" and "false" (core/options.ts): the order takes a boolean.
      const v = picked === "true" ? true : picked === "false" ? false : picked;
      if (v !== undefined && !(Array.isArray(v) && v.length === 0)) o[name] = v;
    }
    orders.push(o as Order);
  }
  return orders;
}
