/** A value or a failure with a stable code, as chessops parses raw input into legal positions. */
export type Result<T, E = Problem> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

/**
 * A problem with one order or one input field. `order` says which (an index and
 * a short description such as `orders.units[2] travel A3 -> 14`), `code` is a
 * stable machine-readable reason, and `message` says what is wrong and what would
 * be valid. Problems are data: a failed order is kept and reported, never thrown.
 */
export interface Problem {
  order: string;
  code: string;
  message: string;
}

export const problem = (order: string, code: string, message: string): Problem => ({ order, code, message });
