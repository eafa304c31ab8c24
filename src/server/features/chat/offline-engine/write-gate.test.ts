import { describe, expect, it } from "vitest";
import { toIsoDate } from "../../../../shared/calendar-date.js";
import { readCase, outcomeOf } from "../skills/corpus-check.js";
import type { KnownAnnotation } from "./known-annotations.js";
import { completedTitle, correctedText } from "./gate-follow-ups.js";
import { guardWrites, nearlySameTitle, quotedInMessage, titleNamesNothing } from "./write-gate.js";

/** The write gate's guards, one class at a time: none of these readings may be written at once. */
const today = { year: 2026, month: 12, day: 6 };
const categories = ["Campaigns", "Incidents", "Paid Social", "Site/App Releases"];
const known: KnownAnnotation[] = [
  { title: "Black Friday sale", date: "2026-11-27" },
  { title: "campaign", date: "2026-11-02" },
  { title: "Newsletter #47", date: "2026-11-12" },
];
const read = (message: string, annotations: readonly KnownAnnotation[] = known) =>
  readCase(message, today, undefined, categories, annotations);

describe("a title that is already an annotation here", () => {
  it("is the same one whatever its case, marks or a slip of the keys", () => {
    expect(nearlySameTitle("Black Friday sale", "black friday sale!")).toBe(true);
    expect(nearlySameTitle("Black Friday sale", "Black Firday sale")).toBe(true);
    expect(nearlySameTitle("Newsletter #47", "newsletter 47")).toBe(true);
    // Another number is another annotation, never a slip.
    expect(nearlySameTitle("Newsletter #47", "Newsletter #48")).toBe(false);
    expect(nearlySameTitle("Black Friday sale", "Black Friday sale recap")).toBe(false);
    expect(nearlySameTitle("Q4 push", "Q3 push")).toBe(false);
  });

  it("makes a create a draft naming the one there", () => {
    const understanding = guardWrites(
      {
        intent: "create",
        title: "Black Friday Sale",
        date: { year: 2026, month: 11, day: 27 },
        missing: [],
      },
      { message: "log Black Friday Sale on Nov 27", known, categoryNames: categories, today },
    );
    expect(understanding.doubts).toContain(
      "“Black Friday sale” (2026-11-27) is already an annotation here",
    );
    expect(outcomeOf(understanding)).toBe("preview");
  });

  it("lets an outright create of the same title on another day through: a recurring event", () => {
    const guard = (message: string, day: number) =>
      guardWrites(
        {
          intent: "create",
          title: "Black Friday sale",
          date: { year: 2026, month: 11, day },
          missing: [],
        },
        { message, known, categoryNames: categories, today },
      );
    expect(outcomeOf(guard("add 'Black Friday sale' on Nov 20", 20))).toBe("write");
    // The same day, or said without asking for a new one, is the one that is there.
    expect(outcomeOf(guard("add 'Black Friday sale' on Nov 27", 27))).toBe("preview");
    expect(outcomeOf(guard("Black Friday sale went live on Nov 20", 20))).toBe("preview");
  });
});

describe("a title of no words of its own", () => {
  it.each(["a", "it", "the campaign", "green", "a campaign", "Incidents", "this one"])(
    "'%s' names nothing",
    (title) => expect(titleNamesNothing(title, categories)).toBe(true),
  );
  it.each(["Cyber Monday promo", "Launch", "Release 4.2", "Outage"])("'%s' is a name", (title) =>
    expect(titleNamesNothing(title, categories)).toBe(false),
  );

  it("is never written: a kind is its category, the name the event told of first", () => {
    const story = read(
      "Spring catalogue email went out on Dec 1 - log it as a campaign, green",
      [],
    );
    expect(story).toMatchObject({
      intent: "create",
      title: "Spring catalogue email went out",
      category: "campaign",
      color: "GREEN",
      date: { year: 2026, month: 12, day: 1 },
    });
    expect(outcomeOf(story)).toBe("preview");
    const bare = read("log it as a campaign, green", []);
    expect(bare.title).toBeUndefined();
    expect(bare.missing).toContain("title");
  });

  it("is the person's when they quoted it", () => {
    expect(quotedInMessage("Incidents", 'log "Incidents" today')).toBe(true);
    expect(read('log "Incidents" today', []).title).toBe("Incidents");
  });
});

