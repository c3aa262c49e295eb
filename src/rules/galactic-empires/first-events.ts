/**
 * First Events, seed 003 chapter 4 (in the order of chapter 9's list), plus the
 * FAQ's palace coup (chapter 10) which turn.ts runs before them. Every failed
 * order becomes a Problem through ctx.fail; nothing here throws on bad orders.
 * Rulings on silent or unclear passages: rulings-first.md.
 */
import { own } from "../../core/ids.js";
import { round } from "../../core/json.js";
import { CONSTRUCTION_WORKERS, MAX_DEFENCE_LEVEL, MAX_STARFLEETS, salvageValue, shipType } from "./catalog.js";
import { cloakProblem } from "./cloaking.js";
import { type IndexedOrder, sortStacks, type TurnContext } from "./context.js";
import { empireName, notYet, removeAdmiral, sectorName } from "./economy.js";
import {
  admiralLabel,
  defaultStanding,
  type EmpireId,
  INDEPENDENT,
  isRank,
  newUnit,
  RANKS,
  type Rank,
  relationKey,
  type Standing,
  type Unit,
} from "./model.js";
import type { OrderOf, OrderType } from "./orders.js";
import { heldTypes, orderStarshipType, ownAdmiral, runTransfers } from "./transfers.js";

// --- helpers -------------------------------------------------------------------

/**
 * Orders of several types in the order they happen: empire by empire (sorted ids),
 * each empire's in its own list order, skipping deposed empires (like ctx.ordersOf,
 * but interleaving the types as the player wrote them).
 */
function ordersOfTypes<T extends OrderType>(ctx: TurnContext, types: readonly T[]): IndexedOrder<OrderOf<T>>[] {
  const out: IndexedOrder<OrderOf<T>>[] = [];
  for (const [empire, list] of ctx.orders) {
    if (ctx.deposed.has(empire)) continue;
    for (const io of list) if ((types as readonly string[]).includes(io.order.type)) out.push(io as IndexedOrder<OrderOf<T>>);
  }
  return out;
}

/** Chapter 5, "Units": garrisons never retreat. True, after recording the problem, if `u` is a garrison. */
function garrisonNeverRetreats(ctx: TurnContext, io: IndexedOrder, u: Unit, so: string): boolean {
  if (u.kind !== "garrison") return false;
  ctx.fail(io, "garrison-never-retreats", `${u.id} is a garrison; garrisons never retreat (chapter 5, "Units"), so ${so}`);
  return true;
}

/** What `from` grants `to`, created with the defaults (accept gifts, nothing else) when first needed. */
function standing(ctx: TurnContext, from: EmpireId, to: EmpireId): Standing | null {
  const e = own(ctx.state.empires, from);
  if (!e) return null;
  let s = own(e.toward, to);
  if (!s) {
    s = defaultStanding();
    e.toward[to] = s;
  }
  return s;
}

function otherEmpires(ctx: TurnContext, empire: EmpireId): string {
  const ids = Object.keys(ctx.state.empires)
    .filter((id) => id !== empire && !own(ctx.state.empires, id)?.defeated)
    .sort();
  return ids.length > 0 ? ids.join(", ") : "none";
}

/** Another live empire named by a diplomatic order, or null after recording why not. */
function otherEmpire(ctx: TurnContext, io: IndexedOrder, target: EmpireId, what: string): EmpireId | null {
  if (target === io.empire) {
    ctx.fail(io, "self", `you cannot ${what} yourself; other empires are ${otherEmpires(ctx, io.empire)}`);
    return null;
  }
  if (target === INDEPENDENT) {
    ctx.fail(
      io,
      "independent",
      `the independents are not an empire: you are always at war with them and need no declaration (chapter 5, "Cloaking": "there is an automatic war between all players and independents"); other empires are ${otherEmpires(ctx, io.empire)}`,
    );
    return null;
  }
  const e = own(ctx.state.empires, target);
  if (!e) {
    ctx.fail(io, "unknown-empire", `there is no empire "${target}"; other empires are ${otherEmpires(ctx, io.empire)}`);
    return null;
  }
  if (e.defeated) {
    ctx.fail(io, "defeated-empire", `${e.name} (${target}) has been defeated; other empires are ${otherEmpires(ctx, io.empire)}`);
    return null;
  }
  return target;
}

