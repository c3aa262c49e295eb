/**
 * A battle's result entered from the table (issue 12 way 3: "players who fight the battle with the Knight Hawks
 * boxed game enter its result; it is validated (only ships that were there, damage within hit points)").
 *
 * The `result` order names the battle and what became of it: ships destroyed, escaped (broke off, seed 000
 * "Breaking Off Combat") or detonated (shatter drones, seed 000 "SHATTER DRONES (Optional)"), stations destroyed,
 * and per ship or station the damage and spent expendables it carries after the battle (a key not named keeps what it
 * carried in; none may fall below it). Whatever is not named fought on and is as it went in. The check is strict: every fault is a problem of its own, and a result with any fault is
 * refused whole (RULINGS.md "Battles entered from the table").
 */
import type { Problem } from "../../../../core/result.js";
import type { Damage, Side } from "../../model.js";
import type { ResultOrder } from "../../orders.js";
import { type Expendable, isExpendable, type Rating, SHIP_RATINGS, STATION_RATINGS } from "../../orders-of-battle/ship-classes.js";
import type { BattleInput, BattleLine, BattleResult, BattleShip, BattleStation, ShipOutcome, StationOutcome } from "../battle.js";

/**
 * Systems a Knight Hawks damage table can knock out besides ratings, weapons and defences, one each (model.ts
 * `Damage`): the combat control system, the navigation control, the power (all screens), a fire aboard.
 */
export const OTHER_SYSTEMS = ["combat-control", "navigation", "power", "fire"] as const;

/** The most of `key` a ship or station of `rating` can lose, or undefined when it has no such system. */
export function damageLimit(rating: Rating, key: string): number | undefined {
  if (key === "hull") return rating.hp;
  if (key === "ADF") return rating.adf;
  if (key === "MR") return rating.mr;
  if (key === "DCR") return rating.dcr;
  const n = (rating.weapons as Record<string, number | undefined>)[key] ?? (rating.defences as Record<string, number | undefined>)[key];
  if (n !== undefined) return n;
  return (OTHER_SYSTEMS as readonly string[]).includes(key) ? 1 : undefined;
}

/** Charges of an expendable a ship or station of `rating` carries (0 when it carries none). */
export function carried(rating: Rating, key: Expendable): number {
  return (rating.weapons as Record<string, number | undefined>)[key] ?? (rating.defences as Record<string, number | undefined>)[key] ?? 0;
}

function keysOf(rating: Rating): string {
  return ["hull", "ADF", "MR", "DCR", ...Object.keys(rating.weapons), ...Object.keys(rating.defences), ...OTHER_SYSTEMS]
    .filter((k) => (damageLimit(rating, k) ?? 0) > 0)
    .join(", ");
}

/** A `Damage` as plain numbers. */
function numbers(d: Damage): Record<string, number> {
  return Object.fromEntries(Object.entries(d).filter((e): e is [string, number] => e[1] !== undefined));
}

/** Nonzero entries only: a 0 is "none lost" (model.ts `Damage` keeps no zeros). */
function nonzero(t: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(Object.entries(t).filter(([, v]) => v > 0));
}

const tallyText = (t: Readonly<Record<string, number | undefined>>) =>
  Object.entries(t)
    .filter(([, v]) => (v ?? 0) > 0)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");

export interface CheckedResult {
  /** The result, when the order has no fault. */
  result?: BattleResult;
  problems: Problem[];
}

/**
 * Checks a result order against the battle it names, and builds the `BattleResult` it stands for. `label` names the
 * order in problems ("#0 result d3-prenglar-sathar"); `by` the seat entering it (for the battle's report);
 * `carrierCapacity` the fighters a carrier holds (escaping fighters must all find room aboard escaping carriers).
 */
