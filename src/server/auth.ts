/**
 * Passwords, secrets and the sign-in limit.
 *
 * Passwords: Node's scrypt (memory-hard; RFC 7914) with N = 2^15, r = 8, p = 1 (32 MiB
 * and roughly 50-100 ms a hash on one core), a 16-byte random salt and a 32-byte key,
 * kept as "scrypt$N$r$p$salt$key" (base64url) so the parameters can be raised later and
 * old hashes still verify. A name that has no account is checked against a dummy hash,
 * so a wrong name and a wrong password take the same time.
 *
 * Sessions, API tokens and invites are 32 random bytes (base64url); the store keeps only
 * their SHA-256. The CSRF token of a session is another 32 random bytes.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { SiteStore } from "../store/site.js";

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const SCRYPT_DEFAULT: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 15, r: 8, p: 1 });
const KEY_BYTES = 32;

function scryptAsync(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_BYTES, { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 }, (e, key) =>
      e ? reject(e) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string, params: ScryptParams = SCRYPT_DEFAULT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, "base64url");
  const want = Buffer.from(parts[5]!, "base64url");
  const got = await scryptAsync(password, salt, { N, r, p });
  return got.length === want.length && timingSafeEqual(got, want);
}

/** A new secret (session, API token, invite, CSRF token): 32 random bytes, base64url, with a prefix saying what it is. */
export function newSecret(prefix: string): string {
  return `${prefix}_${randomBytes(32).toString("base64url")}`;
}

export function sha256(s: string): string {
  return createHash("sha256").update(s).digest("hex");
}

/** Equal strings, compared in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface SignInLimits {
  /** Attempts with one account name in the window. */
  perName: number;
  /** Attempts from one address in the window. */
  perAddress: number;
  windowMs: number;
}

export const SIGN_IN_DEFAULT: Readonly<SignInLimits> = Object.freeze({ perName: 10, perAddress: 50, windowMs: 15 * 60_000 });

/** Where the sign-in counts are kept: the site store's `signInHits` (shared by every process on the database). */
export type HitStore = Pick<SiteStore, "signInHits">;

/**
 * How many sign-ins (and password-authenticated token requests) each account name and each
 * client address made in the last window, on the server's clock. The counts are the site
 * store's, in the database: every `serve` behind a load balancer counts against the same
 * limit (one counting its own let a guesser try processes x limit times).
 */
export class SignInLimiter {
  constructor(
    private readonly limits: SignInLimits,
    private readonly now: () => number,
    private readonly hits: HitStore,
  ) {}

  /** Seconds to wait when over the limit; otherwise null, and the attempt is counted. */
  async attempt(address: string, name: string): Promise<number | null> {
    const t = this.now();
    const since = t - this.limits.windowMs;
    const keys: [string, number][] = [
      [`name:${name.toLowerCase()}`, this.limits.perName],
      [`addr:${address}`, this.limits.perAddress],
    ];
    let wait = 0;
    await this.hits.signInHits(
      keys.map(([k]) => k),
      (kept) => {
        wait = 0;
        const out = new Map<string, number[]>();
        for (const [k, max] of keys) {
          const recent = (kept.get(k) ?? []).filter((x) => x > since);
          out.set(k, recent);
          if (recent.length >= max) wait = Math.max(wait, Math.ceil((Math.min(...recent) + this.limits.windowMs - t) / 1000));
        }
        if (wait === 0) for (const [k] of keys) out.get(k)!.push(t);
        return out;
      },
      since,
    );
    return wait > 0 ? wait : null;
  }
}
