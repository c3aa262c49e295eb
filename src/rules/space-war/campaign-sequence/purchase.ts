/**
 * Choosing craft for a game (l.29 "Choose numbers of Vessels up to 100 M€ from your Designs. If a crew have Medals you
 * must keep track of which Craft they are on"): `buy` orders, taken in file order while they fit (16 craft, l.7; the
 * budget, `budgetOf`: 100 M€, 120/90 by option, l.1042, 120 for machines, l.975), then fighters refused if no vessel
 * with a Shuttle Bay is bought (l.51); `crew` orders put crews with medals aboard (l.737: only before a game).
 * A prisoner (l.454) is bought by its id (`{ type: "buy", design: "red-7" }`), one craft. Seats that command a
 * scenario's fixed force (the CT's, l.907-913; the machine vessel, l.990-1000) buy nothing. Then the table is set up
 * (`scenarios/set-up.ts`).
 */
import type { SeatId } from "../../../core/ids.js";
import { budgetOf, MACHINE_BUDGET, MAX_CRAFT } from "../designing-craft/cost.js";
import { countOf, type Design, designCost, designText } from "../designing-craft/design.js";
import { type Craft, craftOf, type Role, type Squadron } from "../model.js";
import type { BuyOrder, CrewOrder } from "../orders.js";
import { CT_FORCE, CT_OPTIONAL_CRAFT, MACHINE_VESSEL } from "../scenarios/scenarios.js";
import { setUpBattle } from "../scenarios/set-up.js";
import { machineForce } from "./each-game.js";
import type { Given, Sorted, StepContext } from "./step.js";

/** One line of a purchase: a design (or a prisoner, `prisoner` its id) and how many. */
export interface Line {
  design: Design;
  count: number;
  prisoner?: string;
}

/** The budget of a seat in its role this game: machines 120 M€ (l.975), else the squadron's option (l.7, l.1042). */
export const budgetFor = (q: Squadron, role: Role): number => (role === "machine" ? MACHINE_BUDGET : budgetOf(q.budgetOption, q.machine));

/** A design of the squadron or a prisoner (by its id) by the name a buy order gives. */
function lookUp(q: Squadron, name: string): { design: Design; prisoner?: string } | undefined {
  const d = q.designs.find((x) => x.name === name);
  if (d) return { design: d };
  const p = q.prisoners.find((x) => x.id === name);
  return p ? { design: p.design, prisoner: p.id } : undefined;
}

/** The price of one craft of the line's design (a prisoner free with the setting `prisonersFree`, C.36). */
function priceOf(ctx: StepContext, l: Pick<Line, "design" | "prisoner">): number {
  return l.prisoner !== undefined && ctx.state.settings.prisonersFree ? 0 : (designCost(l.design) ?? 0);
}

const hasBay = (lines: readonly Line[]): boolean =>
  lines.some((l) => l.count > 0 && l.design.type === "vessel" && countOf(l.design, "SB") > 0);
const total = (ctx: StepContext, lines: readonly Line[]): number => lines.reduce((t, l) => t + priceOf(ctx, l) * l.count, 0);
const craftCount = (lines: readonly Line[]): number => lines.reduce((t, l) => t + l.count, 0);

/**
 * Buy orders (or the default's lines) in order, each whole while it fits; a refused one is a problem (when it is an
 * order) naming the limit. Fighters are then refused whole if no vessel with a Shuttle Bay was bought (l.51).
 */
