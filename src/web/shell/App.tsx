/** The page frame: who is signed in, the navigation, and the page the hash names. */
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { rulesetPage } from "../rulesets/index.js";
import { type Account, call, errorText, SIGNED_OUT } from "./api.js";
import { GamePage } from "./GamePage.js";
import { InvitePage } from "./Invite.js";
import { Lobby } from "./Lobby.js";
import { useRoute } from "./route.js";
import { SignIn } from "./SignIn.js";

export function App() {
  const [account, setAccount] = useState<Account | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const route = useRoute();

  useEffect(() => {
    call<{ account: Account | null }>("GET", "/api/session")
      .then((r) => setAccount(r.account))
      .catch((e) => {
        setError(errorText(e));
        setAccount(null);
      });
  }, []);

  // A new page: focus goes to it, so that screen readers read it and Tab starts from its top (not on first load).
  const routeKey =
    route.page === "game"
      ? `game:${route.id}`
      : route.page === "invite"
        ? `invite:${route.token}`
        : route.page === "ruleset"
          ? `ruleset:${route.ruleset}/${route.name}`
          : route.page;
  const firstRoute = useRef(routeKey);
  useEffect(() => {
    if (routeKey === firstRoute.current) return;
    firstRoute.current = "";
    document.getElementById("main")?.focus();
  }, [routeKey]);

  useEffect(() => {
    const out = () => setAccount(null);
    addEventListener(SIGNED_OUT, out);
    return () => removeEventListener(SIGNED_OUT, out);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await call("DELETE", "/api/session");
    } finally {
      setAccount(null);
      location.hash = "#/";
    }
  }, []);

  return (
    <>
      <a className="skip" href="#main">
        Skip to the page
      </a>
      <header className="top">
        <nav aria-label="Site">
          <a href="#/" className="brand">
            Starhost
          </a>
          {account && <a href="#/">Lobby</a>}
        </nav>
        {account && (
          <div className="who">
            <span>
              Signed in as <strong>{account.name}</strong>
            </span>
            <button type="button" onClick={signOut}>
              Sign out
            </button>
          </div>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        {error && <p role="alert">{error}</p>}
        {account === undefined ? (
          <p>Loading…</p>
        ) : account === null ? (
          <>
            {route.page === "invite" && (
              <p className="nothing-yet">You have an invite to a game: sign in, or make an account, to accept it.</p>
            )}
            <SignIn onSignedIn={setAccount} />
          </>
        ) : route.page === "game" ? (
          <GamePage key={route.id} id={route.id} />
        ) : route.page === "invite" ? (
          <InvitePage token={route.token} />
        ) : route.page === "ruleset" ? (
          <RulesetPageView ruleset={route.ruleset} name={route.name} />
        ) : (
          <Lobby />
        )}
      </main>
    </>
  );
}

/** A ruleset's own page (src/web/rulesets/index.ts lists them), its code loaded when opened. */
function RulesetPageView(props: { ruleset: string; name: string }) {
  const p = rulesetPage(props.ruleset, props.name);
  if (!p) return <p role="alert">No such page: {`${props.ruleset}/${props.name}`}.</p>;
  const Page = p.component;
  return (
    <Suspense fallback={<p>Loading {p.title}…</p>}>
      <Page />
    </Suspense>
  );
}
