/**
 * The published file formats (issue 9 item 17): docs/schemas holds exactly what `starhost schema --all`
 * writes, the JSON Schema of every ruleset's orders, scenario and tool input files, generated through the
 * registry from the schemas the rules parse with; docs/formats.md shows an example of every order type of
 * every ruleset, and each example is read by its ruleset's own parser without a problem.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { formatsOf, jsonSchemaOf, schemaFileName, schemaText } from "../../src/host/formats.js";
import { RULESETS } from "../../src/rules/registry.js";
import { starhost } from "../cli/run-cli.js";

const ROOT = join(import.meta.dirname, "..", "..");
const SCHEMAS = join(ROOT, "docs", "schemas");
const rulesets = [...RULESETS.values()];

/** The order types a ruleset's published orders schema names (the `type` const of each kind of order). */
function orderTypes(rulesetId: string): string[] {
  const r = RULESETS.get(rulesetId);
  if (!r) throw new Error(rulesetId);
  const orders = formatsOf(r).find((f) => f.name === "orders");
  const js = jsonSchemaOf(r, orders as NonNullable<typeof orders>) as {
    properties: { orders: { items: { oneOf: { properties: { type: { const: string } } }[] } } };
  };
  return js.properties.orders.items.oneOf.map((o) => o.properties.type.const);
}

