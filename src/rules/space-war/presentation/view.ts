/**
 * What a seat is shown: its view (the campaign as it knows it and the events it may see), its report of a step (text
 * for people, JSON for programs), the campaign's standings, and a commented orders file to start each step from.
 */
import { isVisibleTo } from "../../../core/events.js";
import type { SeatId } from "../../../core/ids.js";
import { STEP_NAMES } from "../campaign-sequence/sequence.js";
import { alliesOf, enemiesOf } from "../campaign-sequence/step.js";
import { budgetOf, MAX_CRAFT } from "../designing-craft/cost.js";
import { arcOf, type Design, designCost, designText } from "../designing-craft/design.js";
import type { SxEvent } from "../events.js";
import { MEDAL_DATA } from "../medals/medals.js";
import { type Craft, operating, type Point, type SpaceWarState, type Squadron } from "../model.js";
import { STEP_ORDERS } from "../orders.js";
import { CARD_DATA } from "../technology-cards/cards.js";
import { along, bearing, distance, inchesText } from "../the-turn/geometry.js";
import { movementAllowance } from "../the-turn/movement.js";
import { shotRange } from "../the-turn/shooting.js";
import { knownState } from "./known-state.js";

/** What a seat sees: the state as it knows it and the events it may see. */
export interface SxView {
  state: SpaceWarState;
  events: SxEvent[];
}

export function view(state: SpaceWarState, seat: SeatId, events: readonly SxEvent[]): SxView {
  return { state: knownState(state, seat), events: events.filter((e) => isVisibleTo(e, seat)) };
}

export const squadronOf = (state: SpaceWarState, seat: SeatId): Squadron | undefined =>
  state.campaign.squadrons.find((q) => q.seat === seat);

const round1 = (v: number): number => Math.round(v * 10) / 10;
const pointText = (p: Point): string => `(${round1(p.x)}, ${round1(p.y)})`;

/** "Vessel E+E+SB+L: damaged SB" with where it is. */
export function craftLine(c: Craft): string {
  const mods = c.modules.map(
    (m) => `${m.module}${m.arc && m.arc !== "front" ? `(${m.arc})` : ""}${m.damaged ? "*" : ""}${m.expended ? "°" : ""}`,
  );
  const where =
    c.where.kind === "hidden"
      ? `face down at ${pointText(c.where.at)} heading ${round1(c.where.heading)}`
      : c.where.kind === "table"
        ? `face up at ${pointText(c.where.at)} heading ${round1(c.where.heading)}`
        : c.where.kind === "aboard"
          ? `aboard ${c.where.vessel}`
          : c.where.kind === "entering"
            ? "not yet on the table"
            : c.where.how;
  const extra = [
    c.pendingHits > 0 ? `${c.pendingHits} hit(s) pending` : "",
    c.tractoredBy ? `held by ${c.tractoredBy}'s tractor` : "",
    c.crew ? `crew ${c.crew}` : "",
  ].filter((x) => x !== "");
  return `${c.id} ${c.design} (${c.type} ${mods.join("+")}): ${where}${extra.length > 0 ? `; ${extra.join("; ")}` : ""}`;
}

/** The medals of a squadron's crews, counted. */
export const medalCount = (q: Squadron): number => q.crews.reduce((n, k) => n + k.medals.length, 0);

/** The campaign: games played, each result and the medals of each squadron (E.10: the most medals wins). */
export function standings(state: SpaceWarState): string {
  const c = state.campaign;
  const lines = [
    `Space War campaign: ${c.results.length} of ${state.games} game(s) played; now: ${state.outcome ? "over" : STEP_NAMES[c.step]}`,
  ];
  for (const r of c.results)
    lines.push(
      `  game ${r.game} (${r.scenario}, ${r.turns} turns): ${r.winner === "draw" ? "a draw" : `${r.winners?.join(", ") ?? r.winner} won`}: ${r.reason}; medals ${state.seats
        .map((s) => `${s.id} ${(r.medals[s.id] ?? []).length}`)
        .join(", ")}`,
    );
  for (const q of c.squadrons)
    lines.push(
      `  ${q.seat} (${q.name}): ${medalCount(q)} medal(s) on ${q.crews.length} crew(s)${q.crews.length > 0 ? `: ${q.crews.map((k) => `${k.name} [${k.medals.join(", ")}]`).join("; ")}` : ""}`,
    );
  if (state.outcome) lines.push(`Over: ${state.outcome.winners.join(", ") || "nobody"} won. ${state.outcome.reason}`);
  return lines.join("\n");
}