export function buyInOrder(
  ctx: StepContext,
  q: Squadron,
  budget: number,
  wanted: readonly { design: string; count: number; at?: string }[],
): Line[] {
  const lines: Line[] = [];
  const refuse = (at: string | undefined, code: string, message: string) => {
    if (at !== undefined) ctx.fail(q.seat, at, code, message);
  };
  const ats = new Map<Line, string[]>();
  for (const w of wanted) {
    if (w.count === 0) continue;
    const found = lookUp(q, w.design);
    if (!found) {
      const names = [...q.designs.map((d) => d.name), ...q.prisoners.map((p) => `${p.id} (prisoner ${p.design.name})`)];
      refuse(w.at, "unknown-design", `no design or prisoner "${w.design}"; yours: ${names.join(", ") || "none"}`);
      continue;
    }
    const line = lines.find((l) => l.design.name === found.design.name && l.prisoner === found.prisoner);
    const already = line?.count ?? 0;
    if (found.prisoner !== undefined && already + w.count > 1) {
      refuse(w.at, "prisoner-more-than-one", `${found.prisoner} is one captured craft: "only that particular unique Craft" (l.454)`);
      continue;
    }
    const craft = craftCount(lines) + w.count;
    if (craft > MAX_CRAFT) {
      refuse(
        w.at,
        "too-many-craft",
        `${craft} craft; "Players are limited to a maximum of 16 Craft" (l.7): ${MAX_CRAFT - craftCount(lines)} more fit`,
      );
      continue;
    }
    const cost = total(ctx, lines) + priceOf(ctx, found) * w.count;
    if (cost > budget) {
      const each = priceOf(ctx, found);
      const room = budget - total(ctx, lines);
      refuse(
        w.at,
        "over-budget",
        `${w.count} ${found.design.name} at ${each} M€ would spend ${cost} M€ of ${budget} M€; ${room} M€ left buys ${each > 0 ? Math.floor(room / each) : w.count}`,
      );
      continue;
    }
    const l = line ?? { design: found.design, count: 0, ...(found.prisoner === undefined ? {} : { prisoner: found.prisoner }) };
    if (!line) lines.push(l);
    l.count += w.count;
    if (w.at !== undefined) ats.set(l, [...(ats.get(l) ?? []), w.at]);
  }
  if (!hasBay(lines))
    for (const l of lines.filter((x) => x.design.type === "fighter")) {
      for (const at of ats.get(l) ?? [])
        ctx.fail(
          q.seat,
          at,
          "fighters-without-shuttle-bay",
          `${l.design.name} is a fighter and no vessel with a Shuttle Bay is bought: "you must have at least one Vessel with a Shuttle Bay to carry them" (l.51)`,
        );
      l.count = 0;
    }
  return lines.filter((l) => l.count > 0);
}

/**
 * The default purchase (RULINGS.md): last game's, as far as it still fits; with none, one craft of each design in
 * turn (vessels with a Shuttle Bay, then other vessels, then fighters) while any fits.
 */
export function defaultPurchase(ctx: StepContext, q: Squadron, budget: number): Line[] {
  if (q.bought && q.bought.length > 0) return buyInOrder(ctx, q, budget, q.bought);
  const rank = (d: Design) => (d.type === "vessel" ? (countOf(d, "SB") > 0 ? 0 : 1) : 2);
  const designs = [...q.designs].sort((a, b) => rank(a) - rank(b));
  const lines: Line[] = designs.map((design) => ({ design, count: 0 }));
  for (let added = true; added; ) {
    added = false;
    for (const l of lines) {
      if (l.design.type === "fighter" && !hasBay(lines)) continue;
      if (craftCount(lines) + 1 > MAX_CRAFT || total(ctx, lines) + priceOf(ctx, l) > budget) continue;
      l.count++;
      added = true;
    }
  }
  return lines.filter((l) => l.count > 0);
}

/** The craft of the lines, ids `seat-1`, `seat-2`, ... in the order bought. */
export function craftOfLines(seat: SeatId, lines: readonly Line[], first = 1): Craft[] {
  const out: Craft[] = [];
  for (const l of lines) for (let i = 0; i < l.count; i++) out.push(craftOf(`${seat}-${first + out.length}`, seat, l.design));
  return out;
}

/**
 * Crews with medals aboard (l.29, l.737): `crew` orders first, each aboard a craft of the design named that has no
 * crew yet; then the crews not placed, most medals first, aboard the craft left, vessels first, largest first
 * (RULINGS.md "Crews aboard"). A crew without a craft sits the game out.
 */
