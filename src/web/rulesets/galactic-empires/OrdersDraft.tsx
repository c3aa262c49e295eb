/**
 * One draft of a seat's orders for the turn, shared by every part of the Galactic Empires view that plans: the
 * forms, the map's path planner, HQ Plans and the text (seed 003 chapter 2, "HQ Plans ... is available from all
 * main parts of the Diploware"). The draft is the orders file's text, as in the shell's editor (OrdersEditor.tsx):
 * kept in this browser for the seat and turn, checked by the server (POST /api/games/ID/check) half a second after
 * the last change, submitted by POST /api/games/ID/orders. The forms read it as a plan (orders-plan.ts) and write
 * it back whole.
 *
 * What the forms offer comes from the seat's own view and options (GET .../seats/S/view and .../options): never
 * from the whole state.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { Options } from "../../../core/ruleset.js";
import type { EmpireView } from "../../../rules/galactic-empires/view.js";
import type { CheckReply } from "../../shell/api.js";
import { draftKey, keepDraft, useCheckedDraft } from "../../shell/useCheckedDraft.js";
import { useGet } from "../../shell/useGet.js";
import type { SeatViewProps } from "../../shell/views.js";
import { forTurn, type Plan, type ReadPlan, readPlan, writePlan } from "./orders-plan.js";

export interface Draft {
  props: SeatViewProps;
  /** The step awaits this seat's orders: the forms may write and the draft be submitted. */
  awaited: boolean;
  view: EmpireView | null;
  viewError: string | null;
  options: Options | null;
  /** The orders file being written; null until the seat's starting text is here. */
  text: string | null;
  /** The text as a plan, or why it is none. */
  read: ReadPlan | null;
  setText(text: string): void;
  /** Change the plan: the text is written anew from it, for this seat and turn. */
  update(change: (plan: Plan) => Plan): void;
  reply: CheckReply | null;
  checkError: string | null;
  /** A check of the text as it now is has been asked for and not answered. */
  checking: boolean;
  /** The check shown says "odds follow", and they are asked for (useCheckedDraft.ts). */
  oddsPending: boolean;
  /** Keep the draft in this browser now (it is kept at every change too); says so. */
  save(): void;
  submit(): Promise<void>;
  busy: boolean;
  /** The last thing done with the draft (saved, submitted), for a status line. */
  status: string;
  /** The starfleet whose path the map's clicks extend, or null. */
  pathUnit: string | null;
  setPathUnit(unit: string | null): void;
}

const DraftContext = createContext<Draft | null>(null);

export function useDraft(): Draft {
  const d = useContext(DraftContext);
  if (!d) throw new Error("useDraft outside a DraftProvider");
  return d;
}

export function DraftProvider(props: SeatViewProps & { children: ReactNode }) {
  const { game, seat, version } = props;
  const step = game.step;
  const base = `/api/games/${game.id}`;
  const { data: viewData, error: viewError } = useGet<{ view: EmpireView }>(`${base}/seats/${seat}/view`, version);
  const awaited = game.started && !game.over && (game.seats.find((s) => s.id === seat)?.awaited ?? false);
  const { data: options } = useGet<Options>(awaited ? `${base}/seats/${seat}/options` : null, version);
  const { text, write, reply, problem: checkError, checking, oddsPending, status, setStatus, busy, submit } = useCheckedDraft(props);
  // A change to the plan makes the last action's word ("Draft saved", "Submitted") old news.
  const setText = useCallback(
    (t: string) => {
      write(t);
      setStatus("");
    },
    [write, setStatus],
  );
  const [pathUnit, setPathUnit] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when a turn has run: no starfleet's path is being planned.
  useEffect(() => setPathUnit(null), [game.id, seat, step, version]);

  const read = useMemo(() => (text === null ? null : readPlan(text)), [text]);
  const update = useCallback(
    (change: (plan: Plan) => Plan) => {
      if (!read?.plan) return;
      setText(writePlan(forTurn(change(read.plan), seat, step)));
    },
    [read, setText, seat, step],
  );

  const save = useCallback(() => {
    if (text === null) return;
    keepDraft(draftKey(game.id, seat, step), text);
    setStatus(`Draft saved in this browser for ${game.label}.`);
  }, [text, game.id, game.label, seat, step, setStatus]);

  const value: Draft = {
    props,
    awaited,
    view: viewData?.view ?? null,
    viewError,
    options: options ?? null,
    text,
    read,
    setText,
    update,
    reply,
    checkError,
    checking,
    oddsPending,
    save,
    submit,
    busy,
    status,
    pathUnit,
    setPathUnit,
  };
  return <DraftContext.Provider value={value}>{props.children}</DraftContext.Provider>;
}
