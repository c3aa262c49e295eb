/**
 * The orders the Space War battle table offers when a craft is pointed at (src/web/rulesets/space-war/offers.ts):
 * only what the seat's menus name (rules' presentation/legal-orders.ts), for the chosen craft and the craft clicked.
 * An enemy clicked: a tractor on a fighter (S5, l.442), the Nuclear Warhead (S6, l.458-462), a ram with or without it
 * (S8, l.504-516), a shot with each weapon the craft carries (S9, l.525-635), a held fighter pulled aboard (S4, l.446).
 * A vessel of the seat clicked: its fighters launched, the chosen fighter retrieved (S4, l.420-434).
 */
import { describe, expect, it } from "vitest";
import type { OrderOption } from "../../src/core/ruleset.js";
import type { Design } from "../../src/rules/space-war/designing-craft/design.js";
import { type Craft, craftOf } from "../../src/rules/space-war/model.js";
import { offersAgainst, offersOfVessel } from "../../src/web/rulesets/space-war/offers.js";

const mods = (list: string[]) => list.map((m) => ({ module: m as "E" }));
const TUG: Design = { name: "Tug", type: "vessel", modules: mods(["E", "E", "TR", "SB", "L", "N"]) };
const WASP: Design = { name: "Wasp", type: "fighter", modules: mods(["E", "L"]) };

function craft(id: string, owner: string, d: Design, aboard?: string): Craft {
  const c = craftOf(id, owner, d);
  c.where = aboard ? { kind: "aboard", vessel: aboard } : { kind: "table", at: { x: 10, y: 10 }, heading: 0 };
  return c;
}

const pick = (ids: string[]) => ({ kind: "choice" as const, values: ids.map((v) => ({ value: v, label: v })) });
const yesNo = pick(["false", "true"]);
const weapon = {
  kind: "choice" as const,
  values: [
    { value: "laser", label: "Lasers" },
    { value: "missile", label: "Missiles" },
    { value: "expendables", label: "Expendable munitions" },
  ],
};
const menu = (type: string, fields: OrderOption["fields"]): OrderOption => ({ type, summary: "", fields });

/** Blue's battle menus with its Tug blue-1 (a fighter blue-2 aboard, blue-3 flying) against red's fighter red-1. */
const MENUS: OrderOption[] = [
  menu("give-up", {}),
  menu("launch", { craft: pick(["blue-2"]), at: { kind: "point", xMax: 72, yMax: 48 } }),
  menu("retrieve", { craft: pick(["blue-3"]), into: pick(["blue-1"]) }),
  menu("tractor", { craft: pick(["blue-1"]), target: pick(["red-1"]) }),
  menu("nuke", { craft: pick(["blue-1"]) }),
  menu("ram", { craft: pick(["blue-1", "blue-3"]), target: pick(["red-1"]), nuke: yesNo }),
  menu("shoot", { craft: pick(["blue-1", "blue-3"]), target: pick(["red-1"]), weapon }),
];

describe("an enemy pointed at with a craft of ours chosen", () => {
  it("the Tug offers its tractor, its nuke, a ram with and without it, and a shot with the Lasers it carries", () => {
    const offers = offersAgainst(MENUS, craft("blue-1", "blue", TUG), craft("red-1", "red", WASP));
    expect(offers.map((o) => o.text)).toEqual([
      "tractor red-1",
      "explode blue-1's Nuclear Warhead",
      "ram red-1",
      "ram red-1 and explode the nuke",
      "shoot red-1 with Lasers",
    ]);
    expect(offers.map((o) => o.order)).toContainEqual({ type: "ram", craft: "blue-1", target: "red-1", nuke: true });
    expect(offers.at(-1)?.order).toEqual({ type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" });
  });

  it("a fighter the menus name for no tractor or nuke offers only a ram and its shot", () => {
    const offers = offersAgainst(MENUS, craft("blue-3", "blue", WASP), craft("red-1", "red", WASP));
    expect(offers.map((o) => o.text)).toEqual(["ram red-1", "shoot red-1 with Lasers"]);
  });

  it("nothing is offered against a craft the menus do not name as a target (face down, l.665)", () => {
    expect(offersAgainst(MENUS, craft("blue-1", "blue", TUG), craft("red-2", "red", WASP)).map((o) => o.order.type)).toEqual(["nuke"]);
  });

  it("a fighter our tractor holds is offered as a prisoner into the chosen vessel's bay (l.446)", () => {
    const menus = [...MENUS, menu("prisoner", { craft: pick(["red-1"]), into: pick(["blue-1"]) })];
    expect(offersAgainst(menus, craft("blue-1", "blue", TUG), craft("red-1", "red", WASP))[0]).toEqual({
      order: { type: "prisoner", craft: "red-1", into: "blue-1" },
      text: "pull red-1 aboard blue-1 as a prisoner",
    });
  });
});

describe("a vessel of ours pointed at", () => {
  const tug = craft("blue-1", "blue", TUG);
  const all = [tug, craft("blue-2", "blue", WASP, "blue-1"), craft("blue-3", "blue", WASP), craft("blue-4", "blue", WASP, "blue-9")];

  it('offers its fighters aboard launched (placed by the rules 1" ahead, l.424) and the chosen fighter retrieved', () => {
    expect(offersOfVessel(MENUS, tug, all[2] ?? null, all)).toEqual([
      { order: { type: "launch", craft: "blue-2" }, text: "launch blue-2 from blue-1" },
      { order: { type: "retrieve", craft: "blue-3", into: "blue-1" }, text: "retrieve blue-3 into blue-1" },
    ]);
  });

  it("with nothing chosen, only the launches; a vessel without a bay in the menus, nothing", () => {
    expect(offersOfVessel(MENUS, tug, null, all).map((o) => o.text)).toEqual(["launch blue-2 from blue-1"]);
    expect(offersOfVessel(MENUS, craft("blue-9", "blue", TUG), all[2] ?? null, all)).toEqual([]);
  });
});
