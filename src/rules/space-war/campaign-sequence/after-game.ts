/**
 * After each game (l.39-45 "Award Medals. Option to create a new design but if so must scrap an old one", l.729-805,
 * l.864, l.868, l.876, l.954, l.797/l.1050).
 *
 * `closeBattle`, as the battle ends: its result is kept; crews of craft destroyed or captured are lost (l.737);
 * captured enemy fighters become the captor's prisoners (l.454) and prisoners destroyed are gone; each seat's medals
 * are worked out (`medalsEarned`, from the battle's tally and craft) with the Convoy's own (l.948-950); the penalties
 * are noted: own Space Station destroyed (l.876), a franchise destroyed without the Corporation card (l.797, C.13),
 * the Convoy's disaster (l.954). `afterGameStep`: `medal` orders give the medals out (l.801), `strip` orders choose
 * the penalties' medals ("after adding Medals for this game", l.876), one `design` order with `replaces` scraps a
 * design for a new one (l.45, l.57); what is not ordered goes by the defaults of RULINGS.md. Every craft is repaired
 * between games (l.864, C.37): the next game's craft are new copies of the designs. After the last game the squadron
 * whose crews hold the most medals wins (E.10).
 */
import type { SeatId } from "../../../core/ids.js";
import { type Design, designText } from "../designing-craft/design.js";
import { type GameFacts, type Medal, medalsEarned } from "../medals/medals.js";
import type { Award, Battle, Craft, Crew, Squadron } from "../model.js";
import type { DesignOrder, MedalOrder, StripOrder } from "../orders.js";
import { military } from "../scenarios/set-up.js";
import { holds } from "../technology-cards/in-play.js";
import { checkDesign } from "./designs.js";
import { machineForce } from "./each-game.js";
import { battleOf, enemiesOf, type Given, type Sorted, type StepContext } from "./step.js";

const lost = (c: Craft): boolean => c.where.kind === "gone" && (c.where.how === "destroyed" || c.where.how === "captured");
const destroyed = (c: Craft): boolean => c.where.kind === "gone" && c.where.how === "destroyed";
/** Craft that survived the action (fled ones too): their crews may be decorated (l.733). Military only. */
const survivors = (b: Battle, seat: SeatId): Craft[] =>
  b.craft.filter((c) => c.owner === seat && military(c) && !lost(c)).sort((a, c) => (a.type === c.type ? 0 : a.type === "vessel" ? -1 : 1));

/** What the battle came to for one seat, as `medalsEarned` reads it (l.741-805, C.22-24). */
export function gameFacts(ctx: StepContext, seat: SeatId): GameFacts {
  const s = ctx.state;
  const b = battleOf(s);
  const role = s.campaign.roles?.[seat] ?? "squadron";
  const tally = b.tally[seat] ?? { started: 0, lost: 0, destroyed: [], captured: [], tasks: [] };
  const enemies = enemiesOf(s, seat);
  const enemyMilitary = b.craft.filter((c) => enemies.includes(c.owner) && military(c));
  const mine = new Set(tally.destroyed);
  const killed = enemyMilitary.filter((c) => mine.has(c.id) && lost(c));
  const largest = Math.max(0, ...enemyMilitary.map((c) => c.modules.length));
  const stationKilled = b.craft.some((c) => c.station && enemies.includes(c.owner) && mine.has(c.id) && lost(c));
  return {
    enemyCraftDestroyed: killed.length,
    everyEnemyCraftDestroyed: enemyMilitary.length > 0 && killed.length > 0 && enemyMilitary.every(lost),
    largestDesignCraftDestroyed: killed.some((c) => c.modules.length === largest),
    corporationTask: tally.tasks.includes("corporation") || (stationKilled && holds(s, seat, "task-corporation")),
    saboteurTask: tally.tasks.includes("saboteur"),
    enemyFightersCaptured: tally.captured.length,
    enemyGaveUpWithCraft: enemies.some((e) => b.gaveUp.includes(e) && b.craft.some((c) => c.owner === e && military(c) && !lost(c))),
    vesselsLeft: b.craft.some((c) => c.owner === seat && military(c) && c.type === "vessel" && !lost(c)),
    // The CT's earn none either (RULINGS.md "Who commands the CT's and the machines").
    machine: role === "ct" || machineForce(s, seat),
    ...(s.campaign.sides === undefined ? {} : { enemySquadrons: enemies.map((e) => enemySquadronFacts(ctx, b, e, mine)) }),
  };
}

