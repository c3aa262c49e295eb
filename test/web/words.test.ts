/** The shell's wording and routes, without a browser (src/web/shell/words.ts, route.ts). */
import { describe, expect, it } from "vitest";
import type { GameSummary, SeatSummary } from "../../src/web/shell/api.js";
import { gameHref, parseRoute } from "../../src/web/shell/route.js";
import { awaitsFromYou, holderText, left, notAwaitedText, parseHours, spectatorSight } from "../../src/web/shell/words.js";

const seat = (id: string, awaited: boolean, submitted: boolean): SeatSummary => ({
  id,
  name: `${id} Empire`,
  holder: { kind: "open" },
  awaited,
  submitted,
  missed: 0,
  holiday: [],
});

function game(over: boolean, started: boolean, seats: SeatSummary[], mine: string[]): GameSummary {
  return {
    id: "g1",
    title: "T",
    ruleset: "galactic-empires",
    rulesetTitle: "Galactic Empires",
    scenario: "tutorial",
    seatNoun: "empire",
    structure: "simultaneous",
    step: 3,
    label: "turn 3",
    over,
    outcome: null,
    started,
    spectators: "after-end",
    creator: "a",
    gameMasters: ["a"],
    seats,
    deadline: { schedule: "every 48 hours", at: null, runsAt: null, inWords: "", paused: false, waitingFor: [] },
    you: { seats: mine, gameMaster: false, seesAll: false },
  };
}

describe("the shell's words", () => {
  it("says what a game awaits from you", () => {
    const seats = [seat("a", true, false), seat("b", true, true), seat("c", false, false)];
    expect(awaitsFromYou(game(false, true, seats, ["a", "b"]))).toBe("your orders for turn 3 (a Empire)");
    expect(awaitsFromYou(game(false, true, seats, ["b"]))).toBe("submitted for turn 3");
    expect(awaitsFromYou(game(false, true, seats, ["c"]))).toBe("nothing from you");
    expect(awaitsFromYou(game(false, false, seats, ["a"]))).toBe("not started");
    expect(awaitsFromYou(game(true, true, seats, ["a"]))).toBe("over");
  });

  it("counts down in days, hours, minutes and seconds", () => {
    expect(left(0)).toBe("due now");
    expect(left(-5)).toBe("due now");
    expect(left(59_000)).toBe("0 min 59 s left");
    expect(left(3_600_000 + 61_000)).toBe("1 h 1 min left");
    expect(left(2 * 86_400_000 + 5 * 3_600_000)).toBe("2 d 5 h left");
  });

  it("names who plays a seat", () => {
    expect(holderText({ kind: "player", name: "bob" })).toBe("bob");
    expect(holderText({ kind: "bot", level: "easy" })).toBe("easy bot");
    expect(holderText({ kind: "open" })).toBe("open");
    expect(holderText({ kind: "invited" })).toBe("kept for an invite");
  });

  it("routes by the hash: a game's id, anything else the lobby", () => {
    expect(parseRoute(gameHref("g0a1"))).toEqual({ page: "game", id: "g0a1" });
    expect(parseRoute("#/")).toEqual({ page: "lobby" });
    expect(parseRoute("")).toEqual({ page: "lobby" });
    expect(parseRoute("#/games/../x")).toEqual({ page: "lobby" });
  });

  it("routes an invite link to its own page, the token as given", () => {
    expect(parseRoute("#/invite/shi_AbC-9_x")).toEqual({ page: "invite", token: "shi_AbC-9_x" });
    expect(parseRoute("#/invite/a b")).toEqual({ page: "lobby" });
    expect(parseRoute("#/invite/")).toEqual({ page: "lobby" });
  });

  it("tells a spectator plainly when the game shows nothing yet, by the game master's setting", () => {
    const g = game(false, true, [seat("a", true, false)], []);
    expect(spectatorSight(g)).toMatch(/once the game is over: until then you see its seats/);
    expect(spectatorSight({ ...g, spectators: "none" })).toMatch(/keeps this game to its players/);
    expect(spectatorSight({ ...g, spectators: "live", you: { seats: [], gameMaster: false, seesAll: true } })).toBeNull();
  });

  it("reads reminder hours as whole numbers, commas or spaces between", () => {
    expect(parseHours("24, 2")).toEqual([24, 2]);
    expect(parseHours(" 48 12 1 ")).toEqual([48, 12, 1]);
    expect(parseHours("")).toEqual([]);
    expect(parseHours("2.5")).toBeNull();
    expect(parseHours("soon")).toBeNull();
  });
});

describe("why a seat's orders are not taken now", () => {
  it("says the game is over, not started, or that the step awaits others (with the server's note)", () => {
    expect(notAwaitedText(game(true, true, [], []))).toBe("The game is over.");
    expect(notAwaitedText(game(false, false, [], []))).toBe("Orders are taken once the game master starts the game.");
    expect(notAwaitedText(game(false, true, [], []))).toBe("turn 3 does not await this seat.");
    expect(notAwaitedText(game(false, true, [], []), "red activates now")).toBe("turn 3 does not await this seat: red activates now.");
  });
});
