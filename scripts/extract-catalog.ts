/**
 * Generates src/rules/galactic-empires/catalog-data.ts and catalog-types.ts from the
 * Galactic Empires rulebook (seed 003), Chapter 7 "Starships".
 *
 *   npx tsx scripts/extract-catalog.ts [seed-path] [--findings /tmp/catalog-findings.md]
 *
 * The seed is a flattened document: every table cell is one line, cells are separated by
 * one empty line, and a blank cell is a line holding only whitespace or a non-breaking
 * space (U+00A0). Three starship tables are read:
 *   1. STARSHIP LIST BY BUILDER  (Name, Builder, Class, Attack, Hits, Move, Build, Keep)
 *   2. STARSHIP LIST BY CLASS    (same rows sorted by class; used only to cross-check 1)
 *   3. SEARCH AND SIEGE VALUES   (Name, Builder, Class, Search value, Siege power)
 * plus SECTOR DEFENSE LEVELS (printed twice: Chapter 5 and Chapter 7; cross-checked).
 * Column headers are repeated at page breaks inside a table; they are skipped.
 *
 * Every disagreement, suspicious cell and editorial choice goes to the findings file as a
 * markdown list. The script stops (exit 1) on anything it cannot resolve safely, e.g. a
 * repeated (name, builder) pair or an unparseable number.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface Cell {
  line: number; // 1-based line in the seed
  text: string; // raw text of the line
}

export interface RawStarship {
  line: number;
  rawName: string;
  name: string;
  builder: string;
  class: string;
  attackText: string;
  attacks: number;
  combat: number;
  hits: number;
  move: number;
  build: number;
  upkeep: number;
  hitsText: string;
}

export interface RawSearchSiege {
  line: number;
  name: string;
  builder: string;
  class: string;
  search: number;
  siege: number;
  searchBlank: boolean;
  siegeBlank: boolean;
}

export interface StarshipOut {
  id: string;
  name: string;
  builder: string;
  class: string;
  attacks: number;
  combat: number;
  hits: number;
  move: number;
  build: number;
  upkeep: number;
  search: number;
  siege: number;
}

export interface SectorDefenceOut {
  level: number;
  capacity: number;
  combatBonus: number;
  hitPointBonus: number;
}

export interface Extraction {
  starships: StarshipOut[];
  classes: string[];
  sectorDefenceLevels: SectorDefenceOut[];
  findings: string[];
  /** One-line summaries of the cross-checks that were run (for the findings file). */
  checks: string[];
}

export class ExtractionError extends Error {}

const STARSHIP_HEADER = ["Name", "Builder", "Class", "Attack", "Hits", "Move", "Build", "Keep"];
const SEARCH_HEADER = ["Name", "Builder", "Class", "Search value", "Siege power"];
const SECTOR_HEADER = ["Sector defence level", "Defense Capacity", "Combat bonus", "Hit-point bonus"];

/** Word forms that are known truncations/abbreviations in printed names -> full word. */
const KNOWN_ABBREVIATIONS: Record<string, string> = {
  Dreadnght: "Dreadnought",
  Hvy: "Heavy",
};

const isBlank = (s: string): boolean => s.replace(/[\s\u00a0\u200b\ufeff]/g, "") === "";
const clean = (s: string): string => s.replace(/\u00a0/g, " ").trim();
export const normaliseName = (s: string): string => clean(s).replace(/[\u2018\u2019\u02bc\u0060\u00b4]/g, "'");
export const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
export const starshipId = (builder: string, name: string): string => `${slug(builder)}/${slug(name)}`;

/** Common OCR confusions inside numeric cells. */
const OCR_DIGITS: Record<string, string> = { O: "0", o: "0", D: "0", l: "1", I: "1", "|": "1", S: "5", B: "8", ",": "." };