describe("an unquoted title led by an article", () => {
  it("is shown as a draft naming the thing, never written", () => {
    const understanding = read("log the Cyber Monday promo on the 30th as purple", []);
    expect(understanding).toMatchObject({
      intent: "create",
      color: "PURPLE",
      title: "Cyber Monday promo",
    });
    expect(understanding.doubts).toContain("I left “the” out of the title");
    expect(outcomeOf(understanding)).toBe("preview");
  });
});

describe("an unquoted title that ends mid-phrase", () => {
  it("is shown as a draft, never written", () => {
    for (const message of ["add Newsletter test for a", "add Launch of the"]) {
      const understanding = read(message, []);
      expect(understanding.doubts?.join(" "), message).toContain("ends mid-phrase");
      expect(outcomeOf(understanding), message).toBe("preview");
    }
    // Quoted, it is the person's own title, word for word.
    expect(read('log "Buy one get one for a" on the 3rd', []).doubts ?? []).not.toContain(
      "“Buy one get one for a” ends mid-phrase",
    );
  });
});

describe("a range read from the words around a title", () => {
  it.each([
    ["add Newsletter test for a week from Nov 9", "Newsletter test", "2026-11-09", "2026-11-15"],
    ["add Podcast flight for 3 days from the 12th", "Podcast flight", "2026-11-12", "2026-11-14"],
    [
      'add "Learning period" starting Nov 4, for 5 days',
      "Learning period",
      "2026-11-04",
      "2026-11-08",
    ],
    ["add 'Out of stock' all last week, red", "Out of stock", "2026-11-23", "2026-11-29"],
  ])("%s", (message, title, start, end) => {
    const understanding = read(message, []);
    expect(understanding.title).toBe(title);
    expect(toIsoDate(understanding.date!)).toBe(start);
    expect(toIsoDate(understanding.endDate!)).toBe(end);
    expect(understanding.doubts ?? []).toEqual([]);
  });
});

describe("a statement that calls the annotation a note", () => {
  it("deletes nothing and empties no field when it says delete it", () => {
    const understanding = read("the Newsletter #47 note is wrong, delete it");
    expect(understanding.newDescription).toBeUndefined();
    expect(outcomeOf(understanding)).not.toBe("write");
  });
});

describe("a list of attributes after a title, whatever stage took the title", () => {
  it("is read apart from the name", () => {
    const understanding = read("log Email platform outage, incidents", []);
    expect(understanding).toMatchObject({ title: "Email platform outage", category: "incidents" });
  });
});

describe("a known title that is only the end of a longer name", () => {
  it("is a new annotation's name, with its range, offered as a draft", () => {
    const understanding = read("Google Ads brand campaign paused from Nov 20 to Nov 25");
    expect(understanding).toMatchObject({
      intent: "create",
      title: "Google Ads brand campaign",
      date: { year: 2026, month: 11, day: 20 },
      endDate: { year: 2026, month: 11, day: 25 },
    });
    expect(understanding.target).toBeUndefined();
    expect(outcomeOf(understanding)).toBe("preview");
  });

  it("keeps a description said with it as the new one's description", () => {
    const understanding = read(
      "TikTok influencer campaign ran 3rd to 5th december, purple, description: 3 creators, AU only",
    );
    expect(understanding).toMatchObject({
      intent: "create",
      title: "TikTok influencer campaign",
      description: "3 creators, AU only",
      color: "PURPLE",
      endDate: { year: 2026, month: 12, day: 5 },
    });
  });
});

describe("an event told without asking", () => {
  it.each([
    ["Instagram giveaway started Dec 1 till Dec 4", "Instagram giveaway", 1, 4],
    ["Newsletter redesign went live 3 dec till 5 dec", "Newsletter redesign went live", 3, 5],
    ["the TikTok collab ran 2nd to 4th december", "TikTok collab", 2, 4],
  ])("'%s' is a draft of a range", (message, title, first, last) => {
    const understanding = read(message, []);
    expect(understanding).toMatchObject({
      intent: "create",
      title,
      date: { year: 2026, month: 12, day: first },
      endDate: { year: 2026, month: 12, day: last },
    });
    expect(outcomeOf(understanding)).toBe("preview");
  });

  it("is not a question or a correction", () => {
    expect(read("whats there for yesterday", []).intent).not.toBe("create");
    expect(read("google's core update rolled out on the 12th, not the 11th", []).intent).not.toBe(
      "create",
    );
  });
});