/** The events grouped under the seed's named steps they happened in ("game 1, turn 2, blue S9 Shoot"), in order. */
export function groupedEvents(events: readonly SxEvent[]): { step: string; events: SxEvent[] }[] {
  const groups: { step: string; events: SxEvent[] }[] = [];
  for (const e of events) {
    const last = groups[groups.length - 1];
    if (last && last.step === e.step) last.events.push(e);
    else groups.push({ step: e.step, events: [e] });
  }
  return groups;
}

const rollText = (e: SxEvent): string =>
  e.rolls && e.rolls.length > 0
    ? ` [${e.rolls.map((r) => `${r.for}: ${r.value}${r.need === undefined ? "" : ` need ${r.need}+`}`).join("; ")}]`
    : "";

/** A seat's report of a step: its events by named step, then its craft, cards, crews and medals. */
export function report(state: SpaceWarState, seat: SeatId, events: readonly SxEvent[]): { json: unknown; text: string } {
  const v = view(state, seat, events);
  const k = v.state;
  const q = squadronOf(k, seat);
  const mine = (k.campaign.battle?.craft ?? []).filter((c) => c.owner === seat);
  const lines: string[] = [`Space War, ${seat}: step ${k.step}, game ${k.campaign.game + 1}, ${STEP_NAMES[k.campaign.step]}`];
  for (const g of groupedEvents(v.events)) {
    lines.push("", `${g.step}:`);
    for (const e of g.events) lines.push(`  ${e.text}${rollText(e)}`);
  }
  lines.push("", "Your craft (* damaged, ° expended):");
  if (mine.length === 0) lines.push("  none in a battle now");
  for (const c of mine) lines.push(`  ${craftLine(c)}`);
  // The Wall of Battle: allies' craft, known whole (RULINGS.md "6.0 Wall of Battle").
  const friends = alliesOf(k, seat);
  const allied = (k.campaign.battle?.craft ?? []).filter((c) => friends.includes(c.owner) && c.where.kind !== "gone");
  if (allied.length > 0) {
    lines.push("", `Allied craft (${friends.join(", ")}):`);
    for (const c of allied) lines.push(`  ${c.owner}: ${craftLine(c)}`);
  }
  const foes = enemiesOf(k, seat);
  const enemies = (k.campaign.battle?.craft ?? []).filter(
    (c) => foes.includes(c.owner) && (c.where.kind === "hidden" || c.where.kind === "table"),
  );
  if (enemies.length > 0) {
    lines.push("", "Enemy craft on the table as you know them:");
    for (const c of enemies)
      lines.push(`  ${c.where.kind === "hidden" ? `${c.id} (${c.owner}): a face-down counter at ${pointText(c.where.at)}` : craftLine(c)}`);
  }
  if (q) {
    lines.push("", "Your designs:");
    for (const d of q.designs) lines.push(`  ${d.name}: ${designText(d)}, ${designCost(d) ?? "?"} M€`);
    lines.push("", "Your technology cards:");
    if (q.cards.length === 0) lines.push("  none");
    for (const h of q.cards)
      lines.push(
        `  ${CARD_DATA[h.card].name}: ${CARD_DATA[h.card].effect}${h.cancelled ? " (cancelled)" : h.revealed ? " (revealed)" : " (hidden)"}`,
      );
    lines.push("", "Your crews:");
    if (q.crews.length === 0) lines.push("  none");
    for (const crew of q.crews) {
      const aboard = mine.find((c) => c.crew === crew.id);
      lines.push(
        `  ${crew.id} ${crew.name}: ${crew.medals.map((m) => MEDAL_DATA[m].name).join(", ") || "no medals"}${aboard ? `, aboard ${aboard.id}` : ""}`,
      );
    }
  }
  lines.push("", standings(k));
  return {
    json: {
      seat,
      step: k.step,
      game: k.campaign.game + 1,
      campaignStep: k.campaign.step,
      turn: k.campaign.battle?.turn ?? null,
      active: k.campaign.battle?.active ?? null,
      events: v.events,
      craft: mine,
      squadron: q ?? null,
      results: k.campaign.results,
      outcome: k.outcome ?? null,
    },
    text: `${lines.join("\n")}\n`,
  };
}

