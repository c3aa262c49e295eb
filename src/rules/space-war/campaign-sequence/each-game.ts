/**
 * What starts each game (l.23-25 "Each game: Each side randomly selects one Technology Card"): the scenario (the
 * Scenario Roll, l.818-860, when the campaign rolls, else the campaign's own), who commands what in it (l.932 and
 * RULINGS.md "Who commands the CT's and the machines"), and each seat's technology card (l.672, ruling C.25: one
 * shared deck of the eleven, drawn without replacement; C.26 Great Leap Forward; C.27 task cards redrawn in the
 * Convoy). A card is known only to its seat until it is revealed (`technology-cards/in-play.ts` `useCard`). Then
 * the purchase step.
 */
import type { SeatId } from "../../../core/ids.js";
import type { Role, SpaceWarState } from "../model.js";
import { SCENARIO_ROLL, SCENARIO_TITLES, type ScenarioId } from "../scenarios/scenarios.js";
import { diceSides } from "../scenarios/wall-of-battle.js";
import { CARD_DATA, CARDS, type Card } from "../technology-cards/cards.js";
import type { StepContext } from "./step.js";

/**
 * The game's scenario: the Scenario Roll (a d6, l.818; ruling C.14) or the campaign's one; with four or six seats the
 * Wall of Battle, "chosen, never rolled" (l.860).
 */
export function chooseScenario(ctx: StepContext): ScenarioId {
  const s = ctx.state;
  if (s.seats.length > 2) return "wall-of-battle";
  if (s.scenario !== "roll") return s.scenario;
  const value = ctx.rng.d6() as 1 | 2 | 3 | 4 | 5 | 6;
  const scenario = SCENARIO_ROLL[value];
  ctx.emit("scenario", `The Scenario Roll: ${value}, ${SCENARIO_TITLES[scenario]} (l.818-858).`, {
    rolls: [{ die: "d6", value, for: "the Scenario Roll" }],
  });
  return scenario;
}

/** What the first seat and the others command in each scenario: [the seat that wins the roll, the other]. */
const SIDES: Readonly<Record<ScenarioId, readonly [Role, Role] | undefined>> = {
  "squadron-action": undefined,
  "cultural-terrorists": ["squadron", "ct"],
  "convoy-escort": ["escort", "attacker"],
  "machine-wars": ["squadron", "machine"],
  "machine-wars-ii": ["squadron", "machine"],
  "wall-of-battle": undefined,
};

/**
 * Is the seat a machine force this game (l.969-979: 120 M€, no crews, no medals, fighters self-destruct with the last
 * vessel)? The seat commanding Machine Wars' machines, or a squadron made a machine force by the campaign's option
 * (l.973 "This can be a variant of the other scenarios"), whatever it commands but the cultural terrorists, who are
 * the scenario's own force (l.907-913).
 */
export function machineForce(state: SpaceWarState, seat: SeatId): boolean {
  const role = state.campaign.roles?.[seat] ?? "squadron";
  if (role === "machine") return true;
  return role !== "ct" && (state.campaign.squadrons.find((q) => q.seat === seat)?.machine ?? false);
}

/**
 * Who commands what (RULINGS.md): in a Squadron Action every seat its squadron. Otherwise, in a two-seat campaign,
 * a d6 decides (1-3: the first seat): the Convoy's escort (l.932 "Randomly decide which squadron is the escort"), or
 * the squadron that defends against the CT's or the machines while the other seat commands them. In Machine Wars a
 * seat whose squadron is a machine force (the option `machines`, l.973) commands the machines without a roll: the
 * other is the squadron "sent against them" (l.969).
 */
