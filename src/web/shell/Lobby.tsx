/** The lobby: your games (what each awaits from you, and when), the open games, and a new game. */
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from "react";
import { rulesetPages } from "../rulesets/index.js";
import { call, errorText, type GameSummary, type RulesetInfo } from "./api.js";
import { Deadline } from "./Deadline.js";
import { gameHref, rulesetPageHref } from "./route.js";
import { TableBox } from "./TableBox.js";
import { awaitsFromYou } from "./words.js";

/** A section of the lobby: its table of games in a box of its own once loaded (`loaded`), "Loading…" until then. */
function GamesSection(props: { id: string; title: string; loaded: ReactNode }) {
  return (
    <section aria-labelledby={`${props.id}-h`}>
      <h2 id={`${props.id}-h`}>{props.title}</h2>
      {props.loaded ? <TableBox label={`${props.title}, scrollable`}>{props.loaded}</TableBox> : <p>Loading…</p>}
    </section>
  );
}

function MyGames(props: { games: GameSummary[] }) {
  if (props.games.length === 0) return <p>You are in no game yet: join an open one or make a new one.</p>;
  return (
    <table>
      <caption className="sr-only">Your games</caption>
      <thead>
        <tr>
          <th scope="col">Game</th>
          <th scope="col">Step</th>
          <th scope="col">Awaits from you</th>
          <th scope="col">Deadline</th>
        </tr>
      </thead>
      <tbody>
        {props.games.map((g) => (
          <tr key={g.id}>
            <td>
              <a href={gameHref(g.id)}>{g.title}</a>
            </td>
            {/* An ended game's label names a step that never comes: it says it has ended instead. */}
            <td>{g.over ? "ended" : g.label}</td>
            <td>{awaitsFromYou(g)}</td>
            <td>
              <Deadline game={g} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function OpenGames(props: { games: GameSummary[] }) {
  if (props.games.length === 0) return <p>No game has an open seat now.</p>;
  return (
    <table>
      <caption className="sr-only">Open games</caption>
      <thead>
        <tr>
          <th scope="col">Game</th>
          <th scope="col">Ruleset</th>
          <th scope="col">Game master</th>
          <th scope="col">Open seats</th>
        </tr>
      </thead>
      <tbody>
        {props.games.map((g) => (
          <tr key={g.id}>
            <td>
              <a href={gameHref(g.id)}>{g.title}</a>
            </td>
            <td>
              {g.rulesetTitle}, {g.scenario}
            </td>
            <td>{g.creator}</td>
            <td>
              {g.seats
                .filter((s) => s.holder.kind === "open")
                .map((s) => s.name)
                .join(", ")}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function NewGame(props: { rulesets: RulesetInfo[] }) {
  const [rulesetId, setRulesetId] = useState(props.rulesets[0]?.id ?? "");
  const ruleset = props.rulesets.find((r) => r.id === rulesetId);
  // Scenarios that need input files (a map, fleets) are made from the command line or the API for now.
  const scenarios = (ruleset?.scenarios ?? []).filter((s) => s.inputs.every((i) => i.min === 0));
  const [scenario, setScenario] = useState("");
  const [title, setTitle] = useState("");
  const [others, setOthers] = useState("open");
  const [hours, setHours] = useState("48");
  const [manual, setManual] = useState(false);
  const [seed, setSeed] = useState("");
  // The scenario's settings by "input.field" (a turn limit): empty ones are left out, so the scenario's own stand.
  const [fieldValues, setFieldValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const chosen = scenarios.some((s) => s.id === scenario) ? scenario : (ruleset?.defaultScenario ?? scenarios[0]?.id ?? "");
  const settings = (scenarios.find((s) => s.id === chosen)?.inputs ?? []).filter((i) => i.fields && i.fields.length > 0);
  const inputs: Record<string, Record<string, number>[]> = {};
  for (const i of settings) {
    const given = Object.fromEntries(
      (i.fields ?? [])
        .filter((f) => (fieldValues[`${i.name}.${f.name}`] ?? "").trim() !== "")
        .map((f) => [f.name, Number(fieldValues[`${i.name}.${f.name}`])]),
    );
    if (Object.keys(given).length > 0) inputs[i.name] = [given];
  }

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const g = await call<GameSummary>("POST", "/api/games", {
        ruleset: rulesetId,
        scenario: chosen,
        ...(title.trim() ? { title: title.trim() } : {}),
        ...(seed.trim() ? { seed: Number(seed) } : {}),
        ...(Object.keys(inputs).length > 0 ? { inputs } : {}),
        ...(others === "open" ? {} : { bots: others }),
        deadlines: { schedule: manual ? { kind: "manual" } : { kind: "every", hours: Number(hours) } },
      });
      location.hash = gameHref(g.id);
    } catch (x) {
      setError(errorText(x));
    }
  };

  return (
    <form onSubmit={create} className="card" aria-labelledby="new-game-h">
      <h2 id="new-game-h">New game</h2>
      <p>You are its game master. Seats are taken on the game's page before you start it, where you can also give any seat to a bot.</p>
      <label htmlFor="ng-ruleset">Ruleset</label>
      <select id="ng-ruleset" value={rulesetId} onChange={(e) => setRulesetId(e.target.value)}>
        {props.rulesets.map((r) => (
          <option key={r.id} value={r.id}>
            {r.title}
          </option>
        ))}
      </select>
      <label htmlFor="ng-scenario">Scenario</label>
      <select id="ng-scenario" value={chosen} onChange={(e) => setScenario(e.target.value)}>
        {scenarios.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </select>
      {settings.map((i) => (
        <fieldset key={i.name}>
          <legend>Settings (optional)</legend>
          <p className="hint">Left empty, each is the scenario's own.</p>
          {(i.fields ?? []).map((f) => {
            const key = `${i.name}.${f.name}`;
            const id = `ng-${i.name}-${f.name}`;
            return (
              <div key={key}>
                <label htmlFor={id}>{f.description}</label>
                <input
                  id={id}
                  type="number"
                  min={f.min}
                  max={f.max}
                  step={1}
                  value={fieldValues[key] ?? ""}
                  onChange={(e) => setFieldValues({ ...fieldValues, [key]: e.target.value })}
                />
              </div>
            );
          })}
        </fieldset>
      ))}
      <label htmlFor="ng-title">Title (optional)</label>
      <input id="ng-title" value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} />
      <label htmlFor="ng-others">Every seat to start with</label>
      <select id="ng-others" value={others} onChange={(e) => setOthers(e.target.value)}>
        <option value="open">open for players</option>
        {(ruleset?.bots ?? []).map((b) => (
          <option key={b.level} value={b.level}>
            played by the {b.level} bot
          </option>
        ))}
      </select>
      <label htmlFor="ng-seed">Seed (optional: the same seed, the same dice)</label>
      <input id="ng-seed" type="number" step={1} value={seed} onChange={(e) => setSeed(e.target.value)} />
      <fieldset>
        <legend>Schedule</legend>
        <label className="inline">
          <input type="checkbox" checked={manual} onChange={(e) => setManual(e.target.checked)} /> the game master runs every step
        </label>
        {!manual && (
          <>
            <label htmlFor="ng-hours">Hours between deadlines</label>
            <input id="ng-hours" type="number" min={1} max={8760} value={hours} onChange={(e) => setHours(e.target.value)} />
          </>
        )}
        <p className="hint">A step also runs as soon as every awaited seat has submitted.</p>
      </fieldset>
      <button type="submit">Create game</button>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </form>
  );
}

export function Lobby() {
  const [mine, setMine] = useState<GameSummary[] | null>(null);
  const [open, setOpen] = useState<GameSummary[] | null>(null);
  const [rulesets, setRulesets] = useState<RulesetInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      const [m, o, r] = await Promise.all([
        call<{ games: GameSummary[] }>("GET", "/api/games?mine=true"),
        call<{ games: GameSummary[] }>("GET", "/api/games"),
        call<{ rulesets: RulesetInfo[] }>("GET", "/api/rulesets"),
      ]);
      setMine(m.games);
      setOpen(o.games.filter((g) => !m.games.some((x) => x.id === g.id)));
      setRulesets(r.rulesets);
    } catch (e) {
      setError(errorText(e));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <>
      <h1>Lobby</h1>
      {error && <p role="alert">{error}</p>}
      <GamesSection id="mine" title="Your games" loaded={mine && <MyGames games={mine} />} />
      <GamesSection id="open" title="Open games" loaded={open && <OpenGames games={open} />} />
      {rulesets && <NewGame rulesets={rulesets} />}
      {rulesetPages().length > 0 && (
        <section aria-labelledby="tools-h">
          <h2 id="tools-h">Tools</h2>
          <ul>
            {rulesetPages().map((p) => (
              <li key={`${p.ruleset}/${p.name}`}>
                <a href={rulesetPageHref(p.ruleset, p.name)}>{p.title}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