/**
 * The Wall of Battle's Valour and Star against one enemy squadron (l.1033-1035): every military craft of it lost and
 * at least one destroyed by this squadron (setting `wallValour: "alone"`: every one by this squadron), as the
 * two-seat Valour reads; a craft of its largest design (C.24) destroyed by this squadron. A squadron that gave up
 * took its survivors away (l.1027): "Giving up might reduce the enemy's gaining of Medals!"
 */
function enemySquadronFacts(
  ctx: StepContext,
  b: Battle,
  enemy: SeatId,
  mine: ReadonlySet<string>,
): { seat: SeatId; everyCraftDestroyed: boolean; largestDesignCraftDestroyed: boolean } {
  const theirs = b.craft.filter((c) => c.owner === enemy && military(c));
  const killed = theirs.filter((c) => mine.has(c.id) && lost(c));
  const largest = Math.max(0, ...theirs.map((c) => c.modules.length));
  const alone = ctx.state.settings.wallValour === "alone";
  return {
    seat: enemy,
    everyCraftDestroyed: theirs.length > 0 && killed.length > 0 && theirs.every(lost) && (!alone || killed.length === theirs.length),
    largestDesignCraftDestroyed: killed.some((c) => c.modules.length === largest),
  };
}

/** The crews of the seat's surviving craft, once each. */
const crewsAboard = (b: Battle, seat: SeatId): string[] => [
  ...new Set(survivors(b, seat).flatMap((c) => (c.crew === undefined ? [] : [c.crew]))),
];

/**
 * "a captured crew with Medals may be held and exchanged for prisoners held by the enemy. This is the norm" (l.868):
 * between each two seats that hold crews of the other, crews are exchanged one for one, most medals first; the rest
 * stay held (RULINGS.md "Captured crews").
 */
export function exchangeCrews(ctx: StepContext): void {
  const qs = ctx.state.campaign.squadrons;
  const heldOf = (owner: SeatId, by: SeatId) =>
    (qs.find((q) => q.seat === owner)?.crews ?? []).filter((k) => k.heldBy === by).sort((a, b) => b.medals.length - a.medals.length);
  qs.forEach((a, i) => {
    for (const b of qs.slice(i + 1)) {
      const mine = heldOf(a.seat, b.seat);
      const theirs = heldOf(b.seat, a.seat);
      const n = Math.min(mine.length, theirs.length);
      for (let k = 0; k < n; k++) {
        const x = mine[k] as Crew;
        const y = theirs[k] as Crew;
        delete x.heldBy;
        delete y.heldBy;
        ctx.emit("crews-exchanged", `${a.seat}'s ${x.name} and ${b.seat}'s ${y.name} are exchanged (l.868).`);
      }
    }
  });
}

