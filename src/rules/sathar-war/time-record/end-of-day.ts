/**
 * The end of a day (seed 000 "STRATEGIC TURN SEQUENCE" step 5: "The Time Record is advanced to the next turn"),
 * after the UPF attacks (and after fighters left outside a carrier or station are lost, which is the combat rules'):
 * ships rearm (SUPPLY), the shops repair (REPAIR), Sathar ships come back from the Void, replacements arrive on days
 * 20, 40, ... (option), the retreat and victory conditions are checked, then the Day marker moves on and `today` is
 * cleared.
 */
import { problemEvent } from "../../../core/events.js";
import type { Rng } from "../../../core/rng.js";
import type { SwEvent } from "../events.js";
import { swEvent } from "../events.js";
import type { SatharWarState } from "../model.js";
import type { RepairOrder } from "../orders.js";
import { repairDay } from "../repair/repair-day.js";
import { returnFromVoid } from "../repair/sathar-repair.js";
import { isReplacementDay, replacementPhase } from "../replacements/replacements.js";
import { rearm } from "../supply/rearming.js";
import { checkVictory } from "../victory/victory.js";
import { timeRecordText } from "./time-record.js";

export function endOfDay(
  state: SatharWarState,
  rng: Rng,
  repairOrders: Readonly<Record<string, readonly RepairOrder[]>> = {},
): { state: SatharWarState; events: SwEvent[] } {
  if (state.outcome) return { state, events: [] };
  const events: SwEvent[] = [];
  let s = state;
  const rearmed = rearm(s);
  s = rearmed.state;
  events.push(...rearmed.events);

  const repaired = repairDay(s, repairOrders);
  s = repaired.state;
  events.push(...repaired.events);
  for (const { seat, problem } of repaired.problems) events.push({ ...problemEvent(seat, problem, "End of day: repairs"), day: s.day });

  // The Day marker reaches the box of ships that entered the Void six days ago (seed 000 "Sathar Repair").
  const back = returnFromVoid(s, s.day + 1);
  s = back.state;
  events.push(...back.events);

  if (s.settings.replacements && isReplacementDay(s.day)) {
    const replaced = replacementPhase(s, rng);
    s = replaced.state;
    events.push(...replaced.events);
  }

  const won = checkVictory(s, true);
  s = won.state;
  events.push(...won.events);
  if (s.outcome) return { state: s, events };

  const day = s.day + 1;
  s = { ...s, day, today: { moved: [], fought: [], attacked: [] } };
  events.push(
    swEvent("day", day, "Time Record", `The Time Record advances: day ${day} of the war (the track shows ${timeRecordText(day)}).`),
  );
  return { state: s, events };
}
