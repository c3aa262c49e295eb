import type { ZodType } from "zod";
import type { Problem } from "./result.js";

/**
 * Parse a raw (JSON/YAML-decoded) list of orders order by order: an order of no
 * known type, or one its schema refuses, becomes a problem named by its index and
 * type ("#3 travel") and is skipped; the rest stand, in their order (DESIGN.md
 * principle 3). Problems are appended to `problems`.
 */
export function parseOrderList<O>(list: readonly unknown[], types: readonly string[], schema: ZodType<O>, problems: Problem[]): O[] {
  const orders: O[] = [];
  list.forEach((item, i) => {
    const where = `#${i}`;
    const type = item && typeof item === "object" ? (item as { type?: unknown }).type : undefined;
    if (typeof type !== "string" || !types.includes(type)) {
      problems.push({
        order: `${where} ${String(type ?? "(no type)")}`,
        code: "unknown-order-type",
        message: `unknown order type ${JSON.stringify(type ?? null)}; valid types are ${types.join(", ")}`,
      });
      return;
    }
    const p = schema.safeParse(item);
    if (p.success) {
      orders.push(p.data);
      return;
    }
    const why = p.error.issues
      .slice(0, 4)
      .map((x) => `${x.path.join(".") || "order"}: ${x.message}`)
      .join("; ");
    problems.push({ order: `${where} ${type}`, code: "malformed-order", message: `${why} (the order is skipped)` });
  });
  return orders;
}
