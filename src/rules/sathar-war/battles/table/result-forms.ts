/**
 * What the attacking side fills in for battles fought at the table (issue 12 way 3): the `result` order as a menu
 * (legalOrders) and a ready-to-fill result file (the orders template), one entry per pending battle, with what each
 * ship and station carried going in written in, so players change only what the battle changed.
 */
import type { OptionField, OrderOption } from "../../../../core/ruleset.js";
import type { SatharWarState } from "../../model.js";
import { CLASS_NAMES, isExpendable, type Rating, SHIP_RATINGS, STATION_RATINGS } from "../../orders-of-battle/ship-classes.js";
import { RULES_WORDING } from "../../special-combat/which-rules-to-use.js";
import type { BattleInput } from "../battle.js";
import { damageLimit, OTHER_SYSTEMS } from "./entering-results.js";

const sideName = (side: string) => (side === "sathar" ? "Sathar" : "UPF");

function whereText(state: SatharWarState, input: BattleInput): string {
  const sys = state.map.systems.find((s) => s.id === input.system);
  const planet = sys?.planets.find((p) => p.id === input.planet)?.name ?? input.planet;
  return `${sys?.name ?? input.system} at ${planet}`;
}

/** The pending battles a seat enters results for (its side attacked), or none. */
export function pendingFor(state: SatharWarState, seat: string): BattleInput[] {
  const side = state.seats.find((s) => s.id === seat)?.side;
  if (!side || !state.phase.endsWith("-results")) return [];
  return (state.pendingBattles ?? []).filter((b) => b.attacker === side);
}

/** The `result` order as a menu: a pending battle, its ships' fates, its stations destroyed, who holds the field. */
export function resultOptions(state: SatharWarState, seat: string): OrderOption[] {
  const pending = pendingFor(state, seat);
  if (pending.length === 0) return [];
  const ships = pending.flatMap((b) => b.ships.map((s) => ({ value: s.id, label: `${s.id} ${s.name} (${b.id})` })));
  const stations = pending.flatMap((b) => b.stations.map((s) => ({ value: s.id, label: `${s.name} (${b.id})` })));
  const pick = (values: { value: string; label: string }[]): OptionField => ({ kind: "choices", values, min: 1, max: values.length });
  const fields: Record<string, OptionField> = {
    battle: {
      kind: "choice",
      values: pending.map((b) => ({
        value: b.id,
        label: `${b.id}: ${whereText(state, b)}, ${b.ships.length} ships, ${b.stations.length} stations`,
      })),
    },
    destroyed: pick(ships),
    escaped: pick(ships),
  };
  if (stations.length > 0) fields.stationsDestroyed = pick(stations);
  fields.holder = {
    kind: "choice",
    optional: true,
    values: [
      { value: "sathar", label: "the Sathar hold the field" },
      { value: "upf", label: "the UPF holds the field" },
      { value: "none", label: "neither side" },
    ],
  };
  fields.rounds = { kind: "number", min: 0, max: 1000, integer: true, optional: true };
  return [
    {
      type: "result",
      summary:
        "enter the result of a battle fought at the table: ships destroyed or escaped, stations destroyed; damage and spent (per id: what it carries after the battle) are written in the file (issue 12)",
      fields,
    },
  ];
}

const flow = (t: Readonly<Record<string, number | undefined>>) =>
  `{ ${Object.entries(t)
    .map(([k, v]) => `${k}: ${v ?? 0}`)
    .join(", ")} }`;

function systemsText(rating: Rating): string {
  return ["hull", "ADF", "MR", "DCR", ...Object.keys(rating.weapons), ...Object.keys(rating.defences), ...OTHER_SYSTEMS]
    .map((k) => [k, damageLimit(rating, k) ?? 0] as const)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(", ");
}

function expendables(rating: Rating, spent: Readonly<Record<string, number | undefined>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries({ ...rating.weapons, ...rating.defences }))
    if (isExpendable(k) && (n ?? 0) > 0) out[k] = spent[k] ?? 0;
  return out;
}

/** A ready-to-fill result file for each pending battle of the seat's side (YAML, as orders files are written). */
export function resultTemplate(state: SatharWarState, seat: string): string {
  const pending = pendingFor(state, seat);
  const lines = [
    `# Sathar War battle results for seat ${seat}, step ${state.step}, day ${state.day}.`,
    "# Each battle below is fought at the table with the Knight Hawks game; enter what became of it and send this file.",
    "# destroyed, escaped, detonated (shatter drones): ship ids; fired: militia in their home system that fired (only they",
    "# may then escape); stationsDestroyed: station ids. damage and spent: what each ship or station carries AFTER the",
    "# battle (written in: what it carried going in). Escaping fighters need an escaping carrier of theirs. holder: who",
    '# holds the field ("sathar", "upf", "none"; left out: the side with something left, the defender if both).',
    "# A battle with no valid result is fought the campaign's other way (RULINGS.md).",
    `seat: ${seat}`,
    `step: ${state.step}`,
  ];
  if (pending.length === 0) return [...lines, "orders: []", ""].join("\n");
  lines.push("orders:");
  for (const b of pending) {
    lines.push(
      "  - type: result",
      `    battle: ${b.id}`,
      `    # ${whereText(state, b)}; the ${sideName(b.attacker)} attack; ${RULES_WORDING[b.rules]}${b.nearPlanet ? "; near the planet" : ""}`,
    );
    for (const s of b.ships)
      lines.push(
        `    #   ${sideName(s.side)} ${s.id} ${CLASS_NAMES[s.cls]}${s.aboard ? ` (aboard ${s.aboard})` : ""}${s.drone ? " (shatter drone)" : ""}${s.mustFireBeforeBreakOff ? " (militia at home)" : ""}: ${systemsText(SHIP_RATINGS[s.cls])}`,
      );
    for (const st of b.stations) lines.push(`    #   UPF ${st.id} ${st.type} station: ${systemsText(STATION_RATINGS[st.type])}`);
    lines.push("    destroyed: []", "    escaped: []");
    if (b.ships.some((s) => s.drone)) lines.push("    detonated: []");
    if (b.ships.some((s) => s.mustFireBeforeBreakOff)) lines.push("    fired: []");
    if (b.stations.length > 0) lines.push("    stationsDestroyed: []");
    lines.push("    damage:");
    for (const s of b.ships) lines.push(`      ${s.id}: ${flow({ hull: 0, ...s.damage })}`);
    for (const st of b.stations) lines.push(`      ${st.id}: ${flow({ hull: 0, ...st.damage })}`);
    const spent: string[] = [];
    for (const [id, e] of [
      ...b.ships.map((s) => [s.id, expendables(SHIP_RATINGS[s.cls], s.spent)] as const),
      ...b.stations.map((st) => [st.id, expendables(STATION_RATINGS[st.type], st.spent)] as const),
    ])
      if (Object.keys(e).length > 0) spent.push(`      ${id}: ${flow(e)}`);
    if (spent.length > 0) lines.push("    spent:", ...spent);
    lines.push("    rounds: 0");
  }
  return [...lines, ""].join("\n");
}
