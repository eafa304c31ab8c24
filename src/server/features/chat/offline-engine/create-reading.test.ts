import { describe, expect, it } from "vitest";
import { readMessage } from "../skills/reading.js";

const today = { year: 2026, month: 11, day: 23 };
const read = (message: string) =>
  readMessage({ message, today, categoryNames: ["Incidents", "Paid Social", "Experiments"] });

describe("a create that names nothing", () => {
  it("asks for the title instead of using words that only point at the event", () => {
    for (const message of [
      "log something for tuesday",
      "add this one for the 12th too",
      "note the stuff with the CDN",
      "annotate whatever broke on monday",
      "add that thing from last friday",
      "put an annotation for what we changed yesterday",
    ]) {
      const understood = read(message);
      expect(understood.title, message).toBeUndefined();
      expect(understood.missing, message).toContain("title");
    }
  });

  it("words a story's event as a title: no lead-in, aftermath, reason or dangling verb", () => {
    for (const [message, title] of [
      [
        "so the new returns page went live tuesday and sales dipped, can you log that",
        "New returns page went live",
      ],
      ["our email platform was down most of saturday, log it", "Email platform down"],
      ["i think the affiliate payout change was the 4th, maybe add it", "Affiliate payout change"],
      [
        "we turned off the exit pop-up on the 15th bc people hated it - note it pls",
        "Turned off the exit pop-up",
      ],
    ] as const) {
      const understood = read(message);
      expect(understood.title, message).toBe(title);
      // Worded by the assistant, it is shown before it is written.
      expect(understood.doubts?.length, message).toBeGreaterThan(0);
    }
  });

  it("reads the kind before “called” as the category, and “colour it” as the colour", () => {
    expect(read("add an experiment called Free delivery test from nov 2 to nov 15")).toMatchObject({
      title: "Free delivery test",
      category: "experiment",
    });
    expect(read("add Referral scheme launched on the 6th, colour it purple")).toMatchObject({
      title: "Referral scheme launched",
      color: "PURPLE",
    });
  });

  it("does not make a title from a story when the request only asks for something", () => {
    const understood = read("signups doubled on the 4th after the podcast, log something");
    expect(understood.title).toBeUndefined();
    expect(understood.missing).toContain("title");
  });

  it("keeps a name that merely starts like a pointer word", () => {
    expect(read("add Thingiverse collab on the 3rd").title).toBe("Thingiverse collab");
    expect(read('log "Something Borrowed campaign" on the 2nd').title).toBe(
      "Something Borrowed campaign",
    );
  });
});

describe("a quoted title", () => {
  it("leaves out emoji at either end of the quote, and keeps every word", () => {
    const read = readMessage({
      message: 'add "🚚 Free next-day delivery 🎉" from oct 1 to oct 4',
      today: { year: 2026, month: 11, day: 23 },
      categoryNames: [],
    });
    expect(read).toMatchObject({ intent: "create", title: "Free next-day delivery" });
    // Quoted, so sure of it: written at once.
    expect(read.doubts ?? []).toEqual([]);
  });

  it("reads a short weekday that is also a word right after it as the day", () => {
    expect(read("add 'Discount code leak' sat, red pls")).toMatchObject({
      title: "Discount code leak",
      date: { year: 2026, month: 11, day: 21 },
      color: "RED",
    });
  });
});

