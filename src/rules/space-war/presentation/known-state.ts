/**
 * What a seat may know (RULINGS.md "What a seat sees"). Hidden in Space War are:
 * - an enemy face-down counter's identity (l.61-67 "markers that are only revealed when the enemy moves to within
 *   scouting distance", l.659-665, E.8 "Face-down counters carry no type information"): the seat keeps its id, owner,
 *   place, heading and the hits put on it (shots are public), and nothing else: the counter is blanked (`FACE_DOWN`);
 * - enemy fighters aboard a vessel (l.661 "Fighters inside a Vessel need not be placed but which Vessel they are in
 *   must be noted", l.428): removed;
 * - an enemy's technology cards not yet revealed (l.672 "Reveal them the first time you want their bonuses"): removed;
 * - an enemy's designs, but those seen on the table (a face-up craft, a wreck): E.8 "the opponent's designs are secret
 *   until revealed";
 * - the enemy's purchases and the crews aboard its craft before the battle: its craft not yet on the table are
 *   removed (their number is its purchase), and so is any field of its squadron not named in `knownState` (its record of
 *   what it bought), but a seat holding the Traitor card sees them whole before deployment (l.708-710 "Enemy player
 *   must reveal the composition of his or her force before deployment!");
 * - which enemy craft an enemy crew is aboard, until that craft is face up (its medals are public: they were
 *   awarded after a game, l.729).
 * In the Wall of Battle (l.1011-1035) an ally's craft in the battle are known whole, face down or aboard (allies fight
 * side by side and talk); its cards, designs and purchase stay its own.
 * Everything else is open: the table, the planets, face-up craft whole, the tallies, the results and the medals.
 */
import { isVisibleTo } from "../../../core/events.js";
import type { SeatId } from "../../../core/ids.js";
import { canonicalJson, cloneData } from "../../../core/json.js";
import { allied } from "../campaign-sequence/step.js";
import type { SxEvent } from "../events.js";
import type { Craft, CraftModule, SpaceWarState, Squadron } from "../model.js";
import { holds } from "../technology-cards/in-play.js";

/**
 * A counter the seat cannot identify, as its known state shows it: design "face-down counter", type "vessel" and one
 * whole "hotel" module (a module no rule uses, l.876), no crew. One whole module rather than none, so that the rules
 * run on the known state (the check's dry run) see a craft still in the fight, not a destroyed one (l.404).
 */
export const FACE_DOWN = { design: "face-down counter", type: "vessel", modules: [{ module: "hotel", damaged: false }] } as const;

/** Is the craft face up to everyone: revealed on the table, or a wreck or prize (seen when it was destroyed or taken)? */
export const faceUp = (c: Craft): boolean =>
  c.where.kind === "table" || (c.where.kind === "gone" && (c.where.how === "destroyed" || c.where.how === "captured"));

/** The counter as a seat that cannot identify it knows it. */
export function blanked(c: Craft): Craft {
  const out: Craft = {
    id: c.id,
    owner: c.owner,
    design: FACE_DOWN.design,
    type: FACE_DOWN.type,
    modules: FACE_DOWN.modules.map((m): CraftModule => ({ ...m })),
    where: cloneData(c.where),
    pendingHits: c.pendingHits,
  };
  if (c.tractoredBy !== undefined) out.tractoredBy = c.tractoredBy;
  if (c.hitBy !== undefined) out.hitBy = [...c.hitBy];
  return out;
}

/** Before deployment is over, does `seat` see the enemy's force (the Traitor, l.708-710)? */
export function seesForce(state: SpaceWarState, seat: SeatId): boolean {
  return holds(state, seat, "traitor") && (state.campaign.step === "purchase" || state.campaign.step === "deploy");
}

/**
 * How `seat` knows an enemy craft: whole when face up (or the Traitor shows it before deployment), blanked when face
 * down or still to enter, undefined (not known at all) when aboard a vessel, fled or exited unseen, or bought and not
 * yet deployed.
 */
export function knownCraft(state: SpaceWarState, seat: SeatId, c: Craft): Craft | undefined {
  if (c.owner === seat || faceUp(c)) return c;
  const battle = state.campaign.step === "battle" || state.campaign.step === "after-game";
  // The Wall of Battle: allies fight from one edge and share their table (RULINGS.md "6.0 Wall of Battle").
  if (battle && allied(state, seat, c.owner)) return c;
  if (!battle) return seesForce(state, seat) ? c : undefined;
  switch (c.where.kind) {
    case "aboard":
      return undefined;
    case "gone":
      return undefined;
    default:
      return blanked(c);
  }
}

