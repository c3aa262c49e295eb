/**
 * A game as a folder: play by files, the play-by-email way. One folder holds one
 * game:
 *
 *   DIR/game.json                                the record: ruleset, scenario, inputs, seed, step, label, state
 *   DIR/orders/<seat>.yaml|yml|json              the inbox: orders files players drop in (read by `turn` and `submit`)
 *   DIR/submissions/<step>/<seat>/<rev>.json     every revision received: parsed orders, problems, source, time
 *   DIR/history/<step>/step.json                 label, seed, where each seat's orders came from
 *   DIR/history/<step>/orders.json               the orders each seat was adjudicated with (parsed)
 *   DIR/history/<step>/state.json.gz             the state the step started from
 *   DIR/history/<step>/events.json.gz            every event of the step
 *   DIR/history/<step>/next.json.gz              the record after the step (kept for the newest step only)
 *
 * A step commits with one rename: the new step's folder is written aside under a
 * random name and renamed to `history/<step>`. `game.json` is rewritten after;
 * if a crash comes between the two, the next load rolls forward from the newest
 * step's `next.json.gz`, so the game is always at the previous step or the next.
 *
 * Nothing read from a file becomes a path unchecked: seats and game ids match the
 * id pattern, every path is built under DIR and checked to stay there, symbolic
 * links are refused wherever met (a linked orders file or history folder), and
 * temporary files get random names opened exclusively, so nothing planted in
 * advance can be written through.
 */
import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
} from "node:fs";
import { hostname } from "node:os";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { idProblem } from "../core/ids.js";
import { canonicalJson } from "../core/json.js";
import type { SeatId } from "../core/ruleset.js";
import {
  checkEntry,
  checkGameId,
  checkHolder,
  checkJoin,
  checkRecord,
  checkStep,
  checkSubmission,
  DEFAULT_LOCK_LEASE_MS,
  jsonText,
  locked,
  newSubmissions,
  noGame,
  type StoreOptions,
  staleStep,
  staleSubmission,
} from "./check.js";
import { createExclusive } from "./exclusive.js";
import {
  type GameId,
  type GameRecord,
  type GameSummary,
  type JoinedWrite,
  type Lock,
  type StepEntry,
  type Store,
  StoreError,
  type Submission,
} from "./store.js";

const FORMAT = 2;

export class FolderStore implements Store {
  readonly where: string;
  readonly trusted = false;
  private readonly root: string;
  private readonly lease: number;
  private readonly clock: () => number;

  constructor(dir: string, options: StoreOptions = {}) {
    this.root = resolve(dir);
    this.where = `folder ${dir}`;
    this.lease = options.lockLeaseMs ?? DEFAULT_LOCK_LEASE_MS;
    this.clock = options.now ?? Date.now;
  }

  /** The game folder itself. */
  get dir(): string {
    return this.root;
  }

  // --- paths ----------------------------------------------------------------

  /** A path under the folder from checked parts; refuses anything that would leave it. */
  private path(...parts: (string | number)[]): string {
    for (const p of parts) {
      const s = String(p);
      if (s === "" || s === "." || s === ".." || s.includes("/") || s.includes("\\") || s.includes("\0")) {
        throw new StoreError("unsafe-path", `refused a path part ${JSON.stringify(s.slice(0, 40))} in ${this.where}`);
      }
    }
    const full = join(this.root, ...parts.map(String));
    const rel = relative(this.root, full);
    if (rel.startsWith("..") || isAbsolute(rel)) throw new StoreError("unsafe-path", `refused a path outside ${this.where}`);
    return full;
  }

  /** Refuse a symbolic link anywhere between the folder and `full` (the folder itself included). */
  private noLinks(full: string): void {
    const rel = relative(this.root, full);
    let at = this.root;
    const check = (p: string) => {
      let st: ReturnType<typeof lstatSync> | undefined;
      try {
        st = lstatSync(p);
      } catch {
        return false;
      }
      if (st.isSymbolicLink()) {
        throw new StoreError("unsafe-path", `${p} is a symbolic link; a game folder holds none (refused for safety)`);
      }
      return true;
    };
    if (!check(at)) return;
    for (const part of rel.split(sep).filter(Boolean)) {
      at = join(at, part);
      if (!check(at)) return;
    }
  }

