/**
 * A starfleet's path, planned on the map (seed 003 chapter 3, "The Map"; chapter 4, "Starfleets Travel"): choose a
 * starfleet, then click (or focus and press Enter on) the sectors it is to travel through, one a phase. The path is
 * the fleet's travel orders in the draft (orders-plan.ts `setPath`), drawn on the map as arrows with the move
 * points each phase spends (chapter 5, "Move-points"), and listed here step by step with what stands in its way
 * as the seat knows it.
 */
import { useId, useMemo } from "react";
import { useDraft } from "./OrdersDraft.js";
import { type Plan, pathOf, pathSteps, plannableFleets, setPath } from "./orders-plan.js";

/** What a pick on the map does while a fleet is being planned: the sector is its path's next step. */
export function pickForPath(plan: Plan, unit: string, sector: number): Plan {
  return setPath(plan, unit, [...pathOf(plan, unit), sector]);
}

export function PathPlanner() {
  const draft = useDraft();
  const id = useId();
  const { view } = draft;
  const plan = draft.read?.plan ?? null;
  const fleets = useMemo(() => (view ? plannableFleets(view, plan) : []), [view, plan]);
  const unit = draft.pathUnit;
  const path = plan && unit ? pathOf(plan, unit) : [];
  const steps = view && unit ? pathSteps(view, unit, path, plan) : [];
  const name = (s: number) => view?.sectors.find((x) => x.id === s)?.name ?? "?";
  if (!view) return null;
  return (
    <section className="path-planner" aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`}>Starfleet paths</h4>
      <p className="hint" id={`${id}-help`}>
        Choose a starfleet (one formed this turn too, by its ref), then click the sectors on the map (or focus one and press Enter) it is to
        travel through, one a phase. Each becomes a travel order.
      </p>
      <label htmlFor={`${id}-unit`}>Starfleet to plan</label>
      <select
        id={`${id}-unit`}
        value={unit ?? ""}
        aria-describedby={`${id}-help`}
        onChange={(e) => draft.setPathUnit(e.target.value === "" ? null : e.target.value)}
      >
        <option value="">(none: clicks show location reports)</option>
        {fleets.map((u) => (
          <option key={u.id} value={u.id}>
            {u.label}
          </option>
        ))}
      </select>
      {unit && (
        <>
          <p role="status" className="status">
            Planning {unit}:{" "}
            {path.length === 0
              ? "no travel yet; click a bordering sector on the map."
              : `${path.length} travel${path.length === 1 ? "" : "s"}.`}
          </p>
          {steps.length > 0 && (
            <table className="path-steps">
              <caption>Path of {unit}, phase by phase</caption>
              <thead>
                <tr>
                  <th scope="col">Phase</th>
                  <th scope="col">Travel</th>
                  <th scope="col">Move points</th>
                  <th scope="col">As you know it</th>
                </tr>
              </thead>
              <tbody>
                {steps.map((s) => (
                  <tr key={s.phase} className={s.problem ? "fail" : "pass"}>
                    <td>{s.phase}</td>
                    <td>
                      {s.from} {name(s.from)} → {s.to} {name(s.to)}
                    </td>
                    <td>
                      {s.cost} spent, {s.left} left
                    </td>
                    <td>{s.problem ?? "can travel"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="buttons">
            <button
              type="button"
              disabled={!draft.awaited || path.length === 0}
              onClick={() => draft.update((p) => setPath(p, unit, path.slice(0, -1)))}
            >
              Undo last step
            </button>
            <button type="button" disabled={!draft.awaited || path.length === 0} onClick={() => draft.update((p) => setPath(p, unit, []))}>
              Clear path
            </button>
            <button type="button" onClick={() => draft.setPathUnit(null)}>
              Done planning
            </button>
          </div>
        </>
      )}
    </section>
  );
}
