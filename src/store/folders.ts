/**
 * A folder of game folders: ROOT/<game id>/ is a game folder (folder.ts) each.
 * What a club keeps its play-by-files games in, and how the folder store passes
 * the same shared suite as the databases (test/store/store-suite.ts).
 */
import { existsSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { idProblem } from "../core/ids.js";
import type { SeatId } from "../core/ruleset.js";
import { checkGameId, checkRecord, noGame, type StoreOptions } from "./check.js";
import { FolderStore } from "./folder.js";
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

export class FoldersStore implements Store {
  readonly where: string;
  readonly trusted = false;
  private readonly root: string;
  private readonly games = new Map<GameId, FolderStore>();

  constructor(
    dir: string,
    private readonly options: StoreOptions = {},
  ) {
    this.root = resolve(dir);
    this.where = `folders ${dir}`;
  }

  /** The game's folder store; ids are checked first, so the folder name is always an id. */
  private game(id: GameId): FolderStore {
    checkGameId(id);
    let g = this.games.get(id);
    if (!g) {
      g = new FolderStore(join(this.root, id), this.options);
      this.games.set(id, g);
    }
    return g;
  }

  private async existing(id: GameId): Promise<FolderStore> {
    const g = this.game(id);
    if (!(await g.load(id))) throw noGame(id);
    return g;
  }

  async create(record: GameRecord): Promise<void> {
    checkRecord(record);
    if (existsSync(this.root) && lstatSync(this.root).isSymbolicLink())
      throw new StoreError("unsafe-path", `${this.root} is a symbolic link`);
    mkdirSync(this.root, { recursive: true });
    const g = this.game(record.id);
    if (existsSync(join(this.root, record.id, "game.json"))) throw new StoreError("game-exists", `there is already a game ${record.id}`);
    await g.create(record);
  }

  async load(id: GameId): Promise<GameRecord | null> {
    const g = this.game(id);
    if (!existsSync(join(this.root, id))) return null;
    return g.load(id);
  }

  async list(): Promise<GameSummary[]> {
    if (!existsSync(this.root)) return [];
    const out: GameSummary[] = [];
    for (const d of readdirSync(this.root).sort()) {
      if (idProblem(d) !== null || !existsSync(join(this.root, d, "game.json"))) continue;
      out.push(...(await this.game(d).list()).filter((s) => s.id === d));
    }
    return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async submit(id: GameId, s: Omit<Submission, "revision">): Promise<number> {
    return (await this.existingOrCheck(id, () => this.game(id).submit(id, s)))();
  }

  async submissions(id: GameId, step: number): Promise<Submission[]> {
    return this.game(id).submissions(id, step);
  }

  async submitters(id: GameId, step: number): Promise<SeatId[]> {
    return this.game(id).submitters(id, step);
  }

  async commit(id: GameId, entry: StepEntry, next: GameRecord, joined?: JoinedWrite, counted?: number): Promise<void> {
    return (await this.existingOrCheck(id, () => this.game(id).commit(id, entry, next, joined, counted)))();
  }

  async history(id: GameId, step: number): Promise<StepEntry | null> {
    return this.game(id).history(id, step);
  }

  async steps(id: GameId): Promise<number[]> {
    return this.game(id).steps(id);
  }

  async lock(id: GameId, holder: string): Promise<Lock> {
    return (await this.existing(id)).lock(id, holder);
  }

  /** The game's own checks run first (ids, records), so a bad request is "bad-id" or "bad-record" before "no-game". */
  private async existingOrCheck<T>(id: GameId, run: () => Promise<T>): Promise<() => Promise<T>> {
    checkGameId(id);
    if (!existsSync(join(this.root, id, "game.json"))) {
      try {
        await run();
      } catch (e) {
        if (e instanceof StoreError && e.code !== "no-game") throw e;
      }
      throw noGame(id);
    }
    return run;
  }

  async close(): Promise<void> {
    this.games.clear();
  }
}
