/**
 * The Space War battle table's pointing (src/web/rulesets/space-war/battle-table.ts) and the seat's orders from its
 * forms (sx-draft.ts): the picture's points and the table's inches, the order a click makes in each step (a deployment
 * within 6" of the planet, l.884; a move of at most the craft's allowance, l.480-500; a shot with the craft's weapon,
 * l.525-635), one move a craft a turn, and a design's modules typed as the seed abbreviates them (l.909-938).
 */
import { describe, expect, it } from "vitest";
import type { OrderOption } from "../../src/core/ruleset.js";
import { createCampaign, DEFAULT_INPUTS } from "../../src/rules/space-war/campaign-sequence/create.js";
import type { Design } from "../../src/rules/space-war/designing-craft/design.js";
import { type Craft, craftOf, type Point, type SpaceWarState } from "../../src/rules/space-war/model.js";
import {
  allowanceOf,
  craftName,
  deployNote,
  MARGIN,
  moveNote,
  ordersOf,
  pictureSize,
  pointOrder,
  putOrder,
  SCALE,
  shotOrder,
  toPicture,
  toTable,
  weaponsOf,
} from "../../src/web/rulesets/space-war/battle-table.js";
import { menusForCraft, missing, modulesFrom, orderFrom, orderText } from "../../src/web/rulesets/space-war/sx-draft.js";
import { squadronActionBattle } from "../space-war/squadron-action-battle.js";

const mods = (list: string[]) => list.map((m) => ({ module: m as "E" }));
const FRIGATE: Design = { name: "Frigate", type: "vessel", modules: mods(["E", "E", "A", "L", "L", "M"]) };
const WASP: Design = { name: "Wasp", type: "fighter", modules: mods(["E", "EM"]) };
const TABLE = { width: 72, depth: 48 };

/** A craft of `owner` at a point (face down unless `up`), or still to deploy. */
function at(id: string, owner: string, d: Design, p: Point | "entering", up = false): Craft {
  const c = craftOf(id, owner, d);
  if (p !== "entering") c.where = { kind: up ? "table" : "hidden", at: p, heading: 90 };
  return c;
}

/** The Squadron Action's table (l.880-892): blue's planet west at (6, 24), red's east at (66, 24). */
function battle(step: "deploy" | "battle", craft: Craft[]): SpaceWarState {
  const s = createCampaign(DEFAULT_INPUTS);
  s.campaign.step = step;
  s.campaign.battle = squadronActionBattle(craft, { blue: 1, red: 1 });
  return s;
}

describe("the table on the picture", () => {
  it('a 72" x 48" table is 720 x 480 picture units inside its margin, +y drawn up', () => {
    expect(pictureSize(TABLE)).toEqual({ w: 720 + 2 * MARGIN, h: 480 + 2 * MARGIN });
    expect(toPicture(TABLE, { x: 0, y: 0 })).toEqual({ x: MARGIN, y: MARGIN + 48 * SCALE });
    expect(toPicture(TABLE, { x: 72, y: 48 })).toEqual({ x: MARGIN + 720, y: MARGIN });
  });

  it("a click comes back as the table's point, to a tenth of an inch, kept on the table", () => {
    const p = toPicture(TABLE, { x: 20.3, y: 31.7 });
    expect(toTable(TABLE, p.x, p.y)).toEqual({ x: 20.3, y: 31.7 });
    expect(toTable(TABLE, p.x + 0.04, p.y)).toEqual({ x: 20.3, y: 31.7 });
    expect(toTable(TABLE, -50, -50)).toEqual({ x: 0, y: 48 });
    expect(toTable(TABLE, 5000, 5000)).toEqual({ x: 72, y: 0 });
  });
});

