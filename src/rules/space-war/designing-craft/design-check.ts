/**
 * `starhost space-war design-check --input FILE [--json]` (issue 13: "prices and validates a squadron with a message
 * per fault"): each design's price, the squadron's total, and every fault of the rules (`squadron.ts`).
 */

import type { InputTool, ToolOutput } from "../../../core/ruleset.js";
import { refusedInput } from "../../../core/tool-options.js";
import { MAX_CRAFT, MAX_DESIGNS } from "./cost.js";
import { checkSquadron, parseSquadron, squadronSchema } from "./squadron.js";

export const designCheckTool: InputTool = {
  kind: "input",
  id: "design-check",
  input: "squadron",
  schema: squadronSchema,
  summary: "price and check a squadron: its designs (2 to 10 modules, an engine, modules the craft may carry), 16 craft, 100 M€",
  help: `The input (JSON or YAML): up to 3 designs and the craft bought of each.
  name: Blue Squadron
  budget: normal | incompetent | expert     (100, 120 or 90 M€, seed l.1042; default normal)
  machine: false                            (a machine force: 120 M€, no medals, l.975-977)
  settings: { fighterArcs: false, prisonersFree: false }   (the other readings, RULINGS.md; default off)
  designs:
    - { name: Carrier, type: vessel, modules: [E, E, SB, A, { module: L, arc: rear }] }
    - { name: Dart, type: fighter, modules: [E, L] }
    - { name: Captured Bomber, type: fighter, modules: [E, EM], prisoner: true }   (above the 3 design limit, l.454)
  craft:
    - { design: Carrier, count: 2, crews: [ { name: Red Leader, medals: [ace, star] } ] }
    - { design: Dart, count: 6 }
  modules: A Armour, EL Electronics, E Engine, L Lasers, M Missiles, N Nuclear Warhead, EM Expendable munitions
           (fighter only), SR Self-Repair, SB Shuttle Bay, T Thrusters, TR Tractor (vessel only)
  arcs (Lasers on a vessel): front, right, rear, left
  medals: ace, valour, star, corporation, saboteur, tek, bravery
Examples: examples/space-war/blue-squadron.yaml, examples/space-war/faulty-squadron.yaml`,
  options: [],
  run(input, _options, source = "the squadron"): ToolOutput {
    const parsed = parseSquadron(input);
    if (!parsed.ok) return refusedInput(parsed.problems);
    const s = parsed.value;
    const c = checkSquadron(s);
    const width = Math.max(4, ...c.prices.map((p) => p.name.length));
    const textWidth = Math.max(4, ...c.prices.map((p) => p.text.length));
    const lines = [
      `Squadron "${s.name}": ${c.budget} M€ to spend${s.machine ? " (machine force)" : s.budgetOption !== "normal" ? ` (${s.budgetOption})` : ""}`,
    ];
    for (const p of c.prices) {
      const each = p.each === undefined ? "no price" : `${p.each} M€`;
      const sub = p.subtotal === undefined ? "" : ` = ${p.subtotal} M€`;
      lines.push(
        `  ${p.name.padEnd(width)}  ${p.text.padEnd(textWidth)}  ${each.padStart(8)} x ${String(p.count).padStart(2)}${sub}${p.prisoner ? "  (prisoner)" : ""}`,
      );
    }
    const designs = s.designs.filter((d) => !d.prisoner).length;
    lines.push(
      `Total: ${c.total === undefined ? "not priced" : `${c.total} M€`} of ${c.budget} M€; ${c.craft} craft of ${MAX_CRAFT}; ${designs} design(s) of ${MAX_DESIGNS}`,
    );
    if (c.ok) lines.push(`Valid: ${source} is a legal squadron.`);
    else {
      lines.push(`Invalid: ${source} has ${c.problems.length} fault(s):`);
      for (const p of c.problems) lines.push(`  ${p.order}: ${p.message} [${p.code}]`);
    }
    return {
      ok: c.ok,
      text: lines.join("\n"),
      json: {
        ok: c.ok,
        name: s.name,
        budget: c.budget,
        total: c.total ?? null,
        craft: c.craft,
        designs: c.prices.map((p) => ({
          name: p.name,
          design: p.text,
          each: p.each ?? null,
          count: p.count,
          subtotal: p.subtotal ?? null,
          prisoner: p.prisoner,
        })),
        problems: c.problems,
      },
    };
  },
};