describe("a create's description", () => {
  const described = (message: string) => {
    const understood = read(message);
    return { title: understood.title, description: understood.description };
  };

  it("reads it after “desc -”, and a title's own dash is no marker", () => {
    expect(described('add "Blog migration" 1 week ago, desc - posts moved to /journal')).toEqual({
      title: "Blog migration",
      description: "posts moved to /journal",
    });
    expect(described('add "Pricing page - v2" on the 3rd')).toEqual({
      title: "Pricing page - v2",
    });
  });

  it("reads it however it is introduced", () => {
    expect(described('add "Promo email" on the 5th and in the description put "20% off"')).toEqual({
      title: "Promo email",
      description: "20% off",
    });
    expect(described('log "App outage" yesterday and put "iOS only" in the description')).toEqual({
      title: "App outage",
      description: "iOS only",
    });
    expect(
      described('add "Sitemap resubmitted" on the 2nd, description "after the migration"'),
    ).toEqual({
      title: "Sitemap resubmitted",
      description: "after the migration",
    });
    expect(described("add 'Cookie banner' on the 9th with descripton 'consent mode v2'")).toEqual({
      title: "Cookie banner",
      description: "consent mode v2",
    });
    expect(
      described('log "Feed outage" on monday and describe it as "Merchant Center down"'),
    ).toEqual({
      title: "Feed outage",
      description: "Merchant Center down",
    });
  });

  it("ends a quoted description at its quote, so what follows is still read", () => {
    const understood = read('add "Spring lookbook" on the 8th, desc "new hero", under Paid Social');
    expect(understood.description).toBe("new hero");
    expect(understood.category).toBe("Paid Social");
  });

  it("leaves a colour said after an unquoted description out of it", () => {
    const understood = read('"Loyalty relaunch" on 3 Nov — desc: points double. blue please');
    expect(understood.description).toBe("points double");
    expect(understood.color).toBe("BLUE");
  });

  it("doubts values listed without a verb where the title would be", () => {
    expect(read('Spring promo: red, description "banners only"').doubts?.length).toBeGreaterThan(0);
    expect(read('Spring promo: description "banners only"').doubts?.length).toBeGreaterThan(0);
  });
});

describe("a title given in so many words", () => {
  it("reads the title after a story, and the day from the story", () => {
    for (const [message, title, day] of [
      ["The new pricing page went live on the 12th. Title: Pricing page v3", "Pricing page v3", 12],
      [
        "we paused all TikTok ads on tuesday - the title should be TikTok paused",
        "TikTok paused",
        17,
      ],
      [
        "Hello, I need an annotation for the 5th with the title Partner newsletter",
        "Partner newsletter",
        5,
      ],
      ['the first day of our hackathon was last friday — title "Hack week"', "Hack week", 20],
      ["our CDN provider changed on the 2nd. Title it CDN switch", "CDN switch", 2],
    ] as const) {
      const understood = read(message);
      expect(understood.intent, message).toBe("create");
      expect(understood.title, message).toBe(title);
      expect(understood.date?.day, message).toBe(day);
    }
  });

  it("reads labelled fields, each value up to the next label", () => {
    const understood = read("title: Warehouse move / date: 6 Nov / description: two days offline");
    expect(understood).toMatchObject({
      intent: "create",
      title: "Warehouse move",
      description: "two days offline",
      date: { month: 11, day: 6 },
    });
    expect(read("name: Loyalty launch, date: nov 10, colour: cyan")).toMatchObject({
      intent: "create",
      title: "Loyalty launch",
      color: "CYAN",
    });
  });

  it("doubts a naming clause about an annotation that may exist, or a title's lost last word", () => {
    expect(
      read("the Spring sale annotation, the title should be Spring sale 2").doubts,
    ).toBeDefined();
    const lastWord = read("On the 4th we switched tracking. Title it Consent mode on");
    expect(lastWord.title).toBe("Consent mode on");
    expect(lastWord.doubts).toBeDefined();
  });

  it("does not read the day from the name's own words told before it", () => {
    const understood = read(
      'we ran the Friday flash sale on the 11th, add it with the title "Friday flash sale"',
    );
    expect(understood.date?.day).toBe(11);
    // "add it" is the message's own command, not a second instruction.
    expect(understood.doubts).toBeUndefined();
  });
});