// --- chapter 10 (FAQ): palace coup ----------------------------------------------

/**
 * FAQ: "if a ruler attempts to give away all of his sectors and disband all his
 * forces, then his lesser functionaries will overthrow him in a palace coup ... his
 * orders won't happen". Deposed when giveSector orders name every sector the empire
 * owns (at least one) and disband/salvage orders cover every starship it has, type
 * by type (rulings-first.md, "Palace coup: all his forces").
 */
export function palaceCoup(ctx: TurnContext): void {
  const before = ctx.step;
  ctx.step = "Palace Coup";
  for (const [empire, list] of ctx.orders) {
    const owned = ctx.state.sectors.filter((s) => s.owner === empire).map((s) => s.id);
    if (owned.length === 0) continue;
    const given = new Set<number>();
    const scrapped = new Map<string, number>();
    for (const { order } of list) {
      if (order.type === "giveSector") given.add(order.sector);
      if (order.type === "disband" || order.type === "salvage") {
        scrapped.set(order.starship, (scrapped.get(order.starship) ?? 0) + order.count);
      }
    }
    if (!owned.every((id) => given.has(id))) continue;
    const fleet = new Map<string, number>();
    for (const u of ctx.unitsOf(empire)) for (const s of u.ships) fleet.set(s.type, (fleet.get(s.type) ?? 0) + s.count);
    if (![...fleet].every(([type, n]) => (scrapped.get(type) ?? 0) >= n)) continue;

    ctx.deposed.add(empire);
    const name = empireName(ctx, empire);
    for (const io of list) {
      ctx.fail(
        io,
        "palace-coup",
        `not carried out: your orders gave away all ${owned.length} of your sectors and disbanded all your starships, so your lesser functionaries overthrew you in a palace coup and none of your orders happen this turn (chapter 10, FAQ)`,
      );
    }
    ctx.message(
      "all",
      `Palace coup in ${name}: the ruler tried to give away every sector and disband every starship, and was overthrown; none of his orders were carried out.`,
    );
  }
  ctx.step = before;
}

// --- chapter 4, "War Declared" ----------------------------------------------------

/**
 * Chapter 4 "War Declared": neutral -> war; not on an ally this turn; all Passage
 * Rights and Special Permission between the two are cancelled at once.
 */
export function warDeclared(ctx: TurnContext): void {
  /** Pairs that went to war in this step: a second declaration by the other side is no problem. */
  const declaredNow = new Set<string>();
  for (const io of ctx.ordersOf("declareWar")) {
    const target = otherEmpire(ctx, io, io.order.empire, "declare war on");
    if (!target) continue;
    const key = relationKey(io.empire, target);
    const rel = ctx.relation(io.empire, target);
    if (rel === "war") {
      if (declaredNow.has(key)) {
        ctx.message(
          [io.empire, target],
          `${empireName(ctx, io.empire)} also declared war on ${empireName(ctx, target)} this turn; the two empires are at war.`,
        );
      } else {
        ctx.fail(io, "already-at-war", `you are already at war with ${empireName(ctx, target)}; you may offer peace instead`);
      }
      continue;
    }
    if (rel === "alliance") {
      ctx.fail(
        io,
        "allied",
        `${empireName(ctx, target)} is your ally and you can't declare war on an ally this same turn: cancel the alliance this turn (cancelAlliance) and declare war next turn (chapter 4, "War Declared")`,
      );
      continue;
    }
    ctx.state.relations[key] = "war";
    declaredNow.add(key);
    const cancelled = cancelPermissions(ctx, io.empire, target);
    ctx.message(
      [io.empire, target],
      `${empireName(ctx, io.empire)} declared war on ${empireName(ctx, target)}.${cancelled ? ` ${cancelled}` : ""}`,
    );
  }
}

