/**
 * Final Events that move resources and build things: seed 003 chapter 4 ("Final
 * Events", in chapter 9's order) with the details of chapter 5 ("Resources",
 * "Sector defences", "Sector Revenue", "Admirals", "Building starships"). The
 * diplomatic steps are in diplomacy.ts, the rest in proclamation.ts,
 * espionage.ts and scouting.ts; final-events.ts puts them in order.
 *
 * Money is counted in hundredths (upkeep is 0.3 a destroyer), so treasuries never
 * drift and never go negative.
 */
import { own } from "../../core/ids.js";
import { round } from "../../core/json.js";
import {
  ADMIRAL_HIRE_COST,
  CONSTRUCTION_COST,
  CONSTRUCTION_WORKERS,
  DAMAGE_REVENUE,
  DECAY_RATE,
  LIMITS,
  MAX_DEFENCE_LEVEL,
  MAX_RAZE_PER_TURN,
  RAZE_SALVAGE,
  RAZE_WORKERS,
  SEND_FEE,
  SEND_RANGE,
  shipType,
  starshipType,
  upkeepOf,
} from "./catalog.js";
import { type IndexedOrder, type TurnContext, unitsByOwner } from "./context.js";
import {
  type Admiral,
  type AdmiralId,
  admiralLabel,
  compareUnitIds,
  type Empire,
  type EmpireId,
  garrisonId,
  INDEPENDENT,
  newUnit,
  type Rank,
  type Sector,
  type SectorId,
  type ShipStack,
  type Unit,
} from "./model.js";

// --- shared helpers (also used by diplomacy.ts, espionage.ts, scouting.ts) ----

/** Resources as whole hundredths. */
export const toCents = (x: number): number => Math.round(x * 100);
export const fromCents = (c: number): number => c / 100;
/** A resource figure for messages: at most two decimals, no trailing zeros. */
export const fmt = (x: number): string => String(round(x, 2));

