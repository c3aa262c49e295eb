/** Sign in, or make an account (which signs in too): the server sets the session and CSRF cookies. */
import { type FormEvent, useId, useState } from "react";
import { type Account, call, errorText } from "./api.js";

function AccountForm(props: { title: string; submit: string; newPassword: boolean; onDone: (a: Account) => void; path: string }) {
  const id = useId();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const go = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await call<{ account: Account }>("POST", props.path, { name, password });
      props.onDone(r.account);
    } catch (x) {
      setError(errorText(x));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-h`} className="card">
      <h2 id={`${id}-h`}>{props.title}</h2>
      <form onSubmit={go}>
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} name="name" autoComplete="username" required value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor={`${id}-password`}>Password{props.newPassword ? " (at least 8 characters)" : ""}</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete={props.newPassword ? "new-password" : "current-password"}
          required
          minLength={props.newPassword ? 8 : undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit" disabled={busy}>
          {props.submit}
        </button>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

export function SignIn(props: { onSignedIn: (a: Account) => void }) {
  return (
    <>
      <h1>Starhost</h1>
      <p>Play Galactic Empires and Battleshift against friends and bots. Sign in, or make an account.</p>
      <div className="columns">
        <AccountForm title="Sign in" submit="Sign in" newPassword={false} onDone={props.onSignedIn} path="/api/session" />
        <AccountForm title="New account" submit="Create account" newPassword={true} onDone={props.onSignedIn} path="/api/accounts" />
      </div>
    </>
  );
}
