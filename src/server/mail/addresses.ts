/**
 * Where a seat mails its orders (issue 10, "Email play"): each seat of a hosted
 * game has its own secret, carried in the recipient address
 * (orders+GAME.SEAT.SECRET@DOMAIN, as Olympia's and the old PBEM hosts' scanners
 * keyed a player's mail) or in the subject ("orders GAME SEAT SECRET"), for mail
 * programs that cannot send to a "+" address.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { idProblem } from "../../core/ids.js";

export interface SeatKey {
  game: string;
  seat: string;
  secret: string;
}

/** Secrets are 24 URL-safe characters (144 random bits). */
const SECRET = /^[A-Za-z0-9_-]{16,64}$/;

export function newSeatSecret(): string {
  return randomBytes(18).toString("base64url");
}

export function orderAddress(key: SeatKey, domain: string): string {
  return `orders+${key.game}.${key.seat}.${key.secret}@${domain}`;
}

/** The seat key in a recipient address, or null. Ids contain no ".", so the three parts are unambiguous. */
export function keyOfAddress(address: string): SeatKey | null {
  const m = /^orders\+([^@\s]+)@[^@\s]+$/i.exec(address.trim());
  return m ? keyOfParts((m[1] as string).split(".")) : null;
}

/** The seat key in a subject ("orders GAME SEAT SECRET", anywhere after "Re:" and the like), or null. */
export function keyOfSubject(subject: string): SeatKey | null {
  const m = /\borders\s+(\S+)\s+(\S+)\s+(\S+)\s*$/i.exec(subject);
  return m ? keyOfParts([m[1] as string, m[2] as string, m[3] as string]) : null;
}

function keyOfParts(parts: string[]): SeatKey | null {
  if (parts.length !== 3) return null;
  const [game, seat, secret] = parts as [string, string, string];
  if (idProblem(game) !== null || idProblem(seat) !== null || !SECRET.test(secret)) return null;
  return { game, seat, secret };
}

/** Compares two secrets in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The bare address of a mailbox ("Worf <worf@example.org>" -> "worf@example.org"), lower case. */
export function bareAddress(mailbox: string): string {
  const m = /<([^<>]+)>\s*$/.exec(mailbox);
  return (m ? (m[1] as string) : mailbox).trim().toLowerCase();
}
