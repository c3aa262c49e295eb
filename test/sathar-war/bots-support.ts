/**
 * Whole campaigns played by bots through the host's own loop (`newGame`, `playInMemory`), for the bot measures of
 * issue 12 "Play" (test/sathar-war/bots.test.ts) and the campaign benchmark (bench/sathar-war-campaign.bench.ts).
 */
import type { ProblemEvent } from "../../src/core/events.js";
import { newGame } from "../../src/host/lifecycle.js";
import { playInMemory } from "../../src/host/play.js";
import { satharWar } from "../../src/rules/sathar-war/index.js";
import type { SatharWarState } from "../../src/rules/sathar-war/model.js";
import type { Orders } from "../../src/rules/sathar-war/orders.js";

/** Steps a campaign may take before it counts as a stalemate (the lifecycle harness's bound). */
export const MAX_STEPS = 3000;

export interface Campaign {
  state: SatharWarState;
  steps: number;
  /** Problems the named seats' orders met when carried out ("seat: text"). */
  problems: string[];
  ms: number;
}

/** One campaign, seed `seed`, the Sathar's bot and the UPF's (one UPF seat). */
export function playCampaign(
  seed: number,
  sathar: string,
  upf: string,
  watch: readonly string[] = [],
  opts: { check?: boolean; maxSteps?: number } = {},
): Campaign {
  const made = newGame({ id: `campaign-${seed}`, ruleset: satharWar as never, scenario: "war", inputs: {}, seed });
  if (!made.ok) throw new Error(made.error.map((p) => p.message).join("; "));
  const problems: string[] = [];
  const started = performance.now();
  const r = playInMemory(satharWar as never, made.value, { sathar, upf }, opts.maxSteps ?? MAX_STEPS, (step) => {
    // The rules' own check of the watched seats' orders, on the state they were given for.
    if (opts.check)
      for (const seat of watch) {
        const given = step.entry.orders[seat] as Orders | undefined;
        if (!given) continue;
        for (const p of satharWar.check(step.entry.state as SatharWarState, seat, given).problems)
          problems.push(`check ${seat} step ${step.entry.step}: ${p.order}: ${p.message} (${p.code})`);
      }
    for (const e of step.entry.events as { kind: string }[])
      if (e.kind === "problem") {
        const p = e as ProblemEvent;
        const seat = Array.isArray(p.to) ? String(p.to[0]) : "";
        if (watch.includes(seat)) problems.push(`${seat}: ${p.text}`);
      }
  });
  return { state: r.record.state as SatharWarState, steps: r.steps, problems, ms: performance.now() - started };
}

export interface Tally {
  sathar: number;
  upf: number;
  draw: number;
  /** No outcome within MAX_STEPS. */
  none: number;
}

export function tally(campaigns: readonly Campaign[]): Tally {
  const t: Tally = { sathar: 0, upf: 0, draw: 0, none: 0 };
  for (const c of campaigns) t[c.state.outcome?.winner ?? "none"]++;
  return t;
}

/** A table row: wins, draws, losses for `side`'s bot, and the mean days and time. */
export function row(label: string, side: "sathar" | "upf", campaigns: readonly Campaign[]): string {
  const t = tally(campaigns);
  const other = side === "sathar" ? "upf" : "sathar";
  const days = campaigns.reduce((a, c) => a + c.state.day, 0) / Math.max(1, campaigns.length);
  const ms = campaigns.reduce((a, c) => a + c.ms, 0) / Math.max(1, campaigns.length);
  return `| ${label} | ${campaigns.length} | ${t[side]} | ${t.draw} | ${t[other]} | ${t.none} | ${days.toFixed(0)} | ${(ms / 1000).toFixed(2)} s |`;
}

export const TABLE_HEAD =
  "| matchup | campaigns | wins | draws | losses | unfinished | mean days | mean time |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |";
