/** A panel's "what this shows", closed until asked for (a native disclosure: keyboard and screen readers for free). */
import type { ReactNode } from "react";

export function Help(props: { children: ReactNode; label?: string }) {
  return (
    <details className="ge-help">
      <summary>{props.label ?? "What this shows"}</summary>
      <div className="ge-help-body">{props.children}</div>
    </details>
  );
}
