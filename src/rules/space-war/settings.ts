/**
 * Named settings: where a garbled or silent passage has another plausible reading (RULINGS.md), the reading chosen is
 * the default and the other is a setting. Settings are plain data, given with a squadron (the design check) or, later,
 * with a scenario. The one marked "Later" (`ctValue`) is declared and not read yet.
 */
import { z } from "zod";

export const settingsSchema = z
  .object({
    /** C.4: a +1 card turns the SHOTS table's "-" (l.621) into a 6. Default: "-" stays no hit. */
    cardsLiftNoHit: z.boolean({ error: "cardsLiftNoHit: true or false" }).default(false),
    /** C.31: fighters, too, may fire Lasers and Expendables into another 90° arc (l.635). Default: vessels only. */
    fighterArcs: z.boolean({ error: "fighterArcs: true or false" }).default(false),
    /** C.36: a prisoner fighter (l.454) costs nothing. Default: it is priced as any fighter. */
    prisonersFree: z.boolean({ error: "prisonersFree: true or false" }).default(false),
    /** C.32: "Optional: allow the CT's to choose 11 craft from among their 3 designs" (l.917). Default: the fixed force. */
    ctChoice: z.boolean({ error: "ctChoice: true or false" }).default(false),
    /** C.2: the CT designs priced as printed ("value 9", l.909-913) rather than by the table. Later. */
    ctValue: z.enum(["table", "printed"], { error: "ctValue: table or printed" }).default("table"),
    /** C.5: the lost rear-shot exception (l.400): a shot from the rear 90° damages engines and thrusters first (S9 marks `Craft.rearHits`). */
    rearShots: z.boolean({ error: "rearShots: true or false" }).default(false),
    /** C.6: giving up counts lost craft (l.1027) or lost vessels (l.293, l.416); read by S3. */
    giveUpCounts: z.enum(["craft", "vessels"], { error: "giveUpCounts: craft or vessels" }).default("craft"),
    /** C.13: the franchise penalty's medal is the leader's choice (l.797) or random (l.1050); read after the game. */
    franchisePenalty: z.enum(["choice", "random"], { error: "franchisePenalty: choice or random" }).default("choice"),
    /** "Start your squadron within 6" of your planet" (l.892): measured from the planet's edge, or from its centre. */
    deployFrom: z.enum(["edge", "centre"], { error: "deployFrom: edge or centre" }).default("edge"),
    /** E.10: the campaign is won by the most medals the crews hold at its end, or the most earned over its games. */
    campaignWinner: z.enum(["held", "earned"], { error: "campaignWinner: held or earned" }).default("held"),
    /**
     * The Wall of Battle's order of play (l.1031): decided at random "for the entire game at the start" ("game"), or
     * "Optionally ... at the start of each complete turn using Squadron Cards" ("turn", C.35: shuffled each turn).
     */
    wallOrder: z.enum(["game", "turn"], { error: "wallOrder: game or turn" }).default("game"),
    /**
     * The Wall of Battle's Valour (l.1033): every craft of an enemy squadron lost, and this squadron destroyed at least
     * one of them ("shared", as the two-seat Valour reads), or destroyed every one itself ("alone").
     */
    wallValour: z.enum(["shared", "alone"], { error: "wallValour: shared or alone" }).default("shared"),
  })
  .strict();

export type Settings = z.output<typeof settingsSchema>;

/** The readings RULINGS.md chose; frozen, as it is shared. */
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze(settingsSchema.parse({}));
