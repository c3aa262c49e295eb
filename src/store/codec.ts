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
 * brotli 11 27.4 KB but half a second. A whole step of that game at turn 11 (state
 * before, 26 seats' orders, events) is 735 KB of JSON and 69 KB kept. Brotli 5 is
 * the middle road; the store runs it on libuv's thread pool.
 */
import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, constants } from "node:zlib";
import { jsonText } from "./check.js";
import { StoreError } from "./store.js";

const compress = promisify(brotliCompress);
const decompress = promisify(brotliDecompress);

export const BROTLI_QUALITY = 5;

/** Compressed canonical JSON of `value` ("bad-record" naming `what` if it is not JSON). */
export async function packJson(what: string, value: unknown): Promise<Buffer> {
  return packText(jsonText(what, value));
}

export async function packText(text: string): Promise<Buffer> {
  const raw = Buffer.from(text, "utf8");
  return compress(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
}

/** The JSON text of a packed value ("corrupt" naming `what` if it does not decompress). */
export async function unpackText(what: string, packed: Uint8Array): Promise<string> {
  try {
    return (await decompress(packed)).toString("utf8");
  } catch (e) {
    throw new StoreError("corrupt", `${what} does not decompress: ${(e as Error).message}`);
  }
}

export async function unpackJson(what: string, packed: Uint8Array): Promise<unknown> {
  return parseJson(what, await unpackText(what, packed));
}

export function parseJson(what: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new StoreError("corrupt", `${what} is not JSON: ${(e as Error).message}`);
  }
}
