/** `starhost fleet check`, `starhost battleshift odds|auto`, `starhost replay`: Battleshift's commands. */
import type { Command } from "commander";

export function registerBattleshiftCommands(_program: Command): void {}
