/**
 * The random bot: random orders that the rules allow, for measuring the normal bot against (issue 13 "Win rates").
 * Until the seat's menus (`legalOrders`, presentation/) are written it draws its own: random designs within the
 * limits (l.74-256), random purchases within the budget, random places within 6" of its planet, and each turn random
 * moves within the allowance and shots at random targets its weapons reach. When the menus land, the lead's `random`
 * bot draws from them instead (`index.ts`).
 */
import type { SeatId } from "../../../core/ids.js";
import type { Rng } from "../../../core/rng.js";
import { budgetOf, MAX_CRAFT } from "../designing-craft/cost.js";
import { countOf, type Design, designCost } from "../designing-craft/design.js";
import { type Module, mayCarry } from "../designing-craft/modules.js";
import { operating, powered, type SpaceWarState } from "../model.js";
import type { Order, Orders } from "../orders.js";
import { along, blockingPlanet, distance } from "../the-turn/geometry.js";
import { movementAllowance } from "../the-turn/movement.js";
import { shotRange } from "../the-turn/shooting.js";
import { DEPLOY_RADIUS } from "./deploy.js";
import { designOrder } from "./designs.js";
import { inArc, type Pose, weaponGroups } from "./fire.js";
import { homePoint, isPlaced, squadronOf } from "./knowledge.js";

const VESSEL_MODULES: readonly Module[] = ["A", "EL", "E", "L", "M", "N", "SR", "SB", "T", "TR"];

function randomDesign(rng: Rng, name: string): Design {
  const n = rng.int(2, 4);
  const modules: Module[] = ["E"];
  while (modules.length < n) modules.push(rng.pick(VESSEL_MODULES.filter((m) => mayCarry("vessel", m))));
  return { name, type: "vessel", modules: modules.map((module) => ({ module })) };
}

function randomTurn(known: SpaceWarState, seat: SeatId, rng: Rng): Order[] {
  const b = known.campaign.battle;
  if (!b || b.ended || b.active !== seat) return [];
  const out: Order[] = [];
  const poses = new Map<string, Pose>();
  for (const c of b.craft) {
    if (c.owner !== seat || !isPlaced(c) || c.tractoredBy !== undefined) continue;
    let pose: Pose = { at: c.where.at, heading: c.where.heading };
    const allowance = powered(c) ? movementAllowance(c.type, operating(c, "E")) : 0;
    if (allowance > 0 && rng.int(0, 3) > 0) {
      const h = rng.int(0, 359);
      const to = along(c.where.at, h, Math.round(rng.int(0, Math.floor(allowance * 9)) / 10));
      const p = { x: Math.round(to.x * 100) / 100, y: Math.round(to.y * 100) / 100 };
      if (
        p.x >= 0.5 &&
        p.y >= 0.5 &&
        p.x <= b.table.width - 0.5 &&
        p.y <= b.table.depth - 0.5 &&
        !blockingPlanet(c.where.at, p, b.planets)
      ) {
        out.push({ type: "move", craft: c.id, to: p });
        pose = { at: p, heading: h };
      }
    }
    poses.set(c.id, pose);
  }
  for (const c of b.craft) {
    const pose = poses.get(c.id);
    if (!pose) continue;
    for (const g of weaponGroups(c)) {
      const targets = b.craft.filter(
        (t) =>
          t.owner !== seat &&
          t.where.kind === "table" &&
          distance(pose.at, t.where.at) <= shotRange(g.weapon) - 0.05 &&
          (g.arc === undefined || inArc(pose, g.arc, t.where.at)) &&
          !blockingPlanet(pose.at, t.where.at, b.planets),
      );
      if (targets.length > 0) out.push({ type: "shoot", craft: c.id, target: rng.pick(targets).id, weapon: g.weapon, count: g.count });
    }
  }
  return out;
}

export function randomOrders(known: SpaceWarState, seat: SeatId, rng: Rng): Orders {
  const at = { seat, step: known.step };
  const q = squadronOf(known, seat);
  if (known.outcome || !q) return { ...at, orders: [] };
  const c = known.campaign;
  let orders: Order[] = [];
  if (c.step === "design") orders = [1, 2, 3].slice(0, rng.int(1, 3)).map((i) => designOrder(randomDesign(rng, `Random ${i}`)));
  else if (c.step === "purchase") {
    let money = budgetOf(q.budgetOption, q.machine);
    let craft = 0;
    for (const d of rng.shuffle(q.designs.filter((x) => x.type === "vessel" || countOf(x, "SB") > 0))) {
      const each = designCost(d) ?? 999;
      const most = Math.min(MAX_CRAFT - craft, Math.floor(money / each));
      if (most <= 0) continue;
      const n = rng.int(1, most);
      orders.push({ type: "buy", design: d.name, count: n });
      money -= n * each;
      craft += n;
    }
  } else if (c.step === "deploy" && c.battle) {
    const home = homePoint(c.battle, seat);
    if (home)
      for (const x of c.battle.craft) {
        if (x.owner !== seat || x.where.kind !== "entering") continue;
        for (let tries = 0; tries < 20; tries++) {
          const p = along(home, rng.int(0, 359), 2.5 + rng.int(0, Math.floor((DEPLOY_RADIUS - 2.5) * 10)) / 10);
          const q2 = { x: Math.round(p.x * 100) / 100, y: Math.round(p.y * 100) / 100 };
          if (q2.x < 0.5 || q2.y < 0.5 || q2.x > c.battle.table.width - 0.5 || q2.y > c.battle.table.depth - 0.5) continue;
          orders.push({ type: "deploy", craft: x.id, at: q2, heading: rng.int(0, 359) });
          break;
        }
      }
  } else if (c.step === "battle") orders = randomTurn(known, seat, rng);
  return { ...at, orders };
}