export function crewsAboard(ctx: StepContext, q: Squadron, craft: Craft[], given: readonly Given<CrewOrder>[]): void {
  const placed = new Set<string>();
  for (const g of given) {
    const crew = q.crews.find((c) => c.id === g.order.crew);
    if (!crew) {
      ctx.fail(
        q.seat,
        g.at,
        "unknown-crew",
        `no crew "${g.order.crew}"; yours: ${q.crews.map((c) => `${c.id} (${c.medals.join(", ")})`).join("; ") || "none"}`,
      );
      continue;
    }
    if (crew.heldBy !== undefined) {
      ctx.fail(q.seat, g.at, "crew-held", `${crew.name} is held by ${crew.heldBy} until exchanged for prisoners (l.868)`);
      continue;
    }
    if (placed.has(crew.id)) {
      ctx.fail(
        q.seat,
        g.at,
        "crew-placed-twice",
        `${crew.id} is already aboard ${craft.find((c) => c.crew === crew.id)?.id}; a crew flies one craft`,
      );
      continue;
    }
    const free = craft.find((c) => c.design === g.order.design && c.crew === undefined);
    if (!free) {
      const mine = craft.filter((c) => c.design === g.order.design);
      ctx.fail(
        q.seat,
        g.at,
        "no-free-craft",
        mine.length === 0
          ? `no craft of "${g.order.design}" is bought this game; bought: ${[...new Set(craft.map((c) => c.design))].join(", ") || "none"}`
          : `every ${g.order.design} already has a crew aboard (${mine.map((c) => `${c.id}: ${c.crew}`).join(", ")})`,
      );
      continue;
    }
    free.crew = crew.id;
    placed.add(crew.id);
  }
  const left = q.crews.filter((c) => !placed.has(c.id) && c.heldBy === undefined).sort((a, b) => b.medals.length - a.medals.length);
  const seats = craft
    .filter((c) => c.crew === undefined)
    .sort((a, b) => (a.type === b.type ? b.modules.length - a.modules.length : a.type === "vessel" ? -1 : 1));
  for (const crew of left) {
    const c = seats.shift();
    if (!c) break;
    c.crew = crew.id;
  }
  const aboard = craft.filter((c) => c.crew !== undefined).map((c) => `${c.crew} aboard ${c.id} (${c.design})`);
  if (aboard.length > 0) ctx.emit("crews", `${q.seat}'s crews with medals: ${aboard.join("; ")}.`, { to: [q.seat] });
}

/** The fixed force of a scenario side, if the seat commands one: the CT's (l.907-913), the machine vessel (l.990-1000). */
export function fixedForce(role: Role, scenario: string): Line[] | undefined {
  if (role === "ct") return CT_FORCE.map((f) => ({ design: f.design, count: f.count }));
  if (role === "machine" && scenario === "machine-wars-ii") return [{ design: MACHINE_VESSEL, count: 1 }];
  return undefined;
}

/**
 * "Optional: allow the CT's to choose 11 craft from among their 3 designs" (l.917, C.32; setting `ctChoice`): buy
 * orders naming the CT designs, 11 craft in all, fighters only with a Carrier (l.51). Any fault: a problem, and the
 * fixed force (l.907-913) stands. Undefined when the setting is off or no order is given.
 */
