/**
 * Final Events between empires: seed 003 chapter 4 "Sectors Gifted", "Peace
 * Established", "Alliances Cancelled", "Alliances Formed", "Info Sharing Changes",
 * "Empire Limits Checked" and "Defeated Empires Removed", with chapter 2
 * ("Diplomatic Relations", "Other Diplomatic Status") and chapter 5 ("Player Status").
 */
import { own } from "../../core/ids.js";
import { LIMITS, MAX_GIFTS_PER_TURN } from "./catalog.js";
import type { IndexedOrder, TurnContext } from "./context.js";
import {
  accepts,
  activeEmpires,
  admiralsOwnedBy,
  compareIds,
  empireName,
  orderSector,
  otherEmpire,
  removeAdmiral,
  sectorName,
} from "./economy.js";
import {
  admiralLabel,
  defaultStanding,
  type EmpireId,
  garrisonId,
  newUnit,
  type Relation,
  relationKey,
  type Sector,
  type Standing,
  type Unit,
} from "./model.js";
import type { OrderType } from "./orders.js";

/** This empire's standing toward another, created with the defaults (accept yes, no passage, no sharing). */
export function standingToward(ctx: TurnContext, of: EmpireId, toward: EmpireId): Standing {
  const e = own(ctx.state.empires, of);
  if (!e) throw new Error(`standingToward: unknown empire ${of}`);
  const cur = own(e.toward, toward);
  if (cur) return cur;
  const fresh = defaultStanding();
  e.toward[toward] = fresh;
  return fresh;
}

// --- 3.12 Sectors Gifted ------------------------------------------------------------

/** Whether `empire` has a starship in `sector` or a sector connected to it (cloaked ones count). */
function hasStarshipNear(ctx: TurnContext, empire: EmpireId, sector: number): boolean {
  const near = new Set([sector, ...ctx.neighbours(sector)]);
  return Object.values(ctx.state.units).some((u) => u.owner === empire && near.has(u.sector) && ctx.starshipCount(u) > 0);
}

/**
 * Chapter 4, "Sectors Gifted": you own the sector; the recipient accepts gifts from
 * you and has a starship in the sector or a connected one (a cloaked one will do:
 * RULINGS "Gift token force"); at most MAX_GIFTS_PER_TURN (2) a giver a turn. The
 * annexation is unchanged and the defences go with the sector. The old owner's
 * garrison starships and admirals leave in a new starfleet of the old owner in the
 * sector ("you can't use this to give away starships"); the garrison becomes the
 * recipient's. Special Permission granted by the old owner ends, as on conquest
 * (chapter 4, "Sector Ownership Changes"). The sector has changed owner this turn,
 * so its damage is not repaired (chapter 4, "Sector Damage Repaired").
 */
export function sectorsGifted(ctx: TurnContext): void {
  const given = new Map<EmpireId, number>();
  for (const io of ctx.ordersOf("giveSector")) {
    const o = io.order;
    const s = orderSector(ctx, io, o.sector);
    if (!s) continue;
    const to = otherEmpire(ctx, io, o.empire, "giveSector");
    if (!to) continue;
    if (s.owner !== io.empire) {
      ctx.fail(io, "not-your-sector", `${sectorName(ctx, s.id)} is not yours to give; it belongs to ${s.owner}`);
      continue;
    }
    if (!accepts(ctx, to.id, io.empire)) {
      ctx.fail(io, "gift-refused", `${to.name} does not accept gifts from you (chapter 2, "Acceptance")`);
      continue;
    }
    if (!hasStarshipNear(ctx, to.id, s.id)) {
      ctx.fail(
        io,
        "no-token-force",
        `${to.name} needs a starship in ${sectorName(ctx, s.id)} or a sector connected to it to receive the gift (chapter 4, "Sectors Gifted")`,
      );
      continue;
    }
    const n = given.get(io.empire) ?? 0;
    if (n >= MAX_GIFTS_PER_TURN) {
      ctx.fail(io, "gift-limit", `you may not gift more than ${MAX_GIFTS_PER_TURN} sectors in a turn`);
      continue;
    }
    given.set(io.empire, n + 1);
    giveSector(ctx, s, io.empire, to.id);
  }
}

