/** The seeds' own examples not covered by a part's tests, each named after its passage (seed 000). */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { satharWar } from "../../src/rules/sathar-war/index.js";
import type { SatharWarState } from "../../src/rules/sathar-war/model.js";
import { createCampaign, seatsFor } from "../../src/rules/sathar-war/setting-up/create.js";

describe("seed 000 examples", () => {
  it('Determining Sides: "if there are three UPF players, each could take a single task force and the militias of three planets"', () => {
    const s = createCampaign({}, seatsFor(3));
    const forcesOf = (seat: string) =>
      new Set(
        Object.values(s.ships)
          .filter((x) => x.seat === seat)
          .map((x) => x.force),
      );
    const taskForces = ["Task Force Cassidine", "Task Force Prenglar", "Strike Force NOVA"];
    for (const seat of ["upf1", "upf2", "upf3"]) {
      const mine = forcesOf(seat);
      // One task force each (the non-attached ships go with NOVA), and three or four of the ten militias.
      expect(
        taskForces.filter((f) => mine.has(f)),
        seat,
      ).toHaveLength(1);
      const militias = [...mine].filter((f) => f.endsWith("Militia"));
      expect(militias.length, `${seat}: ${militias.join(", ")}`).toBeGreaterThanOrEqual(3);
      expect(militias.length).toBeLessThanOrEqual(4);
    }
    expect(forcesOf("sathar")).toEqual(new Set(["Sathar"]));
  });

  it('Sathar Start Circles: "The boxes leading to Prenglar represent the number of days the Sathar ships need to slow down" (placed at the set-up, in Prenglar on day redBoxes + 1)', () => {
    let s: SatharWarState = satharWar.scenarios.war!.create(1, undefined);
    const circle = s.map.circles.find((c) => c.id === "ssc-prenglar")!;
    const placed = ["S-HC1", "S-HC2", "S-DD01", "S-DD02", "S-DD03", "S-DD04", "S-DD05", "S-DD06", "S-DD07", "S-DD08"];
    const others = ["S-LC1", "S-LC2", "S-LC3", "S-LC4", "S-LC5", "S-FF1", "S-FF2", "S-FF3", "S-FF4", "S-FF5"];
    const orders = (list: object[]) => ({ orders: list }) as never;
    s = satharWar.resolve(s, { upf: orders([]) }, Rng.fromSeed(1)).state;
    s = satharWar.resolve(
      s,
      {
        sathar: orders([
          { type: "retreat", condition: 4 },
          { type: "place", ships: placed, circle: "ssc-prenglar" },
          { type: "place", ships: others, circle: "ssc-zebulon" },
        ]),
      },
      Rng.fromSeed(2),
    ).state;
    const at = () => s.ships["S-HC1"]!.location;
    let arrived = 0;
    for (let step = 0; step < 40 && arrived === 0; step++) {
      const seats = satharWar.awaiting(s);
      s = satharWar.resolve(s, Object.fromEntries(seats.map((x) => [x, orders([])])), Rng.fromSeed(3 + step)).state;
      const l = at();
      // The Sathar moved this day (their movement comes first): where they are after it is where they spend the day.
      if (l.kind === "system" && l.system === "prenglar") arrived = s.day;
    }
    expect(circle.redBoxes).toBe(5);
    expect(arrived).toBe(circle.redBoxes + 1);
  });
});
