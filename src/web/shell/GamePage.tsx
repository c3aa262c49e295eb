/**
 * One game: its step label and deadline, who has submitted (never what), live updates from the server's event
 * stream, the history of steps, the game master's panel, for each of your seats the ruleset's own view, and for an
 * account without a seat what the game lets a spectator see.
 */
import { Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { seatViewFor } from "../rulesets/index.js";
import { call, errorText, type GameSummary, type RulesetInfo } from "./api.js";
import { Deadline } from "./Deadline.js";
import { GameMasterPanel } from "./GameMasterPanel.js";
import { History } from "./History.js";
import { Messages } from "./Messages.js";
import { TableBox } from "./TableBox.js";
import { Watch } from "./Watch.js";
import { holderText } from "./words.js";

function SeatsTable(props: { game: GameSummary; bots: string[]; act: (f: () => Promise<unknown>) => void }) {
  const { game, act } = props;
  const base = `/api/games/${game.id}`;
  const mayJoin = !game.started && game.you.seats.length === 0;
  return (
    <table>
      <caption>
        {game.seatNoun[0]!.toUpperCase() + game.seatNoun.slice(1)}s of {game.title}
      </caption>
      <thead>
        <tr>
          <th scope="col">{game.seatNoun}</th>
          <th scope="col">Played by</th>
          {/* An ended game's label names a step that never comes. */}
          <th scope="col">{game.over ? "Orders" : game.label}</th>
          {!game.started && <th scope="col">Seat</th>}
        </tr>
      </thead>
      <tbody>
        {game.seats.map((s) => (
          <tr key={s.id} className={game.you.seats.includes(s.id) ? "yours" : undefined}>
            <th scope="row">
              {s.name} <span className="id">({s.id})</span>
            </th>
            <td>{holderText(s.holder)}</td>
            <td>{!game.started || game.over ? "" : !s.awaited ? "not awaited" : s.submitted ? "submitted" : "waiting"}</td>
            {!game.started && (
              <td className="actions">
                {mayJoin && s.holder.kind === "open" && (
                  <button type="button" onClick={() => act(() => call("POST", `${base}/seats/${s.id}/join`))}>
                    Join as {s.name}
                  </button>
                )}
                {game.you.seats.includes(s.id) && (
                  <button type="button" onClick={() => act(() => call("POST", `${base}/seats/${s.id}/leave`))}>
                    Leave {s.name}
                  </button>
                )}
                {game.you.gameMaster && s.holder.kind !== "player" && (
                  <select
                    aria-label={`Who plays ${s.name}`}
                    value={s.holder.kind === "bot" ? `bot:${s.holder.level}` : s.holder.kind}
                    onChange={(e) => {
                      const v = e.target.value;
                      const holder = v.startsWith("bot:") ? { bot: v.slice(4) } : v;
                      act(() => call("PUT", `${base}/seats/${s.id}`, { holder }));
                    }}
                  >
                    <option value="open">open</option>
                    <option value="invited">kept for an invite</option>
                    {props.bots.map((b) => (
                      <option key={b} value={`bot:${b}`}>
                        {b} bot
                      </option>
                    ))}
                  </select>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function GamePage(props: { id: string }) {
  const [game, setGame] = useState<GameSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [news, setNews] = useState("");
  const [version, setVersion] = useState(0);
  const [messages, setMessages] = useState(0);
  const [reportStep, setReportStep] = useState<number | null>(null);
  const [bots, setBots] = useState<string[]>([]);
  const base = `/api/games/${props.id}`;

  const load = useCallback(async () => {
    try {
      setGame(await call<GameSummary>("GET", base));
    } catch (e) {
      setError(errorText(e));
    }
  }, [base]);

  useEffect(() => {
    void load();
  }, [load]);

  const rulesetId = game?.ruleset;
  useEffect(() => {
    if (!rulesetId) return;
    call<{ rulesets: RulesetInfo[] }>("GET", "/api/rulesets")
      .then((r) => setBots(r.rulesets.find((x) => x.id === rulesetId)?.bots.map((b) => b.level) ?? []))
      .catch(() => setBots([]));
  }, [rulesetId]);

  // Live updates: who submitted, a step run, a deadline moved. A refused stream (not a reader) just stays closed.
  const readable = !!game && (game.you.seats.length > 0 || game.you.gameMaster || game.you.seesAll);
  useEffect(() => {
    if (!readable) return;
    const es = new EventSource(`${base}/events`);
    // After a dropped connection the browser connects again by itself; what happened meanwhile is read afresh.
    let opened = false;
    es.addEventListener("open", () => {
      if (opened) {
        setVersion((v) => v + 1);
        setMessages((n) => n + 1);
        void load();
      }
      opened = true;
    });
    es.addEventListener("submitted", (e) => {
      const d = JSON.parse((e as MessageEvent<string>).data) as { seat: string };
      setNews(`${d.seat} has submitted orders.`);
      void load();
    });
    es.addEventListener("step", (e) => {
      const d = JSON.parse((e as MessageEvent<string>).data) as { label: string; over: boolean };
      setNews(d.over ? "The game is over." : `A step has run: the game now awaits ${d.label}.`);
      setReportStep(null);
      setVersion((v) => v + 1);
      void load();
    });
    es.addEventListener("message", () => {
      setNews("A new message.");
      setMessages((n) => n + 1);
    });
    es.addEventListener("deadline", () => {
      setNews("The deadline has changed.");
      void load();
    });
    return () => es.close();
  }, [readable, base, load]);

  const act = useCallback(
    (f: () => Promise<unknown>) => {
      setError(null);
      f()
        .then(() => load())
        .catch((e) => setError(errorText(e)));
    },
    [load],
  );

  const SeatView = useMemo(() => (rulesetId ? seatViewFor(rulesetId) : null), [rulesetId]);

  if (!game) return error ? <p role="alert">{error}</p> : <p>Loading…</p>;
  return (
    <>
      <h1>{game.title}</h1>
      <p className="summary">
        {game.rulesetTitle}, scenario {game.scenario}. <strong className="step-label">{game.over ? "Ended" : game.label}</strong>.{" "}
        {game.over ? (
          `Over: ${game.outcome?.reason ?? ""}`
        ) : (
          <>
            Deadline: <Deadline game={game} />
          </>
        )}
      </p>
      <p role="status" className="news">
        {news}
      </p>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <TableBox label={`${game.seatNoun}s, scrollable`}>
        <SeatsTable game={game} bots={bots} act={act} />
      </TableBox>
      {game.you.gameMaster && <GameMasterPanel game={game} reload={load} />}
      {game.started &&
        SeatView &&
        game.you.seats.map((seat) => (
          <section key={seat} aria-labelledby={`seat-${seat}-h`} className="seat">
            <h2 id={`seat-${seat}-h`}>{game.seats.find((s) => s.id === seat)?.name ?? seat}</h2>
            <nav aria-label={`History of ${seat}`}>
              <h3>History</h3>
              <History game={game} seat={seat} version={version} chosen={reportStep} choose={setReportStep} />
            </nav>
            <Suspense fallback={<p>Loading the {game.rulesetTitle} view…</p>}>
              <SeatView game={game} seat={seat} reportStep={reportStep} version={version} messages={messages} />
            </Suspense>
          </section>
        ))}
      {game.you.seats.length === 0 && SeatView && <Watch game={game} version={version} messages={messages} view={SeatView} />}
      {readable && <Messages game={game} version={messages} />}
    </>
  );
}