function giveSector(ctx: TurnContext, s: Sector, from: EmpireId, to: EmpireId): void {
  s.owner = to;
  s.permission = [];
  ctx.changedOwner.add(s.id);
  const g = own(ctx.state.units, garrisonId(s.id));
  let fleet: Unit | null = null;
  if (g && g.kind === "garrison") {
    if (g.owner === from && (g.ships.length > 0 || g.admirals.length > 0)) {
      fleet = newUnit({
        id: `A${ctx.state.nextUnit++}`,
        kind: "starfleet",
        owner: from,
        name: `Former ${g.name}`,
        sector: s.id,
        ships: g.ships,
        admirals: g.admirals,
        leader: g.leader,
        retreatLevel: g.retreatLevel,
        defendDefences: true,
      });
      ctx.state.units[fleet.id] = fleet;
      for (const a of fleet.admirals) {
        const adm = own(ctx.state.admirals, a);
        if (adm) adm.unit = fleet.id;
      }
    }
    g.owner = to;
    g.ships = [];
    g.admirals = [];
    g.leader = null;
    g.follow = null;
  }
  ctx.events.push({ kind: "ownership", to: "all", step: ctx.stepLabel(), sector: s.id, from, owner: to, how: "gift" });
  ctx.message(
    [from],
    `You gave ${sectorName(ctx, s.id)} to ${empireName(ctx, to)}.${fleet ? ` The starships and admirals of its garrison formed starfleet ${fleet.id}.` : ""}`,
  );
  ctx.message([to], `${empireName(ctx, from)} gave you ${sectorName(ctx, s.id)}.`);
}

// --- 3.15-3.17 Relations ---------------------------------------------------------------

/** Offers of one type, validated against the relation they need; returns the offering pairs "from>to". */
/** How a relation reads after "you are": an order refused for the relation says which one it found. */
const RELATION_WORDS: Readonly<Record<Relation | "self", string>> = {
  war: "at war",
  neutral: "neutral",
  alliance: "allied",
  // An order naming its own empire is refused before this (otherEmpire).
  self: "one and the same",
};

/** The offers of `type` to empires in relation `needed` with the offerer; any other fails with `code`, naming the relation. */
function offersWhen(
  ctx: TurnContext,
  type: Extract<OrderType, "offerPeace" | "cancelAlliance">,
  needed: Relation,
  code: string,
  onlyFor: string,
): Map<string, IndexedOrder> {
  return offers(ctx, type, (io, other) => {
    const r = ctx.relation(io.empire, other);
    if (r === needed) return true;
    ctx.fail(io, code, `${type} is only for ${onlyFor}; you are ${RELATION_WORDS[r]} with ${empireName(ctx, other)}`);
    return false;
  });
}

function offers(
  ctx: TurnContext,
  type: Extract<OrderType, "offerPeace" | "offerAlliance" | "cancelAlliance">,
  check: (io: IndexedOrder, other: EmpireId) => boolean,
): Map<string, IndexedOrder> {
  const out = new Map<string, IndexedOrder>();
  for (const io of ctx.ordersOf(type)) {
    const other = otherEmpire(ctx, io, (io.order as { empire: string }).empire, type);
    if (!other) continue;
    if (!check(io, other.id)) continue;
    out.set(`${io.empire}>${other.id}`, io);
  }
  return out;
}

function setRelation(ctx: TurnContext, a: EmpireId, b: EmpireId, r: Relation): void {
  ctx.state.relations[relationKey(a, b)] = r;
}

/** Pairs (a < b) where both offered each other. */
function mutual(map: Map<string, IndexedOrder>): [EmpireId, EmpireId][] {
  const pairs: [EmpireId, EmpireId][] = [];
  for (const key of [...map.keys()].sort()) {
    const [a, b] = key.split(">") as [EmpireId, EmpireId];
    if (a < b && map.has(`${b}>${a}`)) pairs.push([a, b]);
  }
  return pairs;
}

