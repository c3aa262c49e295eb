/**
 * The game master's panel (issue 10, "Schedules and absent players"; issue 11): start, pause, resume, run the
 * awaited step now, move its deadline, set the reminders, hand a seat to another account, invite a player to a
 * seat by link (before the start), and name another game master. Every action says what it did, or the server's
 * reason for refusing it.
 */
import { type FormEvent, useEffect, useId, useState } from "react";
import { call, errorText, type GameSummary } from "./api.js";
import { inviteLink } from "./route.js";
import { parseHours } from "./words.js";

/** A date and time for <input type="datetime-local"> (local time, to the minute). */
function localInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function GameMasterPanel(props: { game: GameSummary; reload: () => Promise<void> }) {
  const { game } = props;
  const base = `/api/games/${game.id}`;
  const ids = useId();
  const [done, setDone] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [deadline, setDeadline] = useState(() => localInput(game.deadline.at ? Date.parse(game.deadline.at) : Date.now() + 86_400_000));
  const [reminders, setReminders] = useState(() => (game.deadline.settings?.remindHoursBefore ?? []).join(", "));
  const seats = game.seats;
  const [handSeat, setHandSeat] = useState(seats[0]?.id ?? "");
  const [handTo, setHandTo] = useState("");
  const invitable = seats.filter((s) => s.holder.kind === "open" || s.holder.kind === "invited");
  const [inviteSeat, setInviteSeat] = useState(invitable[0]?.id ?? "");
  const chosenInvite = invitable.some((s) => s.id === inviteSeat) ? inviteSeat : (invitable[0]?.id ?? "");
  const [link, setLink] = useState<{ seat: string; url: string } | null>(null);
  const [master, setMaster] = useState("");
  const name = (seat: string) => seats.find((s) => s.id === seat)?.name ?? seat;
  const live = game.started && !game.over;
  // The last action's word ("The game has started.") no longer holds once the game is over.
  useEffect(() => {
    if (game.over) setDone("");
  }, [game.over]);

  /** Run one action: its success in words, or the server's reason. */
  const run = async (what: string, f: () => Promise<unknown>, after?: (r: unknown) => void) => {
    setDone("");
    setProblem(null);
    setBusy(true);
    try {
      const r = await f();
      after?.(r);
      setDone(what);
      await props.reload();
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const submit = (f: () => void) => (e: FormEvent) => {
    e.preventDefault();
    f();
  };

  return (
    <section aria-labelledby="gm-h" className="card gm">
      <h2 id="gm-h">Game master</h2>
      <div className="buttons">
        {!game.started && (
          <button type="button" disabled={busy} onClick={() => run("The game has started.", () => call("POST", `${base}/start`))}>
            Start the game
          </button>
        )}
        {live && !game.deadline.paused && (
          <button type="button" disabled={busy} onClick={() => run("The deadline is paused.", () => call("POST", `${base}/pause`))}>
            Pause the deadline
          </button>
        )}
        {live && game.deadline.paused && (
          <button type="button" disabled={busy} onClick={() => run("The deadline runs again.", () => call("POST", `${base}/resume`))}>
            Resume the deadline
          </button>
        )}
        {live && (
          <button type="button" disabled={busy} onClick={() => run(`${game.label} has run.`, () => call("POST", `${base}/run`))}>
            Run {game.label} now
          </button>
        )}
      </div>
      {game.over && <p>The game is over: there is nothing left to start, pause or run.</p>}
      <p role="status" className="ok">
        {done}
      </p>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}

      <div className="gm-forms">
        {live && (
          <form
            aria-labelledby={`${ids}-dl`}
            onSubmit={submit(() => {
              const at = new Date(deadline);
              if (Number.isNaN(at.getTime())) return setProblem("Give the new deadline as a date and a time.");
              void run(`The deadline of ${game.label} is now ${at.toLocaleString()}.`, () =>
                call("POST", `${base}/deadline`, { to: at.toISOString() }),
              );
            })}
          >
            <h3 id={`${ids}-dl`}>Deadline</h3>
            <label htmlFor={`${ids}-dl-at`}>New deadline of {game.label} (your local time)</label>
            <input id={`${ids}-dl-at`} type="datetime-local" value={deadline} onChange={(e) => setDeadline(e.target.value)} required />
            <button type="submit" disabled={busy}>
              Move the deadline
            </button>
          </form>
        )}

        <form
          aria-labelledby={`${ids}-rm`}
          onSubmit={submit(() => {
            const hours = parseHours(reminders);
            if (!hours) return setProblem("Reminders are whole numbers of hours before the deadline, such as 24, 2.");
            void run(
              hours.length
                ? `Seats without orders are reminded ${hours.join(" and ")} hours before each deadline.`
                : "No reminders are sent.",
              () => call("PUT", `${base}/reminders`, { hoursBefore: hours }),
            );
          })}
        >
          <h3 id={`${ids}-rm`}>Reminders</h3>
          <label htmlFor={`${ids}-rm-h`}>Hours before each deadline (e.g. 24, 2; empty for none)</label>
          <input id={`${ids}-rm-h`} value={reminders} inputMode="numeric" onChange={(e) => setReminders(e.target.value)} />
          <button type="submit" disabled={busy}>
            Set the reminders
          </button>
        </form>

        <form
          aria-labelledby={`${ids}-hd`}
          onSubmit={submit(() => {
            const to = handTo.trim();
            void run(`${name(handSeat)} is now played by ${to}.`, () => call("POST", `${base}/seats/${handSeat}/hand`, { to }));
          })}
        >
          <h3 id={`${ids}-hd`}>Hand over one of its {game.seatNoun}s</h3>
          <label htmlFor={`${ids}-hd-seat`}>{game.seatNoun[0]!.toUpperCase() + game.seatNoun.slice(1)}</label>
          <select id={`${ids}-hd-seat`} value={handSeat} onChange={(e) => setHandSeat(e.target.value)}>
            {seats.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <label htmlFor={`${ids}-hd-to`}>To the account</label>
          <input id={`${ids}-hd-to`} value={handTo} maxLength={64} required onChange={(e) => setHandTo(e.target.value)} />
          <button type="submit" disabled={busy}>
            Hand over
          </button>
        </form>

        {!game.started && invitable.length > 0 && (
          <form
            aria-labelledby={`${ids}-iv`}
            onSubmit={submit(() => {
              void run(
                `An invite link for ${name(chosenInvite)} is ready: whoever accepts it first takes the ${game.seatNoun}.`,
                () => call<{ seat: string; token: string }>("POST", `${base}/invites`, { seat: chosenInvite }),
                (r) => {
                  const x = r as { seat: string; token: string };
                  setLink({ seat: x.seat, url: inviteLink(x.token) });
                },
              );
            })}
          >
            <h3 id={`${ids}-iv`}>Invite a player</h3>
            <label htmlFor={`${ids}-iv-seat`}>{game.seatNoun[0]!.toUpperCase() + game.seatNoun.slice(1)} to keep for them</label>
            <select id={`${ids}-iv-seat`} value={chosenInvite} onChange={(e) => setInviteSeat(e.target.value)}>
              {invitable.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            <button type="submit" disabled={busy}>
              Make an invite link
            </button>
            {link && (
              <>
                <label htmlFor={`${ids}-iv-link`}>Invite link for {name(link.seat)} (shown once: copy it now)</label>
                <input id={`${ids}-iv-link`} className="link" readOnly value={link.url} onFocus={(e) => e.target.select()} />
                <button
                  type="button"
                  onClick={() =>
                    navigator.clipboard.writeText(link.url).then(
                      () => setDone("The invite link is copied."),
                      () => setProblem("The browser did not let the page copy: select the link and copy it yourself."),
                    )
                  }
                >
                  Copy the link
                </button>
              </>
            )}
          </form>
        )}

        <form
          aria-labelledby={`${ids}-gm`}
          onSubmit={submit(() => {
            const who = master.trim();
            void run(`${who} is now a game master of this game.`, () => call("POST", `${base}/game-masters`, { name: who }));
          })}
        >
          <h3 id={`${ids}-gm`}>Game masters</h3>
          <p>{game.gameMasters.join(", ")}</p>
          <label htmlFor={`${ids}-gm-name`}>Name another game master (an account name)</label>
          <input id={`${ids}-gm-name`} value={master} maxLength={64} required onChange={(e) => setMaster(e.target.value)} />
          <button type="submit" disabled={busy}>
            Name a game master
          </button>
        </form>
      </div>
    </section>
  );
}