class Context {
  findings: string[] = [];
  constructor(readonly lines: string[]) {}
  note(passage: string, saw: string, chose: string, why: string): void {
    this.findings.push(`**${passage}** — saw: ${saw}; chose: ${chose}; why: ${why}`);
  }
  fail(msg: string): never {
    throw new ExtractionError(msg);
  }
  /** Parses a number cell strictly; repairs common OCR confusions and records them. */
  num(cell: Cell | undefined, what: string, pattern: RegExp = /^\d+(\.\d+)?$/): number {
    if (!cell) this.fail(`missing cell for ${what}`);
    const t = clean(cell.text);
    if (pattern.test(t)) return Number(t);
    const repaired = t
      .split("")
      .map((ch) => OCR_DIGITS[ch] ?? ch)
      .join("")
      .replace(/\s+/g, "");
    if (pattern.test(repaired)) {
      this.note(
        `${what} (line ${cell.line})`,
        `garbled cell ${JSON.stringify(cell.text)}`,
        `${repaired}`,
        "common OCR digit confusion; repaired value fits the column format",
      );
      return Number(repaired);
    }
    return this.fail(`line ${cell.line}: cannot parse ${what} from ${JSON.stringify(cell.text)}`);
  }
}

/** Cells from the seed between two 0-based line indices: every line that is not exactly empty. */
function cellsBetween(ctx: Context, from: number, to: number, checkSeparators = true): Cell[] {
  const out: Cell[] = [];
  let lastWasCell = false;
  for (let i = from; i < to; i++) {
    const text = ctx.lines[i] ?? "";
    if (text === "") {
      lastWasCell = false;
      continue;
    }
    if (lastWasCell && checkSeparators) {
      ctx.note(
        `line ${i + 1}`,
        `two cell lines without the usual empty separator line (${JSON.stringify(ctx.lines[i - 1])}, ${JSON.stringify(text)})`,
        "treated as two cells",
        "the flattening puts one empty line between cells; kept both to avoid losing data",
      );
    }
    out.push({ line: i + 1, text });
    lastWasCell = true;
  }
  return out;
}

function findLine(ctx: Context, text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) if (clean(ctx.lines[i] ?? "") === text) return i;
  return ctx.fail(`could not find line ${JSON.stringify(text)} between lines ${from + 1} and ${to}`);
}

function headerAt(cells: Cell[], i: number, header: string[]): boolean {
  return header.every((h, k) => clean(cells[i + k]?.text ?? "") === h);
}

const ATTACK_RE = /^(\d+)\s*[xX×]\s*(\d+)$/;

/** Parses a Name/Builder/Class/Attack/Hits/Move/Build/Keep table. */
function parseStarshipTable(ctx: Context, cells: Cell[], label: string): RawStarship[] {
  let i = 0;
  if (!headerAt(cells, 0, STARSHIP_HEADER)) ctx.fail(`${label}: expected column header at line ${cells[0]?.line}`);
  const rows: RawStarship[] = [];
  while (i < cells.length) {
    if (headerAt(cells, i, STARSHIP_HEADER)) {
      i += STARSHIP_HEADER.length;
      continue;
    }
    const first = cells[i];
    if (!first) break;
    if (isBlank(first.text)) {
      // End of table: a blank cell where a name would be, with no further rows after it.
      const rest = cells.slice(i + 1);
      if (rest.some((c, k) => ATTACK_RE.test(clean(c.text)) && k >= 3)) {
        ctx.note(
          `${label} line ${first.line}`,
          "blank cell where a ship name was expected, with further rows after it",
          "skipped the blank cell",
          "stray empty cell between rows",
        );
        i++;
        continue;
      }
      break;
    }
    // Anchor on the attack cell: a row is Name, Builder, Class, Attack(NxMM), ...
    if (!ATTACK_RE.test(clean(cells[i + 3]?.text ?? ""))) {
      let j = i + 1;
      while (j < cells.length && !ATTACK_RE.test(clean(cells[j]?.text ?? ""))) j++;
      const skipped = cells.slice(i, Math.max(i, j - 3));
      ctx.note(
        `${label} line ${first.line}`,
        `row does not line up (cells ${JSON.stringify(skipped.map((c) => c.text))})`,
        "skipped to the next cell that looks like an attack value",
        "cannot tell which column the stray cells belong to",
      );
      if (j >= cells.length) break;
      i = j - 3;
      continue;
    }
    const [nameC, builderC, classC, attackC, hitsC, moveC, buildC, keepC] = cells.slice(i, i + 8);
    if (!nameC || !builderC || !classC || !attackC || !hitsC || !moveC || !buildC || !keepC)
      ctx.fail(`${label}: truncated row at line ${first.line}`);
    const m = ATTACK_RE.exec(clean(attackC.text));
    if (!m) ctx.fail(`${label}: bad attack at line ${attackC.line}`);
    for (const c of [nameC, builderC, classC]) {
      if (isBlank(c.text)) ctx.note(`${label} line ${c.line}`, "blank text cell inside a row", "kept as empty", "no other source");
    }
    rows.push({
      line: nameC.line,
      rawName: nameC.text,
      name: normaliseName(nameC.text),
      builder: clean(builderC.text),
      class: clean(classC.text),
      attackText: clean(attackC.text),
      attacks: Number(m[1]),
      combat: Number(m[2]),
      hitsText: clean(hitsC.text),
      hits: ctx.num(hitsC, `${label} "${clean(nameC.text)}" Hits`),
      move: ctx.num(moveC, `${label} "${clean(nameC.text)}" Move`),
      build: ctx.num(buildC, `${label} "${clean(nameC.text)}" Build`),
      upkeep: ctx.num(keepC, `${label} "${clean(nameC.text)}" Keep`),
    });
    i += 8;
  }
  return rows;
}

