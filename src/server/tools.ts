/**
 * The rulesets and their tools, from the registry (no ruleset named here), as the CLI
 * exposes them (src/cli/tools.ts):
 *   GET  /api/rulesets                          every ruleset: scenarios, their inputs, bots, tools and their options
 *   POST /api/rulesets/:ruleset/tools/:tool     an input tool (odds, a fleet check): the input in the body, options in the query
 *   GET  /api/games/:id/tools/:tool             a game tool (a map, a replay): a seat's picture for its player,
 *                                               the whole game for game masters and allowed spectators
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { ToolOption, ToolOutput } from "../core/ruleset.js";
import { gameAccess } from "../host/games.js";
import { allRulesets, rulesetById } from "../host/registry.js";
import { ApiError } from "./errors.js";
import { accessOf, Id, loadHosted, requireSeatSight } from "./games.js";
import { type Auth, decodeBody, route, type ServerContext } from "./http.js";

const OptionView = z.object({
  name: z.string(),
  description: z.string(),
  kind: z.string(),
  min: z.number().optional(),
  max: z.number().optional(),
  default: z.union([z.number(), z.boolean(), z.string()]).optional(),
});

const ToolReply = z.object({
  ok: z.boolean(),
  refused: z.boolean(),
  text: z.string(),
  json: z.unknown(),
  file: z.object({ extension: z.string(), content: z.string() }).optional(),
});

/** Query strings to a tool's option values: each checked against its kind and range, with a message naming it. */
function optionValues(options: readonly ToolOption[], query: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const known = new Set(options.map((o) => o.name));
  for (const k of Object.keys(query))
    if (!known.has(k))
      throw new ApiError(
        400,
        "unknown-option",
        `no option "${k.slice(0, 40)}" here; the options: ${options.map((o) => o.name).join(", ") || "none"}`,
      );
  const out: Record<string, unknown> = {};
  for (const o of options) {
    const raw = query[o.name];
    if (raw === undefined) {
      if (o.default !== undefined) out[o.name] = o.default;
      continue;
    }
    if (typeof raw !== "string") throw new ApiError(400, "bad-option", `${o.name}: give it once`);
    if (o.kind === "boolean") {
      if (!["true", "false", "1", "0", ""].includes(raw))
        throw new ApiError(400, "bad-option", `${o.name} is true or false, not "${raw.slice(0, 40)}"`);
      out[o.name] = raw === "true" || raw === "1" || raw === "";
    } else if (o.kind === "integer" || o.kind === "step") {
      const min = o.min ?? (o.kind === "step" ? 1 : Number.MIN_SAFE_INTEGER);
      const max = o.max ?? Number.MAX_SAFE_INTEGER;
      const n = Number(raw);
      if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min || n > max)
        throw new ApiError(400, "bad-option", `${o.name} takes a whole number from ${min} to ${max}, not "${raw.slice(0, 40)}"`);
      out[o.name] = n;
    } else out[o.name] = raw;
  }
  for (const o of options)
    for (const other of o.conflicts ?? [])
      if (query[o.name] !== undefined && query[other] !== undefined)
        throw new ApiError(400, "conflicting-options", `give either ${o.name} or ${other}, not both`);
  return out;
}