/** The battle is over: the result, the crews lost, prisoners, the medals earned and the penalties owed. */
export function closeBattle(ctx: StepContext): void {
  const s = ctx.state;
  const c = s.campaign;
  const b = battleOf(s);
  const ended = b.ended ?? { winner: "draw", reason: "the battle ended" };
  const roles = c.roles ?? {};
  ctx.emit(
    "battle-over",
    `The battle is over after ${b.turn} turn${b.turn === 1 ? "" : "s"}: ${ended.winner === "draw" ? "a draw" : ended.winners ? `${ended.winners.join(", ")} win` : `${ended.winner} wins`}, ${ended.reason}.`,
  );

  const awards: Award[] = [];
  const earned: Record<SeatId, Medal[]> = {};
  for (const q of c.squadrons) {
    const role = roles[q.seat] ?? "squadron";
    const facts = gameFacts(ctx, q.seat);
    const medals = medalsEarned(facts);
    // The Convoy's own medals (l.948-950): one Corporation to a winning escort, one Saboteur to winning attackers;
    // none to a machine force (l.977 "Machine forces never receive Medals").
    const own: Medal | undefined = role === "escort" ? "corporation" : role === "attacker" ? "saboteur" : undefined;
    if (b.scenario === "convoy-escort" && ended.winner === q.seat && own !== undefined && !facts.machine && !medals.includes(own))
      medals.push(own);
    earned[q.seat] = medals;
    awards.push({ seat: q.seat, medals: [...medals], strip: [] });
  }

  // The Convoy's disaster (l.954, C.29): escorts fled or destroyed, a transport with every Engine damaged is captured.
  const escort = Object.keys(roles).find((x) => roles[x] === "escort");
  const disaster: SeatId[] = [];
  if (b.scenario === "convoy-escort" && escort !== undefined) {
    const beaten = b.gaveUp.includes(escort) || !b.craft.some((k) => k.owner === escort && military(k) && k.type === "vessel" && !lost(k));
    // A transport with every Engine destroyed cannot go anywhere: one the escort's giving up marked fled (S3 removes
    // every craft, l.1027) is still there to be captured, as is one on the table; destroyed or exited ones are not.
    const stranded = (k: Craft) => k.where.kind !== "gone" || k.where.how === "fled";
    const taken = b.craft.filter(
      (k) => k.owner === escort && k.civilian && stranded(k) && k.modules.filter((m) => m.module === "E").every((m) => m.damaged),
    );
    if (beaten && taken.length > 0) {
      for (const t of taken) t.where = { kind: "gone", how: "captured" };
      ctx.emit("captured", `Disaster: ${taken.map((t) => t.id).join(", ")}, every Engine destroyed, captured by the attackers (l.954).`, {
        craft: taken.map((t) => t.id),
      });
      disaster.push(escort);
    }
  }

  // Crews are "lost if their Craft is destroyed" (l.737); a captured crew with medals is held by its captor (l.868).
  for (const q of c.squadrons) {
    const gone = new Set(b.craft.filter((k) => k.owner === q.seat && k.crew !== undefined && destroyed(k)).map((k) => k.crew as string));
    const names = q.crews.filter((k) => gone.has(k.id));
    q.crews = q.crews.filter((k) => !gone.has(k.id));
    if (names.length > 0)
      ctx.emit(
        "crew-lost",
        `${q.seat} loses ${names.map((k) => `${k.name} (${k.medals.join(", ") || "no medals"})`).join("; ")} with their craft (l.737).`,
        { to: [q.seat] },
      );
    for (const k of b.craft.filter(
      (x) => x.owner === q.seat && x.crew !== undefined && x.where.kind === "gone" && x.where.how === "captured",
    )) {
      const crew = q.crews.find((x) => x.id === k.crew);
      if (!crew) continue;
      const captor =
        Object.keys(b.tally).find((s2) => s2 !== q.seat && (b.tally[s2]?.captured ?? []).includes(k.id)) ?? enemiesOf(s, q.seat)[0];
      if (crew.medals.length === 0 || captor === undefined) {
        q.crews = q.crews.filter((x) => x.id !== crew.id);
        continue;
      }
      crew.heldBy = captor;
      ctx.emit("crew-held", `${crew.name} (${crew.medals.join(", ")}), captured with ${k.id}, is held by ${captor} (l.868).`);
    }
  }
  exchangeCrews(ctx);

  // Prisoners (l.454): captured fighters kept by the captor; a prisoner destroyed "cannot use again".
  for (const q of c.squadrons) {
    q.prisoners = q.prisoners.filter((p) => !b.craft.some((k) => k.owner === q.seat && k.design === p.design.name && lost(k)));
    for (const id of b.tally[q.seat]?.captured ?? []) {
      const k = b.craft.find((x) => x.id === id);
      if (!k || q.prisoners.some((p) => p.id === id)) continue;
      const design: Design = {
        name: `${k.design} (prisoner ${k.id})`.slice(0, 60),
        type: k.type,
        modules: k.modules.flatMap((m) =>
          m.module === "hotel" ? [] : [m.arc === undefined ? { module: m.module } : { module: m.module, arc: m.arc }],
        ),
      };
      q.prisoners.push({ id, design });
      ctx.emit("prisoner", `${q.seat} keeps ${id}, a captured ${designText(design)}, as a prisoner (l.454): buy it by its id.`);
    }
  }

  // Penalties, owed after this game's medals are given (l.876).
  for (const q of c.squadrons) {
    const role = roles[q.seat] ?? "squadron";
    if (role === "ct" || machineForce(s, q.seat)) continue;
    const award = awards.find((a) => a.seat === q.seat);
    if (!award) continue;
    const station = b.craft.find((k) => k.station && k.owner === q.seat);
    const fledFromCT = b.scenario === "cultural-terrorists" && b.gaveUp.includes(q.seat);
    if ((station && lost(station)) || fledFromCT) {
      const why =
        station && lost(station)
          ? "own Space Station destroyed (l.876)"
          : "fled from the CT's: the Space Station is assumed destroyed (l.921, l.876)";
      for (const crew of crewsAboard(b, q.seat)) award.strip.push({ crew, why });
    }
    if (disaster.includes(q.seat))
      for (const crew of crewsAboard(b, q.seat)) award.strip.push({ crew, why: "the Convoy's disaster (l.954)" });
    const franchise = b.craft.some((k) => k.station && lost(k) && (b.tally[q.seat]?.destroyed ?? []).includes(k.id));
    if (franchise && !holds(s, q.seat, "task-corporation"))
      for (const crew of q.crews.filter((k) => k.heldBy === undefined))
        award.strip.push({ crew: crew.id, why: "a franchise destroyed without the Corporation card (l.797, C.13)" });
  }

  c.results.push({
    game: c.game + 1,
    scenario: b.scenario,
    winner: ended.winner,
    ...(ended.winners ? { winners: [...ended.winners] } : {}),
    reason: ended.reason,
    turns: b.turn,
    medals: earned,
  });
  for (const a of awards) {
    if (a.medals.length > 0) ctx.emit("medals-earned", `${a.seat} earns ${a.medals.join(", ")} to parcel out (l.741-789).`);
    if (a.strip.length > 0)
      ctx.emit(
        "penalty",
        `${a.seat} must strip ${a.strip.length} medal${a.strip.length === 1 ? "" : "s"}: ${[...new Set(a.strip.map((x) => x.why))].join("; ")}.`,
      );
  }
  c.awards = awards;
  c.step = "after-game";
}