/** Cancel Passage Rights both ways and Special Permission of each in the other's sectors; returns a summary. */
function cancelPermissions(ctx: TurnContext, a: EmpireId, b: EmpireId): string {
  const bits: string[] = [];
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const s = own(ctx.state.empires, x)?.toward[y];
    if (s?.passage) {
      s.passage = false;
      bits.push(`${empireName(ctx, x)}'s Passage Rights for ${empireName(ctx, y)} are cancelled`);
    }
    const sectors: number[] = [];
    for (const sec of ctx.state.sectors) {
      if (sec.owner === x && sec.permission.includes(y)) {
        sec.permission = sec.permission.filter((e) => e !== y);
        sectors.push(sec.id);
      }
    }
    if (sectors.length > 0) {
      bits.push(`${empireName(ctx, y)}'s Special Permission in ${empireName(ctx, x)}'s sectors ${sectors.join(", ")} is cancelled`);
    }
  }
  return bits.length > 0 ? `${bits.join("; ")}.` : "";
}

// --- chapter 4, "Acceptance Changed" ------------------------------------------------

/** Chapter 4 "Acceptance Changed" and chapter 2 "Acceptance": accept gifts from an empire or not. */
export function acceptanceChanged(ctx: TurnContext): void {
  for (const io of ctx.ordersOf("acceptance")) {
    const target = otherEmpire(ctx, io, io.order.empire, "set acceptance for");
    if (!target) continue;
    const s = standing(ctx, io.empire, target);
    if (!s) continue;
    s.accept = io.order.accept;
    ctx.message(
      [io.empire],
      io.order.accept
        ? `You now accept gifts from ${empireName(ctx, target)}.`
        : `You now refuse all gifts from ${empireName(ctx, target)}.`,
    );
  }
}

// --- chapter 4, "Passage Rights Changed" --------------------------------------------

/**
 * Chapter 4 "Passage Rights Changed" and chapter 2 "Passage Rights": grant to an
 * empire that is not an enemy and does not have them; revoke from one that does.
 */
export function passageRightsChanged(ctx: TurnContext): void {
  for (const io of ctx.ordersOf("passage")) {
    const target = otherEmpire(ctx, io, io.order.empire, io.order.grant ? "grant Passage Rights to" : "revoke Passage Rights from");
    if (!target) continue;
    const s = standing(ctx, io.empire, target);
    if (!s) continue;
    const name = empireName(ctx, target);
    if (io.order.grant) {
      if (ctx.atWar(io.empire, target)) {
        ctx.fail(
          io,
          "at-war",
          `you are at war with ${name}; Passage Rights cannot be granted to an enemy (chapter 4, "War Declared": they "cannot be established while the two empires are enemies")`,
        );
        continue;
      }
      if (s.passage) {
        ctx.fail(io, "already-granted", `${name} already has Passage Rights through your sectors`);
        continue;
      }
      s.passage = true;
      ctx.message([io.empire, target], `${empireName(ctx, io.empire)} granted Passage Rights through all its sectors to ${name}.`);
    } else {
      if (!s.passage) {
        ctx.fail(io, "not-granted", `${name} has no Passage Rights from you to revoke`);
        continue;
      }
      s.passage = false;
      ctx.message([io.empire, target], `${empireName(ctx, io.empire)} revoked the Passage Rights of ${name}.`);
    }
  }
}

// --- chapter 4, "Special Permission Changed" ----------------------------------------

/**
 * Chapter 4 "Special Permission Changed", chapter 3 "Sector Report Orders:
 * Permission" and chapter 5 "Permission": grant or revoke Special Permission for a
 * sector you own, buy it from an independent sector, or give it up to invade.
 */