export function assignRoles(ctx: StepContext, scenario: ScenarioId): Record<SeatId, Role> {
  const seats = ctx.state.seats.map((x) => x.id);
  const roles: Record<SeatId, Role> = {};
  for (const seat of seats) roles[seat] = "squadron";
  const sides = SIDES[scenario];
  const [first, second] = seats;
  if (sides === undefined || seats.length !== 2 || first === undefined || second === undefined) return roles;
  const machines = ctx.state.campaign.squadrons.filter((q) => q.machine).map((q) => q.seat);
  const [machine] = machines;
  if (sides[1] === "machine" && machines.length === 1 && machine !== undefined) {
    const other = machine === first ? second : first;
    roles[machine] = "machine";
    roles[other] = sides[0];
    ctx.emit("roles", `${other} defends; ${machine}'s squadron, a machine force (l.973), commands the machines: no roll.`);
    return roles;
  }
  const value = ctx.rng.d6();
  const [winner, other] = value <= 3 ? [first, second] : [second, first];
  roles[winner] = sides[0];
  roles[other] = sides[1];
  const what = scenario === "convoy-escort" ? "escorts the convoy" : "defends";
  ctx.emit(
    "roles",
    `${winner} ${what} (d6 ${value}: 1-3 ${first}, 4-6 ${second}); ${other} commands the ${sides[1] === "ct" ? "cultural terrorists" : sides[1] === "machine" ? "machines" : "attackers"}.`,
    {
      rolls: [{ die: "d6", value, for: `who ${what}` }],
    },
  );
  return roles;
}

/** The task cards, "irrelevant" in the Convoy (l.958) and redrawn there (ruling C.27). */
const TASKS: readonly Card[] = ["task-corporation", "task-saboteur"];

/**
 * Each seat in turn draws one card from the shared deck (C.25). Great Leap Forward is played at once (shown to
 * everyone) and draws two more (C.26); in the Convoy a task card is set aside and another drawn (C.27).
 */
export function drawCards(ctx: StepContext, scenario: ScenarioId): void {
  const deck: Card[] = [...CARDS];
  const draw = (seat: SeatId): Card | undefined => {
    while (deck.length > 0) {
      const card = deck.splice(ctx.rng.int(0, deck.length - 1), 1)[0] as Card;
      if (scenario === "convoy-escort" && TASKS.includes(card)) {
        ctx.emit(
          "card-redrawn",
          `${seat} draws ${CARD_DATA[card].name}, irrelevant in the Convoy (l.958): set aside, another drawn (C.27).`,
          {
            to: [seat],
          },
        );
        continue;
      }
      return card;
    }
    return undefined;
  };
  for (const q of ctx.state.campaign.squadrons) {
    q.cards = [];
    const first = draw(q.seat);
    if (first === undefined) continue;
    if (first === "great-leap-forward") {
      q.cards.push({ card: first, revealed: true, cancelled: false });
      ctx.emit("card-revealed", `${q.seat} plays Great Leap Forward: two more cards (l.712-714, C.26).`);
      for (let i = 0; i < 2; i++) {
        const more = draw(q.seat);
        if (more === undefined) break;
        q.cards.push({ card: more, revealed: false, cancelled: false });
        ctx.emit("card-drawn", `${q.seat} draws ${CARD_DATA[more].name}: ${CARD_DATA[more].effect}`, { to: [q.seat] });
      }
    } else {
      q.cards.push({ card: first, revealed: false, cancelled: false });
      ctx.emit("card-drawn", `${q.seat} draws ${CARD_DATA[first].name}: ${CARD_DATA[first].effect}`, { to: [q.seat] });
    }
  }
}

/** A game begins: last game's battle, awards and cards put away; the scenario, roles and cards; then the purchase. */
export function beginGame(ctx: StepContext): void {
  const c = ctx.state.campaign;
  delete c.battle;
  delete c.awards;
  const scenario = chooseScenario(ctx);
  c.scenario = scenario;
  c.roles = assignRoles(ctx, scenario);
  ctx.emit("game", `Game ${c.game + 1} of ${ctx.state.games}: ${SCENARIO_TITLES[scenario]}.`);
  // The Wall of Battle's sides are diced anew each game, after the designs (l.1015, l.1019).
  if (scenario === "wall-of-battle") c.sides = diceSides(ctx);
  else delete c.sides;
  drawCards(ctx, scenario);
  c.step = "purchase";
}
