/**
 * The orders the battle table offers when a craft is pointed at (SeatView.tsx), as plain data: with one of the seat's
 * craft chosen, an enemy craft clicked offers what the chosen craft may do against it in this turn (S5 a tractor beam
 * on a fighter, l.442; S6 its Nuclear Warhead, l.458-462; S8 a ram, with or without the nuke, l.504-516; S9 a shot
 * with each weapon it carries, l.525-635; S4 the fighter pulled aboard as a prisoner when the chosen vessel's tractor
 * holds it, l.446), and a vessel of the seat's clicked offers its fighters' launches and the chosen fighter's retrieval
 * into it (S4, l.420-434). Every offer comes from the seat's menus (GET .../options, the rules' legal-orders.ts): a
 * menu must offer the chosen craft, and the target, in its fields; nothing is offered that the menus do not name.
 * Whether it will work, and the figures (the inches, the score each die needs), are the check's to say.
 */
import type { OrderOption } from "../../../core/ruleset.js";
import type { Craft } from "../../../rules/space-war/model.js";
import { weaponsOf } from "./battle-table.js";
import type { DraftOrder } from "./sx-draft.js";

export interface Offer {
  order: DraftOrder;
  /** The offer in a few words, as its button says it: "tractor red-4", "launch blue-3 from blue-1". */
  text: string;
}

const menuOf = (menus: readonly OrderOption[], type: string): OrderOption | undefined => menus.find((m) => m.type === type);

/** The menu's `field` is a choice that offers `id`. */
function names(menu: OrderOption | undefined, field: string, id: string): menu is OrderOption {
  const f = menu?.fields[field];
  return f !== undefined && f.kind === "choice" && f.values.some((v) => String(v.value) === id);
}

/** What the chosen craft `c` (the seat's) may order against the enemy craft `target` now. */
export function offersAgainst(menus: readonly OrderOption[], c: Craft, target: Craft): Offer[] {
  const out: Offer[] = [];
  const both = (type: string) => {
    const m = menuOf(menus, type);
    return names(m, "craft", c.id) && names(m, "target", target.id) ? m : undefined;
  };
  const prisoner = menuOf(menus, "prisoner");
  if (names(prisoner, "craft", target.id) && names(prisoner, "into", c.id))
    out.push({ order: { type: "prisoner", craft: target.id, into: c.id }, text: `pull ${target.id} aboard ${c.id} as a prisoner` });
  if (both("tractor")) out.push({ order: { type: "tractor", craft: c.id, target: target.id }, text: `tractor ${target.id}` });
  const nuke = names(menuOf(menus, "nuke"), "craft", c.id);
  if (nuke) out.push({ order: { type: "nuke", craft: c.id }, text: `explode ${c.id}'s Nuclear Warhead` });
  const ram = both("ram");
  if (ram) {
    out.push({ order: { type: "ram", craft: c.id, target: target.id, nuke: false }, text: `ram ${target.id}` });
    if (nuke && names(ram, "nuke", "true"))
      out.push({ order: { type: "ram", craft: c.id, target: target.id, nuke: true }, text: `ram ${target.id} and explode the nuke` });
  }
  const shoot = both("shoot");
  const weapon = shoot?.fields.weapon;
  if (weapon?.kind === "choice") {
    // The menu's weapons that this craft carries and can fire now (an expended Expendable cannot, l.128).
    const carried = new Set<string>(weaponsOf(c));
    for (const w of weapon.values)
      if (carried.has(String(w.value)))
        out.push({ order: { type: "shoot", craft: c.id, target: target.id, weapon: w.value }, text: `shoot ${target.id} with ${w.label}` });
  }
  return out;
}

/**
 * What a vessel `v` of the seat offers when clicked: each fighter aboard it launched (placed by the rules 1" ahead of
 * it, l.424, C.10) and the chosen fighter, if any, retrieved into its Shuttle Bay.
 */
export function offersOfVessel(menus: readonly OrderOption[], v: Craft, chosen: Craft | null, craft: readonly Craft[]): Offer[] {
  const out: Offer[] = [];
  const launch = menuOf(menus, "launch");
  for (const f of craft)
    if (f.where.kind === "aboard" && f.where.vessel === v.id && names(launch, "craft", f.id))
      out.push({ order: { type: "launch", craft: f.id }, text: `launch ${f.id} from ${v.id}` });
  const retrieve = menuOf(menus, "retrieve");
  if (chosen && chosen.id !== v.id && names(retrieve, "craft", chosen.id) && names(retrieve, "into", v.id))
    out.push({ order: { type: "retrieve", craft: chosen.id, into: v.id }, text: `retrieve ${chosen.id} into ${v.id}` });
  return out;
}