/** A new crew for a craft that had none, named after it and the game. */
function newCrew(q: Squadron, craft: Craft, game: number): Crew {
  const crew: Crew = { id: `${craft.id}-g${game}`, name: `${craft.design} crew of ${craft.id} (game ${game})`.slice(0, 60), medals: [] };
  q.crews.push(crew);
  craft.crew = crew.id;
  return crew;
}

/** Medal orders, then the medals left by default: each to the first survivor, vessels first, whose crew lacks it (l.801). */
export function giveMedals(ctx: StepContext, q: Squadron, award: Award, given: readonly Given<MedalOrder>[]): void {
  const b = battleOf(ctx.state);
  const game = ctx.state.campaign.game + 1;
  const alive = survivors(b, q.seat);
  const left = [...award.medals];
  const give = (crew: Crew, medal: Medal, craft: string, how: string, order?: string) => {
    crew.medals.push(medal);
    left.splice(left.indexOf(medal), 1);
    ctx.emit("medal", `${MEDAL_NAME(medal)} to ${crew.name} aboard ${craft}${how}.`, {
      to: [q.seat],
      craft: [craft],
      ...(order ? { order } : {}),
    });
  };
  for (const g of given) {
    const o = g.order;
    if (!left.includes(o.medal)) {
      ctx.fail(
        q.seat,
        g.at,
        "medal-not-earned",
        `no ${o.medal} medal to give: earned this game ${award.medals.join(", ") || "none"}; still to give ${left.join(", ") || "none"}`,
      );
      continue;
    }
    let craft: Craft | undefined;
    if (o.crew !== undefined) {
      craft = alive.find((c) => c.crew === o.crew);
      if (!craft) {
        const aboard = alive.filter((c) => c.crew !== undefined).map((c) => `${c.crew} (${c.id})`);
        ctx.fail(
          q.seat,
          g.at,
          "crew-not-surviving",
          `${o.crew} is not the crew of a craft that survived the action (l.733); crews aboard survivors: ${aboard.join(", ") || "none"}`,
        );
        continue;
      }
    } else {
      craft = alive.find((c) => c.id === o.craft);
      if (!craft) {
        ctx.fail(
          q.seat,
          g.at,
          "craft-not-surviving",
          `${o.craft} is not a craft of yours that survived the action; survivors: ${alive.map((c) => c.id).join(", ") || "none"}`,
        );
        continue;
      }
    }
    const crew = craft.crew === undefined ? undefined : q.crews.find((k) => k.id === craft.crew);
    if (crew?.medals.includes(o.medal)) {
      ctx.fail(
        q.seat,
        g.at,
        "same-medal-twice",
        `${crew.name} already holds ${o.medal}: "An individual crew cannot get two of same Medal" (l.801)`,
      );
      continue;
    }
    give(crew ?? newCrew(q, craft, game), o.medal, craft.id, "", g.at);
  }
  for (const medal of [...left]) {
    const craft = alive.find((c) => !(q.crews.find((k) => k.id === c.crew)?.medals.includes(medal) ?? false));
    if (!craft) {
      left.splice(left.indexOf(medal), 1);
      ctx.emit("medal-unawarded", `${q.seat}'s ${MEDAL_NAME(medal)} finds no surviving crew without one (l.801): not given.`, {
        to: [q.seat],
      });
      continue;
    }
    const crew = q.crews.find((k) => k.id === craft.crew) ?? newCrew(q, craft, game);
    give(crew, medal, craft.id, " (by default)");
  }
  award.medals = left;
}

