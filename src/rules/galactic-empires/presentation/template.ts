/**
 * `starhost orders template`: a YAML orders file an empire can edit, listing its
 * units and what each can do, with every order kind shown once as a comment.
 */

import { own } from "../../../core/ids.js";
import { starshipType } from "../catalog.js";
import type { EmpireId, GameState } from "../model.js";
import { seenSectors } from "../view.js";

export function ordersTemplate(state: GameState, empire: EmpireId): string {
  const e = own(state.empires, empire);
  if (!e) throw new Error(`no empire "${empire}"`);
  const name = (id: number) => state.sectors.find((s) => s.id === id)?.name ?? "?";
  const out: string[] = [];
  out.push(`# Orders of ${e.name} (${empire}) for turn ${state.turn}. Treasury ${e.treasury}.`);
  out.push("# Orders run in the rulebook's order of events (chapter 9), whatever their order here;");
  out.push("# a unit's travel/wait/pillage orders run in the order listed, one travel or wait a phase.");
  out.push("# Check them first: starhost check DIR --empire " + empire + " THIS_FILE");
  out.push("#");
  out.push("# Your units:");
  for (const u of Object.values(state.units).filter((x) => x.owner === empire)) {
    const ships = u.ships.map((s) => `${s.count} ${starshipType(s.type)?.name ?? s.type} [${s.type}] r${s.rank}`).join(", ");
    const admirals = u.admirals.map((a) => `${a}${u.leader === a ? " (leader)" : ""}`).join(", ");
    out.push(
      `#   ${u.id} ${u.kind} "${u.name}" at ${u.sector} ${name(u.sector)}: ${ships || "no starships"}${admirals ? `; admirals ${admirals}` : ""}`,
    );
  }
  const admirals = Object.values(state.admirals)
    .filter((a) => a.owner === empire)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  out.push("# Your admirals (leader and transferAdmiral orders name them by id):");
  if (admirals.length === 0) out.push("#   none (hire one with hireAdmiral at a garrison in a sector with an industrial centre)");
  for (const a of admirals) {
    const unit = own(state.units, a.unit);
    out.push(
      `#   ${a.id} "${a.name}" in ${a.unit}${unit?.leader === a.id ? " (leads it)" : ""}: tactics ${a.tactics}, siegecraft ${a.siegecraft}, corvette combat ${a.combat}, hit points ${a.hits}`,
    );
  }
  const seen = seenSectors(state, empire);
  out.push("# Neighbouring sectors of your units:");
  for (const u of Object.values(state.units).filter((x) => x.owner === empire && x.kind === "starfleet")) {
    const ns = state.borders
      .filter((b) => !b.barrier && (b.a === u.sector || b.b === u.sector))
      .map((b) => (b.a === u.sector ? b.b : b.a))
      .sort((a, b) => a - b)
      .map((id) => {
        const s = state.sectors.find((x) => x.id === id);
        return `${id} ${s?.name} (${s?.owner}${seen.has(id) ? "" : ", unseen"})`;
      });
    out.push(`#   ${u.id}: ${ns.join("; ")}`);
  }
  out.push("#");
  out.push("# Every kind of order, one example each:");
  const adm = admirals[0]?.id ?? "ADM1";
  const examples = [
    "{ type: declareWar, empire: romulan }",
    "{ type: offerPeace, empire: romulan }",
    "{ type: offerAlliance, empire: federation }",
    "{ type: cancelAlliance, empire: federation }",
    "{ type: acceptance, empire: romulan, accept: false }",
    "{ type: passage, empire: federation, grant: true }",
    "{ type: infoSharing, empire: federation, grant: true }",
    "{ type: permission, sector: 6, empire: federation, grant: true }",
    "{ type: requestPermission, sector: 3 }",
    "{ type: withdrawPermission, sector: 3 }",
    "{ type: annex, sector: 3 }",
    "{ type: cede, sector: 3 }",
    "{ type: giveSector, sector: 3, empire: federation }",
    "{ type: sendResources, empire: federation, amount: 20 }",
    "{ type: espionage, empire: romulan }",
    '{ type: proclaim, text: "Glory to the Empire: our fleets stand ready to defend the peace of the quadrant." }',
    "{ type: formFleet, ref: new1, at: G1, name: Strike Group }",
    "{ type: transfer, from: G1, to: new1, starship: klingon/k-tinga-class-destroyer, count: 2, rank: 1 }",
    `{ type: transferAdmiral, admiral: ${adm}, to: new1 }`,
    "{ type: reassign, unit: A5, starship: klingon/hawk-heavy-cruiser, toRank: 2 }",
    "{ type: rename, unit: A5, name: Patrol Force 2 }",
    "{ type: retreatLevel, unit: A5, level: 3 }",
    "{ type: follow, unit: new1, leader: A5 }",
    "{ type: defend, unit: A5, value: true }",
    `{ type: leader, unit: A5, admiral: ${adm} }`,
    "{ type: cloak, unit: A5 }",
    "{ type: decloak, unit: A5 }",
    "{ type: travel, unit: A5, to: 3 }",
    "{ type: wait, unit: A5 }",
    "{ type: pillage, unit: A5 }",
    "{ type: search, unit: A5 }",
    "{ type: construct, unit: G1 }",
    "{ type: raze, unit: G1, levels: 1 }",
    "{ type: build, unit: G1, starship: klingon/klingon-bird-of-prey, count: 2, rank: 1 }",
    "{ type: hireAdmiral, unit: G1 }",
    "{ type: disband, unit: A5, starship: klingon/hawk-heavy-cruiser, count: 1 }",
    "{ type: salvage, unit: A5, starship: klingon/hawk-heavy-cruiser, count: 1 }",
    `{ type: disbandAdmiral, admiral: ${adm} }`,
    `{ type: renameAdmiral, admiral: ${adm}, name: General Martok }`,
    "{ type: renameRuler, name: Chancellor Gowron }",
  ];
  for (const x of examples) out.push(`#   - ${x}`);
  out.push(`empire: ${empire}`);
  out.push(`turn: ${state.turn}`);
  out.push("orders: []");
  return `${out.join("\n")}\n`;
}