export function specialPermissionChanged(ctx: TurnContext): void {
  for (const io of ordersOfTypes(ctx, ["permission", "requestPermission", "withdrawPermission"] as const)) {
    const sector = ctx.sector(io.order.sector);
    if (!sector) {
      ctx.fail(io, "unknown-sector", `there is no sector ${io.order.sector}`);
      continue;
    }
    const o = io.order;
    if (o.type === "permission") {
      if (sector.owner !== io.empire) {
        ctx.fail(
          io,
          "not-your-sector",
          `sector ${sector.id} (${sector.name}) belongs to ${sector.owner}; you can only set Special Permission for sectors you own`,
        );
        continue;
      }
      const target = otherEmpire(ctx, io, o.empire, o.grant ? "grant Special Permission to" : "revoke Special Permission from");
      if (!target) continue;
      const has = sector.permission.includes(target);
      if (o.grant) {
        if (ctx.atWar(io.empire, target)) {
          ctx.fail(
            io,
            "at-war",
            `you are at war with ${empireName(ctx, target)}; Special Permission cannot be granted to an enemy (chapter 4, "War Declared")`,
          );
          continue;
        }
        if (has) {
          ctx.fail(io, "already-granted", `${empireName(ctx, target)} already has Special Permission for sector ${sector.id}`);
          continue;
        }
        sector.permission = [...sector.permission, target].sort();
        ctx.message(
          [io.empire, target],
          `${empireName(ctx, io.empire)} granted ${empireName(ctx, target)} Special Permission for sector ${sector.id} (${sector.name}).`,
        );
      } else {
        if (!has) {
          ctx.fail(
            io,
            "not-granted",
            `${empireName(ctx, target)} has no Special Permission for sector ${sector.id}; those who do: ${sector.permission.join(", ") || "none"}`,
          );
          continue;
        }
        sector.permission = sector.permission.filter((e) => e !== target);
        ctx.message(
          [io.empire, target],
          `${empireName(ctx, io.empire)} revoked the Special Permission of ${empireName(ctx, target)} for sector ${sector.id} (${sector.name}).`,
        );
      }
      continue;
    }
    if (sector.owner !== INDEPENDENT) {
      ctx.fail(
        io,
        "not-independent",
        `sector ${sector.id} (${sector.name}) belongs to ${sector.owner}; Special Permission is ${o.type === "requestPermission" ? "bought" : "withdrawn"} only from independent sectors (chapter 5, "Permission")`,
      );
      continue;
    }
    const has = sector.permission.includes(io.empire);
    if (o.type === "requestPermission") {
      if (has) {
        ctx.fail(io, "already-granted", `you already have Special Permission for sector ${sector.id} (${sector.name})`);
        continue;
      }
      // Chapter 5 "Permission": "Request to be granted special permission by an independent
      // sector (there is a cost for this)"; the cost is a setting (rulings-first.md).
      const cost = round(ctx.state.settings.independentPermissionCostFactor * sector.revenue, 2);
      if (!ctx.pay(io.empire, cost)) {
        ctx.fail(
          io,
          "cannot-afford",
          `Special Permission for sector ${sector.id} (${sector.name}) costs ${cost} (${ctx.state.settings.independentPermissionCostFactor} x revenue ${sector.revenue}) but your treasury holds ${ctx.treasury(io.empire)}`,
        );
        continue;
      }
      sector.permission = [...sector.permission, io.empire].sort();
      ctx.message(
        [io.empire],
        `The independent sector ${sector.id} (${sector.name}) granted you Special Permission for ${cost} resources.`,
      );
    } else {
      if (!has) {
        ctx.fail(io, "not-granted", `you have no Special Permission for sector ${sector.id} (${sector.name}) to withdraw`);
        continue;
      }
      sector.permission = sector.permission.filter((e) => e !== io.empire);
      ctx.message(
        [io.empire],
        `You gave up your Special Permission for the independent sector ${sector.id} (${sector.name}); you may now invade it.`,
      );
    }
  }
}

// --- chapter 4, "New Starfleets Formed" -----------------------------------------------

/**
 * Chapter 4 "New Starfleets Formed": formed by a starfleet or garrison at its
 * location, at most 99 starfleets an empire; they may receive transfers and be
 * given orders (by their ref) the same turn.
 */