const NUMERIC_OR_BLANK = (t: string): boolean => isBlank(t) || /^[\dOolI|SB,.]+$/.test(clean(t));

/** Parses SEARCH AND SIEGE VALUES, anchoring rows on names and builders known from table 1. */
function parseSearchSiegeTable(ctx: Context, cells: Cell[], label: string, known: RawStarship[]): RawSearchSiege[] {
  const names = new Set(known.map((r) => r.name));
  const builders = new Set(known.map((r) => r.builder));
  const isRowStart = (k: number): boolean => {
    const a = cells[k];
    const b = cells[k + 1];
    return !!a && !!b && names.has(normaliseName(a.text)) && builders.has(clean(b.text));
  };
  if (!headerAt(cells, 0, SEARCH_HEADER)) ctx.fail(`${label}: expected column header at line ${cells[0]?.line}`);
  const rows: RawSearchSiege[] = [];
  let i = 0;
  while (i < cells.length) {
    if (headerAt(cells, i, SEARCH_HEADER)) {
      i += SEARCH_HEADER.length;
      continue;
    }
    if (!isRowStart(i)) {
      const c = cells[i];
      if (!c) break;
      // Trailing blank cell and the following prose end the table.
      const further = cells.slice(i + 1).some((_, k) => isRowStart(i + 1 + k));
      if (!further) break;
      ctx.note(
        `${label} line ${c.line}`,
        `unexpected cell ${JSON.stringify(c.text)} where a ship name was expected`,
        "skipped it",
        "it is neither a known ship name (from table 1) nor a column header",
      );
      i++;
      continue;
    }
    const nameC = cells[i] as Cell;
    const builderC = cells[i + 1] as Cell;
    const classC = cells[i + 2];
    if (!classC) ctx.fail(`${label}: truncated row at line ${nameC.line}`);
    const values: Cell[] = [];
    let k = i + 3;
    while (
      values.length < 2 &&
      k < cells.length &&
      !isRowStart(k) &&
      !headerAt(cells, k, SEARCH_HEADER) &&
      NUMERIC_OR_BLANK(cells[k]?.text ?? "")
    ) {
      values.push(cells[k] as Cell);
      k++;
    }
    const name = normaliseName(nameC.text);
    if (values.length !== 2) {
      ctx.note(
        `${label} "${name}" (line ${nameC.line})`,
        `${values.length} value cell(s) after the class instead of 2: ${JSON.stringify(values.map((v) => v.text))}`,
        values.length === 1 ? "took it as the search value, siege 0" : "search 0, siege 0",
        "a cell is missing from the flattened row; cannot tell which column survived",
      );
    }
    const [sC, gC] = values;
    const searchBlank = !sC || isBlank(sC.text);
    const siegeBlank = !gC || isBlank(gC.text);
    rows.push({
      line: nameC.line,
      name,
      builder: clean(builderC.text),
      class: clean(classC.text),
      search: searchBlank ? 0 : ctx.num(sC, `${label} "${name}" Search value`),
      siege: siegeBlank ? 0 : ctx.num(gC, `${label} "${name}" Siege power`),
      searchBlank,
      siegeBlank,
    });
    i = k;
  }
  return rows;
}

