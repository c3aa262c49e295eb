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

/**
 * How many sign-ins (and password-authenticated token requests) each account name and each
 * client address made in the last window, on the server's clock. One per app (never
 * module-level); a server behind a load balancer counts per process, which bounds a guesser
 * by processes x limit (a later phase may keep the counts in PostgreSQL).
 */
export class SignInLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limits: SignInLimits,
    private readonly now: () => number,
  ) {}

  /** Seconds to wait when over the limit; otherwise null, and the attempt is counted. */
  attempt(address: string, name: string): number | null {
    const t = this.now();
    const keys: [string, number][] = [
      [`name:${name.toLowerCase()}`, this.limits.perName],
      [`addr:${address}`, this.limits.perAddress],
    ];
    let wait = 0;
    for (const [k, max] of keys) {
      const recent = (this.hits.get(k) ?? []).filter((x) => x > t - this.limits.windowMs);
      this.hits.set(k, recent);
      if (recent.length >= max) wait = Math.max(wait, Math.ceil((recent[0]! + this.limits.windowMs - t) / 1000));
    }
    if (wait > 0) return wait;
    for (const [k] of keys) this.hits.get(k)!.push(t);
    if (this.hits.size > 100_000) this.prune(t);
    return null;
  }

  private prune(t: number): void {
    for (const [k, v] of this.hits) if (v.every((x) => x <= t - this.limits.windowMs)) this.hits.delete(k);
  }
}
