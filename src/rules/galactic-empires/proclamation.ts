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

/**
 * Scripts whose words are written with vowel letters: a word of one of them with no vowel is keyboard junk
 * ("qwrtz", "йцкнг"). Abjads (Arabic, Hebrew), abugidas (Devanagari, Thai...) and syllabaries (Hangul, kana)
 * write vowels otherwise or not at all, so their words need none.
 */
const VOWELS: readonly [script: RegExp, vowel: RegExp][] = [
  [/\p{Script=Latin}/u, /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿāăąēĕėęěīĭįıōŏőœūŭůűųŷ]/u],
  [/\p{Script=Cyrillic}/u, /[аеёиоуыэюяіїєўѣѵ]/u],
  [/\p{Script=Greek}/u, /[αεηιουωάέήίόύώϊϋΐΰ]/u],
  [/\p{Script=Armenian}/u, /[աեէըիոօւ]/u],
];
/** Each character of these is a word (or a syllable of one): they are written without spaces between words. */
const SYLLABIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Alphabets written without spaces between words: a run of their letters counts one word per RUN_LETTERS_PER_WORD letters. */
const UNSPACED = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const RUN_LETTERS_PER_WORD = 4;
/** Letters weigh what they write: a Han character or a kana a syllable or a word (3), a Hangul block a syllable (2). */
const HANGUL = /\p{Script=Hangul}/u;
/** Inside a word: letters, combining marks, apostrophes, hyphens and the joiners some scripts need. */
const WORD = /^(?:[\p{L}\p{M}'’-]|\u200c|\u200d)+$/u;
/** The scripts of a word's letters, ignoring marks, apostrophes and joiners. */
const SCRIPTS: readonly RegExp[] = [
  ...VOWELS.map(([script]) => script),
  /\p{Script=Arabic}/u,
  /\p{Script=Hebrew}/u,
  /\p{Script=Devanagari}/u,
  /\p{Script=Bengali}/u,
  /\p{Script=Tamil}/u,
  /\p{Script=Georgian}/u,
  /\p{Script=Ethiopic}/u,
  HANGUL,
  SYLLABIC,
  UNSPACED,
];

/** One word of a proclamation, and how many words it counts for. */
interface Word {
  text: string;
  count: number;
  /** Written without spaces: it is not counted against the text as a repeated word. */
  unspaced: boolean;
}

/**
 * The words of a text, in any script: split on white space, outer punctuation stripped,
 * pure numbers and punctuation dropped; a Han character or a kana is a word of its own,
 * and a run of Thai, Lao, Khmer or Myanmar letters counts one word per 4 letters.
 */
export function proclamationTokens(text: string): Word[] {
  const out: Word[] = [];
  const add = (raw: string) => {
    const w = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu, "").toLowerCase();
    if (w === "" || /^[\p{N}\p{P}\p{S}]+$/u.test(w)) return;
    if (UNSPACED.test(w)) {
      const letters = (w.match(/\p{L}/gu) ?? []).length;
      out.push({ text: w, count: Math.max(1, Math.ceil(letters / RUN_LETTERS_PER_WORD)), unspaced: true });
    } else out.push({ text: w, count: 1, unspaced: false });
  };
  for (const token of text.split(/\s+/)) {
    if (!SYLLABIC.test(token)) {
      add(token);
      continue;
    }
    // Han and kana: each character a word; what stands between them (other letters, punctuation) is split off.
    let run = "";
    for (const ch of token) {
      if (SYLLABIC.test(ch)) {
        add(run);
        run = "";
        out.push({ text: ch, count: 1, unspaced: false });
      } else if (/[\p{L}\p{M}\p{N}'’-]/u.test(ch)) run += ch;
      else {
        add(run);
        run = "";
      }
    }
    add(run);
  }
  return out;
}

/** The words of a text (see `proclamationTokens`), lower-cased. */
export function proclamationWords(text: string): string[] {
  return proclamationTokens(text).map((w) => w.text);
}

/**
 * A word that could be in a dictionary, in any script: letters (with combining marks,
 * ' and -) of one script; in a script written with vowel letters, at least one vowel;
 * in a script written with spaces, at most 15 letters.
 */
export function wordLike(w: string): boolean {
  if (!WORD.test(w)) return false;
  const scripts = SCRIPTS.filter((s) => s.test(w));
  if (scripts.length > 1) return false;
  if (SYLLABIC.test(w) || UNSPACED.test(w)) return true;
  if ((w.match(/\p{L}/gu) ?? []).length > PROCLAMATION_MAX_WORD_LENGTH) return false;
  const vowels = VOWELS.find(([script]) => script.test(w));
  return vowels === undefined || vowels[1].test(w);
}

/** Letters of a text, each weighed by what it writes: a Han character or a kana 3, a Hangul block 2, any other letter 1. */
export function proclamationLetters(text: string): number {
  let n = 0;
  for (const ch of text.match(/\p{L}/gu) ?? []) n += SYLLABIC.test(ch) ? 3 : HANGUL.test(ch) ? 2 : 1;
  return n;
}

/**
 * Rate a proclamation, in any script. In order: any profane word costs 7 ("Your
 * population does not want to hear vulgarities"); fewer than 8 words or 40 letters
 * earns nothing ("too short"); fewer than 70% dictionary-like words, or one word
 * making up more than half of the words, is gibberish and costs 7; anything else earns 7.
 */
export function rateProclamation(text: string): ProclamationRating {
  const tokens = proclamationTokens(text);
  for (const { text: w } of tokens) {
    const bare = w.replace(/['’-]/g, "");
    if (PROFANE_WORDS.has(bare) || PROFANE_STEMS.some((p) => bare.startsWith(p))) {
      return { income: -PROCLAMATION_INCOME, verdict: "profane", reason: `"${w}" is a vulgarity` };
    }
  }
  const words = tokens.reduce((n, w) => n + w.count, 0);
  const letters = proclamationLetters(text);
  if (words < PROCLAMATION_MIN_WORDS || letters < PROCLAMATION_MIN_LETTERS) {
    return {
      income: 0,
      verdict: "too-short",
      reason: `${words} words and ${letters} letters; at least ${PROCLAMATION_MIN_WORDS} words and ${PROCLAMATION_MIN_LETTERS} letters are needed`,
    };
  }
  const like = tokens.reduce((n, w) => n + (wordLike(w.text) ? w.count : 0), 0);
  if (like < PROCLAMATION_WORDLIKE_SHARE * words) {
    return {
      income: -PROCLAMATION_INCOME,
      verdict: "gibberish",
      reason: `only ${like} of ${words} words look like words (at least ${PROCLAMATION_WORDLIKE_SHARE * 100}% must)`,
    };
  }
  const counts = new Map<string, number>();
  for (const w of tokens) if (!w.unspaced) counts.set(w.text, (counts.get(w.text) ?? 0) + 1);
  for (const [w, n] of counts) {
    if (n > PROCLAMATION_REPEAT_SHARE * words) {
      return { income: -PROCLAMATION_INCOME, verdict: "gibberish", reason: `"${w}" is ${n} of the ${words} words` };
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
    // The check: the rating is the text's alone; only a fine reads the treasury (it takes no more than there is).
    if (ctx.preview) ctx.about = rating.income < 0 ? [`empire:${io.empire}`] : [];
    ctx.message(
      [io.empire],
      `Proclamation issued (${rating.verdict}: ${rating.reason}): ${effect >= 0 ? "+" : ""}${fmt(effect)} resources.`,
    );
  }
}
