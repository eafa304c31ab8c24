import { describe, expect, it } from "vitest";
import { readMessage } from "../skills/reading.js";
import { findMention, type KnownAnnotation } from "./known-annotations.js";

const today = { year: 2026, month: 11, day: 23 };
const annotations: KnownAnnotation[] = [
  { title: "Loyalty app 3.1", date: "2026-11-04" },
  { title: "Payment gateway outage", date: "2026-11-12" },
  { title: "Autumn clearance", date: "2026-10-05", endDate: "2026-10-12" },
  { title: "Weekly digest #12", date: "2026-11-16" },
  { title: "Spring clearance", date: "2026-03-01" },
];
const read = (message: string, known = annotations) =>
  readMessage({ message, today, categoryNames: ["Incidents", "Campaigns"], annotations: known });

describe("naming the property's annotations", () => {
  it("finds a title written anywhere, in any case, as whole words only", () => {
    expect(findMention("so LOYALTY APP 3.1 shipped late", annotations)?.annotation.title).toBe(
      "Loyalty app 3.1",
    );
    expect(findMention("loyalty app 3.10 notes", annotations)).toBeUndefined();
    // The ending of one title only, after "the"; "clearance" ends two.
    expect(findMention("after the gateway outage", annotations)?.partial).toBe(true);
    expect(findMention("during the clearance", annotations)).toBeUndefined();
  });

  it("finds a title by a run of its words, after “the” or opening the message", () => {
    const named = (text: string) => findMention(text, annotations)?.annotation.title;
    expect(named("the weekly digest went out on the 17th")).toBe("Weekly digest #12");
    expect(named("payment outage was fixed on the 13th")).toBe("Payment gateway outage");
    expect(named("the loyalty app shipped late")).toBe("Loyalty app 3.1");
    // More of a name after the words: a new one, not this one.
    expect(named("Loyalty points email went out")).toBeUndefined();
    // Words two titles share name neither; a short word alone names nothing.
    expect(named("the clearance ended early")).toBeUndefined();
    expect(named("the app shipped late")).toBeUndefined();
  });

  it("reads a stated fact about an annotation as the change it asks for", () => {
    expect(read("loyalty app 3.1 really shipped on the 6th")).toMatchObject({
      intent: "update",
      target: { kind: "title", title: "Loyalty app 3.1" },
      date: { year: 2026, month: 11, day: 6 },
    });
    // A day of the month alone is within the annotation's month, not the latest such day: read
    // as a day said by its number alone (`bareDays`), which the change carries out in October.
    expect(read("Autumn clearance ended on the 14th")).toMatchObject({
      intent: "update",
      endDate: { year: 2026, month: 10, day: 14 },
    });
    // "all week" is the Monday-to-Sunday week it is in: Oct 5 (a Monday) to Oct 11.
    expect(read("Autumn clearance ran all week")).toMatchObject({
      intent: "update",
      date: { year: 2026, month: 10, day: 5 },
      endDate: { year: 2026, month: 10, day: 11 },
    });
    // A last day before its first is the first such day after it: Oct 5 to Nov 2.
    expect(read("Autumn clearance ended on the 2nd")).toMatchObject({
      intent: "update",
      endDate: { year: 2026, month: 11, day: 2 },
    });
    expect(read("autumn clearance shouldn't have an end date")).toMatchObject({
      intent: "update",
      target: { kind: "title", title: "Autumn clearance" },
      clearEnd: true,
    });
    expect(read("Autumn clearance actually ended on the 14th")).toMatchObject({
      intent: "update",
      target: { kind: "title", title: "Autumn clearance" },
      endDate: { day: 14 },
      bareDays: true,
    });
    expect(read("weekly digest #12 went out three days later than it says")).toMatchObject({
      intent: "update",
      date: { year: 2026, month: 11, day: 19 },
    });
    expect(read("Payment gateway outage is an incident, not a campaign").category).toMatch(
      /incident/i,
    );
  });

  it("empties a field the person says is not needed, and never deletes for it", () => {
    const emptied = read("weekly digest #12 doesn't need a description any more");
    expect(emptied).toMatchObject({ intent: "update", newDescription: "" });
    expect(read("Payment gateway outage shouldn't be in any category")).toMatchObject({
      intent: "update",
      clearCategory: true,
    });
  });

  it("takes a statement that it can go as a deletion, which still asks first", () => {
    for (const message of [
      "Loyalty app 3.1 can go",
      "the loyalty app 3.1 annotation needs to go",
      "we don't need Loyalty app 3.1 anymore, delete",
      "Loyalty app 3.1 isn't needed, remove it",
    ])
      expect(read(message), message).toMatchObject({
        intent: "delete",
        target: { kind: "title", title: "Loyalty app 3.1" },
      });
    // Named in a sentence before, "it" is not that annotation.
    expect(
      read("Loyalty app 3.1 went well. The other one can go, delete it").target,
    ).toBeUndefined();
  });

  it("reads a statement about “the X one” as a change of X, asked where X is one common word", () => {
    expect(read("the ads one was the 3rd", [])).toMatchObject({
      intent: "update",
      target: { kind: "title", title: "ads" },
      date: { year: 2026, month: 11, day: 3 },
      doubts: ["“the ads” may mean more than one annotation"],
    });
    expect(read("the payment gateway one ran until the 14th", [])).toMatchObject({
      intent: "update",
      target: { kind: "title", title: "payment gateway" },
      endDate: { year: 2026, month: 11, day: 14 },
    });
    // "the last one" is the annotation in focus, not a name.
    expect(read("the last one was the 3rd", [])).toMatchObject({
      intent: "update",
      pointsBack: true,
      date: { year: 2026, month: 11, day: 3 },
    });
  });

  it("answers a question about one with a look-up, not a change", () => {
    expect(read("did we ever log the payment gateway outage?")).toMatchObject({
      intent: "list",
      titleContains: "payment gateway outage",
    });
  });

  it("keeps the title of a change target and flags words it cannot place", () => {
    const deletion = read("delete the loyalty app 3.1 one, it was a mistake");
    expect(deletion.target).toEqual({ kind: "title", title: "Loyalty app 3.1" });
    const statement = read("Loyalty app 3.1 shipped on the 6th with the blue banner swap");
    expect(statement.intent).toBe("update");
    expect(statement.doubts?.length).toBeGreaterThan(0);
  });

  it("finds a title with a slip in one word, or its punctuation left out", () => {
    expect(read("move Payment gateway outgae to the 11th").target).toEqual({
      kind: "title",
      title: "Payment gateway outage",
    });
    expect(read("weekly digest 12 went out on the 17th")).toMatchObject({
      intent: "update",
      target: { kind: "title", title: "Weekly digest #12" },
    });
  });

  it("reads a list of changes after the title, every part or a preview", () => {
    expect(
      read("Loyalty app 3.1: green, Campaigns, description “Points doubled for members”"),
    ).toMatchObject({
      intent: "update",
      color: "GREEN",
      category: "Campaigns",
      newDescription: "Points doubled for members",
    });
    expect(read("Autumn clearance → “Autumn clearance (EU)”").newTitle).toBe(
      "Autumn clearance (EU)",
    );
    expect(read("Autumn clearance was really just one day, drop the end date")).toMatchObject({
      intent: "update",
      clearEnd: true,
    });
    const unsure = read("Loyalty app 3.1: green, and ping the Slack channel");
    expect(unsure.doubts?.length).toBeGreaterThan(0);
  });

  it("empties a field a deletion names, and prefers a reading that accounts for every word", () => {
    expect(read("delete the notes on Loyalty app 3.1")).toMatchObject({
      intent: "update",
      newDescription: "",
    });
    expect(read("for the payment gateway outage set the end to the 14th")).toMatchObject({
      intent: "update",
      target: { kind: "title", title: "Payment gateway outage" },
      endDate: { year: 2026, month: 11, day: 14 },
    });
  });

  it("never reads a value said not to be as the change", () => {
    expect(read("Payment gateway outage shouldn't be blue").color).toBeUndefined();
    expect(read("Loyalty app 3.1 wasn't on the 4th, it was the 5th")).toMatchObject({
      intent: "update",
      date: { year: 2026, month: 11, day: 5 },
    });
    expect(read("take Payment gateway outage out of Incidents")).toMatchObject({
      intent: "update",
      clearCategory: true,
    });
    expect(read("delete the end date on Autumn clearance so it's just the one day")).toMatchObject({
      intent: "update",
      clearEnd: true,
    });
  });

  it("reads a field emptied across the sentence, and a title with a small verb inside it", () => {
    expect(read("the weekly digest #12 description is wrong, just blank it")).toMatchObject({
      intent: "update",
      newDescription: "",
    });
    expect(read("payment gateway was outage on the 11th")).toMatchObject({
      intent: "update",
      target: { kind: "title", title: "Payment gateway outage" },
    });
    expect(read("call the loyalty app 3.1 “Loyalty app 3.1.1” instead").newTitle).toBe(
      "Loyalty app 3.1.1",
    );
  });

  it("keeps a negation written inside the title's words", () => {
    expect(read("payment gateway wasn't outage on the 11th, it was the 12th")).toMatchObject({
      intent: "update",
      date: { year: 2026, month: 11, day: 12 },
    });
  });

  it("keeps a title inside a longer quoted name as part of that name", () => {
    const renamed = read("rename it to “Loyalty app 3.1 hotfix”");
    expect(renamed.newTitle).toBe("Loyalty app 3.1 hotfix");
    expect(renamed.pointsBack).toBe(true);
  });

  it("changes nothing about a reading when no title is named", () => {
    const message = "add “Gift guide live” on the 20th";
    expect(read(message)).toEqual(read(message, []));
    expect(read(message).intent).toBe("create");
  });
});