export function newStarfleetsFormed(ctx: TurnContext): void {
  // Starfleets per empire, counted once and kept up to date as fleets form here
  // (a count per order would scan every unit each time; issue 3, speed).
  const starfleets = new Map<EmpireId, number>();
  let counted = false;
  for (const io of ctx.ordersOf("formFleet")) {
    const o = io.order;
    const refs = ctx.refs.get(io.empire) ?? new Map<string, string>();
    if (/^[AG]\d+$/.test(o.ref)) {
      ctx.fail(
        io,
        "bad-ref",
        `ref "${o.ref}" looks like a unit id; use a name such as "new1" so orders cannot confuse it with an existing unit`,
      );
      continue;
    }
    if (refs.has(o.ref)) {
      ctx.fail(
        io,
        "duplicate-ref",
        `ref "${o.ref}" already names ${refs.get(o.ref)} formed this turn; give each new starfleet its own ref`,
      );
      continue;
    }
    const at = ctx.ownUnitOr(io, o.at);
    if (!at) continue;
    if (!counted) {
      for (const u of Object.values(ctx.state.units)) {
        if (u.kind === "starfleet") starfleets.set(u.owner, (starfleets.get(u.owner) ?? 0) + 1);
      }
      counted = true;
    }
    const count = starfleets.get(io.empire) ?? 0;
    if (count >= MAX_STARFLEETS) {
      ctx.fail(
        io,
        "starfleet-limit",
        `you already have ${count} starfleets; each empire can have only ${MAX_STARFLEETS} (chapter 4, "New Starfleets Formed")`,
      );
      continue;
    }
    const empire = own(ctx.state.empires, io.empire);
    // The independents have no empire record but form starfleets too (bot/independents.ts).
    if (!empire && io.empire !== INDEPENDENT) continue;
    // The check: the new fleet's id comes from a counter every empire's new fleets share, so it is unknown until the
    // turn runs; the check gives the fleet its ref as id (a ref never looks like an id), and later lines name it so.
    const id = ctx.previewing(io.empire) ? o.ref : `A${ctx.state.nextUnit++}`;
    const name = o.name ?? (empire ? `Starfleet #${empire.nextFleetNumber++}` : "Local Forces");
    ctx.state.units[id] = newUnit({ id, kind: "starfleet", owner: io.empire, name, sector: at.sector });
    starfleets.set(io.empire, count + 1);
    refs.set(o.ref, id);
    ctx.refs.set(io.empire, refs);
    ctx.message(
      [io.empire],
      ctx.previewing(io.empire)
        ? `New starfleet ${name} (ref "${o.ref}"; its id is given when the turn runs) formed in sector ${at.sector} by ${at.id}.`
        : `New starfleet ${name} (${id}, ref "${o.ref}") formed in sector ${at.sector} by ${at.id}.`,
    );
  }
}

// --- chapter 4, "Various Administrative Actions Performed" ----------------------------

const ADMIN = ["rename", "retreatLevel", "follow", "defend", "leader", "renameAdmiral", "renameRuler"] as const;

/**
 * Chapter 4 "Various Administrative Actions Performed" and chapter 3
 * "Administrative Unit Orders": retreat level, follow, defend, leader, names.
 * Garrisons "will always defend their sector, and will never retreat in battle"
 * (chapter 5, "Units"), so retreat, follow and defend orders do not apply to them.
 */
