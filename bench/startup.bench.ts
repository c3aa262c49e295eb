/**
 * Issue 9 item 20, the command's start: `starhost --version` took 1.5 s and a
 * tutorial `turn` 1.7-3.4 s when every call started the TypeScript loader. The
 * command now runs as built JavaScript (scripts/build.mjs, dist/: main.js, all that
 * --version loads, and the program file for every other command, started from V8's
 * code cache). Budget: the command's own start (`starhost --version` through
 * bin/starhost.js) at most 3x a bare `node -e 0`, measured in the same run.
 *
 * Builds dist/ from the current source (and a second build without its code cache),
 * makes a tutorial game folder with `new`, then runs each command ROUNDS times,
 * interleaved (one of each per round, so a busy machine slows them alike):
 * `node -e 0`, the bin's `--version`, the build's own `--version` without the bin
 * (the difference is the bin's check that the build is not older than src/),
 * `--help` with and without the code cache, a tutorial `turn` on a fresh copy of the
 * game folder each time, and `--version` through tsx as before (what
 * `npm run starhost` still runs). Reports the median wall time of each, and on Linux the mean CPU time
 * (user + system, from /proc/self/stat's children's times, in 10 ms ticks: a mean
 * over many runs, not a median), and both as ratios to `node -e 0`.
 *
 *   npx tsx bench/run.ts startup          (ROUNDS=5 for a quicker look)
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, ROOT } from "../scripts/build.mjs";

type Figure = { name: string; value: number; unit: string; budget?: number };

const ROUNDS = Number(process.env.ROUNDS ?? 25);
const BIN = join(ROOT, "bin", "starhost.js");
const TSX = join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");

/** CPU seconds used by this process's finished children so far (Linux), or null. */
function childrenCpu(): number | null {
  if (!existsSync("/proc/self/stat")) return null;
  const stat = readFileSync("/proc/self/stat", "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 16 and 17 of proc(5) (cutime, cstime); f[0] is field 3.
  return (Number(f[13]) + Number(f[14])) / 100;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

interface Case {
  name: string;
  args: () => string[];
  wall: number[];
  cpu: number[];
}

export async function run(): Promise<Figure[]> {
  const built = await build();
  const work = mkdtempSync(join(tmpdir(), "starhost-startup-"));
  try {
    const uncached = await build({ out: join(work, "uncached") });
    for (const f of uncached.files) if (f.path.endsWith(".cache")) rmSync(join(uncached.out, f.path));
    const game = join(work, "game");
    const made = spawnSync(process.execPath, [BIN, "new", "galactic-empires", "--scenario", "tutorial", "--seed", "7", "--out", game], {
      encoding: "utf8",
    });
    if (made.status !== 0) throw new Error(`starhost new failed: ${made.stderr}`);
    let copies = 0;
    const freshCopy = (): string => {
      const dir = join(work, `turn-${copies++}`);
      cpSync(game, dir, { recursive: true });
      return dir;
    };
    const cases: Case[] = [
      { name: "node -e 0", args: () => ["-e", "0"] },
      { name: "starhost --version", args: () => [BIN, "--version"] },
      { name: "dist/main.js --version (no bin)", args: () => [join(built.out, "main.js"), "--version"] },
      { name: "starhost --help", args: () => [BIN, "--help"] },
      { name: "--help without the code cache", args: () => [join(uncached.out, "main.js"), "--help"] },
      { name: "starhost turn (tutorial)", args: () => [BIN, "turn", freshCopy()] },
      { name: "tsx src/cli/main.ts --version", args: () => [TSX, join(ROOT, "src", "cli", "main.ts"), "--version"] },
    ].map((c) => ({ ...c, wall: [], cpu: [] }));

    for (let round = -1; round < ROUNDS; round++) {
      for (const c of cases) {
        const args = c.args(); // outside the timing: the copy of the game folder
        const cpu0 = childrenCpu();
        const t0 = performance.now();
        const r = spawnSync(process.execPath, args, { encoding: "utf8", cwd: work });
        const wall = performance.now() - t0;
        const cpu1 = childrenCpu();
        if (r.status !== 0) throw new Error(`${c.name} exited ${r.status}: ${r.stderr}`);
        if (round < 0) continue; // a first round to warm the file cache, not counted
        c.wall.push(wall);
        if (cpu0 !== null && cpu1 !== null) c.cpu.push((cpu1 - cpu0) * 1000);
      }
    }

    const js = built.files.filter((f) => /\.c?js$/.test(f.path));
    const byName = new Map(cases.map((c) => [c.name, c]));
    const base = byName.get("node -e 0")!;
    const baseWall = median(base.wall);
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const haveCpu = base.cpu.length === ROUNDS;
    const baseCpu = haveCpu ? mean(base.cpu) : 0;
    const figures: Figure[] = [
      { name: "build (scripts/build.mjs)", value: built.ms, unit: "ms" },
      { name: "build: JavaScript written", value: js.reduce((s, f) => s + f.bytes, 0) / 1024, unit: "KB" },
      {
        name: "build: main.js (all that --version loads)",
        value: (built.files.find((f) => f.path === "main.js")?.bytes ?? 0) / 1024,
        unit: "KB",
      },
    ];
    for (const c of cases) {
      const own = c.name === "starhost --version";
      figures.push({ name: `${c.name}: median wall`, value: median(c.wall), unit: "ms" });
      if (c !== base)
        figures.push({ name: `${c.name}: wall / node -e 0`, value: median(c.wall) / baseWall, unit: "x", budget: own ? 3 : undefined });
      if (!haveCpu) continue;
      figures.push({ name: `${c.name}: mean CPU`, value: mean(c.cpu), unit: "ms" });
      if (c !== base)
        figures.push({ name: `${c.name}: CPU / node -e 0`, value: mean(c.cpu) / baseCpu, unit: "x", budget: own ? 3 : undefined });
    }
    const viaBin = byName.get("starhost --version")!;
    const direct = byName.get("dist/main.js --version (no bin)")!;
    figures.push({ name: "the bin's own cost (staleness check): wall", value: median(viaBin.wall) - median(direct.wall), unit: "ms" });
    if (haveCpu)
      figures.push({ name: "the bin's own cost (staleness check): CPU", value: mean(viaBin.cpu) - mean(direct.cpu), unit: "ms" });
    return figures;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
