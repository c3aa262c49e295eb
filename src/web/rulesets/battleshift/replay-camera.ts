/**
 * The replay's camera: the part of the table shown, in pixels of the drawing. It starts on the part of the table the
 * whole battle used (the rules' battleBox over every frame, so it has no reason to move as the replay steps) and then
 * moves only when the player pans or zooms. Pure.
 */
import type { Box } from "./replay-labels.js";

/** Zoomed in no closer than this many pixels across (about 6" at 20 pixels an inch). */
const MIN_WIDTH = 120;

/** Keep the camera's aspect, its size between MIN_WIDTH and the whole table, and its centre over the table. */
export function clampCamera(c: Box, table: Box): Box {
  const aspect = c.w / c.h;
  let w = Math.max(MIN_WIDTH, Math.min(c.w, table.w * 1.5));
  let h = w / aspect;
  if (h > table.h * 1.5) {
    h = table.h * 1.5;
    w = h * aspect;
  }
  const cx = Math.max(table.x, Math.min(table.x + table.w, c.x + c.w / 2));
  const cy = Math.max(table.y, Math.min(table.y + table.h, c.y + c.h / 2));
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

/** Zoom by `factor` (2: twice as close) about the point (px, py), which stays where it is on the screen. */
export function zoomCamera(c: Box, factor: number, px: number, py: number, table: Box): Box {
  const w = c.w / factor;
  const h = c.h / factor;
  return clampCamera({ x: px - (px - c.x) / factor, y: py - (py - c.y) / factor, w, h }, table);
}

/** Move the camera by (dx, dy) pixels of the drawing. */
export function panCamera(c: Box, dx: number, dy: number, table: Box): Box {
  return clampCamera({ ...c, x: c.x + dx, y: c.y + dy }, table);
}

export function viewBoxOf(c: Box): string {
  const r = (x: number) => Math.round(x * 10) / 10;
  return `${r(c.x)} ${r(c.y)} ${r(c.w)} ${r(c.h)}`;
}
