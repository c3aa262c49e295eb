/**
 * The battle odds page's form as plain data (seed 003 chapter 6; the odds tool of tools.ts fights the battle many
 * times with the adjudicator's own code): two sides of starships by type, count and rank, a retreat level each,
 * and where the battle is fought. Filled at first from what the empire knows: its largest force, and the largest
 * foreign force it sees.
 */
import type { EmpireView } from "../../../rules/galactic-empires/view.js";

export interface ShipRow {
  type: string;
  count: number;
  rank: number;
}

export interface OddsSideForm {
  name: string;
  ships: ShipRow[];
  retreatLevel: number;
}

export interface OddsForm {
  sides: [OddsSideForm, OddsSideForm];
  /** Sector defence level (0: none) and the side it protects (0 or 1), unless the battle is cross-border. */
  defenceLevel: number;
  defenceSide: number;
  crossBorder: boolean;
  runs: number;
}

const size = (ships: readonly { count: number }[]) => ships.reduce((n, s) => n + s.count, 0);

/** Our largest unit against the largest foreign unit in sight (or an empty side to fill in). */
export function initialForm(view: EmpireView): OddsForm {
  const ours = [...view.units].sort((a, b) => size(b.ships) - size(a.ships))[0];
  const theirs = [...view.foreignUnits].sort((a, b) => size(b.ships) - size(a.ships))[0];
  const ownerName = (id: string) => view.empires.find((e) => e.id === id)?.name ?? (id === "independent" ? "Independent" : id);
  return {
    sides: [
      {
        name: ours ? `${ours.name} (${ours.id})` : view.me.name,
        ships: ours ? ours.ships.map((s) => ({ type: s.type, count: s.count, rank: s.rank })) : [],
        retreatLevel: ours?.retreatLevel ?? 5,
      },
      {
        name: theirs ? `${ownerName(theirs.owner)} ${theirs.name} (${theirs.id})` : "The enemy",
        // Foreign ranks are not visible (view.ts): assumed in the front rank.
        ships: theirs ? theirs.ships.map((s) => ({ type: s.type, count: s.count, rank: 1 })) : [],
        retreatLevel: 5,
      },
    ],
    defenceLevel: 0,
    defenceSide: 1,
    crossBorder: false,
    runs: 2000,
  };
}

/** The odds tool's input file (odds.ts `oddsInputSchema`) for the form: empty rows left out, one unit a side. */
export function oddsInput(f: OddsForm): unknown {
  return {
    sides: f.sides.map((s, i) => ({
      name: s.name.trim() || `Side ${i + 1}`,
      units: [
        {
          ships: s.ships.filter((r) => r.type !== "" && r.count > 0).map((r) => ({ type: r.type, count: r.count, rank: r.rank })),
          retreatLevel: s.retreatLevel,
          defendsDefences: !f.crossBorder && f.defenceLevel > 0 && f.defenceSide === i,
        },
      ],
    })),
    sectorDefence: {
      level: f.crossBorder ? 0 : f.defenceLevel,
      damage: 0,
      ownerSide: !f.crossBorder && f.defenceLevel > 0 ? f.defenceSide : null,
    },
    crossBorder: f.crossBorder,
  };
}