describe("docs/schemas: the JSON Schema of every format, as `starhost schema` writes it", () => {
  const out = mkdtempSync(join(tmpdir(), "starhost-schemas-"));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it("every ruleset publishes its orders file; Battleshift its fleet file, Galactic Empires and the Sathar War their map files; their settings and odds inputs", () => {
    expect(Object.fromEntries(rulesets.map((r) => [r.id, formatsOf(r).map((f) => f.name)]))).toEqual({
      "galactic-empires": ["orders", "victory", "map", "odds"],
      battleshift: ["orders", "fleet", "victory", "odds"],
      "sathar-war": ["orders", "options", "map", "odds"],
      "space-war": ["orders", "options", "design-check", "odds"],
    });
  });

  it("the checked-in files are byte for byte what `starhost schema --all --out DIR` writes, and no other file is there", () => {
    const r = starhost(["schema", "--all", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    const written = readdirSync(out).sort();
    expect(readdirSync(SCHEMAS).sort()).toEqual(written);
    for (const f of written)
      expect(
        readFileSync(join(SCHEMAS, f), "utf8"),
        `docs/schemas/${f} is stale: run "npm run starhost -- schema --all --out docs/schemas --force"`,
      ).toBe(readFileSync(join(out, f), "utf8"));
    for (const rs of rulesets)
      for (const f of formatsOf(rs)) expect(readFileSync(join(SCHEMAS, schemaFileName(rs, f.name)), "utf8")).toBe(schemaText(rs, f));
  });

  it("`starhost schema RULESET FORMAT` prints one schema; an unknown format is named with the known ones", () => {
    const r = starhost(["schema", "battleshift", "fleet"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(readFileSync(join(SCHEMAS, "battleshift.fleet.schema.json"), "utf8"));
    const bad = starhost(["schema", "battleshift", "map"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/battleshift has no format "map"; its formats: orders, fleet, victory, odds/);
  });

  it("a schema states what the parser holds: ids' pattern, an orders file's fields only, a squadron's 1 to 7 ships", () => {
    const ge = JSON.parse(readFileSync(join(SCHEMAS, "galactic-empires.orders.schema.json"), "utf8"));
    expect(ge.additionalProperties).toBe(false);
    expect(Object.keys(ge.properties)).toEqual(["empire", "turn", "orders"]);
    expect(ge.properties.empire.pattern).toBe("^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$");
    const travel = ge.properties.orders.items.oneOf.find(
      (o: { properties: { type: { const: string } } }) => o.properties.type.const === "travel",
    );
    expect(travel.description).toBe("travel one sector (Movement Events; one travel or wait a phase)");
    const fleet = JSON.parse(readFileSync(join(SCHEMAS, "battleshift.fleet.schema.json"), "utf8"));
    const squadron = fleet.properties.taskforces.items.properties.squadrons.items;
    expect(squadron.additionalProperties).toBe(false);
    expect(squadron.properties.ships).toMatchObject({ type: "integer", minimum: 1, maximum: 7 });
  });

  it("the map schema states an empire's colour pattern, and it admits exactly what the map parser admits", () => {
    const map = JSON.parse(readFileSync(join(SCHEMAS, "galactic-empires.map.schema.json"), "utf8"));
    const colour = map.properties.empires.additionalProperties.properties.colour;
    expect(colour.description).toMatch(/"#rgb", "#rrggbb" or a CSS colour name/);
    const pattern = new RegExp(colour.pattern);
    const ge = RULESETS.get("galactic-empires") as NonNullable<ReturnType<typeof RULESETS.get>>;
    const mapInput = Object.values(ge.scenarios)
      .flatMap((sc) => sc.inputs)
      .find((i) => i.name === "map");
    const empire = { id: "klingon", name: "Klingon Empire" };
    for (const c of ["#abc", "#A1B2C3", "navy", "rebeccapurple", "Navy", "red-ish", "#abcd", "rgb(0,0,0)", " navy", "constructor", ""]) {
      const parsed = mapInput?.schema?.safeParse({
        empires: { klingon: { ...empire, colour: c } },
        sectors: [{ id: 1, name: "Qo'noS", x: 0, y: 0, revenue: 1 }],
        borders: [],
      });
      expect(pattern.test(c), c).toBe(parsed?.success);
    }
  });
});

interface Example {
  ruleset: string;
  format: string;
  type?: string;
  line: number;
  text: string;
  lang: string;
}

/** Every example of docs/formats.md: a fenced block right after `<!-- example: RULESET FORMAT [TYPE] -->`. */
function examples(): Example[] {
  const md = readFileSync(join(ROOT, "docs", "formats.md"), "utf8").split("\n");
  const out: Example[] = [];
  md.forEach((l, i) => {
    const m = /^<!-- example: (\S+) (\S+)(?: (\S+))? -->$/.exec(l);
    if (!m) return;
    const fence = /^```(\w+)$/.exec(md[i + 1] ?? "");
    if (!fence) throw new Error(`docs/formats.md:${i + 1}: an example marker must stand right above a fenced block`);
    const end = md.indexOf("```", i + 2);
    out.push({
      ruleset: m[1] as string,
      format: m[2] as string,
      ...(m[3] ? { type: m[3] } : {}),
      line: i + 1,
      lang: fence[1] as string,
      text: md.slice(i + 2, end).join("\n"),
    });
  });
  return out;
}

describe("docs/formats.md: an example of every order type of every ruleset, each parsed by the ruleset", () => {
  const all = examples();

  it("README links it", () => {
    expect(readFileSync(join(ROOT, "README.md"), "utf8").includes("](docs/formats.md)")).toBe(true);
  });

  for (const r of rulesets) {
    it(`${r.id}: every order type has its example, and every example parses with no problem and is the order it says`, () => {
      const mine = all.filter((e) => e.ruleset === r.id && e.format === "orders");
      const seen = new Set<string>();
      for (const e of mine) {
        const raw = e.lang === "json" ? JSON.parse(e.text) : parseYaml(e.text);
        const parsed = r.parseOrders(raw);
        const where = `docs/formats.md:${e.line}`;
        expect(parsed.refused, where).toEqual([]);
        expect(parsed.problems, where).toEqual([]);
        const types = (parsed.orders as { orders: { type: string }[] }).orders.map((o) => o.type);
        expect(types.length, where).toBeGreaterThan(0);
        if (e.type) {
          expect(
            types.every((t) => t === e.type),
            `${where}: not a ${e.type} order`,
          ).toBe(true);
          seen.add(e.type);
        }
      }
      expect([...seen].sort()).toEqual(orderTypes(r.id).sort());
    });
  }

  it("the fleet and map examples are accepted by the scenarios that take them", () => {
    const inputs = all.filter((e) => e.format !== "orders");
    expect(inputs.map((e) => `${e.ruleset} ${e.format}`).sort()).toEqual(["battleshift fleet", "galactic-empires map"]);
    for (const e of inputs) {
      const r = RULESETS.get(e.ruleset);
      const scenario = Object.values(r?.scenarios ?? {}).find((s) => s.inputs.some((i) => i.name === e.format && i.min > 0));
      const input = scenario?.inputs.find((i) => i.name === e.format);
      expect(scenario, `no scenario of ${e.ruleset} needs --${e.format}`).toBeDefined();
      const raw = e.lang === "json" ? JSON.parse(e.text) : parseYaml(e.text);
      const parsed = scenario?.parseInputs({ [e.format]: Array.from({ length: input?.min ?? 1 }, () => raw) });
      expect(parsed?.ok ? [] : parsed?.error, `docs/formats.md:${e.line}`).toEqual([]);
    }
  });
});
