/**
 * A design (seed 001 "DESIGNING CRAFT", l.74-256): a type of craft and its 2 to 10 modules. Lasers and Expendables
 * fire into a 90° arc, the front unless "rearranged to fire ... into another 90° arc", which "must be specified in
 * its Design" (l.635); ruling C.31: a vessel names the arc of each Lasers module, a fighter's are the front.
 */
import { craftCost } from "./cost.js";
import { type Arc, type CraftType, MODULE_DATA, type Module } from "./modules.js";

/** One module of a design; `arc` only for Lasers and Expendables (front when left out). */
export interface DesignModule {
  module: Module;
  arc?: Arc;
}

export interface Design {
  /** The player's name for it: "Carrier", "CT Bomber". */
  name: string;
  type: CraftType;
  modules: DesignModule[];
}

/** A design from module abbreviations, every arc the front: `design("CT Fighter", "fighter", ["E", "L"])`. */
export const design = (name: string, type: CraftType, modules: readonly Module[]): Design => ({
  name,
  type,
  modules: modules.map((module) => ({ module })),
});

/** How many of one module a design carries. */
export const countOf = (d: Design, m: Module): number => d.modules.filter((x) => x.module === m).length;

/** The arc a module fires into: its own for Lasers and Expendables (front by default), none for the others. */
export const arcOf = (m: DesignModule): Arc | undefined => (MODULE_DATA[m.module].arc ? (m.arc ?? "front") : undefined);

/** One craft of the design, in M€ (l.160-256), or undefined when it has fewer than 2 or more than 10 modules. */
export const designCost = (d: Design): number | undefined => craftCost(d.type, d.modules.length);

/** The design as players write it: "Vessel E+E+SB+L(rear)". */
export function designText(d: Design): string {
  const parts = d.modules.map((m) => {
    const arc = arcOf(m);
    return arc !== undefined && arc !== "front" ? `${m.module}(${arc})` : m.module;
  });
  return `${d.type === "vessel" ? "Vessel" : "Fighter"}: ${parts.join("+") || "no modules"}`;
}
