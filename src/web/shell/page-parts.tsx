/**
 * What a ruleset's own page (a fleet builder, a squadron designer) shares with the others: a draft kept in this
 * browser across reloads, its file offered for download, numbers read from inputs, a file pasted in read as YAML or
 * JSON, and the check's faults shown beside what they are about. Nothing here names a ruleset.
 */
import { useEffect, useMemo, useState } from "react";
import { parse } from "yaml";
import type { Problem } from "../../core/result.js";

/**
 * A draft kept in localStorage under `key`: read once (a stored draft `valid` refuses, or none, starts `fresh`),
 * written after every change. A full or refused store only loses the draft on reload.
 */
export function useStoredDraft<T>(key: string, valid: (d: unknown) => d is T, fresh: () => T): [T, (d: T) => void] {
  const [draft, setDraft] = useState<T>(() => {
    try {
      const raw = localStorage.getItem(key);
      if (raw) {
        const d: unknown = JSON.parse(raw);
        if (valid(d)) return d;
      }
    } catch {
      // A draft this page cannot read is dropped: the page starts afresh.
    }
    return fresh();
  });
  useEffect(() => {
    try {
      localStorage.setItem(key, JSON.stringify(draft));
    } catch {
      // A full or refused store only loses the draft on reload.
    }
  }, [key, draft]);
  return [draft, setDraft];
}

/** A download link's address for `text` as a YAML file, released when the text changes or the page goes. */
export function useYamlHref(text: string): string {
  const href = useMemo(() => URL.createObjectURL(new Blob([text], { type: "application/yaml" })), [text]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return href;
}

/** A number input's text as a number (empty is 0). */
export const numberOf = (s: string): number => (s.trim() === "" ? 0 : Number(s));

/** Pasted text as YAML or JSON (JSON is YAML), or what is wrong with it in one line. */
export function parsePasted(text: string): { ok: true; raw: unknown } | { ok: false; text: string } {
  try {
    return { ok: true, raw: parse(text) };
  } catch (err) {
    return { ok: false, text: `Not YAML or JSON: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}` };
  }
}

/** The check's faults about one thing, beside it, in the rules' words. */
export function Faults({ faults, label, className }: { faults: readonly Problem[]; label: string; className: string }) {
  if (faults.length === 0) return null;
  return (
    <ul className={className} aria-label={label}>
      {faults.map((f, k) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the faults in the rules' order, replaced wholesale on each edit.
        <li key={k}>{`${f.message} (${f.code})`}</li>
      ))}
    </ul>
  );
}