/** "ADM2" < "ADM10": letters, then the number. */
export function compareIds(a: string, b: string): number {
  const ma = /^(\D*)(\d*)$/.exec(a);
  const mb = /^(\D*)(\d*)$/.exec(b);
  const pa = ma?.[1] ?? a;
  const pb = mb?.[1] ?? b;
  if (pa !== pb) return pa < pb ? -1 : 1;
  const na = Number(ma?.[2] || Number.NaN);
  const nb = Number(mb?.[2] || Number.NaN);
  if (na !== nb && !Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Empires still in the game, by id. */
export function activeEmpires(ctx: TurnContext): Empire[] {
  return Object.keys(ctx.state.empires)
    .sort()
    .map((id) => own(ctx.state.empires, id) as Empire)
    .filter((e) => !e.defeated);
}

export function admiralsOwnedBy(ctx: TurnContext, empire: EmpireId): Admiral[] {
  return Object.values(ctx.state.admirals)
    .filter((a) => a.owner === empire)
    .sort((a, b) => compareIds(a.id, b.id));
}

/** An admiral leaves the game (resigns, is not paid, is disbanded): out of his unit, no longer its leader. */
export function removeAdmiral(ctx: TurnContext, id: AdmiralId): void {
  const a = own(ctx.state.admirals, id);
  if (!a) return;
  const unit = own(ctx.state.units, a.unit);
  if (unit) {
    unit.admirals = unit.admirals.filter((x) => x !== id);
    if (unit.leader === id) unit.leader = null;
  }
  delete ctx.state.admirals[id];
}

/** An empire's name for messages; its id if there is no such empire. */
export function empireName(ctx: TurnContext, id: EmpireId): string {
  return own(ctx.state.empires, id)?.name ?? id;
}

export function sectorName(ctx: TurnContext, id: SectorId): string {
  const s = ctx.sector(id);
  return s ? `${s.name} (${id})` : `sector ${id}`;
}

/** The sector an order names, or a problem. */
export function orderSector(ctx: TurnContext, io: IndexedOrder, id: SectorId): Sector | null {
  const s = ctx.sector(id);
  if (!s) ctx.fail(io, "unknown-sector", `there is no sector ${id}`);
  return s ?? null;
}

/**
 * Another empire an order names: known, in the game, not you and not the
 * independents. Returns it or records a problem.
 */
export function otherEmpire(ctx: TurnContext, io: IndexedOrder, id: EmpireId, what: string): Empire | null {
  if (id === io.empire) {
    ctx.fail(io, "self", `${what} must name another empire, not your own`);
    return null;
  }
  const e = own(ctx.state.empires, id);
  if (id === INDEPENDENT || !e) {
    const known = Object.keys(ctx.state.empires)
      .filter((x) => x !== io.empire)
      .sort();
    ctx.fail(io, "unknown-empire", `${what}: there is no empire "${id}"; the others are ${known.join(", ") || "none"}`);
    return null;
  }
  if (e.defeated) {
    ctx.fail(io, "empire-defeated", `${what}: ${e.name} has been defeated and is out of the game`);
    return null;
  }
  return e;
}

/** Whether `recipient` accepts gifts from `giver` (chapter 2, "Acceptance"; default yes). */
export function accepts(ctx: TurnContext, recipient: EmpireId, giver: EmpireId): boolean {
  return own(ctx.state.empires, recipient)?.toward[giver]?.accept ?? true;
}

/**
 * The garrison an order of `io.empire` names (building, hiring). A garrison whose
 * sector was conquered this turn is reported as lost, not as unknown: the sector's
 * new owner is public on the map (chapter 4, "Starships Built": "If the sector you
 * were building in is conquered by another nation, you will not be able to build there").
 */
export function orderGarrison(ctx: TurnContext, io: IndexedOrder, ref: string, what: string): Unit | null {
  const id = ctx.refs.get(io.empire)?.get(ref) ?? ref;
  const u = own(ctx.state.units, id);
  if (u && u.kind === "garrison" && u.owner !== io.empire && ctx.startOwner.get(u.sector) === io.empire) {
    ctx.fail(
      io,
      "sector-lost",
      `${what}: ${sectorName(ctx, u.sector)} was conquered this turn and belongs to ${ctx.sector(u.sector)?.owner}; ` +
        `garrison ${u.id} is no longer yours`,
    );
    return null;
  }
  const g = ctx.ownUnitOr(io, ref, what);
  if (!g) return null;
  if (g.kind !== "garrison") {
    ctx.fail(io, "not-a-garrison", `${what}: ${g.id} is a starfleet; only garrisons can do this (chapter 3, "Major Unit Orders")`);
    return null;
  }
  return g;
}

/**
 * Chapter 5 "Units": "Any sector that has a Industrial center and/or sector defence
 * will have a garrison". A sector that gets its first defence level gets an empty
 * garrison of its owner.
 */
export function ensureGarrison(ctx: TurnContext, sector: Sector): Unit {
  const id = garrisonId(sector.id);
  const existing = own(ctx.state.units, id);
  if (existing) return existing;
  const g = newUnit({ id, kind: "garrison", owner: sector.owner, name: `Garrison of ${sector.name}`, sector: sector.id });
  ctx.state.units[id] = g;
  return g;
}

// --- 3.1 Sector Damage Increases -------------------------------------------------

/** Chapter 4 "Sector Damage Increases": each sector battle gives this chance of damage. */
export const BATTLE_DAMAGE_CHANCE = 10;

/**
 * Chapter 4, "Sector Damage Increases": pillage, a change of owner, or for each sector
 * battle a 10% chance (cross-border battles are not in ctx.battles) raise the damage
 * +1, at most +1 a turn and at most 3. The sector is recorded in ctx.damageRaised
 * even when it already stood at 3, so "Sector Damage Repaired" does not repair a
 * sector that was devastated again this turn (RULINGS: "Damage at the maximum").
 */
export function sectorDamageIncreases(ctx: TurnContext): void {
  for (const s of ctx.state.sectors) {
    let why: string | null = null;
    if (ctx.pillaged.has(s.id)) why = "pillaged";
    else if (ctx.changedOwner.has(s.id)) why = "changed owner";
    else {
      const n = ctx.battles.get(s.id) ?? 0;
      if (n > 0)
        ctx.uncertain(`damage to ${sectorName(ctx, s.id)} from its battles (${BATTLE_DAMAGE_CHANCE}% a battle)`, [
          `sector:${s.id}`,
          `empire:${s.owner}`,
        ]);
      for (let i = 0; i < n; i++) {
        if (ctx.rng.chance(BATTLE_DAMAGE_CHANCE)) {
          why = "battle";
          break;
        }
      }
    }
    if (why === null) continue;
    ctx.damageRaised.add(s.id);
    if (s.damage >= 3) continue;
    s.damage += 1;
    ctx.message([s.owner], `${sectorName(ctx, s.id)} was damaged (${why}): damage level now ${s.damage}.`);
  }
}

// --- 3.2 Resources Sent -----------------------------------------------------------

/**
 * Length of the shortest convoy route (borders crossed) from one of `sender`'s
 * garrisons to one of `recipient`'s, through sectors the sender has Permission for,
 * or null. Chapter 4 "Resources Sent" and the FAQ: "you need passage rights (or
 * special permission) for all sectors in between"; chapter 2: "within 7 locations".
 * The sectors at both ends need no permission: the convoy starts at your garrison
 * and is received at theirs.
 */
export function sendRoute(ctx: TurnContext, sender: EmpireId, recipient: EmpireId, alsoAt: readonly SectorId[] = []): number | null {
  const units = Object.values(ctx.state.units);
  const targets = new Set(units.filter((u) => u.kind === "garrison" && u.owner === recipient).map((u) => u.sector));
  for (const s of alsoAt) targets.add(s);
  const starts = [...new Set(units.filter((u) => u.kind === "garrison" && u.owner === sender).map((u) => u.sector))].sort((a, b) => a - b);
  if (targets.size === 0 || starts.length === 0) return null;
  const dist = new Map<SectorId, number>();
  let frontier: SectorId[] = [];
  for (const s of starts) {
    if (targets.has(s)) return 0;
    dist.set(s, 0);
    frontier.push(s);
  }
  for (let d = 1; d <= SEND_RANGE && frontier.length > 0; d++) {
    const next: SectorId[] = [];
    for (const at of frontier) {
      for (const n of ctx.neighbours(at)) {
        if (dist.has(n)) continue;
        if (targets.has(n)) return d;
        dist.set(n, d);
        // A sector "in between" may only carry the convoy with Permission.
        if (ctx.hasPermission(sender, n)) next.push(n);
      }
    }
    frontier = next;
  }
  return null;
}

/**
 * Chapter 4, "Resources Sent": the recipient must accept gifts from you, a route of
 * sectors you have Permission for must join one of your garrisons to one of theirs
 * within SEND_RANGE (7) steps, and you pay the amount plus a 10% fee; the recipient
 * gets the amount.
 */
export function resourcesSent(ctx: TurnContext): void {
  for (const io of ctx.ordersOf("sendResources")) {
    const o = io.order;
    const to = otherEmpire(ctx, io, o.empire, "sendResources");
    if (!to) continue;
    if (!accepts(ctx, to.id, io.empire)) {
      ctx.fail(io, "gift-refused", `${to.name} does not accept gifts from you (chapter 2, "Acceptance")`);
      continue;
    }
    const steps = sendRoute(ctx, io.empire, to.id);
    const p = ctx.preview;
    if (steps === null && p && ctx.previewing(io.empire)) {
      // The check: the recipient's garrisons out of sight are not in the state it runs on. Any sector it owns
      // out of sight may hold one; if a route reaches such a sector, whether the convoy arrives is unknown.
      const unseen = ctx.state.sectors.filter((s) => s.owner === to.id && !p.seen.has(s.id)).map((s) => s.id);
      if (unseen.length > 0 && sendRoute(ctx, io.empire, to.id, unseen) !== null) {
        ctx.cannotVerify(
          io,
          `whether ${fmt(o.amount)} resources reach ${to.name} cannot be verified from what you know: no route reaches a garrison of theirs that you see, ` +
            `but one may reach a garrison in their sectors out of your sight (chapter 4, "Resources Sent")`,
        );
        ctx.uncertain(`whether the resources sent to ${to.name} arrive`, [`empire:${io.empire}`]);
        continue;
      }
    }
    if (steps === null) {
      ctx.fail(
        io,
        "no-route",
        `no route of at most ${SEND_RANGE} sectors joins one of your garrisons to one of ${to.name}'s through sectors you have Permission for ` +
          `(chapter 4, "Resources Sent"; chapter 10: passage rights or special permission for every sector in between)`,
      );
      continue;
    }
    const amount = fromCents(toCents(o.amount));
    const cost = fromCents(toCents(amount * (1 + SEND_FEE)));
    const have = ctx.treasury(io.empire);
    if (!ctx.pay(io.empire, cost)) {
      ctx.fail(
        io,
        "cannot-afford",
        `sending ${fmt(amount)} costs ${fmt(cost)} (${fmt(amount)} + ${SEND_FEE * 100}% fee) but your treasury holds ${fmt(have)}; ` +
          `you could send at most ${fmt(Math.floor((have * 100) / (1 + SEND_FEE)) / 100)}`,
      );
      continue;
    }
    ctx.credit(to.id, amount);
    const from = empireName(ctx, io.empire);
    ctx.message([io.empire], `Sent ${fmt(amount)} resources to ${to.name} (cost ${fmt(cost)} with the ${SEND_FEE * 100}% fee).`);
    ctx.message([to.id], `${from} sent you ${fmt(amount)} resources.`);
  }
}

// --- 3.3 Upkeep Paid ----------------------------------------------------------------

/** Chapter 4 "Upkeep Paid": each ship not receiving full upkeep has this chance of being lost. */
export const UNPAID_LOSS_CHANCE = 50;

interface UpkeepLine {
  unit: Unit;
  stack: ShipStack;
  unpaid: number;
}

/** Starships are paid back ranks first (5 to 1), then by unit id, type and used move points. */
function upkeepOrder(units: Unit[]): { unit: Unit; stack: ShipStack }[] {
  const lines: { unit: Unit; stack: ShipStack }[] = [];
  for (const unit of units) for (const stack of unit.ships) if (stack.count > 0) lines.push({ unit, stack });
  lines.sort(
    (a, b) =>
      b.stack.rank - a.stack.rank ||
      compareUnitIds(a.unit.id, b.unit.id) ||
      (a.stack.type < b.stack.type ? -1 : a.stack.type > b.stack.type ? 1 : 0) ||
      a.stack.used - b.stack.used,
  );
  return lines;
}

/**
 * Chapter 4, "Upkeep Paid" and chapter 5 "Starships" (Upkeep). Every empire pays,
 * orders or not (chapter 4, introduction). Admirals are paid first
 * (settings.admiralUpkeep each, in id order), then starships at their catalogue
 * upkeep, rank 5 first: chapter 9 advises "Keep your best starships in the back
 * (in Rank 4 or 5)", so the ships a player shelters are the ones kept paid.
 * When the treasury runs out, the rest of it goes to the next item, which is still
 * not fully paid, and everything after is unpaid; the treasury ends at 0, never
 * below. Each unpaid starship is lost with 50% chance (ledger "upkeep"); an unpaid
 * admiral resigns with 50% chance (RULINGS: "Unpaid admirals").
 */
export function upkeepPaid(ctx: TurnContext): void {
  const adCost = toCents(ctx.state.settings.admiralUpkeep);
  // Upkeep adds, removes and hands over no unit: one grouping serves every empire.
  const byOwner = unitsByOwner(ctx);
  for (const e of activeEmpires(ctx)) {
    const own = byOwner.get(e.id) ?? [];
    let cents = toCents(e.treasury);
    const start = cents;
    const unpaidAdmirals: Admiral[] = [];
    const admirals = admiralsOwnedBy(ctx, e.id);
    for (const a of admirals) {
      if (cents >= adCost) cents -= adCost;
      else {
        cents = 0;
        unpaidAdmirals.push(a);
      }
    }
    const lines: UpkeepLine[] = [];
    let shipCount = 0;
    for (const { unit, stack } of upkeepOrder(own)) {
      shipCount += stack.count;
      const each = toCents(upkeepOf(shipType(stack.type), ctx.state.settings));
      const paid = each <= 0 ? stack.count : Math.min(stack.count, Math.floor(cents / each));
      cents -= paid * each;
      if (paid < stack.count) {
        cents = 0;
        lines.push({ unit, stack, unpaid: stack.count - paid });
      }
    }
    e.treasury = fromCents(cents);
    const spent = fromCents(start - cents);
    if (admirals.length === 0 && shipCount === 0) continue;

    // The dice, in payment order: admirals, then starships one by one.
    if ((unpaidAdmirals.length > 0 || lines.length > 0) && ctx.previewing(e.id))
      ctx.uncertain(`the unpaid upkeep of ${e.name} (each unpaid starship or admiral is lost with ${UNPAID_LOSS_CHANCE}%)`, [
        `empire:${e.id}`,
      ]);
    const resigned: Admiral[] = [];
    for (const a of unpaidAdmirals) if (ctx.rng.chance(UNPAID_LOSS_CHANCE)) resigned.push(a);
    const losses: string[] = [];
    let unpaidShips = 0;
    let lostShips = 0;
    for (const line of lines) {
      let lost = 0;
      for (let i = 0; i < line.unpaid; i++) if (ctx.rng.chance(UNPAID_LOSS_CHANCE)) lost++;
      unpaidShips += line.unpaid;
      if (lost === 0) continue;
      lostShips += lost;
      line.stack.count -= lost;
      ctx.ledger(line.unit, line.stack.type, -lost, "upkeep");
      losses.push(`${lost} ${shipType(line.stack.type).name} of ${line.unit.id} (rank ${line.stack.rank})`);
    }
    for (const u of own) u.ships = u.ships.filter((s) => s.count > 0);
    for (const a of resigned) removeAdmiral(ctx, a.id);

    let text = `Upkeep paid: ${fmt(spent)} for ${admirals.length} admiral(s) and ${shipCount} starship(s).`;
    if (unpaidShips > 0 || unpaidAdmirals.length > 0) {
      text += ` The treasury ran out: ${unpaidAdmirals.length} admiral(s) and ${unpaidShips} starship(s) did not receive full upkeep;`;
      text += ` ${lostShips} starship(s) lost${losses.length > 0 ? ` (${losses.join(", ")})` : ""}`;
      text += resigned.length > 0 ? `; admiral(s) ${resigned.map(admiralLabel).join(", ")} resigned.` : ".";
    }
    ctx.message([e.id], text);
  }
}

// --- 3.4 Starships Built -------------------------------------------------------------

/**
 * Chapter 4, "Starships Built" and chapter 5, "Building starships": a garrison of
 * yours in a sector with an industrial centre that you own now (FAQ: lost and
 * retaken in the same turn still builds) builds types from the centre's build list,
 * at most `maxBuild` a sector a turn ("0/13"), "reduced to what you can afford".
 */
export function starshipsBuilt(ctx: TurnContext): void {
  const builtAt = new Map<SectorId, number>();
  for (const io of ctx.ordersOf("build")) {
    const o = io.order;
    const g = orderGarrison(ctx, io, o.unit, "build");
    if (!g) continue;
    const s = ctx.sector(g.sector);
    if (!s?.industry) {
      ctx.fail(
        io,
        "no-industrial-centre",
        `${sectorName(ctx, g.sector)} has no industrial centre; starships are built only there (chapter 5)`,
      );
      continue;
    }
    if (s.owner !== io.empire) {
      ctx.fail(io, "sector-lost", `${sectorName(ctx, s.id)} is not yours at the end of movement`);
      continue;
    }
    const type = starshipType(o.starship);
    if (!type || !s.industry.builds.includes(o.starship)) {
      ctx.fail(
        io,
        "not-in-build-list",
        `${o.starship} cannot be built at ${sectorName(ctx, s.id)}; its build list is ${s.industry.builds.join(", ") || "empty"}`,
      );
      continue;
    }
    const done = builtAt.get(s.id) ?? 0;
    const room = s.industry.maxBuild - done;
    if (room <= 0) {
      ctx.fail(io, "build-limit", `${sectorName(ctx, s.id)} has already built its maximum of ${s.industry.maxBuild} starships this turn`);
      continue;
    }
    let n = o.count;
    if (n > room) {
      ctx.fail(
        io,
        "build-limit",
        `${sectorName(ctx, s.id)} can build ${s.industry.maxBuild} starships a turn (${done} already ordered): reduced from ${n} to ${room}`,
      );
      n = room;
    }
    const each = toCents(type.build);
    const have = toCents(ctx.treasury(io.empire));
    const affordable = each <= 0 ? n : Math.floor(have / each);
    if (affordable <= 0) {
      ctx.fail(io, "cannot-afford", `one ${type.name} costs ${fmt(type.build)} but your treasury holds ${fmt(fromCents(have))}`);
      continue;
    }
    if (affordable < n) {
      ctx.fail(
        io,
        "cannot-afford",
        `${n} ${type.name} cost ${fmt(fromCents(each * n))} but your treasury holds ${fmt(fromCents(have))}: reduced to what you can afford, ${affordable}`,
      );
      n = affordable;
    }
    ctx.pay(io.empire, fromCents(each * n));
    builtAt.set(s.id, done + n);
    ctx.addShips(g, type.id, o.rank as Rank, n, 0);
    ctx.builtNow.set(g.id, (ctx.builtNow.get(g.id) ?? 0) + n);
    ctx.ledger(g, type.id, n, "built");
    ctx.message(
      [io.empire],
      `Built ${n} ${type.name} in ${g.id} at ${sectorName(ctx, s.id)}, rank ${o.rank}, for ${fmt(fromCents(each * n))}.`,
    );
  }
}

// --- 3.5 Admirals Hired ---------------------------------------------------------------

const ADMIRAL_NAMES = [
  "Kor",
  "Koloth",
  "Kang",
  "Martok",
  "Tomalak",
  "Sela",
  "Toreth",
  "Garak",
  "Damar",
  "Dukat",
  "Hayes",
  "Nechayev",
  "Ross",
  "Paris",
  "Janeway",
  "Vorenus",
  "Talar",
  "Soval",
  "Shran",
  "Thelev",
  "Ruwon",
  "Karsa",
  "Velal",
  "Jorath",
] as const;

/**
 * A new admiral's ratings (RULINGS: "Hired admirals"). Chapter 5: "The admiral you
 * get is unpredictable; some may have the skills you desire, while others you hire
 * may be lacklustre." Tactics and siegecraft are each the sum of two dice,
 * 1-25 and 0-25 (1-50, most often near 25), leaving room to grow to 100 in
 * battle; the corvette has combat 5-20 and hit points 0.5-2.0.
 */
export function rollAdmiral(ctx: TurnContext, owner: EmpireId, unit: Unit): Admiral {
  const id = `ADM${ctx.state.nextAdmiral++}`;
  const name = ctx.rng.pick(ADMIRAL_NAMES);
  const tactics = ctx.rng.int(1, 25) + ctx.rng.int(0, 25);
  const siegecraft = ctx.rng.int(1, 25) + ctx.rng.int(0, 25);
  const combat = ctx.rng.int(5, 20);
  const hits = ctx.rng.int(5, 20) / 10;
  return { id, owner, name: `Admiral ${name}`, tactics, siegecraft, combat, hits, unit: unit.id };
}

/**
 * Chapter 4, "Admirals Hired": a garrison with an industrial centre, once a turn,
 * for ADMIRAL_HIRE_COST (15, chapter 3), while the empire has fewer admirals than
 * its status allows (chapter 5, "Player Status": commoners none, royalty 5). The
 * admiral joins the garrison and leads it if it has no leader.
 */
export function admiralsHired(ctx: TurnContext): void {
  const hired = new Set<string>();
  for (const io of ctx.ordersOf("hireAdmiral")) {
    const g = orderGarrison(ctx, io, io.order.unit, "hireAdmiral");
    if (!g) continue;
    const s = ctx.sector(g.sector);
    if (!s?.industry) {
      ctx.fail(io, "no-industrial-centre", `${sectorName(ctx, g.sector)} has no industrial centre; admirals are hired only there`);
      continue;
    }
    if (hired.has(g.id)) {
      ctx.fail(io, "already-hired", `${g.id} has already hired an admiral this turn; a garrison can do this once per turn`);
      continue;
    }
    const e = own(ctx.state.empires, io.empire) as Empire;
    const limit = LIMITS[e.status].admirals;
    const have = admiralsOwnedBy(ctx, e.id).length;
    if (have >= limit) {
      ctx.fail(
        io,
        "admiral-limit",
        limit === 0
          ? `no admiral will join a commoner's cause (chapter 5, "Player Status"); royalty may have ${LIMITS.royalty.admirals}`
          : `you have ${have} admirals, the most your ${e.status} status allows (${limit})`,
      );
      continue;
    }
    const before = ctx.treasury(e.id);
    if (!ctx.pay(e.id, ADMIRAL_HIRE_COST)) {
      ctx.fail(io, "cannot-afford", `hiring an admiral costs ${ADMIRAL_HIRE_COST} but your treasury holds ${fmt(before)}`);
      continue;
    }
    hired.add(g.id);
    const a = rollAdmiral(ctx, e.id, g);
    ctx.state.admirals[a.id] = a;
    g.admirals.push(a.id);
    if (g.leader === null) g.leader = a.id;
    if (ctx.previewing(e.id)) {
      // The check: that an admiral joins is known; who, with what skills and under which id, the dice and other empires' hires decide.
      ctx.message(
        [e.id],
        `An admiral will be hired at ${sectorName(ctx, g.sector)} into ${g.id} for ${ADMIRAL_HIRE_COST}. Name, id and skills are rolled then: ` +
          `tactics and siegecraft 1 to 50 each (most often near 25), corvette combat 5 to 20, hit points 0.5 to 2.`,
      );
      continue;
    }
    ctx.message(
      [e.id],
      `${admiralLabel(a)} hired at ${sectorName(ctx, g.sector)} into ${g.id}: tactics ${a.tactics}, siegecraft ${a.siegecraft}, ` +
        `corvette combat ${a.combat}, hit points ${a.hits}.`,
    );
  }
}

// --- 3.6 Sectors Annexed, 3.7 Sector Annexation Declines ------------------------------------

/**
 * Chapter 4, "Sectors Annexed". `cede` orders first: a sector annexed to you returns
 * to local control (RULINGS: "Ceding"). Then `annex`: you must own the sector now and
 * have owned it at the start of the turn; the cost is its revenue, paid now; no
 * revenue from it this turn (ctx.annexedNow).
 */
export function sectorsAnnexed(ctx: TurnContext): void {
  for (const io of ctx.ordersOf("cede")) {
    const s = orderSector(ctx, io, io.order.sector);
    if (!s) continue;
    if (s.annexedTo !== io.empire) {
      ctx.fail(io, "not-annexed-to-you", `${sectorName(ctx, s.id)} is not annexed to you, so there is nothing to cede`);
      continue;
    }
    s.annexedTo = null;
    s.annexDrift = 0;
    ctx.message([io.empire], `${sectorName(ctx, s.id)} ceded: it is no longer annexed to you and returns to local control.`);
  }
  for (const io of ctx.ordersOf("annex")) {
    const s = orderSector(ctx, io, io.order.sector);
    if (!s) continue;
    if (s.owner !== io.empire) {
      ctx.fail(io, "not-owner", `you must own ${sectorName(ctx, s.id)} to annex it; it belongs to ${s.owner}`);
      continue;
    }
    if (ctx.startOwner.get(s.id) !== io.empire) {
      ctx.fail(
        io,
        "not-owned-at-start",
        `${sectorName(ctx, s.id)} was not yours at the start of the turn; you can annex it next turn ` +
          `(chapter 4: "you must own it now, and also you must have owned it at the beginning of the season")`,
      );
      continue;
    }
    if (s.annexedTo === io.empire) {
      ctx.fail(io, "already-annexed", `${sectorName(ctx, s.id)} is already annexed to you`);
      continue;
    }
    const have = ctx.treasury(io.empire);
    if (!ctx.pay(io.empire, s.revenue)) {
      ctx.fail(
        io,
        "cannot-afford",
        `annexing ${sectorName(ctx, s.id)} costs its revenue, ${fmt(s.revenue)}, but your treasury holds ${fmt(have)}`,
      );
      continue;
    }
    s.annexedTo = io.empire;
    s.annexDrift = 0;
    ctx.annexedNow.add(s.id);
    ctx.message([io.empire], `${sectorName(ctx, s.id)} annexed for ${fmt(s.revenue)}; it yields revenue from next turn.`);
  }
}

/** Turns a sector may be owned by one empire and annexed to another before the annexation lapses. */
export const ANNEX_DRIFT_LIMIT = 3;

/**
 * Chapter 4, "Sector Annexation Declines": a sector annexed to an empire other than
 * its owner counts one turn; at the third such turn in a row it is annexed to no one.
 */
export function annexationDeclines(ctx: TurnContext): void {
  for (const s of ctx.state.sectors) {
    if (s.annexedTo === null || s.annexedTo === s.owner) {
      s.annexDrift = 0;
      continue;
    }
    s.annexDrift += 1;
    if (s.annexDrift >= ANNEX_DRIFT_LIMIT) {
      const was = s.annexedTo;
      s.annexedTo = null;
      s.annexDrift = 0;
      ctx.message(
        [was],
        `${sectorName(ctx, s.id)} has been owned by ${s.owner} for ${ANNEX_DRIFT_LIMIT} turns: it is no longer annexed to you.`,
      );
    }
  }
}

// --- 3.8 Construction Happens --------------------------------------------------------

/**
 * Chapter 9's list puts "Starships Built" before "Construction Happens" and "Structures
 * Razed", but starships built this turn are not there yet for the unit's work (chapter 5,
 * "Building starships": they "will appear ... in your next turnfile"): say so when they
 * were counted out.
 */
export const notYet = (builtNow: number): string =>
  builtNow > 0 ? ` (${builtNow} built this turn are not counted: new starships join next turn, chapter 5 "Building starships")` : "";

/**
 * A starfleet or garrison that builds or razes must stay put: chapter 4 ("Construction
 * Happens", "Structures Razed"): a starfleet must not have moved or retreated, a
 * garrison's sector must not have changed owner. Returns a problem text or null.
 */
function stayedPut(ctx: TurnContext, unit: Unit): string | null {
  if (unit.kind === "starfleet") {
    if (ctx.retreated.has(unit.id)) return `${unit.id} retreated this turn`;
    if (ctx.moved.has(unit.id)) return `${unit.id} moved this turn`;
    return null;
  }
  if (ctx.changedOwner.has(unit.sector)) return `${sectorName(ctx, unit.sector)} changed owner this turn`;
  return null;
}

/**
 * Chapter 4, "Construction Happens" and chapter 5, "Sector defences".
 * First the automatic repair: every sector defence with damage that saw no sector
 * battle and no pillage this turn repairs one level, free. Then `construct` orders:
 * the unit is yours, in a sector you have Permission for, did not move or retreat
 * (starfleet) or its sector did not change owner (garrison), has 3 starships, and
 * the empire pays 14; one new level per sector per turn, at most 12. The defences
 * belong to the sector's owner. A constructing starfleet's move points are used up.
 * So "level 2 with 1 damage, left in peace, plus a construct order" ends level 3
 * undamaged: "go up twice in one turn".
 */
export function constructionHappens(ctx: TurnContext): void {
  for (const s of ctx.state.sectors) {
    if (s.defence.damage <= 0) continue;
    if ((ctx.battles.get(s.id) ?? 0) > 0 || ctx.pillaged.has(s.id)) continue;
    s.defence.damage -= 1;
    ctx.message(
      [s.owner],
      `Sector defences of ${sectorName(ctx, s.id)} repaired: level ${s.defence.level - s.defence.damage} of ${s.defence.level}.`,
    );
  }
  const builtAt = new Set<SectorId>();
  for (const io of ctx.ordersOf("construct")) {
    if (ctx.constructionRefused.has(io)) continue; // failed in First Events, and said so there
    const unit = ctx.ownUnitOr(io, io.order.unit, "construct");
    if (!unit) continue;
    const s = ctx.sector(unit.sector);
    if (!s) continue;
    if (!ctx.hasPermission(io.empire, s.id)) {
      ctx.fail(
        io,
        "no-permission",
        `${unit.id} is in ${sectorName(ctx, s.id)}, which you have no Permission for; construction needs Permission`,
      );
      continue;
    }
    const still = stayedPut(ctx, unit);
    if (still) {
      ctx.fail(io, "moved", `${still}; a unit builds only where it stood during First Events (chapter 4, "Construction Happens")`);
      continue;
    }
    const { workers, builtNow } = ctx.workers(unit);
    if (workers < CONSTRUCTION_WORKERS) {
      ctx.fail(
        io,
        "not-enough-workers",
        `${unit.id} has ${workers} starships to work${notYet(builtNow)}; building a level needs ${CONSTRUCTION_WORKERS} workers`,
      );
      continue;
    }
    if (builtAt.has(s.id)) {
      ctx.fail(io, "already-built", `the defences of ${sectorName(ctx, s.id)} have already gone up a level this turn; once per turn`);
      continue;
    }
    if (s.defence.level >= MAX_DEFENCE_LEVEL) {
      ctx.fail(io, "max-level", `${sectorName(ctx, s.id)} already has level ${MAX_DEFENCE_LEVEL} defences, the maximum`);
      continue;
    }
    const have = ctx.treasury(io.empire);
    if (!ctx.pay(io.empire, CONSTRUCTION_COST)) {
      ctx.fail(io, "cannot-afford", `a level of sector defence costs ${CONSTRUCTION_COST} but your treasury holds ${fmt(have)}`);
      continue;
    }
    builtAt.add(s.id);
    s.defence.level += 1;
    ensureGarrison(ctx, s);
    if (unit.kind === "starfleet") ctx.exhaust(unit);
    ctx.message([io.empire], `${unit.id} built sector defences at ${sectorName(ctx, s.id)}: now level ${s.defence.level}.`);
    if (s.owner !== io.empire) {
      ctx.message([s.owner], `${empireName(ctx, io.empire)} built a level of sector defence in your sector ${sectorName(ctx, s.id)}.`);
    }
  }
}

// --- 3.9 Resources Decay ----------------------------------------------------------------

/** Chapter 4, "Resources Decay": 7% of the treasury is lost, to the hundredth. */
export function resourcesDecay(ctx: TurnContext): void {
  for (const e of activeEmpires(ctx)) {
    const loss = fromCents(Math.round(toCents(e.treasury) * DECAY_RATE));
    if (loss <= 0) continue;
    e.treasury = fromCents(toCents(e.treasury) - toCents(loss));
    ctx.message([e.id], `${fmt(loss)} resources decayed (${Math.round(DECAY_RATE * 100)}% of the treasury).`);
  }
}

// --- 3.10 Structures Razed ---------------------------------------------------------------

/**
 * Chapter 4, "Structures Razed": you own the sector; the unit stayed put; each level
 * needs RAZE_WORKERS starships (too few: the razing fails); at most 4 levels a sector
 * a turn across all units (a larger order is reduced). Salvage (RAZE_SALVAGE a
 * level) goes to the treasury after decay, so it does not decay ("storage" of units
 * is not modelled). The damage stays, capped at the new level. A razing starfleet's
 * move points are used up (chapter 5, "Move-points": "destroying a Sector defence").
 */
export function structuresRazed(ctx: TurnContext): void {
  const razedAt = new Map<SectorId, number>();
  for (const io of ctx.ordersOf("raze")) {
    const unit = ctx.ownUnitOr(io, io.order.unit, "raze");
    if (!unit) continue;
    const s = ctx.sector(unit.sector);
    if (!s) continue;
    if (s.owner !== io.empire) {
      ctx.fail(io, "not-your-sector", `you must own ${sectorName(ctx, s.id)} to raze its defences; it belongs to ${s.owner}`);
      continue;
    }
    const still = stayedPut(ctx, unit);
    if (still) {
      ctx.fail(io, "moved", `${still}; a unit razes only where it stood during First Events (chapter 4, "Structures Razed")`);
      continue;
    }
    if (s.defence.level <= 0) {
      ctx.fail(io, "nothing-to-raze", `${sectorName(ctx, s.id)} has no sector defences`);
      continue;
    }
    const done = razedAt.get(s.id) ?? 0;
    const room = Math.min(MAX_RAZE_PER_TURN - done, s.defence.level);
    if (room <= 0) {
      ctx.fail(
        io,
        "raze-limit",
        `${MAX_RAZE_PER_TURN} levels have already been razed at ${sectorName(ctx, s.id)} this turn, the most a turn`,
      );
      continue;
    }
    let n = io.order.levels;
    if (n > room) {
      ctx.fail(
        io,
        "raze-limit",
        `only ${room} level(s) can be razed at ${sectorName(ctx, s.id)} now (level ${s.defence.level}, at most ${MAX_RAZE_PER_TURN} a turn, ${done} razed already): reduced from ${n}`,
      );
      n = room;
    }
    const { workers, builtNow } = ctx.workers(unit);
    if (workers < RAZE_WORKERS * n) {
      ctx.fail(
        io,
        "not-enough-workers",
        `razing ${n} level(s) needs ${RAZE_WORKERS * n} starships (${RAZE_WORKERS} a level); ${unit.id} has ${workers}${notYet(builtNow)}`,
      );
      continue;
    }
    razedAt.set(s.id, done + n);
    s.defence.level -= n;
    s.defence.damage = Math.min(s.defence.damage, s.defence.level);
    const salvage = RAZE_SALVAGE * n;
    ctx.credit(io.empire, salvage);
    if (unit.kind === "starfleet") ctx.exhaust(unit);
    ctx.message(
      [io.empire],
      `${unit.id} razed ${n} level(s) of sector defence at ${sectorName(ctx, s.id)} (now level ${s.defence.level}), salvaging ${fmt(salvage)}.`,
    );
  }
}

// --- 3.11 Sector Revenue Gained ---------------------------------------------------------

/** Revenue a sector yields now at its damage level (chapter 5, "Sector Revenue": 40 x 65% = 26). */
export function sectorYield(s: Sector): number {
  const f = DAMAGE_REVENUE[Math.max(0, Math.min(3, s.damage))] ?? 1;
  return fromCents(toCents(s.revenue * f));
}

/**
 * Chapter 4, "Sector Revenue Gained": a sector owned by and annexed to the same
 * empire yields revenue x DAMAGE_REVENUE[damage], except when it changed owner this
 * turn, was pillaged, or was annexed this turn.
 */
export function sectorRevenueGained(ctx: TurnContext): void {
  const total = new Map<EmpireId, { amount: number; sectors: number }>();
  for (const s of ctx.state.sectors) {
    if (s.owner === INDEPENDENT || s.annexedTo !== s.owner) continue;
    if (ctx.changedOwner.has(s.id) || ctx.pillaged.has(s.id) || ctx.annexedNow.has(s.id)) continue;
    const e = own(ctx.state.empires, s.owner);
    if (!e || e.defeated) continue;
    const amount = sectorYield(s);
    ctx.credit(s.owner, amount);
    const t = total.get(s.owner) ?? { amount: 0, sectors: 0 };
    t.amount = fromCents(toCents(t.amount) + toCents(amount));
    t.sectors += 1;
    total.set(s.owner, t);
  }
  for (const id of [...total.keys()].sort()) {
    const t = total.get(id);
    if (t) ctx.message([id], `Sector revenue: ${fmt(t.amount)} from ${t.sectors} annexed sector(s).`);
  }
}

// --- 3.14 Sector Damage Repaired ---------------------------------------------------------

/**
 * Chapter 4, "Sector Damage Repaired": -1 damage when the sector did not change owner,
 * saw no sector battle (cross-border battles do not count) and its damage did not
 * rise this turn.
 */
export function sectorDamageRepaired(ctx: TurnContext): void {
  for (const s of ctx.state.sectors) {
    if (s.damage <= 0) continue;
    if (ctx.changedOwner.has(s.id) || (ctx.battles.get(s.id) ?? 0) > 0 || ctx.damageRaised.has(s.id)) continue;
    s.damage -= 1;
    ctx.message([s.owner], `${sectorName(ctx, s.id)} recovers: damage level now ${s.damage}.`);
  }
}
