import { type ZodType, z } from "zod";
import { idProblem, idSchema } from "./ids.js";
import type { Problem } from "./result.js";
import type { ParsedOrders } from "./ruleset.js";
import { showPlain } from "./text.js";

/**
 * At most 40 characters of a value for a problem's text (an order type or field name may be 10,000 long),
 * with any control character shown as its code point: a problem echoes what it refuses, never a terminal escape.
 */
const short = (v: string): string => showPlain(v.length > 40 ? `${v.slice(0, 40)}...` : v);

/** Where the orders of a list stand in the file as written, and where to note those skipped. */
export interface OrderPositions {
  /** The position in the file of each item of the list (default: its index); a list already parsed once has gaps. */
  positions?: readonly number[];
  /** Receives the position of every order skipped as malformed. */
  skipped?: number[];
}

/**
 * Parse a raw (JSON/YAML-decoded) list of orders order by order: an order of no
 * known type, or one its schema refuses, becomes a problem named by its position
 * in the file and its type ("#3 travel") and is skipped; the rest stand, in their
 * order (DESIGN.md principle 3). Problems are appended to `problems`.
 */
export function parseOrderList<O>(
  list: readonly unknown[],
  types: readonly string[],
  schema: ZodType<O>,
  problems: Problem[],
  at: OrderPositions = {},
): O[] {
  const orders: O[] = [];
  list.forEach((item, i) => {
    const position = at.positions?.[i] ?? i;
    const where = `#${position}`;
    const skip = () => at.skipped?.push(position);
    const type = item && typeof item === "object" ? (item as { type?: unknown }).type : undefined;
    if (typeof type !== "string" || !types.includes(type)) {
      skip();
      problems.push({
        order: `${where} ${short(typeof type === "string" ? type : String(type ?? "(no type)"))}`,
        code: "unknown-order-type",
        message: `unknown order type ${typeof type === "string" ? JSON.stringify(short(type)) : JSON.stringify(type ?? null)}; valid types are ${types.join(", ")}`,
      });
      return;
    }
    const p = schema.safeParse(item);
    if (p.success) {
      orders.push(p.data);
      return;
    }
    const why = showPlain(
      p.error.issues
        .slice(0, 4)
        .map((x) => `${x.path.join(".") || "order"}: ${x.message}`)
        .join("; "),
    );
    skip();
    problems.push({ order: `${where} ${type}`, code: "malformed-order", message: `${why} (the order is skipped)` });
  });
  return orders;
}

/** How one ruleset's orders file names its seat and the step it was written for. */
export interface OrdersFileSpec<O> {
  /** The seat field ("empire", "side") and the message when it is not a seat id. */
  seat: { field: string; message: string; allowEmpty: boolean };
  /** The step field ("turn", "step"). */
  step: { field: string };
  /** An example shown when the file is not an object. */
  example: string;
  types: readonly string[];
  schema: ZodType<O>;
  /** Most orders one file may hold; later ones are refused (one problem). */
  maxOrders?: number;
  /** The position in the file of each order of the list, when it was parsed before (see `OrderPositions`). */
  positions?: readonly number[];
}

/**
 * Parse a whole orders file (JSON/YAML-decoded): its seat and step fields, no
 * unknown fields, and the order list order by order (`parseOrderList`). A bare
 * list is read as the order list. Nothing here throws.
 */