function parseSectorTable(ctx: Context, cells: Cell[], label: string): SectorDefenceOut[] {
  if (!headerAt(cells, 0, SECTOR_HEADER)) ctx.fail(`${label}: expected column header at line ${cells[0]?.line}`);
  const out: SectorDefenceOut[] = [];
  let i = SECTOR_HEADER.length;
  while (i + 3 < cells.length && /^\d+$/.test(clean(cells[i]?.text ?? ""))) {
    const [lv, cap, bonus, hp] = cells.slice(i, i + 4);
    out.push({
      level: ctx.num(lv, `${label} level`, /^\d+$/),
      capacity: ctx.num(cap, `${label} level ${clean(lv?.text ?? "")} capacity`, /^\d+$/),
      combatBonus: ctx.num(
        bonus ? { ...bonus, text: clean(bonus.text).replace(/\s*%$/, "") } : undefined,
        `${label} level ${clean(lv?.text ?? "")} combat bonus`,
      ),
      hitPointBonus: ctx.num(hp, `${label} level ${clean(lv?.text ?? "")} hit-point bonus`),
    });
    if (!/%$/.test(clean(bonus?.text ?? ""))) {
      ctx.note(
        `${label} level ${clean(lv?.text ?? "")} (line ${bonus?.line})`,
        `combat bonus ${JSON.stringify(bonus?.text)} without a % sign`,
        "read it as a percentage",
        "every other row is printed as a percentage",
      );
    }
    i += 4;
  }
  out.forEach((r, k) => {
    if (r.level !== k + 1)
      ctx.note(`${label} (level ${r.level})`, `level ${r.level} at position ${k + 1}`, "kept as printed", "levels should run 1, 2, 3, ...");
  });
  return out;
}

const key = (r: { name: string; builder: string }): string => `${r.builder}\u0000${r.name}`;

