/**
 * Proclamations: seed 003 chapter 4, "Proclamations Income", and chapter 1,
 * "Messages Menu" ("Issue Proclamation"): a suitable proclamation earns 7, a too
 * short one nothing, a profane or gibberish one costs 7.
 *
 * "Suitable" is a GM's judgement in the rulebook; here it is an objective test
 * anyone can run on their text before sending it (RULINGS: "Suitable proclamations").
 */
import { PROCLAMATION_INCOME } from "./catalog.js";
import type { TurnContext } from "./context.js";
import { fmt } from "./economy.js";

/** A proclamation shorter than this many words or letters is "too short". */
export const PROCLAMATION_MIN_WORDS = 8;
export const PROCLAMATION_MIN_LETTERS = 40;
/** At least this share of the words must look like words, or it is gibberish. */
export const PROCLAMATION_WORDLIKE_SHARE = 0.7;
/** No one word may be more than this share of the words (spam). */
export const PROCLAMATION_REPEAT_SHARE = 0.5;
export const PROCLAMATION_MAX_WORD_LENGTH = 15;

/** Words that are profane however they are used, also as the start of a longer word ("fucking"). */
const PROFANE_STEMS = ["fuck", "shit", "cunt", "bitch", "asshole", "wanker", "whore", "motherf", "bullshit", "twat", "slut"];
/** Words profane only as themselves (as prefixes they start innocent words: "cocktail", "dickens", "pissarro"). */
const PROFANE_WORDS: ReadonlySet<string> = new Set([
  "cock",
  "cocks",
  "dick",
  "dicks",
  "piss",
  "pissed",
  "bastard",
  "bastards",
  "arse",
  "prick",
  "pricks",
  "crap",
]);

export type ProclamationRating = { income: number; verdict: "suitable" | "too-short" | "profane" | "gibberish"; reason: string };

const VOWEL = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿ]/;
const WORD = /^[\p{L}'’-]+$/u;

/** The words of a text: split on white space, outer punctuation stripped, pure numbers and punctuation dropped. */
export function proclamationWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\s+/)) {
    const w = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "").toLowerCase();
    if (w === "" || /^[\p{N}.,:/%-]+$/u.test(w)) continue;
    out.push(w);
  }
  return out;
}

/** A word that could be in a dictionary: letters (with ' and -), a vowel, at most 15 long. */
export function wordLike(w: string): boolean {
  return WORD.test(w) && VOWEL.test(w) && w.length <= PROCLAMATION_MAX_WORD_LENGTH;
}

/**
 * Rate a proclamation. In order: any profane word costs 7 ("Your population does
 * not want to hear vulgarities"); fewer than 8 words or 40 letters earns nothing
 * ("too short"); fewer than 70% dictionary-like words, or one word making up more
 * than half of the words, is gibberish and costs 7; anything else earns 7.
 */
export function rateProclamation(text: string): ProclamationRating {
  const words = proclamationWords(text);
  for (const w of words) {
    const bare = w.replace(/['’-]/g, "");
    if (PROFANE_WORDS.has(bare) || PROFANE_STEMS.some((p) => bare.startsWith(p))) {
      return { income: -PROCLAMATION_INCOME, verdict: "profane", reason: `"${w}" is a vulgarity` };
    }
  }
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  if (words.length < PROCLAMATION_MIN_WORDS || letters < PROCLAMATION_MIN_LETTERS) {
    return {
      income: 0,
      verdict: "too-short",
      reason: `${words.length} words and ${letters} letters; at least ${PROCLAMATION_MIN_WORDS} words and ${PROCLAMATION_MIN_LETTERS} letters are needed`,
    };
  }
  const like = words.filter(wordLike).length;
  if (like < PROCLAMATION_WORDLIKE_SHARE * words.length) {
    return {
      income: -PROCLAMATION_INCOME,
      verdict: "gibberish",
      reason: `only ${like} of ${words.length} words look like words (at least ${PROCLAMATION_WORDLIKE_SHARE * 100}% must)`,
    };
  }
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  for (const [w, n] of counts) {
    if (n > PROCLAMATION_REPEAT_SHARE * words.length) {
      return { income: -PROCLAMATION_INCOME, verdict: "gibberish", reason: `"${w}" is ${n} of the ${words.length} words` };
    }
  }
  return { income: PROCLAMATION_INCOME, verdict: "suitable", reason: "a suitable proclamation" };
}

/**
 * Chapter 4, "Proclamations Income": one proclamation per empire per turn (later
 * ones fail); +7 if suitable, 0 if too short, -7 if profane or gibberish, never
 * taking the treasury below 0. Every empire hears it (chapter 1: "send an
 * announcement to all other realms").
 */
export function proclamationsIncome(ctx: TurnContext): void {
  const done = new Set<string>();
  for (const io of ctx.ordersOf("proclaim")) {
    if (done.has(io.empire)) {
      ctx.fail(io, "one-proclamation", "only one proclamation a turn earns or counts; this one was not issued");
      continue;
    }
    done.add(io.empire);
    const rating = rateProclamation(io.order.text);
    let effect = 0;
    if (rating.income > 0) {
      ctx.credit(io.empire, rating.income);
      effect = rating.income;
    } else if (rating.income < 0) {
      effect = -Math.min(-rating.income, ctx.treasury(io.empire));
      ctx.pay(io.empire, -effect);
    }
    ctx.events.push({
      kind: "proclamation",
      to: "all",
      step: ctx.stepLabel(),
      from: io.empire,
      text: io.order.text,
      income: rating.income,
    });
    ctx.message(
      [io.empire],
      `Proclamation issued (${rating.verdict}: ${rating.reason}): ${effect >= 0 ? "+" : ""}${fmt(effect)} resources.`,
    );
  }
}
