export * from "./json.js";
export * from "./orders.js";
export * from "./result.js";
export * from "./rng.js";
export * from "./ruleset.js";