describe("a change", () => {
  it("never renames to a title of no words of its own", () => {
    const understanding = guardWrites(
      {
        intent: "update",
        target: { kind: "title", title: "Black Friday sale" },
        newTitle: "it",
        missing: [],
      },
      { message: "rename Black Friday sale to it", known, categoryNames: categories, today },
    );
    expect(outcomeOf(understanding)).toBe("preview");
  });
});

describe("a follow-up about the annotation in focus", () => {
  it("marks days said by their number alone, so they fall in the annotation's month", () => {
    expect(read("actually the 5th", []).bareDays).toBe(true);
    expect(read("it lasted through the 12th", []).bareDays).toBe(true);
    expect(read("actually Nov 5th", []).bareDays).toBeUndefined();
    expect(read("actually last friday", []).bareDays).toBeUndefined();
  });

  it.each([
    ['also put "120k households" as the description', "120k households"],
    ["add a note that orders shipped 2 days late", "orders shipped 2 days late"],
    ['n add desc "-18% organic"', "-18% organic"],
  ])("reads '%s' as the focused annotation's description", (message, text) => {
    expect(read(message, [])).toMatchObject({
      intent: "update",
      pointsBack: true,
      newDescription: text,
    });
  });

  it("gives a description to the annotation named, and leaves a new one's alone", () => {
    expect(read('for the black friday sale, put "Up to 40% off" in the description')).toMatchObject(
      {
        intent: "update",
        target: { kind: "title", title: "Black Friday sale" },
        newDescription: "Up to 40% off",
      },
    );
    expect(read('add a note: "Tracking pixel removed"', []).intent).toBe("create");
    expect(read("we had issues last week, can you note that down", []).intent).not.toBe("update");
    expect(
      read('Create annotation "Nueva tarifa" on the 4th, with description "Precio sube 10%"', [])
        .intent,
    ).toBe("create");
  });

  it("reads 'add a description: …' as that annotation's description, never a new one", () => {
    expect(read("add a description: 3 creators, AU only", [])).toMatchObject({
      intent: "update",
      pointsBack: true,
      newDescription: "3 creators, AU only",
    });
    // A create that names its own title keeps its description.
    expect(read('add "Promo" today with a description: 20% off', [])).toMatchObject({
      intent: "create",
      title: "Promo",
    });
  });
});

describe("a typo reported in a title the property has", () => {
  it.each([
    [
      'there\'s a typo in "Newsletter #47", should be Newsletter #48',
      "Newsletter #47",
      "Newsletter #48",
    ],
    ['Oops, typo — should be "Black Friday Sales"', "Black Friday sale", "Black Friday Sales"],
    // Only the words that were wrong: the rest of the title stays.
    ['there\'s a typo in "Newsletter #47", it should be #46', "Newsletter #47", "Newsletter #46"],
    // One word, a slip of one of the title's, spelt as the title spells it.
    [
      "the autum lookbook email should be autumn, typo",
      "Autum lookbook email",
      "Autumn lookbook email",
    ],
    [
      "just noticed Autum lookbook email is missing an n, should be Autumn",
      "Autum lookbook email",
      "Autumn lookbook email",
    ],
    // Quoted after "it's", words after it.
    [
      'spelling mistake in Help centre relaunch, it\'s "Help center relaunch" for our US site',
      "Help centre relaunch",
      "Help center relaunch",
    ],
    [
      'Help centre relaunch should say "Help centre relaunch (UK)"',
      "Help centre relaunch",
      "Help centre relaunch (UK)",
    ],
  ])("'%s' is a draft renaming that one, never a new annotation", (message, title, newTitle) => {
    const understanding = read(message, [
      ...known,
      { title: "Autum lookbook email", date: "2026-10-07" },
      { title: "Help centre relaunch", date: "2026-10-14" },
    ]);
    expect(understanding).toMatchObject({
      intent: "update",
      target: { kind: "title", title },
      newTitle,
    });
    expect(outcomeOf(understanding)).toBe("preview");
  });

  it("leaves a description said as it should be to the description", () => {
    const said = read('Newsletter #47 description should say "Sent to 12k"');
    expect(said).not.toHaveProperty("newTitle");
  });

  it("corrects the words of a text a correction is a slip of, and keeps the rest", () => {
    const text = "Consent mode dropped about 30% of sessions";
    expect(correctedText(text, "about 40% of sessions")).toBe(
      "Consent mode dropped about 40% of sessions",
    );
    expect(correctedText(text, "a new description")).toBe("a new description");
  });

  it("takes a correction unlike the title's words as the whole new title", () => {
    expect(completedTitle("Newsletter #47", "#46")).toBe("Newsletter #46");
    expect(completedTitle("Spring promo email", "Sprng")).toBe("Sprng promo email");
    expect(completedTitle("Newsletter #47", "Digest")).toBe("Digest");
    expect(completedTitle("Summer sale", "Summer Sale")).toBe("Summer Sale");
  });

  it("asks what it should be when only the typo is reported", () => {
    const understanding = read("fix the typo in Black Fridy sale");
    expect(understanding).toMatchObject({
      intent: "update",
      target: { kind: "title", title: "Black Friday sale" },
    });
    expect(understanding.missing).toContain("change");
  });
});

