/**
 * Scenarios (seed 001 l.810-1035): the scenario roll and the craft the scenarios fix. Playing them is the next
 * sessions'; this is their data.
 */
import { type Design, design } from "../designing-craft/design.js";

export const SCENARIOS = [
  "squadron-action",
  "cultural-terrorists",
  "convoy-escort",
  "machine-wars",
  "machine-wars-ii",
  "wall-of-battle",
] as const;
export type ScenarioId = (typeof SCENARIOS)[number];

/** The seed's section titles (l.880, 895, 924, 965, 982, 1011). */
export const SCENARIO_TITLES: Readonly<Record<ScenarioId, string>> = {
  "squadron-action": "1.0 Squadron Action",
  "cultural-terrorists": "2.0 Cultural Terrorists (CT's)",
  "convoy-escort": "3.0 Convoy Escort",
  "machine-wars": "4.0 Machine Wars",
  "machine-wars-ii": "5.0 Machine Wars II",
  "wall-of-battle": "6.0 Wall of Battle - fleet actions",
};

/**
 * The Scenario Roll (l.818-858), d6 → scenario, mapped by name (ruling C.14: the roll's "Convoy Action" is 3.0 Convoy
 * Escort, "Machine Wars I" 4.0, "Machine Wars 2" 5.0). "scenario #6 requires more than 2 players so does not appear
 * on this chart" (l.860): the Wall of Battle is chosen, never rolled.
 */
export const SCENARIO_ROLL: Readonly<Record<1 | 2 | 3 | 4 | 5 | 6, ScenarioId>> = {
  1: "squadron-action",
  2: "squadron-action",
  3: "cultural-terrorists",
  4: "convoy-escort",
  5: "machine-wars",
  6: "machine-wars-ii",
};

/** The CT designs (l.907-913): "Fighter: E+L; value 9", "Fighter: E+EM; value 9", "Vessel: E+E+SB; value 9". */
export const CT_FIGHTER: Design = design("CT Fighter", "fighter", ["E", "L"]);
export const CT_BOMBER: Design = design("CT Bomber", "fighter", ["E", "EM"]);
export const CT_CARRIER: Design = design("CT Carrier", "vessel", ["E", "E", "SB"]);

/**
 * The values the seed prints for the CT designs (l.909-913). The cost table gives 8 for a 2-module fighter (ruling
 * C.2: the table's value is used; these are kept for display only).
 */
export const CT_PRINTED_VALUE: Readonly<Record<string, number>> = { "CT Fighter": 9, "CT Bomber": 9, "CT Carrier": 9 };

/** The cultural terrorists' force (l.907-913): 5 Fighters, 5 Bombers, 1 Carrier; optionally any 11 of the three designs (l.917, C.32). */
export const CT_FORCE: readonly { design: Design; count: number }[] = [
  { design: CT_FIGHTER, count: 5 },
  { design: CT_BOMBER, count: 5 },
  { design: CT_CARRIER, count: 1 },
];
export const CT_OPTIONAL_CRAFT = 11;

/** The convoy (l.936-938): "3 Transports (Vessel: E+E+A+A)", outside the design limit and the squadron's value (l.958). */
export const TRANSPORT: Design = design("Transport", "vessel", ["E", "E", "A", "A"]);
export const CONVOY_TRANSPORTS = 3;

/** Machine Wars II's vessel (l.990-1000): Engines x 2, Self-Repair x 4, Armour x 2, Lasers x 2, Thrusters, Tractor (12 modules, C.16). */
export const MACHINE_VESSEL: Design = design("Machine", "vessel", ["E", "E", "SR", "SR", "SR", "SR", "A", "A", "L", "L", "T", "TR"]);

/**
 * The Space Station (l.876): "a type of un-powered Vessel ... It begins with 12 Modules of hotels, gymnasiums,
 * hospitals, restaurants, etc." None of them is one of the eleven modules: no armour, no weapons, no engine.
 */
export const SPACE_STATION_MODULES = 12;

/** Machine forces (l.975): 120 M€ instead of 100. */
export const MACHINE_WARS_BUDGET = 120;
