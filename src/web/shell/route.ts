/**
/**
 * Pages are named by the URL's hash (`#/`, `#/games/ID`, `#/invite/TOKEN` for a game master's invite link,
 * `#/rulesets/RULESET/PAGE` for a ruleset's own pages, such as a fleet builder: src/web/rulesets/index.ts lists
 * them), so the server serves one page and a reload or a shared link lands on the same place without any
 * server-side fallback.
 */
import { useEffect, useState } from "react";

export type Route =
  | { page: "lobby" }
  | { page: "game"; id: string }
  | { page: "invite"; token: string }
  | { page: "ruleset"; ruleset: string; name: string };

export function parseRoute(hash: string): Route {
  const m = /^#\/games\/([A-Za-z0-9][A-Za-z0-9_-]{0,63})$/.exec(hash);
  if (m) return { page: "game", id: m[1]! };
  // An invite's token is the server's secret (letters, digits, "_" and "-"); it stays in the page, never in a log.
  const i = /^#\/invite\/([A-Za-z0-9_-]{1,200})$/.exec(hash);
  if (i) return { page: "invite", token: i[1]! };
  const r = /^#\/rulesets\/([a-z0-9][a-z0-9-]{0,63})\/([a-z0-9][a-z0-9-]{0,63})$/.exec(hash);
  return r ? { page: "ruleset", ruleset: r[1]!, name: r[2]! } : { page: "lobby" };
}

export function rulesetPageHref(ruleset: string, name: string): string {
  return `#/rulesets/${ruleset}/${name}`;
}

export function gameHref(id: string): string {
  return `#/games/${id}`;
}

/** The link a game master hands on: this page's address with the invite's route. */
export function inviteLink(token: string): string {
  return `${location.origin}${location.pathname}#/invite/${token}`;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const on = () => setRoute(parseRoute(location.hash));
    addEventListener("hashchange", on);
    return () => removeEventListener("hashchange", on);
  }, []);
  return route;
}
