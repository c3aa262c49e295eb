/**
 * Seed 003 chapter 4, "Proclamations Income", and chapter 1, "Messages Menu": a
 * suitable proclamation earns 7, a too short one nothing, a profane or gibberish
 * one costs 7 (RULINGS.md, "Suitable proclamations"). "Suitable" holds in any
 * script, and the check says what the turn will decide.
 */
import { describe, expect, it } from "vitest";
import { Rng } from "../../src/core/rng.js";
import { galacticEmpires as ge } from "../../src/rules/galactic-empires/index.js";
import { rateProclamation } from "../../src/rules/galactic-empires/proclamation.js";
import { createTutorial } from "../../src/rules/galactic-empires/scenarios/tutorial.js";

/** One honest proclamation per script: peace and trade offered, aggression warned against. */
const PROPER: Record<string, string> = {
  English: "Greetings to all the rulers of the galaxy: the Klingon Empire seeks honour, trade and a glorious peace.",
  Russian: "Слава Империи! Наши флоты готовы защищать мир в квадранте, и враги будут повержены.",
  Greek: "Χαιρετισμούς σε όλους τους άρχοντες του γαλαξία: η αυτοκρατορία μας προσφέρει ειρήνη και εμπόριο.",
  Hebrew: "אנו, האימפריה הקלינגונית, מציעים שלום וסחר לכל שליטי הגלקסיה, אך לא נסבול תוקפנות נגד גבולותינו.",
  Arabic: "نحن الإمبراطورية الكلينغونية نقدم السلام والتجارة لجميع حكام المجرة، لكننا لن نتسامح مع أي عدوان على حدودنا.",
  Hindi: "हम क्लिंगन साम्राज्य आकाशगंगा के सभी शासकों को शांति और व्यापार का प्रस्ताव देते हैं, परंतु आक्रमण सहन नहीं करेंगे।",
  Chinese: "银河系的各位统治者：克林贡帝国寻求荣誉、贸易和光荣的和平。我们的舰队随时准备保卫这片星域。",
  Japanese: "銀河の支配者の皆さん、クリンゴン帝国は名誉と交易と栄光ある平和を求めています。",
  Korean: "우리 제국은 은하계의 모든 통치자들에게 평화와 무역을 제안합니다. 그러나 침략에는 단호히 맞설 것입니다.",
  Thai: "จักรวรรดิคลิงออนขอเสนอสันติภาพและการค้าแก่ผู้ปกครองทุกคนในกาแล็กซี แต่เราจะไม่ยอมให้ใครรุกรานพรมแดนของเรา",
};

describe("chapter 4 'Proclamations Income': 'suitable' holds in any script", () => {
  for (const [language, text] of Object.entries(PROPER)) {
    it(`a proper proclamation in ${language} earns 7`, () => {
      expect(rateProclamation(text)).toEqual({ income: 7, verdict: "suitable", reason: "a suitable proclamation" });
    });
  }

  it("junk is gibberish in any script: words without vowels, one word over and over, words of two scripts at once", () => {
    expect(rateProclamation("asdfgh qwrtz xcvbn lkjhg zxcvb mnbvc qwrty plmkn bvcxz hjklw").verdict).toBe("gibberish");
    expect(rateProclamation("йцкнг шщзхфв пртлдж кнгшщ вспрлд жджлдр цкнгшз фвпрлд").verdict).toBe("gibberish");
    expect(rateProclamation("帝帝帝帝帝帝帝帝帝帝帝帝帝帝帝帝帝帝").verdict).toBe("gibberish");
    expect(rateProclamation("слава слава слава слава слава слава слава слава Империи и флоту").verdict).toBe("gibberish");
    expect(rateProclamation("Рrivet mир frиends и граждане, hаш флот готов к бою зa мир").verdict).toBe("gibberish");
  });

  it("too short in any script: 8 words and 40 letters, a Han character or kana weighing 3 letters and a Hangul block 2", () => {
    expect(rateProclamation("Слава Империи и её флотам!").verdict).toBe("too-short");
    expect(rateProclamation("帝国万岁，舰队必胜！").verdict).toBe("too-short"); // 8 words, 24 letters
    expect(rateProclamation("帝国万岁，舰队必胜！敌人终将败退。").verdict).toBe("suitable"); // 14 words, 42 letters
  });
});

describe("the check says what the turn will decide about a proclamation", () => {
  function both(text: string) {
    const s = createTutorial(1);
    const orders = { orders: [{ type: "proclaim" as const, text }] };
    const check = ge.check(s, "klingon", orders);
    const res = ge.resolve(s, { klingon: orders }, Rng.forTurn(1, 1));
    const issued = res.events.find((e) => e.kind === "proclamation");
    return { check, income: issued?.kind === "proclamation" ? issued.income : null };
  }

  it("a proper Russian proclamation: the turn pays 7, and the check finds nothing to warn about", () => {
    const { check, income } = both(PROPER.Russian as string);
    expect(income).toBe(7);
    expect(check.problems).toEqual([]);
  });

  it("gibberish: the turn fines 7, and the check says so as a problem of the order", () => {
    const { check, income } = both("asdfgh qwrtz xcvbn lkjhg zxcvb mnbvc qwrty plmkn bvcxz hjklw");
    expect(income).toBe(-7);
    expect(check.ok).toBe(false);
    expect(check.problems).toEqual([
      {
        order: "#0 proclaim",
        code: "unsuitable-proclamation",
        message:
          'the proclamation will be issued and cost you 7 resources: the turn rates it gibberish (only 2 of 10 words look like words (at least 70% must); chapter 4, "Proclamations Income")',
      },
    ]);
  });

  it("too short: the turn pays nothing, and the check says so", () => {
    const { check, income } = both("Glory to the Empire!");
    expect(income).toBe(0);
    expect(check.problems.map((p) => p.code)).toEqual(["proclamation-too-short"]);
  });
});
