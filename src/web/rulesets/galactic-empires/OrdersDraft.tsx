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
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { Options } from "../../../core/ruleset.js";
import type { EmpireView } from "../../../rules/galactic-empires/view.js";
import { type CheckReply, call, errorText } from "../../shell/api.js";
import { draftKey, keepDraft, startingText } from "../../shell/OrdersEditor.js";
import { useGet } from "../../shell/useGet.js";
import type { SeatViewProps } from "../../shell/views.js";
import { forTurn, type Plan, type ReadPlan, readPlan, writePlan } from "./orders-plan.js";

const DEBOUNCE_MS = 500;

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
  const query = `?seat=${encodeURIComponent(seat)}&step=${step}`;
  const awaited = game.started && !game.over && (game.seats.find((s) => s.id === seat)?.awaited ?? false);
  const { data: viewData, error: viewError } = useGet<{ view: EmpireView }>(`${base}/seats/${seat}/view`, version);
  const { data: options } = useGet<Options>(awaited ? `${base}/seats/${seat}/options` : null, version);
  const [text, setTextState] = useState<string | null>(null);
  const [reply, setReply] = useState<CheckReply | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const [pathUnit, setPathUnit] = useState<string | null>(null);
  const asked = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` changes when a turn has run: the new turn starts from its own text.
  useEffect(() => {
    let live = true;
    setTextState(null);
    setReply(null);
    setPathUnit(null);
    startingText(game.id, seat, step)
      .then((t) => {
        if (live) setTextState(t);
      })
      .catch((e) => {
        if (!live) return;
        setTextState("");
        setCheckError(errorText(e));
      });
    return () => {
      live = false;
    };
  }, [game.id, seat, step, version]);

  // The check, half a second after the last change (as the text editor's).
  useEffect(() => {
    if (text === null || !awaited) return;
    const n = ++asked.current;
    setChecking(true);
    const t = setTimeout(async () => {
      try {
        const r = await call<CheckReply>("POST", `${base}/check${query}`, text);
        if (n !== asked.current) return;
        setReply(r);
        setCheckError(null);
      } catch (e) {
        if (n !== asked.current) return;
        setReply(null);
        setCheckError(errorText(e));
      } finally {
        if (n === asked.current) setChecking(false);
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, awaited, base, query]);

  const setText = useCallback(
    (t: string) => {
      setTextState(t);
      setStatus("");
      keepDraft(draftKey(game.id, seat, step), t);
    },
    [game.id, seat, step],
  );

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
  }, [text, game.id, game.label, seat, step]);

  const submit = useCallback(async () => {
    if (text === null) return;
    setBusy(true);
    setStatus("");
    try {
      const r = await call<CheckReply>("POST", `${base}/orders${query}`, text);
      setReply(r);
      setCheckError(null);
      setStatus(
        `Submitted revision ${r.revision} for ${r.label}.` + (r.advanced ? ` Every awaited seat had submitted: ${r.label} has run.` : ""),
      );
    } catch (x) {
      setCheckError(errorText(x));
    } finally {
      setBusy(false);
    }
  }, [text, base, query]);

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
    save,
    submit,
    busy,
    status,
    pathUnit,
    setPathUnit,
  };
  return <DraftContext.Provider value={value}>{props.children}</DraftContext.Provider>;
}