describe("a category word describing the new annotation", () => {
  it("reads it before a day and the title's colon or quote", () => {
    expect(read("add an incident yesterday: Login errors on Android")).toMatchObject({
      category: "incident",
      title: "Login errors on Android",
      date: { day: 22 },
    });
    expect(read('new experiment from the 2nd: "Checkout copy test"')).toMatchObject({
      category: "experiment",
      title: "Checkout copy test",
    });
    expect(read('log a paid social one - "Snap ads pilot" on the 6th').category).toBe(
      "paid social",
    );
  });

  it("ends a category at a comma, and takes the day told after it", () => {
    const understood = read('add "Reels boost" to Paid Social, we started on Nov 2');
    expect(understood).toMatchObject({ category: "Paid Social", date: { month: 11, day: 2 } });
    expect(understood.doubts).toBeUndefined();
  });

  it("leaves a category word that is part of the title where no day or title marker follows", () => {
    expect(read("add campaign launch: Spring").category).toBeUndefined();
  });

  it("reads the kind said right next to a quoted title", () => {
    expect(read("we pushed release 'Web checkout v3.2' on thursday, pls log it")).toMatchObject({
      category: "release",
      title: "Web checkout v3.2",
    });
    expect(read("add 'Pinterest promoted pins' paid social 16th-22nd nov")).toMatchObject({
      category: "paid social",
      title: "Pinterest promoted pins",
      endDate: { day: 22 },
    });
    expect(read("can you log a new release for me, 'Web checkout v3.0', on the 4th")).toMatchObject(
      { category: "release", title: "Web checkout v3.0" },
    );
  });

  it("reads a plainly misspelt category word as the word", () => {
    expect(read("add Halloween email on 31 oct, campains")).toMatchObject({
      category: "campaigns",
      title: "Halloween email",
    });
    expect(read("add 'Retargeting paused' on the 12th in paid socail").category).toBe(
      "paid social",
    );
    expect(read("log a relase 'Image CDN switch' yesterday").category).toBe("release");
    expect(read("log Fraud rule change on the 7th under incidetns").category).toBe("incidents");
  });

  it("never reads a real word one slip from a category word as the category", () => {
    const understood = read("add Eternal sunshine promo on the 3rd");
    expect(understood.category).toBeUndefined();
    expect(understood.title).toBe("Eternal sunshine promo");
    expect(read("log it was released on the 3rd as Checkout v2").category).toBeUndefined();
  });
});

describe("a title's end and a create's impossible day", () => {
  it("ends a named title where a clause about the event starts", () => {
    expect(read("log it as Ads relaunch, we started them on the 6th")).toMatchObject({
      title: "Ads relaunch",
      date: { day: 6 },
    });
  });

  it("asks for the day of an impossible date without keeping its words in the title", () => {
    const understood = read("annotate april 31 as Spring clearance");
    expect(understood.title).toBe("Spring clearance");
    expect(understood.missing).toContain("date");
  });

  it("drops 'new one' before a day counted back", () => {
    expect(read("new one for three days ago: Podcast interview").title).toBe("Podcast interview");
  });
});

describe("a day said to be the date", () => {
  it("is read before any day-like word in the title", () => {
    expect(read("new annotation titled Super Sunday bundle, dated the 8th")).toMatchObject({
      title: "Super Sunday bundle",
      date: { day: 8 },
    });
    expect(read("create annotation: Shipping fee cut — date 2026-10-04")).toMatchObject({
      title: "Shipping fee cut",
      date: { month: 10, day: 4 },
    });
  });

  it("reads the day after 'on' before a weekday that starts the title, and doubts the title's", () => {
    const understood = read("add Tuesday tips newsletter on the 10th");
    expect(understood).toMatchObject({ title: "Tuesday tips newsletter", date: { day: 10 } });
    expect(understood.doubts?.length).toBeGreaterThan(0);
  });

  it("takes the category a story names for the annotation it then names", () => {
    expect(
      read('the app crashed on the 5th, that was an incident, call it "App crash"').category,
    ).toBe("incident");
  });
});

describe("a list of attributes at the end of a create", () => {
  it("reads each item that is wholly a colour or a category, after any courtesy", () => {
    const listed = read('log "Payment gateway down" friday, red, incidents pls 🙏');
    expect(listed).toMatchObject({
      title: "Payment gateway down",
      date: { year: 2026, month: 11, day: 20 },
      color: "RED",
      category: "incidents",
    });
    const dashed = read("add Pricing test on nov 19 - experiments");
    expect(dashed).toMatchObject({ title: "Pricing test", category: "experiments" });
    const unquoted = read("add Release 4.3 on tuesday, paid social");
    expect(unquoted).toMatchObject({ title: "Release 4.3", category: "paid social" });
  });

  it("stops at the first item that is something else, which stays in the title", () => {
    const kept = read("add Launch, Seeing Red on the 3rd");
    expect(kept.color).toBeUndefined();
    expect(kept.title).toContain("Seeing Red");
    const partly = read("add Spring promo, email blast, incidents on the 3rd");
    expect(partly.title).toContain("email blast");
  });

  it("does not read a list that says again what a cue says, leaving it for a doubt", () => {
    const twice = read('log "CDN down" in the Paid Social category, incidents');
    expect(twice.category).toBe("Paid Social");
    expect(twice.doubts?.join(" ")).toContain("incidents");
  });
});