export function parseOrdersFile<O>(
  raw: unknown,
  spec: OrdersFileSpec<O>,
): { file: Record<string, unknown> & { orders: O[] }; problems: Problem[]; refused: Problem[]; skipped: number[] } {
  const problems: Problem[] = [];
  /** Faults of the file as a whole: a submission with any is refused (ParsedOrders.refused). */
  const refused: Problem[] = [];
  /** Positions in the file of the orders skipped as malformed. */
  const skipped: number[] = [];
  const file: Record<string, unknown> & { orders: O[] } = { orders: [] };
  if (raw === null || raw === undefined) return { file, problems, refused, skipped };
  if (Array.isArray(raw)) return parseOrdersFile({ orders: raw }, spec);
  if (typeof raw !== "object") {
    refused.push({ order: "orders", code: "not-an-object", message: `orders must be an object like ${spec.example}` });
    return { file, problems, refused, skipped };
  }
  const r = raw as Record<string, unknown>;
  const seat = r[spec.seat.field];
  if (seat !== undefined) {
    // A seat is an id (core/ids.ts). A text that is not one is refused whole: the file is not
    // for any seat of a game (and a file written for another seat is refused as such by the host).
    const text = typeof seat === "string" && (spec.seat.allowEmpty || seat.length > 0);
    const why = text && seat === "" ? null : idProblem(seat);
    if (text) file[spec.seat.field] = seat;
    if (why !== null) refused.push({ order: spec.seat.field, code: `invalid-${spec.seat.field}`, message: `${spec.seat.message}: ${why}` });
  }
  const step = r[spec.step.field];
  if (step !== undefined) {
    if (typeof step === "number" && Number.isInteger(step) && step > 0) file[spec.step.field] = step;
    else
      refused.push({
        order: spec.step.field,
        code: `invalid-${spec.step.field}`,
        message: `${spec.step.field} must be a positive whole number`,
      });
  }
  const known = [spec.seat.field, spec.step.field, "orders"];
  for (const k of Object.keys(r)) {
    if (!known.includes(k)) {
      refused.push({
        order: short(k),
        code: "unknown-field",
        message: `unknown field ${JSON.stringify(short(k))}; an orders file has ${spec.seat.field}, ${spec.step.field} and orders`,
      });
    }
  }
  const list = r.orders ?? [];
  if (!Array.isArray(list)) {
    refused.push({ order: "orders", code: "not-a-list", message: "orders must be a list of orders" });
    return { file, problems, refused, skipped };
  }
  const max = spec.maxOrders ?? Number.POSITIVE_INFINITY;
  if (list.length > max)
    problems.push({
      order: "orders",
      code: "too-many-orders",
      message: `at most ${max} orders in one file; this one has ${list.length}: the orders after #${max - 1} are skipped`,
    });
  file.orders = parseOrderList(list.length > max ? list.slice(0, max) : list, spec.types, spec.schema, problems, {
    ...(spec.positions ? { positions: spec.positions } : {}),
    skipped,
  });
  return { file, problems, refused, skipped };
}

/** A parsed orders file as the contract's ParsedOrders: the seat and step its own fields name, if they name them. */
export function addressed<O extends Record<string, unknown>>(
  parsed: { orders: O; problems: Problem[]; refused: Problem[] },
  seatField: string,
  stepField: string,
): ParsedOrders<O> {
  const seat = parsed.orders[seatField];
  const step = parsed.orders[stepField];
  return {
    ...parsed,
    ...(typeof seat === "string" ? { seat } : {}),
    ...(typeof step === "number" ? { step } : {}),
  };
}

/**
 * Orders given to a check or a step: a file parsed before, whose `skipped` (written by the parser, never in a
 * file) says where the orders it skipped stood, parsed again so that orders no parser saw fail as problems and
 * never throw. `positions` holds the place in the file as written of each order that stands (#0 the first,
 * skipped ones counted): what every problem names it by (issue 9 item 5). `skipped` is every position skipped,
 * then or now.
 */
export function parseGivenOrdersFile<O>(
  given: unknown,
  spec: OrdersFileSpec<O>,
): { file: Record<string, unknown> & { orders: O[] }; problems: Problem[]; refused: Problem[]; positions: number[]; skipped: number[] } {
  let raw = given;
  let before: readonly number[] = [];
  const max = spec.maxOrders ?? Number.POSITIVE_INFINITY;
  if (given !== null && typeof given === "object" && !Array.isArray(given) && Object.hasOwn(given, "skipped")) {
    const { skipped, ...rest } = given as Record<string, unknown>;
    raw = rest;
    before = skippedPositions(skipped, max);
  }
  const list = raw !== null && typeof raw === "object" ? (Array.isArray(raw) ? raw : (raw as { orders?: unknown }).orders) : undefined;
  const length = Array.isArray(list) ? Math.min(list.length, max) : 0;
  const all: number[] = [];
  const gaps = new Set(before);
  for (let p = 0; all.length < length; p++) if (!gaps.has(p)) all.push(p);
  const { file, problems, refused, skipped } = parseOrdersFile(raw, { ...spec, positions: all });
  const now = new Set(skipped);
  return {
    file,
    problems,
    refused,
    positions: all.filter((p) => !now.has(p)),
    skipped: [...before, ...skipped].sort((a, b) => a - b),
  };
}

/** A `skipped` list as the parser writes it (ascending whole positions), or none: anything else is no parser's. */
function skippedPositions(v: unknown, max: number): readonly number[] {
  const limit = Number.isFinite(max) ? max : 100_000;
  if (!Array.isArray(v) || v.length > limit) return [];
  let last = -1;
  for (const p of v) {
    if (typeof p !== "number" || !Number.isInteger(p) || p <= last || p >= 2 * limit) return [];
    last = p;
  }
  return v as number[];
}

/** The `orders` field of every ruleset's orders file: at most `max`, none when left out. `what`: what they are. */
export function orderListSchema<T extends ZodType>(order: T, max: number, what: string) {
  return z.array(order).max(max).default([]).describe(`${what}; a malformed one is skipped with a problem, the rest stand`);
}

/**
 * A ruleset's `said`: an order type's schema described by its summary in `summaries` (the published JSON Schema
 * carries it), or by its type where it has none.
 */
