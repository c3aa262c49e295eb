/**
 * A craft card's picture as plain data (CraftCard.tsx draws it): one circle a module, as the seed's COST table draws a
 * craft's modules ("oo", "ooo", l.168-256), each lettered with its abbreviation (E, L, EM, SB, A: l.909-938; the
 * others reference D.1); a Lasers or Expendables module's 90° arc of fire as a wedge on its circle, front up (l.635); a
 * damaged module struck through (useless until repaired, l.396); an expended Expendable hollow (until reloaded in a
 * Shuttle Bay, l.128). Everything drawn is also said in words, for screen readers.
 */
import { ARC_CENTRE, type Arc, type CraftType, MODULE_DATA, type Module } from "../../../rules/space-war/designing-craft/modules.js";

export interface CardModule {
  /** One of the eleven, or a Space Station's hotels and hospitals (l.876). */
  module: Module | "hotel";
  arc?: Arc;
}

export interface ModuleFlags {
  damaged?: boolean;
  expended?: boolean;
}

/** What a card shows: a design, or a craft in battle (anything with a name, a type and modules). */
export interface CardCraft {
  name: string;
  type: CraftType;
  modules: readonly CardModule[];
}

export interface CardCircle {
  x: number;
  y: number;
  letters: string;
  /** The wedge of its arc of fire, as an SVG path, for Lasers and Expendables. */
  arc?: string;
  damaged: boolean;
  expended: boolean;
  faulty: boolean;
  words: string;
}

export interface CardPicture {
  width: number;
  height: number;
  radius: number;
  circles: CardCircle[];
  /** The picture in words: "Vessel of 5 module(s): Engine, Engine, Shuttle Bay, Lasers (front arc), Lasers (rear arc)". */
  label: string;
  /** The design as players write it: "E+E+SB+L+L(rear)". */
  text: string;
  damaged: number;
}

const R = 17;
const STEP = 44;
/** Circles a row: ten modules (l.256) make two rows. */
export const PER_ROW = 8;

const nameOf = (m: Module | "hotel"): string => (m === "hotel" ? "Hotels and hospitals" : MODULE_DATA[m].name);
const lettersOf = (m: Module | "hotel"): string => (m === "hotel" ? "H" : m);

/** A module's arc, where it has one: its own, else the front (l.635). */
export const cardArc = (m: CardModule): Arc | undefined =>
  m.module !== "hotel" && MODULE_DATA[m.module].arc ? (m.arc ?? "front") : undefined;

/** The 90° wedge of an arc on a circle of radius r about (x, y): 45° each side of its centre (l.635), front up. */
export function wedge(x: number, y: number, r: number, arc: Arc): string {
  const at = (deg: number) => {
    const rad = ((deg - 90) * Math.PI) / 180;
    return `${(x + r * Math.cos(rad)).toFixed(2)} ${(y + r * Math.sin(rad)).toFixed(2)}`;
  };
  const c = ARC_CENTRE[arc];
  return `M ${x} ${y} L ${at(c - 45)} A ${r} ${r} 0 0 1 ${at(c + 45)} Z`;
}

/** One module in words: "Lasers (rear arc, damaged)". */
export function moduleWords(m: CardModule, flags: ModuleFlags | undefined, faulty = false): string {
  const arc = cardArc(m);
  const notes = [
    ...(arc ? [`${arc} arc`] : []),
    ...(flags?.damaged ? ["damaged"] : []),
    ...(flags?.expended ? ["expended"] : []),
    ...(faulty ? ["faulty"] : []),
  ];
  return `${nameOf(m.module)}${notes.length ? ` (${notes.join(", ")})` : ""}`;
}

/** The card of a craft, its modules' damage flags in its modules' order, and the modules a check faults. */
export function cardPicture(craft: CardCraft, damage?: readonly (ModuleFlags | undefined)[], faulty: readonly number[] = []): CardPicture {
  const n = craft.modules.length;
  const circles = craft.modules.map((m, k): CardCircle => {
    const x = 2 + (k % PER_ROW) * STEP + STEP / 2;
    const y = 2 + Math.floor(k / PER_ROW) * STEP + STEP / 2;
    const f = damage?.[k];
    const arc = cardArc(m);
    return {
      x,
      y,
      letters: lettersOf(m.module),
      ...(arc ? { arc: wedge(x, y, R, arc) } : {}),
      damaged: f?.damaged === true,
      expended: f?.expended === true,
      faulty: faulty.includes(k),
      words: moduleWords(m, f, faulty.includes(k)),
    };
  });
  const type = craft.type === "vessel" ? "Vessel" : "Fighter";
  return {
    width: Math.min(Math.max(n, 1), PER_ROW) * STEP + 4,
    height: Math.max(1, Math.ceil(n / PER_ROW)) * STEP + 4,
    radius: R,
    circles,
    label: `${type} of ${n} module(s): ${circles.map((c) => c.words).join(", ") || "none"}`,
    text: craft.modules
      .map((m) => {
        const arc = cardArc(m);
        return lettersOf(m.module) + (arc && arc !== "front" ? `(${arc})` : "");
      })
      .join("+"),
    damaged: circles.filter((c) => c.damaged).length,
  };
}