describe('deploying by pointing: face down within 6" of your planet (l.33, l.884)', () => {
  it("a point clicked for a craft still to deploy is its deploy order, facing the middle of the table", () => {
    const c = at("blue-1", "blue", FRIGATE, "entering");
    const s = battle("deploy", [c]);
    expect(pointOrder(s, "blue", c, { x: 9, y: 24 })).toEqual({ type: "deploy", craft: "blue-1", at: { x: 9, y: 24 }, heading: 90 });
  });

  it('the note says how far the point is from the planet, and that 6.5" is too far', () => {
    const s = battle("deploy", []);
    expect(deployNote(s, "blue", "blue-1", { x: 9, y: 24 })).toEqual({ within: true, text: 'blue-1 at (9, 24): 3.0" from your planet' });
    const far = deployNote(s, "blue", "blue-1", { x: 12.5, y: 24 });
    expect(far.within).toBe(false);
    expect(far.text).toContain('6.5" from your planet, more than 6" (l.884)');
  });

  it("another seat's craft orders nothing", () => {
    const c = at("red-1", "red", FRIGATE, "entering");
    expect(pointOrder(battle("deploy", [c]), "blue", c, { x: 60, y: 24 })).toBeNull();
  });
});

describe("moving by pointing: straight, at most the allowance (S7, l.466-500)", () => {
  it('a vessel with two Engines moves 12"; a fighter with one 9" (l.480-484, l.498-500)', () => {
    expect(allowanceOf(at("blue-1", "blue", FRIGATE, { x: 10, y: 24 }))).toBe(12);
    expect(allowanceOf(at("blue-2", "blue", WASP, { x: 10, y: 24 }))).toBe(9);
  });

  it("a point clicked in the battle is a move there; the note gives the inches against the allowance", () => {
    const c = at("blue-1", "blue", FRIGATE, { x: 10, y: 24 });
    const s = battle("battle", [c]);
    expect(pointOrder(s, "blue", c, { x: 20, y: 24 })).toEqual({ type: "move", craft: "blue-1", to: { x: 20, y: 24 } });
    expect(moveNote(c, { x: 20, y: 24 })).toMatchObject({
      inches: 10,
      allowance: 12,
      within: true,
      text: 'blue-1 to (20, 24): 10.0" of its 12.0"',
    });
    expect(moveNote(c, { x: 22.5, y: 24 })).toMatchObject({
      within: false,
      text: 'blue-1 to (22.5, 24): 12.5" of its 12.0", too far (l.480-500)',
    });
  });

  it('a damaged Engine moves the craft less: one Engine, 6"', () => {
    const c = at("blue-1", "blue", FRIGATE, { x: 10, y: 24 });
    const e = c.modules[0];
    if (e) e.damaged = true;
    expect(moveNote(c, { x: 20, y: 24 }).allowance).toBe(6);
  });

  it("one move a craft a turn: a second point replaces the first; other craft's orders stay", () => {
    let list = putOrder([], { type: "move", craft: "blue-1", to: { x: 20, y: 24 } });
    list = putOrder(list, { type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" });
    list = putOrder(list, { type: "move", craft: "blue-2", to: { x: 5, y: 5 } });
    list = putOrder(list, { type: "move", craft: "blue-1", to: { x: 18, y: 20 } });
    expect(list).toEqual([
      { type: "move", craft: "blue-1", to: { x: 18, y: 20 } },
      { type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" },
      { type: "move", craft: "blue-2", to: { x: 5, y: 5 } },
    ]);
    expect(ordersOf(list, "blue-1").map((o) => o.at)).toEqual([0, 1]);
  });
});

describe("shooting by pointing (S9, l.525-635)", () => {
  it("an enemy clicked is a shot with the chosen weapon, else the craft's first: Lasers, then Missiles", () => {
    const c = at("blue-1", "blue", FRIGATE, { x: 10, y: 24 });
    const e = at("red-1", "red", FRIGATE, { x: 30, y: 24 }, true);
    expect(weaponsOf(c)).toEqual(["laser", "missile"]);
    expect(shotOrder(c, e)).toEqual({ type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" });
    expect(shotOrder(c, e, "missile")).toMatchObject({ weapon: "missile" });
    expect(shotOrder(c, e, "expendables")).toMatchObject({ weapon: "laser" });
  });

  it("an expended Expendable may not shoot until reloaded (l.128); a craft without a weapon shoots nothing", () => {
    const w = at("blue-2", "blue", WASP, { x: 10, y: 24 });
    const e = at("red-1", "red", FRIGATE, { x: 30, y: 24 }, true);
    expect(shotOrder(w, e)).toMatchObject({ weapon: "expendables" });
    const em = w.modules[1];
    if (em) em.expended = true;
    expect(shotOrder(w, e)).toBeNull();
  });

  it("a shot at one's own craft is no order", () => {
    const c = at("blue-1", "blue", FRIGATE, { x: 10, y: 24 });
    expect(shotOrder(c, at("blue-3", "blue", FRIGATE, { x: 12, y: 24 }))).toBeNull();
  });

  it("a craft's button says what and where it is", () => {
    expect(craftName(at("blue-1", "blue", FRIGATE, { x: 10, y: 24.04 }))).toBe("blue-1 Frigate, vessel, face down at (10, 24)");
    expect(craftName(at("blue-2", "blue", WASP, "entering"))).toBe("blue-2 Wasp, fighter, to deploy");
  });
});

describe("orders from the forms", () => {
  const designMenu: OrderOption = {
    type: "design",
    summary: "",
    fields: {
      name: { kind: "text", maxLength: 60 },
      craft: { kind: "choice", values: [{ value: "vessel", label: "vessel" }] },
      modules: { kind: "choices", values: [{ value: "E", label: "Engine" }], min: 1, max: 10 },
    },
  };
  const moveMenu: OrderOption = {
    type: "move",
    summary: "",
    fields: {
      craft: { kind: "choice", values: [{ value: "blue-1", label: "blue-1 Frigate" }] },
      to: { kind: "point", xMax: 72, yMax: 48 },
      facing: { kind: "number", min: 0, max: 359, integer: false, optional: true },
    },
  };

  it("a design's modules typed as the seed abbreviates them, repeats kept, an arc after a slash (l.635)", () => {
    expect(modulesFrom("E e SB, L+L/rear")).toEqual(["E", "E", "SB", "L", { module: "L", arc: "rear" }]);
    expect(orderFrom(designMenu, { name: "Carrier", craft: "vessel", modules: "E E SB L/rear" })).toEqual({
      type: "design",
      name: "Carrier",
      craft: "vessel",
      modules: ["E", "E", "SB", { module: "L", arc: "rear" }],
    });
    expect(missing(designMenu, { craft: "vessel", modules: "E" })).toBe("give the name");
    expect(missing(designMenu, { name: "X", craft: "vessel", modules: "E E E E E E E E E E E" })).toBe("choose at most 10 of modules");
  });

  it("a point is x and y; half a point is missing", () => {
    expect(orderFrom(moveMenu, { craft: "blue-1", to: { x: 20, y: 24 } })).toEqual({ type: "move", craft: "blue-1", to: { x: 20, y: 24 } });
    expect(missing(moveMenu, { craft: "blue-1", to: { x: 20 } })).toBe("give both x and y of to");
    expect(missing(moveMenu, { craft: "blue-1", to: { x: 20, y: 1 } })).toBeNull();
  });

  it("the menus that order a craft, and orders in a few words", () => {
    expect(menusForCraft([designMenu, moveMenu], "blue-1").map((m) => m.type)).toEqual(["move"]);
    expect(menusForCraft([designMenu, moveMenu], "blue-9")).toEqual([]);
    expect(orderText({ type: "move", craft: "blue-1", to: { x: 20, y: 24 } })).toBe("move blue-1 to (20, 24)");
    expect(orderText({ type: "shoot", craft: "blue-1", target: "red-1", weapon: "laser" })).toBe("shoot blue-1 at red-1 with laser");
    expect(orderText({ type: "design", name: "C", craft: "vessel", modules: ["E", { module: "L", arc: "rear" }] })).toBe(
      "design C (vessel: E L/rear)",
    );
    expect(orderText({ type: "give-up" })).toBe("give-up");
  });
});
