/**
 * Designing craft at campaign start (l.19 "Design up to 3 Craft using Modules list", l.57, l.74-256): each seat's
 * `design` orders, checked one by one with the designer's own rules (`designing-craft/squadron.ts` `designProblems`:
 * 2 to 10 modules, at least one Engine, modules the type may carry, arcs), become its squadron's designs; a faulty
 * order is a problem per fault and is left out. At most 3 (l.57): a fourth is refused. A seat with no valid design
 * gets the default designs (RULINGS.md "Default designs"), so every campaign can be played.
 */
import type { SeatId } from "../../../core/ids.js";
import { MAX_DESIGNS } from "../designing-craft/cost.js";
import { type Design, designCost, designText } from "../designing-craft/design.js";
import { moduleOf } from "../designing-craft/modules.js";
import { designProblems } from "../designing-craft/squadron.js";
import type { Squadron } from "../model.js";
import type { DesignOrder } from "../orders.js";
import type { Given, Sorted, StepContext } from "./step.js";

/**
 * The default designs (RULINGS.md): a gun vessel, a carrier and a fighter for it. Bought by the default purchase
 * (one of each in turn while they fit) they make 2 Frigates, 2 Carriers and 2 Darts: 98 M€ of 100, 6 craft.
 */
export const DEFAULT_DESIGNS: readonly Design[] = [
  { name: "Frigate", type: "vessel", modules: [{ module: "E" }, { module: "E" }, { module: "L" }, { module: "L" }, { module: "A" }] },
  { name: "Carrier", type: "vessel", modules: [{ module: "E" }, { module: "SB" }, { module: "A" }, { module: "L" }] },
  { name: "Dart", type: "fighter", modules: [{ module: "E" }, { module: "L" }] },
];

/** A design order's design, its modules resolved ("Lasers" or { module: "L", arc: "rear" }); undefined modules never pass the schema. */
export function designOf(o: DesignOrder): Design {
  return {
    name: o.name,
    type: o.craft,
    modules: o.modules.map((m) => {
      if (typeof m === "string") return { module: moduleOf(m) ?? "E" };
      const module = moduleOf(m.module) ?? "E";
      return m.arc === undefined ? { module } : { module, arc: m.arc };
    }),
  };
}

/**
 * One design order checked against the squadron's designs `kept` (names unique, the design's own faults): the design,
 * or undefined with a problem per fault.
 */
export function checkDesign(ctx: StepContext, seat: SeatId, g: Given<DesignOrder>, kept: readonly Design[]): Design | undefined {
  const d = designOf(g.order);
  const faults = designProblems(d, g.at, ctx.state.settings);
  for (const f of faults) ctx.fail(seat, g.at, f.code, `${g.order.name}: ${f.message}`);
  if (kept.some((k) => k.name === d.name)) {
    ctx.fail(seat, g.at, "duplicate-design", `a design is already named "${d.name}"; each design needs its own name`);
    return undefined;
  }
  return faults.length === 0 ? d : undefined;
}

/** The seat's designs announced to it alone: the enemy does not see them (reference E.8). */
function announce(ctx: StepContext, q: Squadron, by: string): void {
  const list = q.designs.map((d) => `${d.name} (${designText(d)}, ${designCost(d)} M€)`).join("; ");
  ctx.emit("designed", `${q.seat} designs ${by}: ${list}.`, { to: [q.seat] });
}

export function designStep(ctx: StepContext, orders: Readonly<Record<SeatId, Sorted>>): void {
  for (const q of ctx.state.campaign.squadrons) {
    const given = orders[q.seat]?.design ?? [];
    const kept: Design[] = [];
    for (const g of given) {
      if (g.order.replaces !== undefined) {
        ctx.fail(q.seat, g.at, "nothing-to-replace", `at campaign start there is no design to scrap; leave out "replaces" (l.45, l.57)`);
        continue;
      }
      if (kept.length >= MAX_DESIGNS) {
        ctx.fail(
          q.seat,
          g.at,
          "too-many-designs",
          `"You may never have more than 3 Designs" (l.57): ${kept.map((d) => d.name).join(", ")} are kept`,
        );
        continue;
      }
      const d = checkDesign(ctx, q.seat, g, kept);
      if (d) kept.push(d);
    }
    if (kept.length > 0) {
      q.designs = kept;
      announce(ctx, q, "its craft");
    } else {
      q.designs = DEFAULT_DESIGNS.map((d) => ({ ...d, modules: d.modules.map((m) => ({ ...m })) }));
      announce(ctx, q, given.length === 0 ? "nothing; it takes the default designs" : "nothing valid; it takes the default designs");
    }
  }
}
