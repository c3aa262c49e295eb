/**
 * Issue 8, the stores: what one step of a big game costs to keep. The SQL stores
 * keep per step the state before it, the orders and the events, each as canonical
 * JSON compressed (src/store/codec.ts: brotli at BROTLI_QUALITY, now 3). Here the 792-sector
 * alpha-beta-quadrants game (26 seats, all normal bots) is played WARM_TURNS turns,
 * then one turn's state, orders and events are packed plain, with gzip and with
 * brotli at a few levels: bytes, and the fastest of RUNS times to compress and to
 * decompress (synchronous zlib, one core; the store runs them on libuv's pool).
 *
 *   npx tsx bench/run.ts store-codec
 */
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { canonicalJson } from "../src/core/json.js";
import { Rng } from "../src/core/rng.js";
import { botOrdersFor, playStates } from "../src/host/play.js";
import type { BotLevel } from "../src/rules/galactic-empires/bot/index.js";
import { galacticEmpires } from "../src/rules/galactic-empires/index.js";
import type { EmpireId, GameState } from "../src/rules/galactic-empires/model.js";
import type { Orders } from "../src/rules/galactic-empires/orders.js";
import { BROTLI_QUALITY } from "../src/store/codec.js";

type Figure = { name: string; value: number; unit: string; budget?: number };

const WARM_TURNS = 10;
const RUNS = 7;

function fastest<T>(f: () => T): { ms: number; value: T } {
  let best = Number.POSITIVE_INFINITY;
  let value: T | undefined;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    value = f();
    best = Math.min(best, performance.now() - t);
  }
  return { ms: best, value: value as T };
}

const brotli = (q: number) => (b: Buffer) =>
  brotliCompressSync(b, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: q,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: b.length,
    },
  });

const CODECS: { name: string; pack: (b: Buffer) => Buffer; unpack: (b: Buffer) => Buffer }[] = [
  { name: "plain", pack: (b) => b, unpack: (b) => b },
  { name: "gzip 1", pack: (b) => gzipSync(b, { level: 1 }), unpack: gunzipSync },
  { name: "gzip 6", pack: (b) => gzipSync(b, { level: 6 }), unpack: gunzipSync },
  { name: "gzip 9", pack: (b) => gzipSync(b, { level: 9 }), unpack: gunzipSync },
  { name: "brotli 4", pack: brotli(4), unpack: brotliDecompressSync },
  { name: `brotli ${BROTLI_QUALITY} (the store's)`, pack: brotli(BROTLI_QUALITY), unpack: brotliDecompressSync },
  { name: "brotli 6", pack: brotli(6), unpack: brotliDecompressSync },
  { name: "brotli 9", pack: brotli(9), unpack: brotliDecompressSync },
];

export async function run(): Promise<Figure[]> {
  const start = galacticEmpires.scenarios["alpha-beta-quadrants"]!.create(1, {});
  const levels = Object.fromEntries(galacticEmpires.seats(start).map((s) => [s, "normal" as BotLevel])) as Record<EmpireId, BotLevel>;
  const warm: GameState = playStates(galacticEmpires, start, start.seed, levels, WARM_TURNS).state;
  const orders = botOrdersFor(galacticEmpires, warm, warm.seed, levels) as Record<string, Orders>;
  const { events } = galacticEmpires.resolve(warm, orders, Rng.forTurn(warm.seed, warm.turn));
  const parts = {
    "start state": canonicalJson(start),
    [`state at turn ${warm.turn}`]: canonicalJson(warm),
    [`orders of turn ${warm.turn}`]: canonicalJson(orders),
    [`events of turn ${warm.turn}`]: canonicalJson(events),
  };
  const stringify = fastest(() => canonicalJson(warm));
  const parse = fastest(() => JSON.parse(parts[`state at turn ${warm.turn}`]!));
  console.log(
    `alpha-beta-quadrants, seed 1: ${warm.sectors.length} sectors; canonicalJson of the turn-${warm.turn} state ` +
      `${stringify.ms.toFixed(1)} ms, JSON.parse ${parse.ms.toFixed(1)} ms`,
  );
  const figures: Figure[] = [];
  const perStep = new Map<string, number>();
  for (const [what, text] of Object.entries(parts)) {
    const raw = Buffer.from(text, "utf8");
    console.log(`\n${what}: ${raw.length} bytes of canonical JSON`);
    console.log(
      `  ${"codec".padEnd(22)} ${"bytes".padStart(8)} ${"ratio".padStart(6)} ${"pack ms".padStart(8)} ${"unpack ms".padStart(9)}`,
    );
    for (const c of CODECS) {
      const packed = fastest(() => c.pack(raw));
      const unpacked = fastest(() => c.unpack(packed.value));
      if (!unpacked.value.equals(raw)) throw new Error(`${c.name} does not give ${what} back`);
      console.log(
        `  ${c.name.padEnd(22)} ${String(packed.value.length).padStart(8)} ${(packed.value.length / raw.length).toFixed(3).padStart(6)} ` +
          `${packed.ms.toFixed(2).padStart(8)} ${unpacked.ms.toFixed(2).padStart(9)}`,
      );
      if (what !== "start state") perStep.set(c.name, (perStep.get(c.name) ?? 0) + packed.value.length);
      if (what === "start state" && (c.name === "plain" || c.name.startsWith(`brotli ${BROTLI_QUALITY}`) || c.name === "gzip 6")) {
        figures.push({ name: `792-sector state, ${c.name}: bytes`, value: packed.value.length, unit: "B" });
        figures.push({ name: `792-sector state, ${c.name}: pack`, value: packed.ms, unit: "ms" });
        figures.push({ name: `792-sector state, ${c.name}: unpack`, value: unpacked.ms, unit: "ms" });
      }
    }
  }
  console.log(`\none step kept (state before + orders + events of turn ${warm.turn}):`);
  for (const [name, bytes] of perStep) console.log(`  ${name.padEnd(22)} ${String(bytes).padStart(8)} bytes`);
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const f of await run()) console.log(`${f.name}: ${f.value.toFixed(2)} ${f.unit}`);
}
