/**
 * How the SQL stores keep JSON that may be large (states, orders, events,
 * options): the canonical JSON text (src/core/json.ts), UTF-8, compressed with
 * brotli at quality 5 in text mode. Decoding gives back the very text, so
 * `canonicalJson(decoded)` is byte-identical to what was stored: the JSON text is
 * kept, not a lossy database type (jsonb would reorder keys, refuse "\u0000" and
 * turn numbers into `numeric`).
 *
 * Measured by bench/store-codec.bench.ts (`npx tsx bench/run.ts store-codec`) on
 * the 792-sector Galactic Empires state (alpha-beta-quadrants, seed 1: 426,003
 * bytes of canonical JSON): gzip 6 gives 41.1 KB in about 4 ms, brotli 5 34.2 KB in
 * about 4 ms and decompresses several times faster; brotli 9 33.1 KB but 90 ms,
 * brotli 11 27.4 KB but half a second. At turn 10 (a 473 KB state, 282 KB of
 * events) brotli 3 takes 2.7 ms and 1.2 ms where brotli 5 takes 5.3 and 2.5, for
 * 15% more bytes (48.7 KB against 42.5 KB for the state): the step is the budget
 * that binds (host overhead at most the rules' time, bench/host.bench.ts), storage
 * is far inside its own (about 30 MB of 100 for a 100-turn game), so quality 3.
 * Any brotli decoder reads any quality: data kept at 5 reads as before.
 *
 * Packing and unpacking run on the caller's thread. On libuv's thread pool (zlib's
 * async calls) a step's packing took twice as long in the host bench (the state 8.7
 * ms against 4.8, the events 8.7 against 2.2), larger output chunks or not; and the
 * few milliseconds it blocks are part of a step, which a server runs apart from the
 * thread that answers requests.
 */
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { jsonText } from "./check.js";
import { StoreError } from "./store.js";

export const BROTLI_QUALITY = 3;

/** Compressed canonical JSON of `value` ("bad-record" naming `what` if it is not JSON). */
export function packJson(what: string, value: unknown): Buffer {
  return packText(jsonText(what, value));
}

/** Compressed JSON text (packJson's second half, for a caller that keeps texts it packed). */
export function packText(text: string): Buffer {
  const raw = Buffer.from(text, "utf8");
  return brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
}

/** The JSON text of a packed value ("corrupt" naming `what` if it does not decompress). */
function unpackText(what: string, packed: Uint8Array): string {
  try {
    return brotliDecompressSync(packed).toString("utf8");
  } catch (e) {
    throw new StoreError("corrupt", `${what} does not decompress: ${(e as Error).message}`);
  }
}

export function unpackJson(what: string, packed: Uint8Array): unknown {
  return parseJson(what, unpackText(what, packed));
}

export function parseJson(what: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new StoreError("corrupt", `${what} is not JSON: ${(e as Error).message}`);
  }
}