export function checkResult(input: BattleInput, order: ResultOrder, label: string, by: string, carrierCapacity: number): CheckedResult {
  const problems: Problem[] = [];
  const bad = (code: string, message: string) => problems.push({ order: label, code, message });
  const ships = new Map(input.ships.map((s) => [s.id, s]));
  const stations = new Map(input.stations.map((s) => [s.id, s]));
  const inBattle = `in battle ${input.id}: ${[...ships.keys(), ...stations.keys()].join(", ")}`;
  const notThere = (id: string, what: string) =>
    bad(
      stations.has(id) ? "station-is-not-a-ship" : ships.has(id) ? "ship-is-not-a-station" : "not-in-battle",
      stations.has(id)
        ? `${id} is a station: ${what} names ships (a station is destroyed in stationsDestroyed, never escapes)`
        : ships.has(id)
          ? `${id} is a ship: ${what} names stations`
          : `${id} was not in battle ${input.id} (${what}); those ${inBattle}`,
    );

  // Fates: each ship at most one.
  const fate = new Map<string, ShipOutcome["fate"]>();
  const lists: [ShipOutcome["fate"], readonly string[] | undefined][] = [
    ["destroyed", order.destroyed],
    ["escaped", order.escaped],
    ["detonated", order.detonated],
  ];
  for (const [f, ids] of lists)
    for (const id of ids ?? []) {
      const bs = ships.get(id);
      if (!bs) {
        notThere(id, f);
        continue;
      }
      const had = fate.get(id);
      if (had !== undefined) {
        bad("two-fates", `${id} is both ${had} and ${f}: a ship has one fate`);
        continue;
      }
      fate.set(id, f);
      if (f === "detonated" && bs.drone !== true)
        bad("not-a-drone", `${id} is not a shatter drone: only a drone detonates (seed 000 "SHATTER DRONES (Optional)")`);
    }
  const fired = new Set<string>();
  for (const id of order.fired ?? []) {
    if (!ships.has(id)) notThere(id, "fired");
    fired.add(id);
  }
  for (const [id, f] of fate) {
    const bs = ships.get(id)!;
    if (f === "escaped" && bs.mustFireBeforeBreakOff === true && !fired.has(id))
      bad(
        "militia-must-fire",
        `${id} is militia in its home system: it "must make at least one attack ... before breaking off combat" (seed 000 "Breaking Off Combat"); name it in fired, or let it fight on`,
      );
  }
  // Fighters "cannot enter a transit box unless they are being carried aboard an assault carrier" (seed 000).
  for (const side of ["sathar", "upf"] as Side[]) {
    const fleeing = [...fate].filter(([id, f]) => f === "escaped" && ships.get(id)?.side === side);
    const fighters = fleeing.filter(([id]) => ships.get(id)?.cls === "FT").map(([id]) => id);
    if (fighters.length === 0) continue;
    const carriers = fleeing.filter(([id]) => ships.get(id)?.cls === "AC").length;
    if (carriers === 0)
      bad(
        "fighter-escape-without-carrier",
        `${fighters.join(", ")}: fighters cannot enter a transit box unless carried aboard an assault carrier (seed 000 "Breaking Off Combat"), and no carrier of theirs escaped`,
      );
    else if (fighters.length > carriers * carrierCapacity)
      bad(
        "fighters-over-capacity",
        `${fighters.length} fighters escape aboard ${carriers} carriers holding ${carrierCapacity} each: at most ${carriers * carrierCapacity}`,
      );
  }

  // Stations destroyed.
  const fallen = new Set<string>();
  for (const id of order.stationsDestroyed ?? []) {
    if (!stations.has(id)) {
      notThere(id, "stationsDestroyed");
      continue;
    }
    fallen.add(id);
  }

  // Damage and spent, per ship or station, after the battle.
  const damageOf = new Map<string, Damage>();
  const spentOf = new Map<string, Partial<Record<Expendable, number>>>();
  const ratingOf = (id: string): { rating: Rating; what: BattleShip | BattleStation; gone: boolean } | undefined => {
    const bs = ships.get(id);
    if (bs) return { rating: SHIP_RATINGS[bs.cls], what: bs, gone: fate.get(id) === "destroyed" || fate.get(id) === "detonated" };
    const st = stations.get(id);
    return st ? { rating: STATION_RATINGS[st.type], what: st, gone: fallen.has(id) } : undefined;
  };
  for (const [id, tally] of Object.entries(order.damage ?? {})) {
    const r = ratingOf(id);
    if (!r) {
      bad("not-in-battle", `${id} was not in battle ${input.id} (damage); those ${inBattle}`);
      continue;
    }
    let ok = true;
    for (const [key, n] of Object.entries(tally)) {
      const limit = damageLimit(r.rating, key);
      if (limit === undefined) {
        bad("unknown-system", `${id} has no system "${key}" to damage; it may lose: ${keysOf(r.rating)}`);
        ok = false;
      } else if (n > limit) {
        bad(
          key === "hull" ? "damage-over-hull" : "damage-over-rating",
          key === "hull"
            ? `${id} has ${limit} hull points: ${n} lost is more than it has (at ${limit} it is destroyed)`
            : `${id} has ${limit} of ${key}: ${n} lost is more than it has`,
        );
        ok = false;
      } else if (n < (r.what.damage[key] ?? 0)) {
        bad(
          "damage-less-than-before",
          `${id} carried ${key} ${r.what.damage[key]} into the battle: damage is the total after it, at least ${r.what.damage[key]} (damage control repairs only the battle's own damage, seed 000 "REPAIR")`,
        );
        ok = false;
      } else if (key === "hull" && n === limit && !r.gone)
        bad(
          "hull-gone-not-destroyed",
          `${id} has lost all ${limit} hull points: name it in ${stations.has(id) ? "stationsDestroyed" : "destroyed"}, or give the hull it kept`,
        );
    }
    // Keys not named keep what the ship carried in.
    if (ok) damageOf.set(id, nonzero({ ...numbers(r.what.damage), ...tally }));
  }
  for (const [id, tally] of Object.entries(order.spent ?? {})) {
    const r = ratingOf(id);
    if (!r) {
      bad("not-in-battle", `${id} was not in battle ${input.id} (spent); those ${inBattle}`);
      continue;
    }
    // Expendables not named keep what had been spent going in.
    const out: Partial<Record<Expendable, number>> = { ...r.what.spent };
    for (const [key, n] of Object.entries(tally)) {
      const has = isExpendable(key) ? carried(r.rating, key) : 0;
      if (!isExpendable(key) || has === 0) {
        const list = Object.keys({ ...r.rating.weapons, ...r.rating.defences }).filter((k) => isExpendable(k));
        bad("spent-not-carried", `${id} carries no ${key} to spend; its expendables: ${list.join(", ") || "none"}`);
        continue;
      }
      const before = r.what.spent[key] ?? 0;
      if (n > has) bad("spent-over-carried", `${id} carries ${has} ${key}: ${n} spent is more than it has`);
      else if (n < before)
        bad(
          "spent-less-than-before",
          `${id} had spent ${before} ${key} before the battle: spent is the total after it, at least ${before}`,
        );
      else if (n > 0) out[key] = n;
    }
    spentOf.set(id, out);
  }
  for (const [id, keys] of Object.entries(order.stationOnly ?? {})) {
    const bs = ships.get(id);
    if (!bs) {
      bad("not-in-battle", `${id} is not a ship of battle ${input.id} (stationOnly); those ${inBattle}`);
      continue;
    }
    for (const key of keys)
      if (damageLimit(SHIP_RATINGS[bs.cls], key) === undefined)
        bad("unknown-system", `${id} has no system "${key}"; it may lose: ${keysOf(SHIP_RATINGS[bs.cls])}`);
  }

  // Who holds the field.
  const left = (side: Side) =>
    input.ships.some((s) => s.side === side && !fate.has(s.id)) || (side === "upf" && input.stations.some((st) => !fallen.has(st.id)));
  let holder: Side | null;
  if (order.holder === undefined) {
    const defender: Side = input.attacker === "sathar" ? "upf" : "sathar";
    // Both sides still there (the table's battle ended otherwise): the defender holds, as a Battleshift battle's turn limit.
    holder = left(defender) ? defender : left(input.attacker) ? input.attacker : null;
  } else if (order.holder === "none") holder = null;
  else {
    holder = order.holder;
    if (!left(holder))
      bad(
        "holder-has-nothing-left",
        `the ${holder === "sathar" ? "Sathar" : "UPF"} cannot hold the field: none of their ships or stations is left in it`,
      );
  }
  if (problems.length > 0) return { problems };

  const outShips: Record<string, ShipOutcome> = {};
  for (const bs of input.ships) {
    const f = fate.get(bs.id);
    const d = damageOf.get(bs.id);
    const sp = spentOf.get(bs.id);
    const only = order.stationOnly?.[bs.id];
    if (f === undefined && d === undefined && sp === undefined && only === undefined && !fired.has(bs.id)) continue;
    outShips[bs.id] = {
      fate: f ?? "fought",
      damage: d ?? { ...bs.damage },
      spent: sp ?? { ...bs.spent },
      ...(only && only.length > 0 ? { stationOnly: [...only] } : {}),
      ...(fired.has(bs.id) ? { fired: true } : {}),
    };
  }
  const outStations: Record<string, StationOutcome> = {};
  for (const st of input.stations) {
    const d = damageOf.get(st.id);
    const sp = spentOf.get(st.id);
    if (!fallen.has(st.id) && d === undefined && sp === undefined) continue;
    outStations[st.id] = { destroyed: fallen.has(st.id), damage: d ?? { ...st.damage }, spent: sp ?? { ...st.spent } };
  }
  const lines: BattleLine[] = [{ round: 0, text: `result entered from the table by ${by} (issue 12 way 3)` }];
  for (const [id, o] of Object.entries(outShips))
    lines.push({
      round: 0,
      text: `${id}: ${o.fate}${tallyText(o.damage) ? `; damage ${tallyText(o.damage)}` : ""}${tallyText(o.spent) ? `; spent ${tallyText(o.spent)}` : ""}`,
    });
  for (const [id, o] of Object.entries(outStations))
    lines.push({
      round: 0,
      text: `${id}: ${o.destroyed ? "destroyed" : "stands"}${tallyText(o.damage) ? `; damage ${tallyText(o.damage)}` : ""}${tallyText(o.spent) ? `; spent ${tallyText(o.spent)}` : ""}`,
    });
  return { result: { ships: outShips, stations: outStations, rounds: order.rounds ?? 0, holder, lines }, problems };
}