  private read(full: string): Buffer | null {
    this.noLinks(full);
    let fd: number;
    try {
      fd = openSync(full, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return null;
      if (code === "ELOOP") throw new StoreError("unsafe-path", `${full} is a symbolic link (refused)`);
      throw e;
    }
    try {
      return readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  private readJson<T>(full: string): T | null {
    const b = this.read(full);
    if (b === null) return null;
    try {
      return JSON.parse((full.endsWith(".gz") ? gunzipSync(b) : b).toString("utf8")) as T;
    } catch (e) {
      throw new StoreError("corrupt", `${full} cannot be read: ${(e as Error).message.split("\n")[0]}`);
    }
  }

  /** Make `dir` (under the folder) with no link on the way. */
  private mkdirs(full: string): void {
    this.noLinks(full);
    mkdirSync(full, { recursive: true });
    this.noLinks(full);
  }

  /** A file written whole under a random name opened exclusively, flushed, then renamed into place. */
  private write(full: string, data: string | Buffer): void {
    this.mkdirs(dirname(full));
    const tmp = join(dirname(full), `.tmp-${randomBytes(8).toString("hex")}`);
    createExclusive(tmp, data);
    this.noLinks(full);
    renameSync(tmp, full);
  }

  /** The record as canonical JSON, or "bad-record" for what is not a record of JSON. */
  private static recordText(record: GameRecord): string {
    checkRecord(record);
    jsonText("the state", record.state);
    jsonText("the options", record.options);
    if (record.options === undefined) throw new StoreError("bad-record", "the options must be JSON (use {} for none)");
    if (record.state === undefined) throw new StoreError("bad-record", "the state must be JSON");
    return `${canonicalJson({ starhost: FORMAT, ...record }, 2)}\n`;
  }

  // --- the record -------------------------------------------------------------

  private loadRaw(): GameRecord | null {
    const raw = this.readJson<{ starhost?: number } & GameRecord>(this.path("game.json"));
    if (raw === null) return null;
    if (raw.starhost !== FORMAT) {
      throw new StoreError(
        "corrupt",
        `${this.path("game.json")} is not a Starhost game file of format ${FORMAT} (found ${JSON.stringify(raw.starhost ?? null)})`,
      );
    }
    const { starhost: _format, ...record } = raw;
    return record as GameRecord;
  }

  private saveRecord(record: GameRecord): void {
    this.write(this.path("game.json"), FolderStore.recordText(record));
  }

  /** The record, rolled forward over a step that committed (its folder renamed into place) before game.json was rewritten. */
  private current(): GameRecord | null {
    let record: GameRecord | null = this.loadRaw();
    if (!record) return null;
    for (;;) {
      const next: GameRecord | null = this.readJson<GameRecord>(this.path("history", record.step, "next.json.gz"));
      if (!next || next.step !== record.step + 1) break;
      record = next;
      this.saveRecord(record);
    }
    return record;
  }

  async create(record: GameRecord): Promise<void> {
    FolderStore.recordText(record);
    this.noLinks(this.root);
    if (existsSync(this.path("game.json"))) {
      throw new StoreError("game-exists", `${this.root} already holds a game (game.json); choose another folder`);
    }
    this.mkdirs(this.path("orders"));
    this.saveRecord(record);
  }

  async load(id: GameId): Promise<GameRecord | null> {
    checkGameId(id);
    const r = this.current();
    return r && r.id === id ? r : null;
  }

  /** The folder's one game, whatever its id (the CLI names games by folder). */
  async only(): Promise<GameRecord | null> {
    return this.current();
  }

  async list(): Promise<GameSummary[]> {
    const r = this.current();
    return r ? [{ id: r.id, ruleset: r.ruleset, scenario: r.scenario, step: r.step, label: r.label, over: r.outcome !== null }] : [];
  }

  private async mustLoad(id: GameId): Promise<GameRecord> {
    const r = await this.load(id);
    if (!r) throw noGame(id);
    return r;
  }

  // --- submissions ------------------------------------------------------------

  async submit(id: GameId, s: Omit<Submission, "revision">): Promise<number> {
    checkGameId(id);
    checkSubmission(s);
    jsonText("the orders", s.orders);
    jsonText("the problems", s.problems);
    const record = await this.mustLoad(id);
    if (s.step !== record.step) throw staleSubmission(id, s.step, record.step, record.label);
    const dir = this.path("submissions", s.step, s.seat);
    this.mkdirs(dir);
    const revisions = this.revisionsIn(dir);
    const revision = (revisions.at(-1) ?? 0) + 1;
    const full: Submission = { ...s, revision };
    this.write(this.path("submissions", s.step, s.seat, `${revision}.json`), `${canonicalJson(full, 2)}\n`);
    return revision;
  }

  private revisionsIn(dir: string): number[] {
    this.noLinks(dir);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .map((f) => /^(\d+)\.json$/.exec(f)?.[1])
      .filter((x): x is string => x !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
  }

  /** The folder of a step's submissions, or null when the game or the folder is not there. */
  private async submissionsDir(id: GameId, step: number): Promise<string | null> {
    checkGameId(id);
    checkStep("the step", step);
    if (!(await this.load(id))) return null;
    const base = this.path("submissions", step);
    this.noLinks(base);
    return existsSync(base) ? base : null;
  }

  async submissions(id: GameId, step: number): Promise<Submission[]> {
    const base = await this.submissionsDir(id, step);
    if (base === null) return [];
    const out: Submission[] = [];
    for (const seat of readdirSync(base).sort()) {
      if (idProblem(seat)) continue;
      for (const rev of this.revisionsIn(this.path("submissions", step, seat))) {
        const s = this.readJson<Submission>(this.path("submissions", step, seat, `${rev}.json`));
        if (s) out.push(s);
      }
    }
    return out.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.seat < b.seat ? -1 : a.seat > b.seat ? 1 : a.revision - b.revision));
  }

  async submitters(id: GameId, step: number): Promise<SeatId[]> {
    const base = await this.submissionsDir(id, step);
    if (base === null) return [];
    return readdirSync(base)
      .filter((seat) => !idProblem(seat) && this.revisionsIn(this.path("submissions", step, seat)).length > 0)
      .sort();
  }

  /** The orders files waiting in the inbox, by seat (a seat with several files is refused by the caller). */
  inbox(): { seat: string; file: string; extension: string }[] {
    const dir = this.path("orders");
    this.noLinks(dir);
    if (!existsSync(dir)) return [];
    const out: { seat: string; file: string; extension: string }[] = [];
    for (const f of readdirSync(dir).sort()) {
      if (f.startsWith(".")) continue;
      const m = /^(.+)\.(yaml|yml|json)$/.exec(f);
      if (!m) continue;
      out.push({ seat: m[1] as string, file: join(dir, f), extension: m[2] as string });
    }
    return out;
  }

  /** Read an inbox file as text (links refused). */
  readInbox(file: string): string {
    const rel = relative(this.root, file);
    if (rel.startsWith("..") || isAbsolute(rel)) throw new StoreError("unsafe-path", `${file} is outside ${this.where}`);
    const b = this.read(file);
    if (b === null) throw new StoreError("no-file", `${file} is gone`);
    return b.toString("utf8");
  }

  /** Take an inbox file out once it is kept as a submission. */
  consumeInbox(file: string): void {
    this.noLinks(file);
    if (existsSync(file)) unlinkSync(file);
  }

  // --- steps --------------------------------------------------------------------

  async commit(id: GameId, entry: StepEntry, next: GameRecord, joined?: JoinedWrite, counted?: number): Promise<void> {
    checkJoin(this.where, undefined, joined);
    checkGameId(id);
    checkEntry(entry, next);
    checkRecord(next, id);
    const nextText = FolderStore.recordText(next);
    const texts = {
      orders: jsonText("the entry's orders", entry.orders),
      state: jsonText("the entry's state", entry.state),
      events: jsonText("the entry's events", entry.events),
    };
    const record = await this.mustLoad(id);
    if (record.step !== entry.step) throw staleStep(id, entry.step, record.step, record.label);
    if (counted !== undefined) {
      const held = (await this.submissions(id, entry.step)).length;
      if (held !== counted) throw newSubmissions(id, entry.step, counted, held);
    }
    const target = this.path("history", entry.step);
    this.noLinks(target);
    if (existsSync(target)) throw new StoreError("stale-step", `step ${entry.step} was already run (${target} exists)`);
    const history = this.path("history");
    this.mkdirs(history);
    const aside = this.path("history", `.step-${entry.step}-${randomBytes(8).toString("hex")}`);
    mkdirSync(aside);
    const put = (name: string, data: string | Buffer) => createExclusive(join(aside, name), data);
    put("step.json", `${canonicalJson({ step: entry.step, label: entry.label, seed: entry.seed, sources: entry.sources }, 2)}\n`);
    put("orders.json", `${canonicalJson(JSON.parse(texts.orders), 2)}\n`);
    put("state.json.gz", gzipSync(texts.state));
    put("events.json.gz", gzipSync(texts.events));
    put("next.json.gz", gzipSync(JSON.stringify(JSON.parse(nextText))));
    // The commit: one rename. Before it the game is at entry.step, after it at entry.step + 1.
    renameSync(aside, target);
    this.saveRecord(next);
    // The previous step's record-after is the state of this step now: keep one copy.
    const prev = this.path("history", entry.step - 1, "next.json.gz");
    if (entry.step > 1 && existsSync(prev)) rmSync(prev);
  }

  async history(id: GameId, step: number): Promise<StepEntry | null> {
    checkGameId(id);
    if (!(await this.load(id))) return null;
    if (!Number.isSafeInteger(step) || step < 1) return null;
    const head = this.readJson<{ step: number; label: string; seed: number; sources: Record<string, string> }>(
      this.path("history", step, "step.json"),
    );
    if (!head) return null;
    return {
      step: head.step,
      label: head.label,
      seed: head.seed,
      sources: head.sources,
      orders: this.readJson<Record<string, unknown>>(this.path("history", step, "orders.json")) ?? {},
      state: this.readJson<unknown>(this.path("history", step, "state.json.gz")),
      events: this.readJson<unknown[]>(this.path("history", step, "events.json.gz")) ?? [],
    };
  }

  async steps(id: GameId): Promise<number[]> {
    checkGameId(id);
    if (!(await this.load(id))) return [];
    const dir = this.path("history");
    this.noLinks(dir);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((d) => /^\d+$/.test(d) && existsSync(join(dir, d, "step.json")))
      .map(Number)
      .sort((a, b) => a - b);
  }

  /** Leftovers of steps that never committed (a crash before the rename): removed, they hold nothing that counts. */
  sweep(): void {
    const dir = this.path("history");
    this.noLinks(dir);
    if (!existsSync(dir)) return;
    for (const d of readdirSync(dir)) if (d.startsWith(".step-")) rmSync(join(dir, d), { recursive: true, force: true });
  }

  // --- the lock -----------------------------------------------------------------

  async lock(id: GameId, holder: string): Promise<Lock> {
    checkGameId(id);
    checkHolder(holder);
    await this.mustLoad(id);
    const file = this.path(".lock");
    this.noLinks(file);
    const token = randomBytes(12).toString("hex");
    const body = `${JSON.stringify({ holder, since: this.clock(), token, pid: process.pid, host: hostname() })}\n`;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        createExclusive(file, body, false);
        let released = false;
        return {
          release: async () => {
            if (released) return;
            released = true;
            // Only our own lock: one taken over meanwhile belongs to its new holder.
            const held = this.readLock(file);
            if (held?.token === token) rmSync(file, { force: true });
          },
        };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
        const held = this.readLock(file);
        const abandoned =
          !held ||
          this.clock() - held.since >= this.lease ||
          (held.host === hostname() && typeof held.pid === "number" && held.pid !== process.pid && !alive(held.pid));
        if (abandoned) {
          rmSync(file, { force: true }); // its holder crashed or outlived the lease
          continue;
        }
        throw locked(id, held.holder, new Date(held.since));
      }
    }
    throw new StoreError("locked", `game ${id} is busy`);
  }

  private readLock(file: string): { holder: string; since: number; token: string; pid?: number; host?: string } | null {
    try {
      return this.readJson(file);
    } catch {
      return null;
    }
  }

  async close(): Promise<void> {}
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