/** Three designs a squadron can buy within 100 M€ (l.7): a carrier and a frigate (36 M€ each) and a fighter (8 M€). */
const FRIGATE: Design = {
  name: "Frigate",
  type: "vessel",
  modules: [{ module: "E" }, { module: "E" }, { module: "A" }, { module: "L" }, { module: "L" }, { module: "M" }],
};
export const EXAMPLE_DESIGNS: readonly Design[] = [
  {
    name: "Carrier",
    type: "vessel",
    modules: [{ module: "E" }, { module: "E" }, { module: "SB" }, { module: "A" }, { module: "L" }, { module: "L", arc: "rear" }],
  },
  FRIGATE,
  { name: "Interceptor", type: "fighter", modules: [{ module: "E" }, { module: "L" }] },
];

/**
 * A purchase that fits (l.7, l.51): one of each design in turn, vessels with a Shuttle Bay first, then other vessels,
 * then fighters (only with a Shuttle Bay vessel bought), while the budget and the 16 craft allow.
 */
export function fittingPurchase(q: Squadron): { design: Design; count: number; cost: number }[] {
  const budget = budgetOf(q.budgetOption, q.machine);
  const rank = (d: Design) => (d.type === "fighter" ? 2 : d.modules.some((m) => m.module === "SB") ? 0 : 1);
  const designs = [...q.designs].filter((d) => designCost(d) !== undefined).sort((a, b) => rank(a) - rank(b));
  const counts = designs.map(() => 0);
  let spent = 0;
  let craft = 0;
  for (let added = true; added; ) {
    added = false;
    designs.forEach((d, i) => {
      const cost = designCost(d) ?? Number.POSITIVE_INFINITY;
      const bay = designs.some((x, j) => (counts[j] ?? 0) > 0 && x.type === "vessel" && x.modules.some((m) => m.module === "SB"));
      if (spent + cost > budget || craft >= MAX_CRAFT || (d.type === "fighter" && !bay)) return;
      counts[i] = (counts[i] ?? 0) + 1;
      spent += cost;
      craft++;
      added = true;
    });
  }
  return designs.map((d, i) => ({ design: d, count: counts[i] ?? 0, cost: designCost(d) ?? 0 }));
}

/** Points to deploy `n` craft at: on two rings 3" and 5" about the seat's planet (l.884: within 6"), facing the enemy's side. */
export function deployPoints(state: SpaceWarState, seat: SeatId, n: number): { at: Point; heading: number }[] {
  const b = state.campaign.battle;
  const home = b?.homes[seat];
  const planet = home === undefined ? undefined : b?.planets[home.planet];
  if (!b || !planet) return [];
  const centre = { x: b.table.width / 2, y: b.table.depth / 2 };
  const toward = distance(planet.at, centre) > 0 ? bearing(planet.at, centre) : home?.edge === "east" ? 270 : 90;
  const out: { at: Point; heading: number }[] = [];
  const inner = Math.min(n, 6);
  for (let i = 0; i < n; i++) {
    const ring = i < inner ? 3 : 5;
    const k = i < inner ? i : i - inner;
    const m = i < inner ? inner : n - inner;
    const spread = m <= 1 ? 0 : -80 + (160 * k) / (m - 1);
    const p = along(planet.at, (toward + spread + 360) % 360, ring);
    out.push({ at: { x: round1(p.x), y: round1(p.y) }, heading: Math.round(toward) % 360 });
  }
  return out;
}