const MEDAL_NAME = (m: Medal): string => m.charAt(0).toUpperCase() + m.slice(1);

/** The default medal a penalty strips (l.797 "start with those Bravery Medals!"): the least useful first. */
export const STRIP_ORDER: readonly Medal[] = ["bravery", "tek", "saboteur", "corporation", "star", "valour", "ace"];

/**
 * Strip orders choose the medal each penalty takes; the rest by `STRIP_ORDER`, or at random for the franchise
 * penalty under the setting `franchisePenalty: "random"` (l.1050, C.13). A crew with no medal left loses nothing.
 */
export function stripMedals(ctx: StepContext, q: Squadron, award: Award, given: readonly Given<StripOrder>[]): void {
  const random = ctx.state.settings.franchisePenalty === "random";
  const isRandom = (why: string) => random && why.includes("franchise");
  const owed = [...award.strip];
  const take = (crew: Crew, medal: Medal, why: string, how: string, order?: string) => {
    crew.medals.splice(crew.medals.indexOf(medal), 1);
    ctx.emit("medal-lost", `${crew.name} is stripped of ${MEDAL_NAME(medal)}: ${why}${how}.`, {
      to: [q.seat],
      ...(order ? { order } : {}),
    });
  };
  for (const g of given) {
    const i = owed.findIndex((x) => x.crew === g.order.crew && !isRandom(x.why));
    const crew = q.crews.find((k) => k.id === g.order.crew);
    if (i < 0 || !crew) {
      const who = [...new Set(owed.filter((x) => !isRandom(x.why)).map((x) => x.crew))];
      ctx.fail(
        q.seat,
        g.at,
        "nothing-to-strip",
        `${g.order.crew} owes no medal of your choice; crews that do: ${who.join(", ") || "none"}`,
      );
      continue;
    }
    if (!crew.medals.includes(g.order.medal)) {
      ctx.fail(q.seat, g.at, "medal-not-held", `${crew.name} holds ${crew.medals.join(", ") || "no medal"}, not ${g.order.medal}`);
      continue;
    }
    const [owe] = owed.splice(i, 1);
    take(crew, g.order.medal, owe?.why ?? "", "", g.at);
  }
  for (const owe of owed) {
    const crew = q.crews.find((k) => k.id === owe.crew);
    if (!crew || crew.medals.length === 0) continue;
    const medal = isRandom(owe.why) ? ctx.rng.pick(crew.medals) : (STRIP_ORDER.find((m) => crew.medals.includes(m)) as Medal);
    take(crew, medal, owe.why, isRandom(owe.why) ? " (chosen at random, l.1050)" : " (by default)");
  }
  award.strip = [];
}