describe("a word for time", () => {
  it("never names an annotation whose title ends with it", () => {
    const known: KnownAnnotation[] = [
      { title: "Launch week", date: "2026-07-14", endDate: "2026-07-15" },
    ];
    expect(
      findMention("which day of the week usually gets the most visitors?", known),
    ).toBeUndefined();
  });
});

describe("a range stopped", () => {
  it("reads 'was stopped on' a day as its last day", () => {
    expect(read("Autumn clearance was stopped on the 10th")).toMatchObject({
      intent: "update",
      endDate: { year: 2026, month: 10, day: 10 },
    });
  });
});

describe("a range told about", () => {
  it("moves every day it covers when it was earlier or later", () => {
    expect(read("the autumn clearance actually ran a week earlier")).toMatchObject({
      intent: "update",
      target: { kind: "title", title: "Autumn clearance" },
      date: { year: 2026, month: 9, day: 28 },
      endDate: { year: 2026, month: 10, day: 5 },
    });
  });

  it("becomes one day when it was only on one", () => {
    const once = read("the autumn clearance was only on the 6th");
    expect(once).toMatchObject({ date: { year: 2026, month: 10, day: 6 }, clearEnd: true });
    // Without "only", the day said is its first day.
    expect(read("the autumn clearance was on the 6th").clearEnd).toBeUndefined();
  });
});

