/** The space-war ruleset's tools so far (not registered yet: the ruleset is not whole, issue 13). */
import type { InputTool } from "../../core/ruleset.js";
import { designCheckTool } from "./designing-craft/design-check.js";
import { oddsTool } from "./the-turn/odds.js";

export const spaceWarTools: Readonly<Record<string, InputTool>> = { [designCheckTool.id]: designCheckTool, [oddsTool.id]: oddsTool };