describe("what a create must not lose or invent", () => {
  it("drops the emoji at the end of an unquoted title, not the words", () => {
    expect(read("log today: sitewide banner removed 🎉").title).toBe("sitewide banner removed");
  });

  it("reads a colour listed after a description as the colour", () => {
    const listed = read(
      'new note "Warehouse strike" on the 10th, description: shipping delays, cyan',
    );
    expect(listed).toMatchObject({ description: "shipping delays", color: "CYAN" });
  });

  it("doubts a weekday right after an unquoted name, which may end the name", () => {
    const flash = read("add flash deal friday");
    expect(flash.doubts).toContain("“friday” may be part of the title");
    expect(flash.sources?.title?.sure).toBe(false);
    // With a word between, the day is only the day.
    expect(read("add flash deal on friday").doubts ?? []).toEqual([]);
  });

  it("asks about a colour GA4 does not offer instead of dropping it", () => {
    const orange = read('add "Halloween recap" for Oct 31 in orange');
    expect(orange.color).toBeUndefined();
    expect(orange.doubts?.join(" ")).toContain("GA4 keeps orange for the annotations it makes");
  });
});

describe("where each field of a create's draft came from", () => {
  it("keeps the words each field was read from, sure when nothing is in doubt", () => {
    expect(
      read("add 'Black Week emails' from Nov 16 to Nov 20, purple, incidents").sources,
    ).toEqual({
      title: { words: "Black Week emails", sure: true },
      date: { words: "from Nov 16 to Nov 20", sure: true },
      color: { words: "purple", sure: true },
      category: { words: "incidents", sure: true },
    });
    expect(read("log Checkout outage yesterday, description: 502s on pay").sources).toEqual({
      title: { words: "Checkout outage", sure: true },
      date: { words: "yesterday", sure: true },
      description: { words: "502s on pay", sure: true },
    });
    // A labelled day is its value, not its label.
    expect(read("create annotation title: Spring sale; date: 2026-11-03").sources?.date).toEqual({
      words: "2026-11-03",
      sure: true,
    });
  });

  it("has no words for a day not written: today stands, as a guess the card asks to check", () => {
    expect(read("add annotation Launch").sources?.date).toEqual({
      words: null,
      sure: false,
      doubt: "you didn't say which day, so I took today",
    });
    expect(read("add annotation Launch today").sources?.date).toEqual({
      words: "today",
      sure: true,
    });
  });

  it("marks the field a doubt is about, and only that one", () => {
    const colour = read("log 'Winter sale' in orange yesterday").sources;
    expect(colour?.color).toEqual({
      words: "orange",
      sure: false,
      doubt:
        "GA4 keeps orange for the annotations it makes itself: yours can be purple, brown, blue, green, red and cyan",
    });
    expect(colour?.title).toEqual({ words: "Winter sale", sure: true });
    // "Friday newsletter": the day may be part of the name, so both are to be checked.
    const placed = read("add Friday newsletter").sources;
    expect(placed?.title?.sure).toBe(false);
    expect(placed?.date).toEqual({
      words: "Friday",
      sure: false,
      doubt: "“friday” may be part of the title",
    });
    const hedged = read("add 'Launch' maybe the 19th").sources;
    expect(hedged?.title?.sure).toBe(true);
    expect(hedged?.date).toEqual({ words: "the 19th", sure: false, doubt: "you said “maybe”" });
  });

  it("gives a title made from a story the story's words", () => {
    const sources = read("we shipped the new pricing page on Nov 12, can you record it").sources;
    expect(sources?.title).toEqual({
      words: "we shipped the new pricing page on Nov 12",
      sure: false,
      doubt: "I made the title “Shipped the new pricing page” from what you told me",
    });
    expect(sources?.date).toEqual({ words: "Nov 12", sure: true });
  });
});

