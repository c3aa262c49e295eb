/**
 * The Time Record Track (seed 000 "The Time Record Track"): a Day marker on boxes 1..10 and a Tenday marker on
 * 10, 20, ... "When day 10 is reached, the marker is moved back to day 1 and the 'Tenday' marker is placed over the
 * 10 in the Tenday column. This indicates that it actually is day 11 of the war." Read with reference C.2 #15: the
 * campaign keeps one integer day; the track shows day 1..10 of the tenday column 0, 10, 20, ... so day 10 shows
 * "day 10" and day 11 shows "day 1, tenday 10" (the literal reading would skip day 10).
 */

export interface TimeRecord {
  /** The Day marker: 1..10. */
  day: number;
  /** The Tenday marker: 0 (not yet placed), 10, 20, ... */
  tenday: number;
}

/** Where the two markers stand on `day` of the war (1-based). */
export function timeRecord(day: number): TimeRecord {
  const d = Math.max(1, Math.floor(day));
  const tenday = Math.floor((d - 1) / 10) * 10;
  return { day: d - tenday, tenday };
}

/** The track as players read it: "day 3" before the first tenday, then "day 1, tenday 10" (day 11 of the war). */
export function timeRecordText(day: number): string {
  const t = timeRecord(day);
  return t.tenday === 0 ? `day ${t.day}` : `day ${t.day}, tenday ${t.tenday}`;
}

/** Is `day` the last day of a tenday (10, 20, ...)? The tenday retreat conditions are checked as it ends (C.2 #22). */
export function endsTenday(day: number): boolean {
  return day > 0 && day % 10 === 0;
}