export function administrativeActions(ctx: TurnContext): void {
  for (const io of ordersOfTypes(ctx, ADMIN)) {
    const o = io.order;
    switch (o.type) {
      case "renameRuler": {
        const e = own(ctx.state.empires, io.empire);
        if (e) e.ruler = o.name;
        ctx.message([io.empire], `Your ruler is now known as ${o.name}.`);
        break;
      }
      case "renameAdmiral": {
        const a = ownAdmiral(ctx, io, o.admiral);
        if (!a) break;
        const before = admiralLabel(a);
        a.name = o.name;
        ctx.message([io.empire], `${before} is now called ${o.name}.`);
        break;
      }
      case "rename": {
        const u = ctx.ownUnitOr(io, o.unit);
        if (!u) break;
        u.name = o.name;
        ctx.message([io.empire], `${u.id} renamed ${o.name}.`);
        break;
      }
      case "retreatLevel": {
        const u = ctx.ownUnitOr(io, o.unit);
        if (!u) break;
        if (garrisonNeverRetreats(ctx, io, u, "they have no retreat level")) break;
        if (!isRank(o.level)) {
          ctx.fail(io, "bad-rank", `retreat level ${o.level} does not exist; choose a rank from 1 (front) to 5 (reserves)`);
          break;
        }
        u.retreatLevel = o.level;
        ctx.message([io.empire], `${u.name} (${u.id}) will retreat when rank ${o.level} is empty.`);
        break;
      }
      case "follow": {
        const u = ctx.ownUnitOr(io, o.unit);
        if (!u) break;
        if (garrisonNeverRetreats(ctx, io, u, "following another unit in retreat does not apply")) break;
        if (o.leader === null) {
          u.follow = null;
          ctx.message([io.empire], `${u.name} (${u.id}) follows no unit.`);
          break;
        }
        const lead = ctx.ownUnitOr(io, o.leader);
        if (!lead) break;
        if (lead.id === u.id) {
          ctx.fail(io, "follow-self", `${u.id} cannot follow itself; name another unit of yours, or null to follow none`);
          break;
        }
        // A ring of followers would never retreat on its own: refuse the link that closes it.
        let cur: Unit | undefined = lead;
        const seen = new Set<string>();
        let cycle = false;
        while (cur?.follow && !seen.has(cur.id)) {
          seen.add(cur.id);
          if (cur.follow === u.id) {
            cycle = true;
            break;
          }
          cur = own(ctx.state.units, cur.follow);
        }
        if (cycle) {
          ctx.fail(
            io,
            "follow-cycle",
            `${lead.id} already follows ${u.id} (directly or through others); a unit cannot follow its own follower`,
          );
          break;
        }
        u.follow = lead.id;
        ctx.message([io.empire], `${u.name} (${u.id}) now follows ${lead.name} (${lead.id}) in retreat.`);
        break;
      }
      case "defend": {
        // Placed after a travel, wait or pillage of the unit, it is a Movement Event (movement-events.ts).
        if (!ctx.isFirstEventsPart(io)) break;
        const u = ctx.ownUnitOr(io, o.unit);
        if (!u) break;
        if (u.kind === "garrison") {
          ctx.fail(
            io,
            "garrison-always-defends",
            `${u.id} is a garrison; garrisons always defend their sector (chapter 6), the option is for starfleets`,
          );
          break;
        }
        u.defendDefences = o.value;
        ctx.message([io.empire], `${u.name} (${u.id}) will ${o.value ? "" : "not "}defend sector defences.`);
        break;
      }
      case "leader": {
        const u = ctx.ownUnitOr(io, o.unit);
        if (!u) break;
        if (o.admiral === null) {
          u.leader = null;
          ctx.message([io.empire], `${u.name} (${u.id}) has no leader.`);
          break;
        }
        if (!u.admirals.includes(o.admiral)) {
          const a = own(ctx.state.admirals, o.admiral);
          const where = a && a.owner === io.empire ? `admiral ${o.admiral} is in ${a.unit}` : `there is no admiral "${o.admiral}" of yours`;
          ctx.fail(
            io,
            "admiral-not-in-unit",
            `${where}; a leader must be one of the unit's admirals (${u.admirals.join(", ") || "it has none"}). Leaders are set before transfers, so an admiral transferred this turn can lead from next turn`,
          );
          break;
        }
        u.leader = o.admiral;
        const a = own(ctx.state.admirals, o.admiral);
        ctx.message([io.empire], `${a ? admiralLabel(a) : o.admiral} now leads ${u.name} (${u.id}).`);
        break;
      }
    }
  }
}

// --- chapter 4, "Starfleets Change Cloaking" --------------------------------------------

/**
 * Chapter 4 "Starfleets Change Cloaking" (First Events part): cloak and decloak
 * orders that come before the unit's first travel, wait or pillage. The checks
 * are cloaking.ts's, shared with the movement phases.
 */
export function starfleetsChangeCloaking(ctx: TurnContext): void {
  for (const io of ordersOfTypes(ctx, ["cloak", "decloak"] as const)) {
    if (!ctx.isFirstEventsPart(io)) continue;
    const u = ctx.ownUnitOr(io, io.order.unit);
    if (!u) continue;
    const want = io.order.type === "cloak";
    const p = cloakProblem(ctx, u, want);
    if (p) {
      ctx.fail(io, p.code, p.message);
      continue;
    }
    u.cloaked = want;
    ctx.cloakChanged.add(u.id);
    ctx.message([io.empire], `${u.name} (${u.id}) ${want ? "cloaked" : "decloaked"} in sector ${u.sector}.`);
  }
}

// --- chapter 4, "Same Location Transfers Occur" -------------------------------------------

/**
 * Chapter 4 "Same Location Transfers Occur": every transfer order waits in
 * ctx.pendingTransfers; those whose units are together now happen at once, the
 * rest in the movement phases ("Transfers Happen") when the units meet.
 */
