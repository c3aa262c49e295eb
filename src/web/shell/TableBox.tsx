/**
 * A wide table in a box of its own that scrolls sideways on a narrow screen, so that the page never does. The box
 * is a named region reachable with Tab, so that keyboard users can scroll it too (WCAG 2.1.1).
 */
import type { ReactNode } from "react";

export function TableBox(props: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className="table-box" tabIndex={0} aria-label={props.label}>
      {props.children}
    </section>
  );
}
