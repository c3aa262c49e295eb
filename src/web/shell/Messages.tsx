/**
 * Diplomacy between players: the messages you may read (what your seats sent or received, and public
 * announcements), oldest first, and a form to write to one seat or to all. New ones arrive over the live stream.
 */
import { type FormEvent, useId, useState } from "react";
import { call, errorText, type GameSummary } from "./api.js";
import { useGet } from "./useGet.js";

interface Message {
  id: number;
  from: string;
  to: "all" | string[];
  replyTo: number | null;
  text: string;
  at: string;
}

/** `title` names the section (a ruleset's view may show it under its own heading, e.g. "Diplomacy with other players"). */
export function Messages(props: { game: GameSummary; version: number; title?: string }) {
  const { game } = props;
  // Ids of its own, so that a ruleset's view may show it a second time on the page.
  const id = useId();
  const [sent, setSent] = useState(0);
  const { data, error } = useGet<{ messages: Message[] }>(`/api/games/${game.id}/messages`, props.version + sent);
  const mine = game.you.seats;
  const [chosen, setFrom] = useState(mine[0] ?? "");
  // Seats change before the start (join, leave): the sender is always one of yours.
  const from = mine.includes(chosen) ? chosen : (mine[0] ?? "");
  const [to, setTo] = useState("all");
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const name = (seat: string) => game.seats.find((s) => s.id === seat)?.name ?? seat;

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    try {
      await call("POST", `/api/games/${game.id}/messages`, { from, to: to === "all" ? "all" : [to], text });
      setText("");
      setSent((n) => n + 1);
    } catch (x) {
      setProblem(errorText(x));
    }
  };

  return (
    <section aria-labelledby={`${id}h`} className="card messages-card">
      <h2 id={`${id}h`}>{props.title ?? "Messages"}</h2>
      {error && <p role="alert">{error}</p>}
      {data && data.messages.length === 0 && <p>No messages yet.</p>}
      {data && data.messages.length > 0 && (
        <ol className="messages">
          {data.messages.map((m) => (
            <li key={m.id}>
              <p className="message-head">
                <strong>{name(m.from)}</strong> to {m.to === "all" ? "everyone" : m.to.map(name).join(", ")},{" "}
                <time dateTime={m.at}>{new Date(m.at).toLocaleString()}</time>
              </p>
              <p className="message-text">{m.text}</p>
            </li>
          ))}
        </ol>
      )}
      {mine.length > 0 && (
        <form onSubmit={send}>
          {mine.length > 1 && (
            <>
              <label htmlFor={`${id}from`}>From</label>
              <select id={`${id}from`} value={from} onChange={(e) => setFrom(e.target.value)}>
                {mine.map((s) => (
                  <option key={s} value={s}>
                    {name(s)}
                  </option>
                ))}
              </select>
            </>
          )}
          <label htmlFor={`${id}to`}>Send to</label>
          <select id={`${id}to`} value={to} onChange={(e) => setTo(e.target.value)}>
            <option value="all">everyone (a public announcement)</option>
            {game.seats
              .filter((s) => s.id !== from)
              .map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} only
                </option>
              ))}
          </select>
          <label htmlFor={`${id}text`}>Message</label>
          <textarea id={`${id}text`} rows={3} maxLength={4000} required value={text} onChange={(e) => setText(e.target.value)} />
          <button type="submit">Send</button>
          {problem && (
            <p role="alert" className="error">
              {problem}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