export function sameLocationTransfers(ctx: TurnContext): void {
  ctx.pendingTransfers.push(...ordersOfTypes(ctx, ["transfer", "transferAdmiral"] as const));
  runTransfers(ctx);
}

// --- chapter 4, "Starships Reassigned To Ranks" -------------------------------------------

/**
 * Chapter 4 "Starships Reassigned To Ranks": move starships of one type into a rank,
 * all of them or `count`, from `fromRank` or else from the lowest ranks first
 * (ships already in the target rank are not counted); used move points are kept.
 */
export function starshipsReassigned(ctx: TurnContext): void {
  for (const io of ctx.ordersOf("reassign")) {
    const o = io.order;
    const u = ctx.ownUnitOr(io, o.unit);
    if (!u) continue;
    const type = orderStarshipType(ctx, io, o.starship, u);
    if (!type) continue;
    if (!isRank(o.toRank) || (o.fromRank !== undefined && !isRank(o.fromRank))) {
      ctx.fail(io, "bad-rank", `ranks are 1 (front) to 5 (reserves)`);
      continue;
    }
    const toRank = o.toRank;
    if (o.fromRank === toRank) {
      ctx.fail(io, "same-rank", `fromRank and toRank are both ${toRank}; nothing would move`);
      continue;
    }
    const sources: Rank[] = o.fromRank !== undefined ? [o.fromRank] : RANKS.filter((r) => r !== toRank);
    const available = sources.reduce((n, r) => n + ctx.countOf(u, type.id, r), 0);
    if (available === 0) {
      const ranks = RANKS.filter((r) => ctx.countOf(u, type.id, r) > 0);
      ctx.fail(
        io,
        "no-starships",
        ranks.length === 0
          ? `${u.id} has no ${type.name} (${type.id}); it holds ${heldTypes(u)}`
          : `${u.id} has no ${type.name} outside rank ${toRank}${o.fromRank !== undefined ? ` in rank ${o.fromRank}` : ""}; its ${type.name} are in rank(s) ${ranks.join(", ")}`,
      );
      continue;
    }
    const want = o.count ?? available;
    let left = want;
    for (const r of sources) {
      if (left <= 0) break;
      for (const s of ctx.takeShips(u, type.id, left, r)) {
        ctx.addShips(u, s.type, toRank, s.count, s.used);
        left -= s.count;
      }
    }
    const moved = want - left;
    ctx.message([io.empire], `${moved} ${type.name} of ${u.name} (${u.id}) reassigned to rank ${toRank}.`);
    if (left > 0) {
      ctx.fail(
        io,
        "fewer-starships",
        `${u.id} had only ${moved} ${type.name} to reassign${o.fromRank !== undefined ? ` from rank ${o.fromRank}` : ""}, not ${want}; all ${moved} were moved to rank ${toRank}`,
      );
    }
  }
}

// --- chapter 4, "Disbanding/Salvaging Starships" -------------------------------------------

/**
 * Chapter 4 "Disbanding/Salvaging Starships": the starships are removed before
 * upkeep is paid; salvage yields "about 1/3 of the build cost" (chapter 7) each.
 * Taken from the lowest ranks first, as transfers are. Admirals may be disbanded too.
 */
export function disbandingSalvaging(ctx: TurnContext): void {
  for (const io of ordersOfTypes(ctx, ["disband", "salvage", "disbandAdmiral"] as const)) {
    const o = io.order;
    if (o.type === "disbandAdmiral") {
      const a = ownAdmiral(ctx, io, o.admiral);
      if (!a) continue;
      removeAdmiral(ctx, a.id);
      ctx.message([io.empire], `${admiralLabel(a)} retired from your service.`);
      continue;
    }
    const u = ctx.ownUnitOr(io, o.unit);
    if (!u) continue;
    const type = orderStarshipType(ctx, io, o.starship, u);
    if (!type) continue;
    const have = ctx.countOf(u, type.id);
    if (have === 0) {
      ctx.fail(io, "no-starships", `${u.id} has no ${type.name} (${type.id}) to ${o.type}; it holds ${heldTypes(u)}`);
      continue;
    }
    sortStacks(u.ships); // takeShips walks the stacks in array order; make that rank order.
    const taken = ctx.takeShips(u, type.id, o.count);
    const n = taken.reduce((sum, s) => sum + s.count, 0);
    ctx.ledger(u, type.id, -n, o.type);
    if (o.type === "salvage") {
      const value = round(salvageValue(shipType(type.id)) * n, 2);
      ctx.credit(io.empire, value);
      ctx.message([io.empire], `${n} ${type.name} of ${u.name} (${u.id}) salvaged for ${value} resources.`);
    } else {
      ctx.message([io.empire], `${n} ${type.name} of ${u.name} (${u.id}) disbanded.`);
    }
    if (n < o.count) {
      ctx.fail(
        io,
        "fewer-starships",
        `${u.id} had only ${n} ${type.name}, not ${o.count}; all ${n} were ${o.type === "salvage" ? "salvaged" : "disbanded"}`,
      );
    }
  }
}

