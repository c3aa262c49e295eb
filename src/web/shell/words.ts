/** The shell's wording of game facts, apart from the components so that tests read it without a browser. */
import type { GameSummary, Holder } from "./api.js";

/** What a game awaits from you: your seats whose orders the due step needs and that have not sent them. */
export function awaitsFromYou(g: GameSummary): string {
  if (g.over) return "over";
  if (!g.started) return "not started";
  const mine = g.seats.filter((s) => g.you.seats.includes(s.id) && s.awaited);
  const todo = mine.filter((s) => !s.submitted);
  if (todo.length > 0) return `your orders for ${g.label} (${todo.map((s) => s.name).join(", ")})`;
  if (mine.length > 0) return `submitted for ${g.label}`;
  return "nothing from you";
}

/** Time left until a deadline, to the second when under an hour. */
export function left(ms: number): string {
  if (ms <= 0) return "due now";
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = d > 0 ? [`${d} d`, `${h} h`] : h > 0 ? [`${h} h`, `${m} min`] : [`${m} min`, `${s % 60} s`];
  return `${parts.join(" ")} left`;
}

/** Who plays a seat, in words. */
export function holderText(h: Holder): string {
  if (h.kind === "player") return h.name;
  if (h.kind === "bot") return `${h.level} bot`;
  return h.kind === "open" ? "open" : "kept for an invite";
}

/**
 * What a signed-in account without a seat is told when the game shows it nothing beyond its seats (issue 10,
 * "Views": spectators see everything live, everything once the game is over, or nothing), or null when it sees all.
 */
export function spectatorSight(g: GameSummary): string | null {
  if (g.you.seesAll) return null;
  if (g.spectators === "after-end")
    return "Its game master lets spectators watch once the game is over: until then you see its seats and who has submitted, nothing more.";
  if (g.spectators === "none")
    return "Its game master keeps this game to its players: a spectator sees its seats and who has submitted, nothing more.";
  return "Nothing of this game is visible to you yet beyond its seats and who has submitted.";
}

/** "24, 2" as hours before a deadline; null when any part is not a whole number of hours. */
export function parseHours(text: string): number[] | null {
  const parts = text
    .split(/[\s,;]+/)
    .map((x) => x.trim())
    .filter((x) => x !== "");
  const hours = parts.map(Number);
  return hours.every((h) => Number.isInteger(h) && h >= 0) ? hours : null;
}

/** Why a seat's orders are not taken now (shown in place of a submit that would be refused), with the server's note if any. */
export function notAwaitedText(g: GameSummary, note?: string): string {
  if (g.over) return "The game is over.";
  if (!g.started) return "Orders are taken once the game master starts the game.";
  return `${g.label} does not await this seat${note ? `: ${note}` : ""}.`;
}