const yamlDesign = (d: Design): string =>
  `{ type: design, name: ${JSON.stringify(d.name)}, craft: ${d.type}, modules: [${d.modules
    .map((m) => (arcOf(m) !== undefined && m.arc !== undefined && m.arc !== "front" ? `{ module: ${m.module}, arc: ${m.arc} }` : m.module))
    .join(", ")}] }`;

/** The commented orders file of the step for `seat` (YAML). */
export function ordersTemplate(state: SpaceWarState, seat: SeatId): string {
  const c = state.campaign;
  const k = knownState(state, seat);
  const q = squadronOf(k, seat);
  const head = [`# Space War orders for ${seat}, step ${state.step}: game ${c.game + 1}, ${STEP_NAMES[c.step]}.`];
  const tail = (orders: string[]): string =>
    [...head, `seat: ${seat}`, `step: ${state.step}`, ...(orders.length > 0 ? ["orders:", ...orders] : ["orders: []"]), ""].join("\n");
  if (state.outcome) {
    head.push("# The campaign is over: nothing is ordered.");
    return tail([]);
  }
  const awaited = c.step === "battle" ? c.battle?.active === seat && !c.battle.ended : true;
  if (!awaited) {
    head.push(`# It is ${c.battle?.active ?? "another seat"}'s turn: your orders are not taken in this step.`);
    return tail([]);
  }
  head.push(`# This step takes: ${STEP_ORDERS[c.step].join(", ")}.`);
  if (c.step === "design") {
    head.push("# Up to 3 designs (l.57) of 2 to 10 modules (C.16), at least one Engine (l.104). Modules: A EL E L M N EM SR SB T TR.");
    head.push("# Three examples that fit a 100 M€ squadron (costs: vessel n x n, fighter n x n x n M€, l.160-256):");
    return tail(EXAMPLE_DESIGNS.map((d) => `  - ${yamlDesign(d)}   # ${designText(d)}, ${designCost(d)} M€`));
  }
  if (c.step === "purchase" && q) {
    const plan = fittingPurchase(q);
    const total = plan.reduce((n, p) => n + p.count * p.cost, 0);
    head.push(
      `# Budget ${budgetOf(q.budgetOption, q.machine)} M€, at most ${MAX_CRAFT} craft (l.7); fighters need a vessel with a Shuttle Bay (l.51).`,
      `# This purchase costs ${total} M€. Crews with medals go aboard with { type: crew, crew: ID, design: NAME } (l.29, l.737).`,
    );
    for (const crew of q.crews)
      head.push(
        `#  - { type: crew, crew: ${crew.id}, design: ${JSON.stringify(q.designs[0]?.name ?? "")} }   # ${crew.name}: ${crew.medals.join(", ") || "no medals"}`,
      );
    return tail(
      plan.map(
        (p) =>
          `  - { type: buy, design: ${JSON.stringify(p.design.name)}, count: ${p.count} }   # ${designText(p.design)}, ${p.cost} M€ each`,
      ),
    );
  }
  if (c.step === "deploy") {
    // The Space Station is "randomly deployed" (l.876): the campaign places it, not the player.
    const mine = (k.campaign.battle?.craft ?? []).filter((x) => x.owner === seat && x.where.kind === "entering" && !x.station);
    const points = deployPoints(k, seat, mine.length);
    head.push(
      '# Each craft face down within 6" of your planet (l.884), or a fighter aboard a vessel with a Shuttle Bay: { type: deploy, craft: ID, aboard: VESSEL }.',
    );
    return tail(
      mine.flatMap((x, i) => {
        const p = points[i];
        return p ? [`  - { type: deploy, craft: ${x.id}, at: { x: ${p.at.x}, y: ${p.at.y} }, heading: ${p.heading} }   # ${x.design}`] : [];
      }),
    );
  }
  if (c.step === "battle") {
    const b = k.campaign.battle;
    const mine = (b?.craft ?? []).filter((x) => x.owner === seat);
    const foes = enemiesOf(k, seat);
    const targets = (b?.craft ?? []).filter((x) => foes.includes(x.owner) && x.where.kind === "table");
    head.push(
      "# Uncomment and edit the orders you want, under orders: (S3 give-up, S4 launch/retrieve, S7 move, S9 shoot, S10 repair ...).",
    );
    const body: string[] = [];
    for (const x of mine) {
      if (x.where.kind === "aboard") {
        body.push(`  # ${craftLine(x)}`, `  # - { type: launch, craft: ${x.id} }`);
        continue;
      }
      if (x.where.kind !== "hidden" && x.where.kind !== "table") continue;
      const reach = movementAllowance(x.type, operating(x, "E"));
      const to = along(x.where.at, x.where.heading, reach);
      const w = b?.table ?? { width: 72, depth: 48 };
      const clamp = (v: number, hi: number) => round1(Math.max(0, Math.min(hi, v)));
      body.push(`  # ${craftLine(x)}; moves up to ${inchesText(reach)}`);
      body.push(`  # - { type: move, craft: ${x.id}, to: { x: ${clamp(to.x, w.width)}, y: ${clamp(to.y, w.depth)} } }`);
      const from = x.where.at;
      const near = [...targets].sort((a, z) =>
        a.where.kind === "table" && z.where.kind === "table" ? distance(from, a.where.at) - distance(from, z.where.at) : 0,
      )[0];
      const weapon =
        operating(x, "L") > 0 ? "laser" : operating(x, "M") > 0 ? "missile" : operating(x, "EM") > 0 ? "expendables" : undefined;
      if (near && weapon && near.where.kind === "table") {
        // The distance now and the weapon's range (l.563-623), so the player sees whether the shot will reach after moving.
        const d = distance(from, near.where.at);
        body.push(
          `  # - { type: shoot, craft: ${x.id}, target: ${near.id}, weapon: ${weapon} }   # ${near.id} is ${inchesText(d)} away; ${weapon} range ${inchesText(shotRange(weapon))}`,
        );
      }
    }
    // The Wall of Battle (l.1023): the allies' craft, known whole, for planning around them; never a target.
    const friends = alliesOf(k, seat);
    const allied = (b?.craft ?? []).filter((x) => friends.includes(x.owner) && (x.where.kind === "hidden" || x.where.kind === "table"));
    if (allied.length > 0) {
      body.push(
        `  # Allied craft (${friends.join(", ")}): you may not shoot, ram or tractor them (l.1023); a nuke's blast still hits them.`,
      );
      for (const x of allied) body.push(`  #   ${x.owner}: ${craftLine(x)}`);
    }
    return tail([]).replace("orders: []", ["orders: []", ...body].join("\n"));
  }
  if (c.step === "after-game") {
    const last = c.results[c.results.length - 1];
    const earned = last?.medals[seat] ?? [];
    const survivors = (k.campaign.battle?.craft ?? []).filter((x) => x.owner === seat && x.where.kind !== "gone");
    head.push(
      `# Medals your squadron earned: ${earned.map((m) => MEDAL_DATA[m].name).join(", ") || "none"}. Give each to a crew (crew: ID) or to the crew of a surviving craft (craft: ID); never two of the same to one crew (l.801).`,
    );
    for (const m of earned) head.push(`#  - { type: medal, medal: ${m}, craft: ${survivors[0]?.id ?? "ID"} }`);
    if (q && q.designs.length > 0)
      head.push(
        `# You may scrap one design for a new one (l.45), e.g. - ${yamlDesign(FRIGATE)} with replaces: ${JSON.stringify(q.designs[0]?.name)}`,
      );
  }
  return tail([]);
}
