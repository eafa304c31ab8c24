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

describe("a create's description", () => {
  const described = (message: string) => {
    const understood = read(message);
    return { title: understood.title, description: understood.description };
  };

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