export function extract(seedText: string): Extraction {
  const lines = seedText.split(/\r?\n/);
  const ctx = new Context(lines);

  // Chapter 7 proper (not the table of contents entry, which has extra text on the line).
  const ch7 = findLine(ctx, "Chapter 7: Starships", 0, lines.length);
  const ch8 = findLine(ctx, "Chapter 8: Empires", ch7, lines.length);
  const t1 = findLine(ctx, "STARSHIP LIST BY BUILDER", ch7, ch8);
  const t2 = findLine(ctx, "STARSHIP LIST BY CLASS", t1, ch8);
  const t3 = findLine(ctx, "SEARCH AND SIEGE VALUES OF STARSHIPS", t2, ch8);
  const t4 = findLine(ctx, "SECTOR DEFENSE LEVELS", t3, ch8);

  const byBuilder = parseStarshipTable(ctx, cellsBetween(ctx, t1 + 1, t2), "Table 1 (STARSHIP LIST BY BUILDER)");
  const byClass = parseStarshipTable(ctx, cellsBetween(ctx, t2 + 1, t3), "Table 2 (STARSHIP LIST BY CLASS)");
  const searchSiege = parseSearchSiegeTable(ctx, cellsBetween(ctx, t3 + 1, t4), "Table 3 (SEARCH AND SIEGE VALUES)", byBuilder);
  const sector7 = parseSectorTable(ctx, cellsBetween(ctx, t4 + 1, ch8), "Chapter 7 SECTOR DEFENSE LEVELS");

  if (byBuilder.length === 0) ctx.fail("table 1 has no rows");

  // --- Uniqueness of (name, builder) in table 1 and of generated ids.
  const t1ByKey = new Map<string, RawStarship>();
  for (const r of byBuilder) {
    const prev = t1ByKey.get(key(r));
    if (prev) ctx.fail(`(name, builder) pair repeats in table 1: "${r.name}" / "${r.builder}" at lines ${prev.line} and ${r.line}`);
    t1ByKey.set(key(r), r);
  }
  const ids = new Map<string, RawStarship>();
  for (const r of byBuilder) {
    const id = starshipId(r.builder, r.name);
    const prev = ids.get(id);
    if (prev) ctx.fail(`id ${id} collides for lines ${prev.line} and ${r.line}`);
    ids.set(id, r);
  }

  // --- Editorial notes on names.
  const apostrophes = byBuilder.filter((r) => r.rawName.trim() !== r.name && /[\u2018\u2019\u02bc`\u00b4]/.test(r.rawName));
  if (apostrophes.length > 0) {
    ctx.note(
      "Table 1 names",
      `typographic apostrophes (U+2019) in ${apostrophes.length} names: ${apostrophes.map((r) => `"${r.rawName.trim()}"`).join(", ")}`,
      "ASCII ' in `name` and a '-' in the id (e.g. \"klingon/negh-var-battleship\")",
      "ASCII names are easier to type in orders; the brief asks for this normalisation",
    );
  }
  for (const r of byBuilder) {
    for (const word of r.name.split(/\s+/)) {
      const full = KNOWN_ABBREVIATIONS[word];
      if (full) {
        ctx.note(
          `Table 1 "${r.name}" (${r.builder}, line ${r.line})`,
          `truncated/abbreviated word "${word}" (presumably "${full}")`,
          `kept the printed name "${r.name}"`,
          "names are kept as printed; all three tables print it the same way",
        );
      }
      if (/^[a-z]/.test(word) && !["of", "the", "and"].includes(word)) {
        ctx.note(
          `Table 1 "${r.name}" (${r.builder}, line ${r.line})`,
          `lower-case word "${word}" in an otherwise title-cased name`,
          "kept as printed",
          "may be a typo but is printed the same way in all tables",
        );
      }
    }
  }

  // --- Table 1 vs table 2, field by field.
  const fields = ["class", "attackText", "hits", "move", "build", "upkeep"] as const;
  const t2Seen = new Set<string>();
  for (const r2 of byClass) {
    const k = key(r2);
    if (t2Seen.has(k))
      ctx.note(
        `Table 2 "${r2.name}" (${r2.builder}, line ${r2.line})`,
        "row appears twice in table 2",
        "ignored the repeat",
        "table 1 is authoritative",
      );
    t2Seen.add(k);
    const r1 = t1ByKey.get(k);
    if (!r1) {
      ctx.note(
        `Table 2 "${r2.name}" (${r2.builder}, line ${r2.line})`,
        "row not in table 1",
        "left out of the catalog",
        "table 1 is the source of the catalog",
      );
      continue;
    }
    for (const f of fields) {
      if (r1[f] !== r2[f]) {
        ctx.note(
          `"${r1.name}" (${r1.builder}) ${f}`,
          `table 1 (line ${r1.line}) has ${JSON.stringify(r1[f])}, table 2 (line ${r2.line}) has ${JSON.stringify(r2[f])}`,
          `table 1 value ${JSON.stringify(r1[f])}`,
          "table 1 is the primary list; table 2 is a re-sort of it",
        );
      }
    }
    if (r1.hitsText !== r2.hitsText && r1.hits === r2.hits) {
      ctx.note(
        `"${r1.name}" (${r1.builder}) Hits`,
        `printed as "${r1.hitsText}" in table 1 and "${r2.hitsText}" in table 2`,
        `${r1.hits}`,
        "same number, different formatting",
      );
    }
  }
  for (const r1 of byBuilder) {
    if (!t2Seen.has(key(r1)))
      ctx.note(
        `Table 1 "${r1.name}" (${r1.builder}, line ${r1.line})`,
        "row missing from table 2",
        "kept from table 1",
        "table 1 is the primary list",
      );
  }

  // --- Ordering checks (tables are sorted by builder / by class).
  const runs = (xs: string[]): string[] => xs.filter((x, k) => k === 0 || xs[k - 1] !== x);
  const builderRuns = runs(byBuilder.map((r) => r.builder));
  if (new Set(builderRuns).size !== builderRuns.length)
    ctx.note("Table 1 ordering", `builders are not contiguous: ${builderRuns.join(", ")}`, "kept table order", "informational");
  const classRuns = runs(byClass.map((r) => r.class));
  if (new Set(classRuns).size !== classRuns.length)
    ctx.note("Table 2 ordering", `classes are not contiguous: ${classRuns.join(", ")}`, "kept table order", "informational");

  // --- Table 3 vs table 1.
  const t3ByKey = new Map<string, RawSearchSiege>();
  for (const r3 of searchSiege) {
    const k = key(r3);
    if (t3ByKey.has(k)) {
      ctx.note(`Table 3 "${r3.name}" (${r3.builder}, line ${r3.line})`, "row appears twice", "used the first", "duplicate row");
      continue;
    }
    t3ByKey.set(k, r3);
    const r1 = t1ByKey.get(k);
    if (!r1) {
      const sameName = byBuilder.filter((x) => x.name === r3.name);
      ctx.note(
        `Table 3 "${r3.name}" (line ${r3.line})`,
        `builder "${r3.builder}" does not match table 1 (table 1 builders for this name: ${sameName.map((x) => x.builder).join(", ") || "none"})`,
        "not used",
        "cannot attach its values to a table 1 row safely",
      );
      continue;
    }
    if (r1.class !== r3.class) {
      ctx.note(
        `"${r1.name}" (${r1.builder}) class`,
        `table 1 (line ${r1.line}) has "${r1.class}", table 3 (line ${r3.line}) has "${r3.class}"`,
        `table 1 "${r1.class}"`,
        "table 1 is the primary list",
      );
    }
  }
  const missing3 = byBuilder.filter((r) => !t3ByKey.has(key(r)));
  for (const r of missing3) {
    ctx.note(
      `Table 1 "${r.name}" (${r.builder}, line ${r.line})`,
      "row missing from table 3 (search/siege)",
      "search 0, siege 0",
      "no search or siege value is printed for it",
    );
  }

  // --- Sector defence: Chapter 5 prints the same table; cross-check.
  const ch5 = lines.findIndex((l, k) => k < ch7 && clean(l) === "SECTOR DEFENSE LEVELS");
  if (ch5 >= 0) {
    const ch5End = (() => {
      for (let k = ch5 + 1; k < ch7; k++) if (/^Chapter \d+:/.test(clean(lines[k] ?? ""))) return k;
      return ch7;
    })();
    // The Chapter 5 table is followed by prose in the same section; only the table cells are read.
    const cells5 = cellsBetween(ctx, ch5 + 1, ch5End, false);
    const sector5 = parseSectorTable(ctx, cells5, "Chapter 5 SECTOR DEFENSE LEVELS");
    const n = Math.max(sector5.length, sector7.length);
    for (let k = 0; k < n; k++) {
      const a = sector5[k];
      const b = sector7[k];
      if (JSON.stringify(a) !== JSON.stringify(b)) {
        ctx.note(
          `SECTOR DEFENSE LEVELS row ${k + 1}`,
          `Chapter 5 (line ${ch5 + 1}) ${JSON.stringify(a)} vs Chapter 7 (line ${t4 + 1}) ${JSON.stringify(b)}`,
          "Chapter 7 values",
          "the brief takes the catalog from Chapter 7",
        );
      }
    }
  }
  if (sector7.length !== 12)
    ctx.note("Chapter 7 SECTOR DEFENSE LEVELS", `${sector7.length} levels`, "kept as printed", "the text describes levels 1-12");

  // --- Plausibility notes (data kept as printed).
  for (const r of byBuilder) {
    if (r.upkeep > r.build * 0.3) {
      ctx.note(
        `Table 1 "${r.name}" (${r.builder}, line ${r.line}) Keep`,
        `Keep ${r.upkeep} against Build ${r.build}${r.upkeep === r.build ? " (Keep equals Build)" : ""}; every non-Orion ship has Keep about 7-13% of Build`,
        `kept ${r.upkeep} as printed (tables 1 and 2 agree)`,
        "probably a copy error in the source (Keep column filled with Build), but no other passage gives the Orion upkeep; the lead should decide",
      );
    }
  }
  const builderClasses = new Map<string, Set<string>>();
  for (const r of byBuilder) {
    const s = builderClasses.get(r.builder) ?? new Set<string>();
    s.add(r.class);
    builderClasses.set(r.builder, s);
  }
  const allClasses = [...new Set(byClass.length > 0 ? byClass.map((r) => r.class) : byBuilder.map((r) => r.class))];
  for (const c of byBuilder.map((r) => r.class)) if (!allClasses.includes(c)) allClasses.push(c);
  for (const [b, s] of builderClasses) {
    const lacking = allClasses.filter((c) => !s.has(c));
    if (lacking.length > 0)
      ctx.note(
        `Table 1 builder "${b}"`,
        `has no ${lacking.join(", ")}`,
        "nothing added",
        "informational: that builder simply has fewer types",
      );
  }
  const generic = new Set([
    "Scout",
    "Destroyer",
    "Light Cruiser",
    "Heavy Cruiser",
    "Strike Cruiser",
    "Battlecruiser",
    "Battleship",
    "Frigate",
    "Cruiser",
    "Dreadnought",
  ]);
  for (const r of byBuilder) {
    const tail = [...generic].find((g) => r.name.endsWith(` ${g}`) && g !== "Cruiser" && g !== "Frigate" && g !== "Dreadnought");
    if (tail && tail !== r.class) {
      ctx.note(
        `Table 1 "${r.name}" (${r.builder}, line ${r.line})`,
        `name says "${tail}" but class is "${r.class}"`,
        `class "${r.class}"`,
        "the Class column is authoritative; the name is a ship-design name (same in all three tables)",
      );
    }
  }
  const bc = searchSiege.filter((r) => r.class === "Battlecruiser");
  const siegers = searchSiege.filter((r) => !r.siegeBlank).map((r) => r.siege);
  const siegeClasses = [...new Set(searchSiege.filter((r) => !r.siegeBlank).map((r) => r.class))];
  if (bc.length > 0 && bc.every((r) => r.siegeBlank && r.search >= 30)) {
    ctx.note(
      "Table 3 Battlecruiser rows",
      `every Battlecruiser has a large value in the Search column (${[...new Set(bc.map((r) => r.search))].sort((a, b) => a - b).join("/")}) and a blank Siege cell, while the only rows with a siege value (${siegeClasses.join(", ")}) have search 1-5 and siege ${Math.min(...siegers)}-${Math.max(...siegers)}`,
      "search = the printed Search cell, siege 0",
      "the flattened row order (Name, Builder, Class, Search, Siege with a blank-cell line for the empty siege) is unambiguous; kept as printed, though these may be intended as siege values",
    );
  }

  const checks = [
    `Table 1 (line ${t1 + 1}): ${byBuilder.length} rows; table 2 (line ${t2 + 1}): ${byClass.length} rows; table 3 (line ${t3 + 1}): ${searchSiege.length} rows. Column headers repeated at page breaks inside each table were skipped.`,
    `Tables 1 and 2 compared field by field (class, attack, hits, move, build, keep) on (name, builder).`,
    `Table 3 builder and class compared with table 1; ${missing3.length} table 1 rows missing from table 3.`,
    `SECTOR DEFENSE LEVELS: Chapter 7 table (line ${t4 + 1}) compared with the Chapter 5 table${ch5 >= 0 ? ` (line ${ch5 + 1})` : " (not found)"}.`,
  ];

  // --- Build the output.
  const starships: StarshipOut[] = byBuilder.map((r) => {
    const s = t3ByKey.get(key(r));
    return {
      id: starshipId(r.builder, r.name),
      name: r.name,
      builder: r.builder,
      class: r.class,
      attacks: r.attacks,
      combat: r.combat,
      hits: r.hits,
      move: r.move,
      build: r.build,
      upkeep: r.upkeep,
      search: s?.search ?? 0,
      siege: s?.siege ?? 0,
    };
  });
  for (const s of starships) {
    for (const [f, v] of Object.entries(s)) {
      if (typeof v === "number" && !(Number.isFinite(v) && v >= 0)) ctx.fail(`${s.id}: ${f} = ${v}`);
    }
    if (s.attacks < 1) ctx.fail(`${s.id}: attacks = ${s.attacks}`);
  }
  return { starships, classes: allClasses, sectorDefenceLevels: sector7, findings: ctx.findings, checks };
}

const lit = (v: string | number): string => (typeof v === "number" ? String(v) : JSON.stringify(v));
const objectLiteral = (o: object): string =>
  `{ ${Object.entries(o)
    .map(([k, v]) => `${k}: ${lit(v as string | number)}`)
    .join(", ")} }`;

export function renderData(x: Extraction): string {
  return [
    `// Generated by scripts/extract-catalog.ts from seed 003, Chapter 7 "Starships". Do not edit by hand; fix the script.`,
    `import type { StarshipTypeData, SectorDefenceLevelData } from "./catalog-types.js";`,
    "",
    "export const STARSHIP_TYPES: readonly StarshipTypeData[] = [",
    ...x.starships.map((s) => `  ${objectLiteral(s)},`),
    "];",
    "",
    "export const SECTOR_DEFENCE_LEVELS: readonly SectorDefenceLevelData[] = [",
    ...x.sectorDefenceLevels.map((s) => `  ${objectLiteral(s)},`),
    "];",
    "",
  ].join("\n");
}

export function renderTypes(x: Extraction): string {
  return [
    `// Generated by scripts/extract-catalog.ts from seed 003, Chapter 7 "Starships". Do not edit by hand; fix the script.`,
    "",
    "/** Every starship class printed in the Chapter 7 tables, exactly as printed. */",
    `export type StarshipClass = ${x.classes.map((c) => JSON.stringify(c)).join(" | ")};`,
    "",
    "export interface StarshipTypeData {",
    '  /** Stable slug: builder + "/" + name, lowercase, runs of non-alphanumerics -> "-", e.g. "klingon/hawk-heavy-cruiser". */',
    "  id: string;",
    '  /** As printed, with typographic apostrophes (U+2019) normalised to ASCII \'. Truncations such as "Dreadnght" are kept. */',
    "  name: string;",
    '  /** As printed, e.g. "8472 Hive", "Federation-a". */',
    "  builder: string;",
    "  class: StarshipClass;",
    '  /** Number of attacks per round: 2 for "2x09". */',
    "  attacks: number;",
    '  /** Percent chance per attack: 9 for "2x09". */',
    "  combat: number;",
    "  /** Hit points. */",
    "  hits: number;",
    "  move: number;",
    "  /** Build cost in resources. */",
    "  build: number;",
    '  /** Upkeep per turn ("Keep"). */',
    "  upkeep: number;",
    "  /** Search value, 0 where the cell is blank. */",
    "  search: number;",
    "  /** Siege power, 0 where the cell is blank. */",
    "  siege: number;",
    "}",
    "",
    "export interface SectorDefenceLevelData {",
    "  level: number;",
    "  capacity: number;",
    "  /** Percent. */",
    "  combatBonus: number;",
    "  hitPointBonus: number;",
    "}",
    "",
  ].join("\n");
}

function countBy<T>(xs: T[], f: (x: T) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of xs) m.set(f(x), (m.get(f(x)) ?? 0) + 1);
  return m;
}