/**
 * Chapter 4, "Construction Happens": "The unit must have successfully performed
 * the Construction Action during First Events. That uses up the Move-points for
 * starfleets." The building itself happens in Final Events; here the action is
 * taken. What can already be decided now is checked now: the unit is yours, you
 * have Permission for its sector, it has 3 starships ("3 starships are required to
 * do nothing but build ... for their turn", so starships that join later do not
 * count), the sector is below level 12 and no other unit took the action there this
 * turn (one level a turn). An action that fails here was not "successfully
 * performed": the order fails now and a starfleet keeps its move points (chapter 5,
 * "Move-points": "Building ... a Sector defence" is what uses them up, not an order
 * that builds nothing). A starfleet whose action is taken gives up its move points,
 * so it stays to build; what only Final Events can decide (money, casualties, a
 * retreat) may still fail then, and the points stay spent (RULINGS.md, "Construction").
 */
export function constructionActionsTaken(ctx: TurnContext): void {
  const takenAt = new Set<number>();
  for (const io of ctx.ordersOf("construct")) {
    const unit = ctx.ownUnitOr(io, io.order.unit, "construct");
    const refused = (code: string, why: string) => {
      ctx.constructionRefused.add(io);
      if (!unit) return;
      const kept = unit.kind === "starfleet" && ctx.movePoints(unit) > 0 ? "; it keeps its move points" : "";
      ctx.fail(io, code, `${why}${kept} (chapter 4, "Construction Happens": the Construction Action fails in First Events)`);
    };
    if (!unit) {
      refused("not-your-unit", "");
      continue;
    }
    const s = ctx.sector(unit.sector);
    if (!s) {
      refused("no-sector", `${unit.id} is in no sector`);
      continue;
    }
    if (!ctx.hasPermission(io.empire, s.id)) {
      refused(
        "no-permission",
        `${unit.id} is in ${sectorName(ctx, s.id)}, which you have no Permission for; construction needs Permission`,
      );
      continue;
    }
    const { workers } = ctx.workers(unit);
    if (workers < CONSTRUCTION_WORKERS) {
      // Starships this unit is to build this turn are named, so the player sees why they do not help.
      let ordered = 0;
      for (const b of ctx.ordersOf("build"))
        if (b.empire === io.empire && (ctx.refs.get(io.empire)?.get(b.order.unit) ?? b.order.unit) === unit.id) ordered += b.order.count;
      refused(
        "not-enough-workers",
        `${unit.id} has ${workers} starships to work${notYet(ordered)}; building a level needs ${CONSTRUCTION_WORKERS} workers`,
      );
      continue;
    }
    if (s.defence.level >= MAX_DEFENCE_LEVEL) {
      refused("max-level", `${sectorName(ctx, s.id)} already has level ${MAX_DEFENCE_LEVEL} defences, the maximum`);
      continue;
    }
    if (takenAt.has(s.id)) {
      refused(
        "already-built",
        `another unit already builds the defences of ${sectorName(ctx, s.id)} this turn; a sector goes up one level a turn`,
      );
      continue;
    }
    takenAt.add(s.id);
    if (unit.kind === "starfleet" && ctx.movePoints(unit) > 0) {
      ctx.exhaust(unit);
      ctx.constructing.add(unit.id);
      ctx.message(
        [io.empire],
        `${unit.name} (${unit.id}) stays in sector ${unit.sector} to build sector defences: its move points are used up.`,
      );
    }
  }
}
