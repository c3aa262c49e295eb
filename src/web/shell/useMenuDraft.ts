/**
 * A seat's draft as a list of orders made from its menus (menu-draft.ts), for a ruleset's own seat view: the seat's
 * menus (GET .../options, asked only while the step awaits it and it is not watched), the shell's checked draft
 * (useCheckedDraft.ts) read as a list, and the edits a view makes to it (set the list, add an order, remove one), with
 * the check's lines for each order once the check is of the draft as it now is.
 */
import { useCallback, useMemo } from "react";
import type { Options } from "../../core/ruleset.js";
import { type CheckLine, call, type SeatHistory } from "./api.js";
import { type DraftOrder, emptyDraft, linesFor, type ReadDraft, readDraft, writeDraft } from "./menu-draft.js";
import { type CheckedDraft, draftKey, keptDraft, useCheckedDraft } from "./useCheckedDraft.js";
import { useGet } from "./useGet.js";
import type { SeatViewProps } from "./views.js";

/** The draft to start a step from: this browser's, else the last revision submitted, else an empty list (JSON). */
export async function startingDraft(game: string, seat: string, step: number): Promise<string> {
  const kept = keptDraft(draftKey(game, seat, step));
  if (kept !== null) return kept;
  const h = await call<SeatHistory>("GET", `/api/games/${game}/seats/${seat}/history`);
  const last = h.due.revisions.at(-1);
  return last ? JSON.stringify(last.orders, null, 2) : emptyDraft(seat, step);
}

export interface MenuDraft {
  draft: CheckedDraft;
  /** The seat's menus of the step (null until asked and answered, or when not asked). */
  options: Options | null;
  /** The draft read as a list (null until loaded). */
  read: ReadDraft | null;
  /** The list (empty while there is none). */
  orders: DraftOrder[];
  /** Orders may be made now: played, not watched, awaited, and the draft a list. */
  canWrite: boolean;
  /** The check shown is of the draft as it now is. */
  fresh: boolean;
  /** The check's lines for the order at a place (none while the check is stale). */
  lines(i: number): CheckLine[];
  setOrders(list: DraftOrder[]): void;
  /** An order added at the end, said in the status (in `describe`'s words). */
  add(o: DraftOrder): void;
  remove(i: number): void;
}

export function useMenuDraft(props: SeatViewProps, describe: (o: DraftOrder) => string): MenuDraft {
  const { game, seat, version, readOnly } = props;
  const base = `/api/games/${game.id}`;
  const awaitedHere = game.started && !game.over && (game.seats.find((s) => s.id === seat)?.awaited ?? false);
  const { data: options } = useGet<Options>(awaitedHere && !readOnly ? `${base}/seats/${seat}/options` : null, version);
  const draft = useCheckedDraft(props, { start: startingDraft, fallback: () => emptyDraft(seat, game.step) });
  const { text, write, reply, replyText, setStatus, awaited } = draft;
  const read = useMemo(() => (text === null ? null : readDraft(text)), [text]);
  const orders = read?.orders ?? [];
  const fresh = reply !== null && replyText === text;
  const setOrders = useCallback(
    (list: DraftOrder[]) => {
      write(writeDraft(seat, game.step, list));
      setStatus("");
    },
    [write, setStatus, seat, game.step],
  );
  const add = useCallback(
    (o: DraftOrder) => {
      if (!read?.orders) return;
      setOrders([...read.orders, o]);
      setStatus(`Added to the draft: ${describe(o)}.`);
    },
    [read, setOrders, setStatus, describe],
  );
  return {
    draft,
    options: options ?? null,
    read,
    orders,
    canWrite: !readOnly && awaited && text !== null && read?.orders !== null,
    fresh,
    lines: (i) => (fresh && reply ? linesFor(reply.check.lines, i) : []),
    setOrders,
    add,
    remove: (i) => setOrders(orders.filter((_, j) => j !== i)),
  };
}