function main(argv: string[]): number {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
  const args = argv.slice(2);
  let findingsPath = "/tmp/catalog-findings.md";
  const fi = args.indexOf("--findings");
  if (fi >= 0) {
    findingsPath = args[fi + 1] ?? findingsPath;
    args.splice(fi, 2);
  }
  const seedPath = resolve(process.cwd(), args[0] ?? resolve(root, "../shared/seeds/003_3c41b5fd93f3ff11.txt"));
  let x: Extraction;
  try {
    x = extract(readFileSync(seedPath, "utf8"));
  } catch (e) {
    if (e instanceof ExtractionError) {
      console.error(`extract-catalog: ${e.message}`);
      return 1;
    }
    throw e;
  }
  const outDir = resolve(root, "src/rules/galactic-empires");
  writeFileSync(resolve(outDir, "catalog-data.ts"), renderData(x));
  writeFileSync(resolve(outDir, "catalog-types.ts"), renderTypes(x));
  const md = [
    `# Catalog extraction findings (seed 003, Chapter 7 "Starships")`,
    "",
    `Generated by scripts/extract-catalog.ts from ${seedPath}. ${x.starships.length} starship types, ${x.sectorDefenceLevels.length} sector defence levels.`,
    "",
    "Checks run:",
    "",
    ...x.checks.map((c) => `- ${c}`),
    "",
    `Findings (${x.findings.length}; anything not listed agreed):`,
    "",
    ...x.findings.map((f) => `- ${f}`),
    "",
  ].join("\n");
  writeFileSync(findingsPath, md);

  console.log(`seed: ${relative(process.cwd(), seedPath)}`);
  console.log(`starship types: ${x.starships.length}`);
  console.log("per builder:");
  for (const [b, n] of countBy(x.starships, (s) => s.builder)) console.log(`  ${b}: ${n}`);
  console.log("per class:");
  for (const [c, n] of countBy(x.starships, (s) => s.class)) console.log(`  ${c}: ${n}`);
  console.log(`sector defence levels: ${x.sectorDefenceLevels.length}`);
  console.log(`findings: ${x.findings.length} -> ${findingsPath}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv);
}