/**
 * Offers that need an answer in kind (peace, alliance): pairs who both offered take relation `becomes`; each offer
 * not answered is told to both empires, or is uncertain to a player previewing the turn (who cannot know the other's
 * orders). `say` words it: `offer` what was offered ("peace"), `comes` what happens when both offer it.
 */
function settleOffers(
  ctx: TurnContext,
  map: Map<string, IndexedOrder>,
  becomes: Relation,
  say: { made: (a: string, b: string) => string; offer: string; comes: string; declined: (other: string) => string },
): void {
  const made = new Set<string>();
  for (const [a, b] of mutual(map)) {
    setRelation(ctx, a, b, becomes);
    made.add(`${a}>${b}`).add(`${b}>${a}`);
    ctx.message([a, b], say.made(empireName(ctx, a), empireName(ctx, b)));
  }
  for (const [key, io] of map) {
    if (made.has(key)) continue;
    const other = key.split(">")[1] as EmpireId;
    if (ctx.previewing(io.empire)) {
      ctx.cannotVerify(
        io,
        `whether ${empireName(ctx, other)} offers ${say.offer} in return cannot be verified from what you know: ${say.comes} only if both offer it this turn`,
      );
      ctx.uncertain(`whether ${empireName(ctx, other)} offers ${say.offer} too`);
      continue;
    }
    ctx.message([io.empire], say.declined(empireName(ctx, other)));
    ctx.message([other], `${empireName(ctx, io.empire)} offered you ${say.offer}; both must offer it in the same turn.`);
  }
}

/**
 * Chapter 4, "Peace Established": two empires at war who both offered peace to
 * each other become neutral. An offer to an empire you are not at war with fails
 * (chapter 2: Offer Peace "is only for an enemy").
 */
export function peaceEstablished(ctx: TurnContext): void {
  const map = offersWhen(ctx, "offerPeace", "war", "not-at-war", "an enemy");
  settleOffers(ctx, map, "neutral", {
    made: (a, b) => `Peace between ${a} and ${b}: they are now neutral.`,
    offer: "peace",
    comes: "peace comes",
    declined: (other) => `${other} did not offer peace in return: you remain at war.`,
  });
}

/**
 * Chapter 4, "Alliances Cancelled": either ally may cancel; they become neutral. A
 * cancel sent to an empire you are not allied with fails (chapter 2: "only for an ally").
 */
export function alliancesCancelled(ctx: TurnContext): void {
  const map = offersWhen(ctx, "cancelAlliance", "alliance", "not-allied", "an ally");
  const done = new Set<string>();
  for (const key of [...map.keys()].sort()) {
    const [a, b] = key.split(">") as [EmpireId, EmpireId];
    const k = relationKey(a, b);
    if (done.has(k)) continue;
    done.add(k);
    setRelation(ctx, a, b, "neutral");
    ctx.message([a, b], `${empireName(ctx, a)} cancelled the alliance with ${empireName(ctx, b)}: they are now neutral.`);
  }
}

/**
 * Chapter 4, "Alliances Formed": two neutral empires who both offer alliance become
 * allies, but not if they were at war at the start of the turn: "you can't move from
 * enemies to allies in the same turn". Offers while at war, to an ally, or to the
 * empire whose alliance you cancelled this turn fail.
 */
export function alliancesFormed(ctx: TurnContext): void {
  const map = offers(ctx, "offerAlliance", (io, other) => {
    const name = empireName(ctx, other);
    const r = ctx.relation(io.empire, other);
    if (r === "war") {
      ctx.fail(io, "at-war", `you can't offer an alliance to ${name} while at war; offer peace first, then alliance the next turn`);
      return false;
    }
    if (r === "alliance") {
      ctx.fail(io, "already-allied", `you are already allied with ${name}`);
      return false;
    }
    const k = relationKey(io.empire, other);
    if ((ctx.startRelations[k] ?? "neutral") === "war") {
      ctx.fail(
        io,
        "was-at-war",
        `you were at war with ${name} at the start of the turn: "you can't move from enemies to allies in the same turn"; offer alliance next turn`,
      );
      return false;
    }
    // Allied at the start and neutral now: the alliance was cancelled this turn.
    if (ctx.startRelations[k] === "alliance") {
      ctx.fail(io, "alliance-cancelled", `the alliance with ${name} was cancelled this turn; offer it again next turn`);
      return false;
    }
    return true;
  });
  settleOffers(ctx, map, "alliance", {
    made: (a, b) => `${a} and ${b} are now allies.`,
    offer: "an alliance",
    comes: "an alliance forms",
    declined: (other) => `${other} did not offer alliance in return: you remain neutral.`,
  });
}