describe("a quoted name the property does not have, filed with a day", () => {
  it("is a new annotation to file, as a draft, never a change to one that is not there", () => {
    const understanding = read('File "Cyber Monday teaser" under Campaigns for Nov 22');
    expect(understanding).toMatchObject({
      intent: "create",
      title: "Cyber Monday teaser",
      category: "Campaigns",
      date: { year: 2026, month: 11, day: 22 },
    });
    expect(outcomeOf(understanding)).toBe("preview");
  });

  it("leaves a quoted description or a known title to the change", () => {
    expect(
      read('move Black Friday sale to Nov 20 + add desc "payment gateway timeout"').intent,
    ).toBe("update");
    expect(read('file "Black Friday sale" under Campaigns').intent).toBe("update");
  });
});

describe("values said alone after an annotation was made", () => {
  it.each([
    ["brown pls", { color: "BROWN" }],
    ["purple pls, and campaigns", { color: "PURPLE", category: "Campaigns" }],
    ["two days earlier", { shiftDays: -2 }],
    ["details: new headline + hero subtitle", { newDescription: "new headline + hero subtitle" }],
  ])("'%s' changes the annotation in focus", (message, change) => {
    expect(read(message, [])).toMatchObject({ intent: "update", pointsBack: true, ...change });
  });

  it("is not read where other words remain", () => {
    expect(read("brown bears are cute", []).intent).not.toBe("update");
  });
});

describe("a create whose day was never said", () => {
  it("is a draft on today, unless today was said or a question already knew the day", () => {
    expect(read('add "Mobile app push campaign"', []).doubts).toContain(
      "you didn't say which day, so I took today",
    );
    expect(outcomeOf(read('add "Mobile app push campaign" today', []))).toBe("write");
    expect(outcomeOf(read('add "Mobile app push campaign" on the 3rd', []))).toBe("write");
  });

  it("reads 'add to <a title it has>: …' as that annotation's description", () => {
    expect(read("add to Black Friday sale: free shipping over $50")).toMatchObject({
      intent: "update",
      target: { kind: "title", title: "Black Friday sale" },
      newDescription: "free shipping over $50",
    });
    for (const message of [
      "black friday sale: add details — free shipping over $50",
      "Black Friday sale - add a description: free shipping over $50",
    ])
      expect(read(message), message).toMatchObject({
        intent: "update",
        target: { kind: "title", title: "Black Friday sale" },
        newDescription: "free shipping over $50",
      });
    // A title the property does not have is no annotation to describe.
    expect(read("Launch party: add details — 200 guests").intent).not.toBe("update");
  });
});

describe("'it' after a clause that names an annotation", () => {
  it("is that annotation, for a deletion (which waits for a yes naming it)", () => {
    for (const message of [
      "the Black Friday sale note is wrong, delete it",
      "Newsletter #47 can go, delete it",
    ])
      expect(read(message).target, message).toMatchObject({ kind: "title" });
    expect(read("Newsletter #47 can go, delete it").target).toEqual({
      kind: "title",
      title: "Newsletter #47",
    });
    // Named in an earlier sentence, it is no longer "it".
    const earlier = read("Newsletter #47 went well. The other one can go, delete it");
    expect(earlier.target).toBeUndefined();
    expect(earlier.pointsBack).toBe(true);
  });
});

