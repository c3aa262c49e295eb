/**
 * When a game of Galactic Empires ends, and who wins.
 *
 * Chapter 5 "Achieving Victory" only points to a web page that is not in the
 * seed; the FAQ (chapter 10) adds that "It is up to the victorious coalition"
 * to declare, and chapter 5 "Player Status" that "Alliance victories are fine".
 * Chapter 8: "you will need to vanquish a swath of space in order to claim
 * victory". So victory is configurable (Settings, RULINGS.md "Victory"):
 *
 *  1. No empire left: the game ends with no winner.
 *  2. One empire left: it wins.
 *  3. The empires left are all allied with one another and no more than
 *     `victoryAllianceSize`: they win together.
 *  4. One empire, or an alliance of up to `victoryAllianceSize` empires all
 *     allied with one another, holds at least `victorySectorShare`% of all
 *     sectors and at least `victoryIndustryShare`% of all industrial centres
 *     (either share may be null: not required). If several qualify, the one
 *     holding most sectors wins (then most industrial centres, then the smaller
 *     group, then the first by name).
 *  5. After `turnLimit` turns: the empires holding most sectors (then most
 *     industrial centres) win.
 *
 * `outcome` is checked on the state after each turn; a game with an outcome
 * takes no more turns (host/game-dir.ts).
 */
import { own } from "../../core/ids.js";
import type { Outcome } from "../../core/ruleset.js";
import { type EmpireId, type GameState, INDEPENDENT, relationOf } from "./model.js";

export interface Holdings {
  sectors: number;
  annexed: number;
  industrialCentres: number;
}

/** Sectors owned, sectors annexed and industrial centres owned, by empire (independents left out). */
export function holdingsOf(state: GameState): Record<EmpireId, Holdings> {
  const out: Record<EmpireId, Holdings> = {};
  for (const id of Object.keys(state.empires).sort()) out[id] = { sectors: 0, annexed: 0, industrialCentres: 0 };
  for (const s of state.sectors) {
    const h = s.owner === INDEPENDENT ? undefined : out[s.owner];
    if (h) {
      h.sectors++;
      if (s.industry) h.industrialCentres++;
    }
    const a = s.annexedTo === null ? undefined : out[s.annexedTo];
    if (a) a.annexed++;
  }
  return out;
}

function alive(state: GameState): EmpireId[] {
  return Object.keys(state.empires)
    .filter((id) => id !== INDEPENDENT && !own(state.empires, id)?.defeated)
    .sort();
}

const allied = (state: GameState, a: EmpireId, b: EmpireId) => relationOf(state, a, b) === "alliance";

/** Every group of up to `max` living empires all allied with one another (single empires included), in a stable order. */
export function allianceGroups(state: GameState, max: number): EmpireId[][] {
  const live = alive(state);
  const out: EmpireId[][] = [];
  const grow = (group: EmpireId[], from: number) => {
    out.push(group);
    if (group.length >= max) return;
    for (let j = from; j < live.length; j++) {
      const e = live[j] as EmpireId;
      if (group.every((g) => allied(state, g, e))) grow([...group, e], j + 1);
    }
  };
  live.forEach((e, i) => {
    grow([e], i + 1);
  });
  return out;
}

const pct = (n: number) => `${Math.round(n * 10) / 10}%`;

export function outcomeOf(state: GameState): Outcome | null {
  const live = alive(state);
  const s = state.settings;
  if (live.length === 0) return { winners: [], reason: "every empire has been defeated" };
  if (live.length === 1) return { winners: live, reason: "the last empire standing" };
  if (live.length <= s.victoryAllianceSize && live.every((a) => live.every((b) => a === b || allied(state, a, b))))
    return { winners: live, reason: `the ${live.length} empires left are all allied with one another` };

  if (s.victorySectorShare !== null || s.victoryIndustryShare !== null) {
    const holdings = holdingsOf(state);
    const totalSectors = state.sectors.length;
    const totalCentres = state.sectors.filter((x) => x.industry !== null).length;
    let best: { group: EmpireId[]; sectors: number; centres: number } | null = null;
    for (const group of allianceGroups(state, s.victoryAllianceSize)) {
      let sectors = 0;
      let centres = 0;
      for (const e of group) {
        sectors += holdings[e]?.sectors ?? 0;
        centres += holdings[e]?.industrialCentres ?? 0;
      }
      const okSectors = s.victorySectorShare === null || sectors * 100 >= s.victorySectorShare * totalSectors;
      const okCentres = s.victoryIndustryShare === null || centres * 100 >= s.victoryIndustryShare * totalCentres;
      if (!okSectors || !okCentres) continue;
      const better =
        best === null ||
        sectors > best.sectors ||
        (sectors === best.sectors &&
          (centres > best.centres ||
            (centres === best.centres &&
              (group.length < best.group.length || (group.length === best.group.length && group.join(",") < best.group.join(","))))));
      if (better) best = { group, sectors, centres };
    }
    if (best) {
      const who = best.group.length === 1 ? (best.group[0] as string) : `the alliance of ${best.group.join(", ")}`;
      const needs = [
        s.victorySectorShare === null ? null : `${pct(s.victorySectorShare)} of the sectors`,
        s.victoryIndustryShare === null ? null : `${pct(s.victoryIndustryShare)} of the industrial centres`,
      ]
        .filter(Boolean)
        .join(" and ");
      return {
        winners: best.group,
        reason: `${who} holds ${best.sectors} of ${totalSectors} sectors (${pct((100 * best.sectors) / totalSectors)}) and ${best.centres} of ${totalCentres} industrial centres (${pct(totalCentres ? (100 * best.centres) / totalCentres : 0)}); victory needs ${needs}`,
      };
    }
  }

  if (s.turnLimit !== null && state.turn > s.turnLimit) {
    return { winners: leaders(state), reason: `the turn limit (${s.turnLimit}) was reached: most sectors, then most industrial centres` };
  }
  return null;
}

/** Living empires holding most sectors, then most industrial centres (turn-limit winners). */
export function leaders(state: GameState): EmpireId[] {
  const h = holdingsOf(state);
  const live = alive(state);
  let best: EmpireId[] = [];
  let key: [number, number] = [-1, -1];
  for (const e of live) {
    const x = h[e] ?? { sectors: 0, industrialCentres: 0 };
    if (x.sectors > key[0] || (x.sectors === key[0] && x.industrialCentres > key[1])) {
      key = [x.sectors, x.industrialCentres];
      best = [e];
    } else if (x.sectors === key[0] && x.industrialCentres === key[1]) best.push(e);
  }
  return best;
}