export function registerToolRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const tags = ["rulesets"];
  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/rulesets",
      summary: "every ruleset: its scenarios (and the files they take), bots and tools",
      tags,
      auth: "none",
      reply: z.object({
        rulesets: z.array(
          z.object({
            id: z.string(),
            title: z.string(),
            summary: z.string(),
            seatNoun: z.string(),
            structure: z.string(),
            defaultScenario: z.string(),
            scenarios: z.array(
              z.object({
                id: z.string(),
                title: z.string(),
                description: z.string(),
                inputs: z.array(
                  z.object({
                    name: z.string(),
                    description: z.string(),
                    min: z.number(),
                    max: z.number(),
                    fields: z
                      .array(z.object({ name: z.string(), description: z.string(), min: z.number(), max: z.number() }))
                      .optional()
                      .describe("an input of a few whole numbers (a turn limit): give it as one object of these fields"),
                  }),
                ),
              }),
            ),
            bots: z.array(z.object({ level: z.string(), summary: z.string() })),
            tools: z.array(z.object({ id: z.string(), kind: z.string(), summary: z.string(), options: z.array(OptionView) })),
          }),
        ),
      }),
    },
    async () => ({
      rulesets: allRulesets().map((r) => ({
        id: r.id,
        title: r.title,
        summary: r.summary,
        seatNoun: r.seatNoun,
        structure: r.structure,
        defaultScenario: r.defaultScenario,
        scenarios: Object.values(r.scenarios).map((s) => ({
          id: s.id,
          title: s.title,
          description: s.description,
          inputs: s.inputs.map((i) => ({
            name: i.name,
            description: i.description,
            min: i.min,
            max: i.max,
            ...(i.fields ? { fields: i.fields.map((f) => ({ ...f })) } : {}),
          })),
        })),
        bots: Object.entries(r.bots).map(([level, b]) => ({ level, summary: b.summary })),
        tools: Object.values(r.tools).map((t) => ({
          id: t.id,
          kind: t.kind,
          summary: t.summary,
          options: t.options.map((o) => ({
            name: o.name,
            description: o.description,
            kind: o.kind,
            min: o.min,
            max: o.max,
            default: o.default,
          })),
        })),
      })),
    }),
  );

  route(
    app,
    ctx,
    {
      method: "POST",
      url: "/api/rulesets/:ruleset/tools/:tool",
      summary: "run an input tool (battle odds, a fleet check) on the body (JSON or YAML); its options in the query",
      tags,
      auth: "none",
      params: z.object({ ruleset: Id, tool: Id }),
      query: z.record(z.string(), z.unknown()),
      rawBody: "the tool's input file (its JSON Schema: starhost schema RULESET TOOL), as JSON or YAML",
      reply: ToolReply,
    },
    async ({ params, query, body, req }) => {
      const r = rulesetById(params.ruleset);
      const t = Object.hasOwn(r.tools, params.tool) ? r.tools[params.tool] : undefined;
      if (t?.kind !== "input") {
        const inputs = Object.values(r.tools)
          .filter((x) => x.kind === "input")
          .map((x) => x.id);
        throw new ApiError(
          404,
          "unknown-tool",
          `${r.id} has no input tool "${params.tool}"; its input tools: ${inputs.join(", ") || "none"}`,
        );
      }
      if (body === undefined || body === "") throw new ApiError(400, "no-input", `send the ${t.input} in the body (JSON or YAML)`);
      const values = optionValues(t.options, query);
      const out = t.run(decodeBody(req, `the ${t.input}`), values, "the body");
      if (out.refused)
        throw new ApiError(
          422,
          `invalid-${t.input.replace(/\W+/g, "-")}`,
          `the body is not a valid ${t.input}`,
          out.text
            .split("\n")
            .map((l) => l.trim())
            .filter(Boolean),
        );
      return { ok: out.ok, refused: false, text: out.text, json: out.json, ...(out.file ? { file: out.file } : {}) };
    },
  );

  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/games/:id/tools/:tool",
      summary:
        "run a game tool (a map, a replay): with seat=ID a seat's own picture (its player's), without one the whole game (game masters, allowed spectators)",
      tags,
      auth: "optional",
      params: z.object({ id: Id, tool: Id }),
      query: z.record(z.string(), z.unknown()),
      reply: ToolReply,
    },
    async ({ params, query, auth }) => {
      const out = await runGameTool(ctx, params, query, auth);
      return { ok: out.ok, refused: false, text: out.text, json: out.json, ...(out.file ? { file: out.file } : {}) };
    },
  );

  route(
    app,
    ctx,
    {
      method: "GET",
      url: "/api/games/:id/tools/:tool/file",
      summary:
        "a game tool's file itself (an HTML replay, an SVG map), to open in a browser tab: the same options and rights as the tool; the page runs sandboxed (its own scripts only, no cookies, no API)",
      tags,
      auth: "optional",
      params: z.object({ id: Id, tool: Id }),
      query: z.record(z.string(), z.unknown()),
    },
    async ({ params, query, auth, reply }) => {
      const out = await runGameTool(ctx, params, query, auth);
      if (!out.file) throw new ApiError(404, "no-file", `${params.tool} draws no file here: ${out.text.split("\n")[0]?.slice(0, 200)}`);
      // A tool's page carries its own inline script (the replay's steps): it runs in a sandbox, an opaque origin that
      // can read neither the session's cookies nor the API, and may load nothing from anywhere.
      reply
        .headers({
          "content-security-policy":
            "sandbox allow-scripts; default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:",
          "x-content-type-options": "nosniff",
          "referrer-policy": "no-referrer",
          "content-disposition": `inline; filename="${params.tool}.${out.file.extension}"`,
        })
        .type(FILE_TYPES[out.file.extension]);
      return out.file.content;
    },
  );
}

/** How a tool's file is served (`GET .../tools/:tool/file`). */
const FILE_TYPES: Readonly<Record<"svg" | "html" | "csv", string>> = {
  html: "text/html; charset=utf-8",
  svg: "image/svg+xml; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

/** A game tool run for whoever asks, with the rights its options call for (a seat's picture, or the whole game's). */
async function runGameTool(
  ctx: ServerContext,
  params: { id: string; tool: string },
  query: Readonly<Record<string, unknown>>,
  auth: Auth | null,
): Promise<ToolOutput> {
  const { hosted, record, ruleset } = await loadHosted(ctx, params.id);
  const t = Object.hasOwn(ruleset.tools, params.tool) ? ruleset.tools[params.tool] : undefined;
  if (t?.kind !== "game") {
    const games = Object.values(ruleset.tools)
      .filter((x) => x.kind === "game")
      .map((x) => x.id);
    throw new ApiError(
      404,
      "unknown-tool",
      `${ruleset.id} has no game tool "${params.tool}"; its game tools: ${games.join(", ") || "none"}`,
    );
  }
  const values = optionValues(t.options, query);
  const a = accessOf(hosted, record, auth);
  const seatOption = t.options.find((o) => o.kind === "seat");
  const seat = seatOption ? values[seatOption.name] : undefined;
  if (typeof seat === "string") {
    const seats = ruleset.describe(record.state).seats.map((s) => s.id);
    if (!seats.includes(seat))
      throw new ApiError(
        404,
        "unknown-seat",
        `no ${ruleset.seatNoun} "${seat.slice(0, 64)}" in this game; its ${ruleset.seatNoun}s: ${seats.join(", ")}`,
      );
    requireSeatSight(a, auth, seat, ruleset.seatNoun);
  } else if (!a.all) {
    if (!auth) throw new ApiError(401, "sign-in-required", `sign in to run ${t.id}`);
    throw new ApiError(
      403,
      "not-game-master",
      `${t.id} without a seat shows the whole game: only game masters (and spectators, when allowed) may; players name their seat${seatOption ? ` (${seatOption.name}=ID)` : ""}`,
    );
  }
  const { access } = await gameAccess(ctx.games, record.id, ctx.stepMemo);
  const out = await t.run(access, values);
  if (!out.ok) throw new ApiError(400, "tool-refused", out.text.split("\n")[0]!.slice(0, 300), out.text.split("\n").slice(1, 20));
  return out;
}