export function ctChoice(ctx: StepContext, seat: SeatId, buys: readonly Given<BuyOrder>[]): Line[] | undefined {
  if (!ctx.state.settings.ctChoice || buys.length === 0) return undefined;
  const lines: Line[] = [];
  let ok = true;
  for (const g of buys) {
    const design = CT_FORCE.find((f) => f.design.name === g.order.design)?.design;
    if (!design) {
      ctx.fail(seat, g.at, "unknown-design", `the CT's choose among ${CT_FORCE.map((f) => f.design.name).join(", ")} (l.917)`);
      ok = false;
      continue;
    }
    const line = lines.find((l) => l.design === design);
    if (line) line.count += g.order.count;
    else lines.push({ design, count: g.order.count });
  }
  const n = craftCount(lines);
  const last = buys[buys.length - 1]?.at ?? "buy";
  if (ok && n !== CT_OPTIONAL_CRAFT) {
    ctx.fail(seat, last, "ct-eleven", `the CT's "choose 11 craft" (l.917): these orders make ${n}; the fixed force (l.907-913) stands`);
    ok = false;
  }
  if (ok && lines.some((l) => l.design.type === "fighter" && l.count > 0) && !hasBay(lines)) {
    ctx.fail(
      seat,
      last,
      "fighters-without-shuttle-bay",
      `CT fighters need a CT Carrier to carry them (l.51); the fixed force (l.907-913) stands`,
    );
    ok = false;
  }
  return ok ? lines.filter((l) => l.count > 0) : undefined;
}

export function purchaseStep(ctx: StepContext, orders: Readonly<Record<SeatId, Sorted>>): void {
  const c = ctx.state.campaign;
  const scenario = c.scenario ?? "squadron-action";
  const forces: Record<SeatId, Craft[]> = {};
  for (const q of c.squadrons) {
    const role = c.roles?.[q.seat] ?? "squadron";
    const o = orders[q.seat];
    const chosen = role === "ct" ? ctChoice(ctx, q.seat, o?.buy ?? []) : undefined;
    if (chosen) {
      for (const g of o?.crew ?? [])
        ctx.fail(q.seat, g.at, "fixed-force", `${q.seat} commands the cultural terrorists this game: no crews aboard`);
      forces[q.seat] = craftOfLines(q.seat, chosen);
      ctx.emit("bought", `${q.seat}'s cultural terrorists are ${chosen.map((l) => `${l.count} ${l.design.name}`).join(", ")} (l.917).`, {
        to: [q.seat],
      });
      ctx.emit("bought", `${q.seat}'s cultural terrorists choose their 11 craft (l.917).`);
      continue;
    }
    const fixed = fixedForce(role, scenario);
    if (fixed) {
      for (const g of [...(role === "ct" && ctx.state.settings.ctChoice ? [] : (o?.buy ?? [])), ...(o?.crew ?? [])])
        ctx.fail(
          q.seat,
          g.at,
          "fixed-force",
          `${q.seat} commands the ${role === "ct" ? "cultural terrorists' fixed force (l.907-913)" : "machine vessel (l.990-1000)"} this game and buys nothing`,
        );
      forces[q.seat] = craftOfLines(q.seat, fixed);
      ctx.emit("bought", `${q.seat} commands ${fixed.map((l) => `${l.count} ${l.design.name}`).join(", ")}.`);
      continue;
    }
    const budget = budgetFor(q, role);
    const buys: readonly Given<BuyOrder>[] = o?.buy ?? [];
    const lines =
      buys.length > 0
        ? buyInOrder(
            ctx,
            q,
            budget,
            buys.map((g) => ({ design: g.order.design, count: g.order.count, at: g.at })),
          )
        : defaultPurchase(ctx, q, budget);
    q.bought = lines.map((l) => ({ design: l.prisoner ?? l.design.name, count: l.count }));
    const craft = craftOfLines(q.seat, lines);
    if (machineForce(ctx.state, q.seat)) {
      for (const g of o?.crew ?? [])
        ctx.fail(q.seat, g.at, "machine-crews", '"Machine forces never receive Medals" (l.977): no crews aboard');
    } else crewsAboard(ctx, q, craft, o?.crew ?? []);
    forces[q.seat] = craft;
    ctx.emit(
      "bought",
      `${q.seat} buys${buys.length === 0 ? " (by default)" : ""} ${lines.map((l) => `${l.count} ${l.design.name} (${designText(l.design)})`).join(", ") || "nothing"}: ${total(ctx, lines)} M€ of ${budget} M€, ${craftCount(lines)} craft.`,
      { to: [q.seat] },
    );
  }
  setUpBattle(ctx, forces);
}