/** The names of an enemy squadron's designs that `seat` has seen: on craft face up, or all of them through the Traitor. */
function seenDesigns(state: SpaceWarState, seat: SeatId, q: Squadron): Set<string> {
  if (seesForce(state, seat)) return new Set(q.designs.map((d) => d.name));
  const seen = new Set<string>();
  for (const c of state.campaign.battle?.craft ?? []) if (c.owner === q.seat && faceUp(c)) seen.add(c.design);
  return seen;
}

/** The campaign as `seat` knows it: a new object; the state given is not changed. */
export function knownState(state: SpaceWarState, seat: SeatId): SpaceWarState {
  const k = cloneData(state);
  const c = k.campaign;
  c.squadrons = c.squadrons.map((q) => {
    if (q.seat === seat) return q;
    const cards = q.cards.filter((h) => h.revealed);
    if (seesForce(state, seat)) return { ...q, cards };
    const seen = seenDesigns(state, seat, q);
    // Built field by field: a field of the squadron not named here (its purchase, `bought`) is its own business.
    return {
      seat: q.seat,
      name: q.name,
      budgetOption: q.budgetOption,
      machine: q.machine,
      designs: q.designs.filter((d) => seen.has(d.name)),
      prisoners: q.prisoners.filter((p) => seen.has(p.design.name)),
      crews: q.crews,
      cards,
      redesigned: q.redesigned,
    };
  });
  const b = c.battle;
  if (b) {
    const kept: Craft[] = [];
    for (const x of b.craft) {
      const known = knownCraft(state, seat, x);
      if (known) kept.push(known);
    }
    b.craft = kept;
  }
  return k;
}

/**
 * Needles `seat` must not find in its view, report, known state or menus (the shared harness looks for each): the
 * canonical JSON of each hidden fact, written so that what the seat may see cannot contain it by chance, and the text of
 * each event it may not see.
 */
export function secrets(state: SpaceWarState, seat: SeatId, events: readonly SxEvent[]): string[] {
  const out: string[] = [];
  // An event the seat may not see (a face-down counter's move told to its owner): its text, unless a public one says the same.
  const open = new Set(events.filter((e) => isVisibleTo(e, seat)).map((e) => e.text));
  for (const e of events) if (!isVisibleTo(e, seat) && !open.has(e.text)) out.push(`"text":${JSON.stringify(e.text)}`);
  const b = state.campaign.battle;
  const k = knownState(state, seat);
  const mine = new Set((state.campaign.squadrons.find((q) => q.seat === seat)?.designs ?? []).map((d) => d.name));
  const seenNames = new Set<string>([...mine]);
  for (const q of k.campaign.squadrons) for (const d of q.designs) seenNames.add(d.name);
  for (const x of k.campaign.battle?.craft ?? []) seenNames.add(x.design);
  for (const x of b?.craft ?? []) {
    if (x.owner === seat) continue;
    const known = knownCraft(state, seat, x);
    if (known === x) continue;
    // The craft's own modules, as its object in the state would carry them (keys sorted: "id" then "modules").
    out.push(`"id":${JSON.stringify(x.id)},"modules":${canonicalJson(x.modules)}`);
    if (!seenNames.has(x.design)) out.push(`"design":${JSON.stringify(x.design)}`);
    if (x.crew !== undefined) out.push(`"crew":${JSON.stringify(x.crew)}`);
    if (x.where.kind === "aboard") out.push(`"vessel":${JSON.stringify(x.where.vessel)}`);
  }
  for (const q of state.campaign.squadrons) {
    if (q.seat === seat) continue;
    const held = new Set((state.campaign.squadrons.find((s) => s.seat === seat)?.cards ?? []).map((h) => h.card));
    for (const h of q.cards) if (!h.revealed && !held.has(h.card)) out.push(`"card":${JSON.stringify(h.card)}`);
    for (const d of q.designs) if (!seenNames.has(d.name)) out.push(`"name":${JSON.stringify(d.name)},"type":${JSON.stringify(d.type)}`);
  }
  return out;
}