/** One design scrapped for a new one between games (l.45, l.57): the first valid order stands, the others are refused. */
export function redesign(ctx: StepContext, q: Squadron, given: readonly Given<DesignOrder>[]): void {
  for (const g of given) {
    const o = g.order;
    if (q.redesigned) {
      ctx.fail(
        q.seat,
        g.at,
        "one-redesign",
        `"Between games you may scrap one Design and replace it with a new one" (l.57): one is already replaced`,
      );
      continue;
    }
    const at = o.replaces === undefined ? -1 : q.designs.findIndex((d) => d.name === o.replaces);
    if (at < 0) {
      ctx.fail(
        q.seat,
        g.at,
        o.replaces === undefined ? "replaces-needed" : "unknown-design",
        `${o.replaces === undefined ? "a new design must scrap an old one (l.45): give replaces" : `no design "${o.replaces}" to scrap`}; yours: ${q.designs.map((d) => d.name).join(", ")}`,
      );
      continue;
    }
    const d = checkDesign(
      ctx,
      q.seat,
      g,
      q.designs.filter((_, i) => i !== at),
    );
    if (!d) continue;
    const old = q.designs[at];
    q.designs[at] = d;
    q.redesigned = true;
    ctx.emit("designed", `${q.seat} scraps ${old?.name} for ${d.name} (${designText(d)}) (l.45, l.57).`, { to: [q.seat], order: g.at });
  }
}

/** The medals a squadron's crews hold now. */
export const medalsHeld = (q: Squadron): number => q.crews.reduce((t, k) => t + k.medals.length, 0);

export function afterGameStep(ctx: StepContext, orders: Readonly<Record<SeatId, Sorted>>): void {
  const s = ctx.state;
  const c = s.campaign;
  for (const q of c.squadrons) {
    const o = orders[q.seat];
    const award = c.awards?.find((a) => a.seat === q.seat) ?? { seat: q.seat, medals: [], strip: [] };
    giveMedals(ctx, q, award, o?.medal ?? []);
    stripMedals(ctx, q, award, o?.strip ?? []);
    redesign(ctx, q, o?.design ?? []);
    // "There is no need to track prisoners without Medals" (l.868), nor crews (l.29 "If a crew have Medals").
    q.crews = q.crews.filter((k) => k.medals.length > 0);
  }
  delete c.awards;
  c.game += 1;
  if (c.game >= s.games) {
    const earned = (seat: SeatId) => c.results.reduce((t, r) => t + (r.medals[seat]?.length ?? 0), 0);
    const byEarned = s.settings.campaignWinner === "earned";
    const held = c.squadrons.map((q) => ({ seat: q.seat, n: byEarned ? earned(q.seat) : medalsHeld(q) }));
    const most = Math.max(...held.map((h) => h.n));
    const winners = held.filter((h) => h.n === most).map((h) => h.seat);
    const table = held.map((h) => `${h.seat} ${h.n}`).join(", ");
    s.outcome = {
      winners,
      reason:
        winners.length === held.length
          ? `after ${c.game} game${c.game === 1 ? "" : "s"} every squadron ${byEarned ? "earned" : "holds"} ${most} medals: a draw (E.10)`
          : `after ${c.game} game${c.game === 1 ? "" : "s"} ${winners.join(" and ")} ${byEarned ? "earned" : winners.length === 1 ? "holds" : "hold"} the most medals (${table}; E.10)`,
    };
    ctx.emit("campaign-over", `The campaign is over: ${s.outcome.reason}.`);
  }
}