describe("what the review found", () => {
  it("asks values said as a question instead of writing them", () => {
    expect(outcomeOf(read("green?", []))).toBe("preview");
    expect(outcomeOf(read("two days earlier?", []))).toBe("preview");
  });

  it("never reads a decimal or a version as a day", () => {
    const story = read('log "Checkout down" for 1.5 hours on the 3rd', []);
    expect(story.date).toEqual({ year: 2026, month: 12, day: 3 });
    expect(read("add 'Release notes' on 13.11.", []).date).toEqual({
      year: 2026,
      month: 11,
      day: 13,
    });
  });

  it("never takes a hyphenated word for a span", () => {
    expect(read('add "Autumn sale" mid-October', []).endDate).toBeUndefined();
  });

  it("shows 'add to <title>: …' as a draft, since it replaces the description", () => {
    expect(outcomeOf(read("add to Black Friday sale: free shipping over $50"))).toBe("preview");
  });
});

describe("a day written without its year", () => {
  it("is last year's, but shown first when this year's is only weeks away", () => {
    // On 2026-12-06, "Dec 20" is 2025-12-20: eleven months back, more likely a slip than meant.
    for (const message of ['log "Winter sale" on Dec 20', 'move "Newsletter #47" to Dec 20']) {
      const reading = read(message);
      expect(reading.date).toEqual({ year: 2025, month: 12, day: 20 });
      expect(reading.doubts).toContain(
        "this year's is still to come, so I took last year's: 2025-12-20",
      );
      expect(reading.sources?.date).toMatchObject({ words: "Dec 20", sure: false });
    }
    // A year said, or this year's months away, leaves the plain reading.
    expect(read('log "Winter sale" on Dec 20 2025').doubts ?? []).toEqual([]);
    expect(read('log "Spring sale" on Mar 3').doubts ?? []).toEqual([]);
    expect(read('log "Spring sale" on Mar 3').date).toEqual({ year: 2026, month: 3, day: 3 });
  });
});

describe("where each field of a change's draft came from", () => {
  it("keeps the words each changed field was read from, and only those fields", () => {
    expect(read('rename "Newsletter #47" to "Newsletter #48"').sources).toEqual({
      title: { words: "Newsletter #48", sure: true },
    });
    expect(read("move Newsletter #47 to Nov 13 and make it red").sources).toEqual({
      date: { words: "Nov 13", sure: true },
      color: { words: "red", sure: true },
    });
    expect(read("move it back two days").sources).toEqual({
      date: { words: "back two days", sure: true },
    });
    expect(read("push Newsletter #47 a week later").sources).toEqual({
      date: { words: "a week later", sure: true },
    });
  });

  it("marks the field a doubt is about: a day still to come, a title reported as a typo", () => {
    const ahead = read('move "Newsletter #47" to 2026-12-20');
    expect(ahead.sources?.date).toEqual({
      words: "2026-12-20",
      sure: false,
      doubt: "2026-12-20 is still to come",
    });
    const typo = read("there's a typo in Newsletter #47, should be Newsletter #46");
    expect(typo.sources).toEqual({
      title: {
        words: "Newsletter #46",
        sure: false,
        doubt: "you reported a typo in “Newsletter #47”",
      },
    });
  });
});

describe("a short weekday closing the message", () => {
  it("is read, shown to be checked: 'wed' and 'mon' are words too", () => {
    const bare = read("add Google Ads account suspended wed");
    expect(bare.title).toBe("Google Ads account suspended");
    expect(toIsoDate(bare.date!)).toBe("2026-12-02");
    expect(outcomeOf(bare)).toBe("preview");
    // After "on" it is plainly the day.
    expect(outcomeOf(read("add Google Ads account suspended on wed"))).toBe("write");
    // A capitalised one may be part of a name.
    expect(read("log Big Mon").title).toBe("Big Mon");
  });
});

describe("days written with slashes that read either way round", () => {
  it("are asked about, never guessed, unless another day says which way", () => {
    const either = read('add "Loyalty emails" 2/11 to 6/11');
    expect(either).toMatchObject({
      title: "Loyalty emails",
      missing: ["date"],
      unreadPeriod: "2/11",
    });
    expect(either.date).toBeUndefined();
    expect(read("add Size swap scheme 3/11-6/11")).toMatchObject({
      title: "Size swap scheme",
      missing: ["date"],
    });
    // 14/11 can only be day-first, so 12/11 is too.
    expect(read('add "Loyalty emails" 12/11 - 14/11').doubts ?? []).toEqual([]);
    // Dots are day-first: 3.11 is the 3rd of November.
    expect(read('add "Loyalty emails" on 3.11').doubts ?? []).toEqual([]);
  });
});