export function describedBy(summaries: Readonly<Record<string, string>>) {
  return <T extends z.ZodObject<{ type: z.ZodLiteral<string> }>>(o: T): T =>
    o.describe(summaries[o.shape.type.value] ?? o.shape.type.value);
}

/** The step field of an orders file ("step", "turn"): `what` names it in its description. */
export const stepFieldSchema = (what: string) =>
  z.number().int().positive().optional().describe(`the ${what} they were written for; orders for another ${what} are refused whole`);

/**
 * An orders file as a ruleset types it, with `skipped`: written by the parser, never in a file, the positions (#0
 * the first) in the file as written of the orders skipped as malformed, so that every problem names an order by its
 * place in the file however many were skipped before it (issue 9 item 5).
 */
export type WithSkipped<F> = F & { skipped?: number[] };

/** An orders file as a ruleset's parsers give it: its orders, and where the orders skipped as malformed stood. */
export interface ParsedFile<O> {
  orders: O[];
  skipped?: number[];
}

/**
 * A ruleset's two parsers of its orders file, from its spec: `parseOrders` reads a file as sent (a malformed
 * order becomes a problem and is skipped, the rest stand); `parseGivenOrders` reads orders given to the check
 * or a step, parsed before and perhaps with `skipped`, so that orders no parser saw fail as problems and never
 * throw, with `positions` the place in the file as written of each order that stands (what problems name it
 * by). `shape` is the ruleset's file type: the parse has checked every field against `spec`.
 */
export function orderFileParsers<O, F extends ParsedFile<O>>(
  spec: OrdersFileSpec<O>,
  shape: (file: Record<string, unknown> & { orders: O[] }) => F,
): {
  parseOrders(raw: unknown): { orders: F; problems: Problem[]; refused: Problem[] };
  parseGivenOrders(given: unknown): { orders: F; problems: Problem[]; refused: Problem[]; positions: number[] };
} {
  const withSkipped = (file: Record<string, unknown> & { orders: O[] }, skipped: number[]): F => {
    const orders = shape(file);
    if (skipped.length > 0) orders.skipped = skipped;
    return orders;
  };
  return {
    parseOrders(raw) {
      const { file, problems, refused, skipped } = parseOrdersFile(raw, spec);
      return { orders: withSkipped(file, skipped), problems, refused };
    },
    parseGivenOrders(given) {
      const { file, problems, refused, positions, skipped } = parseGivenOrdersFile(given, spec);
      return { orders: withSkipped(file, skipped), problems, refused, positions };
    },
  };
}

/** How a ruleset writes its orders file: what `rulesetOrdersFile` makes the file's schema and its parsers from. */
export interface OrdersFileDeclaration<O extends ZodType, S extends string, T extends string> {
  /** The seat field ("seat", "side", "empire"): its schema description, and the message when it is not a seat id. */
  seat: { field: S; description: string; message: string; allowEmpty: boolean };
  /** The step field ("step", "turn"). */
  step: T;
  /** An example shown when the file is not an object. */
  example: string;
  types: readonly string[];
  /** One order: the ruleset's union of order schemas. */
  order: O;
  /** Most orders one file may hold. */
  maxOrders: number;
  /** What the orders are, for the description of the `orders` field ("the step's orders"). */
  orders: string;
}

/** The fields of a ruleset's orders file: its seat, its step and its orders. */
type OrdersFileShape<O extends ZodType, S extends string, T extends string> = Record<S, z.ZodOptional<typeof idSchema>> &
  Record<T, ReturnType<typeof stepFieldSchema>> & { orders: ReturnType<typeof orderListSchema<O>> };

/**
 * A ruleset's orders file, from one declaration: `ordersSchema`, the file as the schema states it (its seat and
 * step fields, its orders; strict, as `parseOrders` refuses any other field), and its two parsers
 * (`orderFileParsers`).
 */
export function rulesetOrdersFile<O extends ZodType, S extends string, T extends string>(d: OrdersFileDeclaration<O, S, T>) {
  const shape = {
    [d.seat.field]: idSchema.optional().describe(d.seat.description),
    [d.step]: stepFieldSchema(d.step),
    orders: orderListSchema(d.order, d.maxOrders, d.orders),
  } as OrdersFileShape<O, S, T>;
  const ordersSchema = z.object(shape).strict();
  /** What the parsers give: the file as the schema types it (with the order type known to be `O`'s). */
  type File = WithSkipped<z.infer<typeof ordersSchema> & { orders: z.output<O>[] }>;
  const spec: OrdersFileSpec<z.output<O>> = {
    seat: { field: d.seat.field, message: d.seat.message, allowEmpty: d.seat.allowEmpty },
    step: { field: d.step },
    example: d.example,
    types: d.types,
    schema: d.order as ZodType<z.output<O>>,
    maxOrders: d.maxOrders,
  };
  return { ordersSchema, ...orderFileParsers(spec, (file: object): File => file as File) };
}