// --- 3.18 Info Sharing Changes -----------------------------------------------------------

/** Chapter 4, "Info Sharing Changes": grant or revoke sharing your scouting with an empire. */
export function infoSharingChanges(ctx: TurnContext): void {
  for (const io of ctx.ordersOf("infoSharing")) {
    const other = otherEmpire(ctx, io, io.order.empire, "infoSharing");
    if (!other) continue;
    standingToward(ctx, io.empire, other.id).share = io.order.grant;
    ctx.message(
      [io.empire, other.id],
      io.order.grant
        ? `${empireName(ctx, io.empire)} now shares its scouting reports with ${other.name}.`
        : `${empireName(ctx, io.empire)} no longer shares its scouting reports with ${other.name}.`,
    );
  }
}

// --- 3.20 Empire Limits Checked -----------------------------------------------------------

/**
 * Chapter 4, "Empire Limits Checked" and chapter 5, "Player Status": an empire with
 * more admirals than its status allows loses one (the lowest tactics, ties by id:
 * the least valuable goes); one with more annexed sectors than allowed has one
 * returned to local control (one not owned by it first, as it yields nothing; then
 * the lowest revenue; ties by id). At most one of each per turn.
 */
export function empireLimitsChecked(ctx: TurnContext): void {
  for (const e of activeEmpires(ctx)) {
    const limit = LIMITS[e.status];
    const admirals = admiralsOwnedBy(ctx, e.id);
    if (admirals.length > limit.admirals) {
      const a = [...admirals].sort((x, y) => x.tactics - y.tactics || compareIds(x.id, y.id))[0];
      if (a) {
        removeAdmiral(ctx, a.id);
        ctx.message(
          [e.id],
          `${admiralLabel(a)} resigned: you had ${admirals.length} admirals and your ${e.status} status allows ${limit.admirals}.`,
        );
      }
    }
    const annexed = ctx.state.sectors.filter((s) => s.annexedTo === e.id);
    if (annexed.length > limit.annexed) {
      const s = [...annexed].sort((x, y) => Number(x.owner === e.id) - Number(y.owner === e.id) || x.revenue - y.revenue || x.id - y.id)[0];
      if (s) {
        s.annexedTo = null;
        s.annexDrift = 0;
        ctx.message(
          [e.id],
          `${sectorName(ctx, s.id)} returned to local control: you had ${annexed.length} annexed sectors and your ${e.status} status allows ${limit.annexed}.`,
        );
      }
    }
  }
}

// --- 3.21 Defeated Empires Removed -----------------------------------------------------------

/**
 * Chapter 4, "Defeated Empires Removed": an empire that owns no sector and no
 * starship is defeated. Its remaining forces can only be admirals; they leave the
 * game with their empty units (RULINGS: "Defeated empire's admirals").
 */
export function defeatedEmpiresRemoved(ctx: TurnContext): void {
  for (const e of activeEmpires(ctx)) {
    if (ctx.state.sectors.some((s) => s.owner === e.id)) continue;
    const units = ctx.unitsOf(e.id);
    if (units.some((u) => ctx.starshipCount(u) > 0)) continue;
    e.defeated = true;
    for (const a of admiralsOwnedBy(ctx, e.id)) removeAdmiral(ctx, a.id);
    for (const u of units) {
      for (const other of Object.values(ctx.state.units)) if (other.follow === u.id) other.follow = null;
      delete ctx.state.units[u.id];
    }
    ctx.message("all", `${e.name} owns no sector and no starship: it has been defeated and is removed from the game.`);
  }
}