describe("a description said over the annotation in focus", () => {
  it("takes words after a name and a colon as its description, shown first", () => {
    expect(read("for Loyalty app 3.1: added dark mode and the new basket")).toMatchObject({
      intent: "update",
      target: { kind: "title", title: "Loyalty app 3.1" },
      newDescription: "added dark mode and the new basket",
      doubts: ["I took what you wrote after “Loyalty app 3.1” as its description"],
    });
    // Values after the colon are the change they name; a question is no description.
    expect(read("Loyalty app 3.1: red")).toMatchObject({ intent: "update", color: "RED" });
    expect(read("Loyalty app 3.1: what happened?").newDescription).toBeUndefined();
  });

  it("is never a new annotation made of its words", () => {
    for (const message of [
      "and add a note: still running as of today",
      "add a note: still running",
      "details — stripe webhook failures",
    ])
      expect(read(message), message).toMatchObject({
        intent: "update",
        pointsBack: true,
        newDescription: expect.stringMatching(/^(?:still running|stripe webhook failures)/),
      });
    // A note for a day is still a new annotation.
    expect(read("add a note for Friday: Launch party").intent).toBe("create");
  });
});

describe("a title said first, then a change to 'it' that must be asked about", () => {
  it("names that annotation and keeps the question", () => {
    const said = read("Loyalty app 3.1, make it pink");
    expect(said).toMatchObject({
      intent: "update",
      target: { kind: "title", title: "Loyalty app 3.1" },
      unknownColour: "pink",
    });
    expect(said.missing).not.toContain("target");
  });
});

describe("a last day said by its number of a range over two months", () => {
  it("is the latest such day it covers, and a day past it is the first after its start", () => {
    const known: KnownAnnotation[] = [
      { title: "Free delivery Fridays", date: "2026-10-02", endDate: "2026-11-20" },
      { title: "Search autocomplete test", date: "2026-10-12", endDate: "2026-10-24" },
    ];
    expect(read("Free delivery Fridays ended on the 13th", known)).toMatchObject({
      endDate: { year: 2026, month: 11, day: 13 },
    });
    expect(read("the Search autocomplete test ran until the 30th", known)).toMatchObject({
      endDate: { year: 2026, month: 10, day: 30 },
    });
  });
});

describe("a title that opens with a day's word", () => {
  const withDayTitle: KnownAnnotation[] = [
    ...annotations,
    { title: "Today's picks carousel", date: "2026-09-29" },
  ];

  it("is that annotation, never the one on the day the word names", () => {
    for (const message of [
      "make Today's picks carousel cyan",
      "Today's picks carousel should be cyan",
      "delete today's picks carousel",
    ])
      expect(read(message, withDayTitle).target, message).toEqual({
        kind: "title",
        title: "Today's picks carousel",
      });
    expect(read("change today's note to cyan", withDayTitle).target?.kind).toBe("date");
  });
});

describe("a question naming a title that holds a day's word", () => {
  const withDays: KnownAnnotation[] = [
    ...annotations,
    { title: "Today's picks carousel", date: "2026-09-29" },
    { title: "Tuesday deal drops", date: "2026-11-03", endDate: "2026-11-10" },
  ];

  it("takes the words as the name, never as today or Tuesday", () => {
    expect(read("when was today's picks carousel", withDays)).toMatchObject({
      intent: "list",
      titleContains: "today's picks carousel",
    });
    expect(read("when was today's picks carousel", withDays).dateRange).toBeUndefined();
    expect(read("did traffic drop during the tuesday deal drops?", withDays)).toMatchObject({
      intent: "traffic_period",
      dateRange: { start: { month: 11, day: 3 }, end: { month: 11, day: 10 } },
    });
    // A deletion of it is read as written: its words still name it.
    expect(read("Tuesday deal drops can go", withDays)).toMatchObject({
      intent: "delete",
      target: { kind: "title", title: "Tuesday deal drops" },
    });
  });
});
