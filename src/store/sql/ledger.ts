/**
 * The ledger of a step's submissions: each seat's latest revision, for a database
 * only this process writes (PGlite: ./pglite.ts, drivers that say `exclusive`).
 *
 * Why. A server answers every order submission with whether the step may now run
 * early (who has submitted: Store.submitters) and numbers each revision (the
 * seat's latest + 1). On PGlite each of those is a statement, and a statement
 * costs this process a few hundred microseconds however small it is (PostgreSQL
 * runs in it, as WebAssembly), more than the rest of the submission: with the
 * ledger a batch of submissions is one plain INSERT and "who has submitted" is
 * answered from memory (issue 10's budget, bench/server.bench.ts).
 *
 * Why it stays true. A step's ledger is read from the database once, then moved
 * on by this store's own inserts, the only statements that add submissions (no
 * statement of Starhost deletes one; a step commit adds none). Should anything
 * else ever add one, the numbers it gave collide on the primary key (game, step,
 * seat, revision): the store then drops the ledger and numbers the batch in SQL
 * (SqlStore.insertBatch), so a wrong ledger can cost time, never a revision.
 */
import type { SeatId } from "../../core/ruleset.js";

/** How many steps' ledgers are kept (least recently used dropped first): one per game a server is busy with. */
export const LEDGER_STEPS = 1024;

export class Ledgers {
  /** Key `game \0 step`: seat → its latest revision. */
  private readonly steps = new Map<string, Map<SeatId, number>>();

  constructor(private readonly size = LEDGER_STEPS) {}

  /** The ledger of a step, if it is kept (and now the most recently used). */
  get(id: string, step: number): ReadonlyMap<SeatId, number> | undefined {
    const k = key(id, step);
    const had = this.steps.get(k);
    if (had) {
      this.steps.delete(k);
      this.steps.set(k, had);
    }
    return had;
  }

  /** Keep a step's ledger as read from the database. */
  set(id: string, step: number, latest: Iterable<readonly [SeatId, number]>): ReadonlyMap<SeatId, number> {
    const ledger = new Map(latest);
    this.steps.set(key(id, step), ledger);
    for (const old of this.steps.keys()) {
      if (this.steps.size <= this.size) break;
      this.steps.delete(old);
    }
    return ledger;
  }

  /** A revision the database now holds: the seat's latest, if it is later than the one kept. */
  note(id: string, step: number, seat: SeatId, revision: number): void {
    const ledger = this.steps.get(key(id, step));
    if (ledger && (ledger.get(seat) ?? 0) < revision) ledger.set(seat, revision);
  }

  drop(id: string, step: number): void {
    this.steps.delete(key(id, step));
  }
}

function key(id: string, step: number): string {
  return `${id}\u0000${step}`;
}