describe("a create asked for as a draft", () => {
  it("is read without the words that hold it back, and shown as a draft however sure it is", () => {
    for (const [message, title] of [
      ['prepare a note "TV spot aired" for the 15th but don\'t write it yet', "TV spot aired"],
      ["draft an annotation for podcast ep 2 on the 19th, I'll check it first", "podcast ep 2"],
      ['log "Launch" on the 3rd, don\'t save it yet', "Launch"],
      [
        "just draft something for the paid search restructure on 4 nov, i'll check it",
        "paid search restructure",
      ],
      [
        "can you mock up a draft for the affiliate switch on the 6th, dont create it yet",
        "affiliate switch",
      ],
    ] as const) {
      const understood = read(message);
      expect(understood.intent, message).toBe("create");
      expect(understood.title, message).toBe(title);
      expect(understood.doubts, message).toContain("you asked to see it before it is written");
    }
    // Hedged, it is a draft too, and the question's afterthought is no part of its name.
    const hedged = read("maybe log the podcast ad on the 10th? not 100% sure it went out");
    expect(hedged).toMatchObject({ intent: "create", title: "Podcast ad" });
    expect(hedged.doubts?.length).toBeGreaterThan(0);
    // Said plainly, the same create is written at once.
    expect(read('log "Launch" on the 3rd').doubts).toBeUndefined();
  });
});

describe("a story's title", () => {
  it("is the thing the person ran or held, after the words that lead into the story", () => {
    expect(
      read("ok so we ran a flash sale on outerwear nov 9 till nov 11, can u add that"),
    ).toMatchObject({ title: "Flash sale on outerwear", endDate: { day: 11 } });
    expect(read("we had a pop-up shop in Leeds on the 14th, log it").title).toBe(
      "Pop-up shop in Leeds",
    );
    // A verb that says what happened stays in the title.
    expect(read("we turned on the new checkout yesterday, log it").title).toBe(
      "Turned on the new checkout",
    );
  });
});

describe("a range that has begun this year but not ended", () => {
  it("is never written as last year's without asking", () => {
    // On Nov 23, "nov 20 to nov 27" reads as last year's range, which is shown and said first.
    const understood = read('add "Gift wrap upsell" from nov 20 to nov 27');
    expect(understood).toMatchObject({ date: { year: 2025, day: 20 }, endDate: { day: 27 } });
    expect(understood.doubts).toContain(
      "this year's is still to come, so I took last year's: 2025-11-20",
    );
  });
});

describe("a category word at the start of a title", () => {
  const withReleases = (message: string) =>
    readMessage({ message, today, categoryNames: ["Incidents", "Site/App Releases", "Campaigns"] });

  it("keeps “Release notes” in the title: a plural annotation word starts a name", () => {
    for (const message of [
      "add Release notes - v2 on the 3rd",
      "add Release notes v2 on the 3rd",
    ]) {
      const understood = withReleases(message);
      expect(understood.title, message).toMatch(/^Release notes/);
      expect(understood.category, message).toBeUndefined();
    }
  });

  it("shows a card when a category word is set off from the rest by a dash", () => {
    for (const [message, category, title] of [
      ["add Incident - checkout down on the 3rd", "Incidents", "checkout down"],
      ["add Campaign — Spring push on the 3rd", "Campaigns", "Spring push"],
    ] as const) {
      const understood = withReleases(message);
      expect(understood.category, message).toBe(category);
      expect(understood.title?.toLowerCase(), message).toBe(title.toLowerCase());
      expect(understood.doubts?.length, message).toBeGreaterThan(0);
    }
  });

  it("still reads the kind named before an annotation word that sets off the title", () => {
    const understood = withReleases('new campaign annotation - "Cyber week teaser" today');
    expect(understood.category).toBe("campaign");
    expect(understood.title).toBe("Cyber week teaser");
  });
});
