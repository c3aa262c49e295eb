/** `starhost fleet check`, `starhost battleshift odds|auto`, `starhost replay`: Battleshift's commands. */
import type { Command } from "commander";
import { registerFleetCommands } from "./battleshift-fleet.js";
import { registerPlayCommands } from "./battleshift-play.js";

export function registerBattleshiftCommands(program: Command): void {
  registerFleetCommands(program);
  registerPlayCommands(program);
}
