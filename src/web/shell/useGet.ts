/** A GET of the API that reloads when its path changes or when `version` does (the game moved on). */
import { useEffect, useState } from "react";
import { call, errorText } from "./api.js";

export interface Got<T> {
  /** The last answer (kept while a new one loads, so the page does not flicker). */
  data: T | null;
  error: string | null;
  /** A new answer is on its way: what is shown may be from before the game moved on. */
  loading: boolean;
}

export function useGet<T>(path: string | null, version: number): Got<T> {
  const [state, setState] = useState<Got<T>>({ data: null, error: null, loading: path !== null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is not read: its change is the reason to fetch again.
  useEffect(() => {
    if (path === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    call<T>("GET", path)
      .then((data) => {
        if (live) setState({ data, error: null, loading: false });
      })
      .catch((e) => {
        if (live) setState({ data: null, error: errorText(e), loading: false });
      });
    return () => {
      live = false;
    };
  }, [path, version]);
  return state;
}
