/** STRATEGIC MOVEMENT (seed 000:322-415): what the turn pipeline calls. */

export { novaAllowed, placeNova } from "../setting-up/nova.js";
export { placeSathar, SETUP_MINIMUM } from "../setting-up/placement.js";
export { deputised, homeSystem, imminentlyThreatened, wayHome } from "./militia-ships.js";
export { checkMoves, movesFor } from "./orders-menu.js";
export { currentAdf, groupSafeJump, maxRate, safeJump } from "./risk-jumping.js";
export { type MoveResult, moveSide } from "./strategic-movement.js";
