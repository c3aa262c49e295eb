/**
 * An invite link (`#/invite/TOKEN`): whoever follows it, signed in, may accept it and so take the seat the game
 * master kept for them (before the game starts). The server says why when it cannot be: used, withdrawn, taken.
 */
import { useState } from "react";
import { call, errorText, type GameSummary } from "./api.js";
import { gameHref } from "./route.js";

export function InvitePage(props: { token: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    setError(null);
    setBusy(true);
    try {
      const g = await call<GameSummary>("POST", `/api/invites/${encodeURIComponent(props.token)}/accept`);
      location.hash = gameHref(g.id);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <h1>An invite to a game</h1>
      <p>A game master has kept a seat for whoever accepts this invite first. Accepting it makes the seat yours.</p>
      <button type="button" onClick={accept} disabled={busy}>
        Accept the invite
      </button>{" "}
      <a href="#/">Back to the lobby</a>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </>
  );
}
