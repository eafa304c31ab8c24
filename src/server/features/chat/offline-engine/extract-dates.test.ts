import { describe, expect, it } from "vitest";
import { fromIsoDate, toIsoDate } from "../../../../shared/calendar-date.js";
import {
  findDate,
  findDateRange,
  findDayChoice,
  findNearDay,
  findSpan,
  lastYearTaken,
  slashesEitherWay,
} from "./extract-dates.js";

const rangeOf = (text: string, today: string) => {
  const found = findDateRange(text, fromIsoDate(today));
  return found && `${toIsoDate(found.range.start)}..${toIsoDate(found.range.end)}`;
};

describe("findDateRange: quarters, fortnights and weekends", () => {
  it.each([
    // Last quarter from January is the previous year's fourth.
    ["show last quarter", "2027-01-15", "2026-10-01..2026-12-31"],
    // "so far" stops at today.
    ["show this quarter so far", "2027-01-15", "2027-01-01..2027-01-15"],
    // A quarter named without a year is the latest that has begun.
    ["anything in Q4?", "2026-05-02", "2025-10-01..2025-12-31"],
    ["anything in Q2?", "2026-05-02", "2026-04-01..2026-06-30"],
    ["annotations from Q3 2024", "2026-05-02", "2024-07-01..2024-09-30"],
    ["during the first quarter", "2026-05-02", "2026-01-01..2026-03-31"],
    ["the last fortnight", "2026-03-05", "2026-02-20..2026-03-05"],
    // On a Saturday, this weekend is today and tomorrow; last weekend is the week before's.
    ["this weekend", "2026-11-28", "2026-11-28..2026-11-29"],
    ["last weekend", "2026-11-28", "2026-11-21..2026-11-22"],
    ["last weekend", "2026-11-29", "2026-11-21..2026-11-22"],
    ["the past couple of days", "2026-11-24", "2026-11-23..2026-11-24"],
    // Each side of "from … to …" is read on its own; months are whole months.
    ["annotations from 1 Nov to 15 Nov", "2026-11-24", "2026-11-01..2026-11-15"],
    ["annotations from October to November", "2026-11-24", "2026-10-01..2026-11-30"],
    ["from March 2025 to May 2025", "2026-11-24", "2025-03-01..2025-05-31"],
    ["between December and February", "2026-11-24", "2025-12-01..2026-02-28"],
    // Up to now ends today; weekday to weekday is the latest such span that has ended.
    ["everything between October and now", "2026-11-24", "2026-10-01..2026-11-24"],
    ["from the 3rd to today", "2026-11-24", "2026-11-03..2026-11-24"],
    ["from Monday to Wednesday", "2026-11-24", "2026-11-16..2026-11-18"],
    ["from Monday to Wednesday", "2026-11-26", "2026-11-23..2026-11-25"],
    ["from Friday to Monday", "2026-11-24", "2026-11-20..2026-11-23"],
    ["everything from Dec 20 to Jan 5", "2026-11-24", "2025-12-20..2026-01-05"],
    ["from the 3rd to the 10th", "2026-11-24", "2026-11-03..2026-11-10"],
  ])("'%s' on %s is %s", (text, today, expected) => {
    expect(rangeOf(text, today)).toBe(expected);
  });

  it.each(["Q4 planning", "the Q3 report", "weekend sale"])("'%s' names no period", (text) => {
    expect(rangeOf(text, "2026-11-24")).toBeUndefined();
  });
});

const dayOf = (text: string, today: string) => {
  const found = findDate(text, fromIsoDate(today));
  return found && toIsoDate(found.date);
};

describe("findDateRange: spans of days said in words", () => {
  it.each([
    // A week "of" a day is its Monday-to-Sunday week; "starting" a day, seven days from it.
    ["notes for the week of the 17th", "2026-11-27", "2026-11-16..2026-11-22"],
    ["the week starting Nov 4", "2026-11-27", "2026-11-04..2026-11-10"],
    // The weekend: the latest that has begun; "of" a day, that week's Saturday and Sunday.
    ["we broke it over the weekend", "2026-11-25", "2026-11-21..2026-11-22"],
    ["during the weekend", "2026-11-29", "2026-11-28..2026-11-29"],
    ["the weekend of the 7th", "2026-11-25", "2026-11-07..2026-11-08"],
    ["the weekend of Oct 4", "2026-11-25", "2026-10-03..2026-10-04"],
    // Weekday to weekday: in the week named, else the latest such span that has ended.
    ["it ran tuesday to friday last week", "2026-11-25", "2026-11-17..2026-11-20"],
    ["wed thru fri this week", "2026-11-27", "2026-11-25..2026-11-27"],
    ["last week tuesday to thursday", "2026-11-25", "2026-11-17..2026-11-19"],
    ["what did we log on wednesday last week", "2026-11-25", "2026-11-18..2026-11-18"],
    ["sat - mon", "2026-11-25", "2026-11-21..2026-11-23"],
    // Ordinal to ordinal, in the latest month that has the first day, or the month named.
    ["the 3rd-6th", "2026-11-25", "2026-11-03..2026-11-06"],
    ["from the 2nd until the 9th", "2026-11-25", "2026-11-02..2026-11-09"],
    ["the 28th to the 2nd", "2026-11-25", "2026-10-28..2026-11-02"],
    ["10th-12th of August", "2026-11-25", "2026-08-10..2026-08-12"],
    ["second half of September", "2026-11-25", "2026-09-16..2026-09-30"],
    ["the first half of last month", "2026-11-25", "2026-10-01..2026-10-15"],
    // Whole months, with the year in words.
    ["throughout August", "2026-11-25", "2026-08-01..2026-08-31"],
    ["the whole of March last year", "2026-11-25", "2025-03-01..2025-03-31"],
    ["anything in february last year", "2026-11-25", "2025-02-01..2025-02-28"],
    // From the start of a period to today.
    ["since the beginning of september", "2026-11-25", "2026-09-01..2026-11-25"],
    ["since the start of the year", "2026-11-25", "2026-01-01..2026-11-25"],
    ["since wed", "2026-11-25", "2026-11-25..2026-11-25"],
    // "since" runs whatever it introduces up to today.
    ["since the weekend", "2026-11-25", "2026-11-21..2026-11-25"],
    ["since early october", "2026-11-25", "2026-10-01..2026-11-25"],
    ["since tuesday last week", "2026-11-25", "2026-11-17..2026-11-25"],
    ["since christmas", "2026-11-25", "2025-12-25..2026-11-25"],
    ["how are we doing this week so far", "2026-11-27", "2026-11-23..2026-11-27"],
    // A last day pulled back past the first pulls the first back what was left unsaid.
    ["from the 24th to the 27th", "2026-11-25", "2026-10-24..2026-10-27"],
    ["between Nov 20 and Nov 28", "2026-11-25", "2025-11-20..2025-11-28"],
    ["Nov 22-27", "2026-11-25", "2025-11-22..2025-11-27"],
    // A holiday's week is its Monday-to-Sunday week; the year may come a few words on.
    ["sales during Christmas week", "2026-11-25", "2025-12-22..2025-12-28"],
    ["how was black friday week in the end last year", "2026-11-25", "2025-11-24..2025-11-30"],
    // Parts of a month, by convention: early 1-10, mid 11-20, late (or the end) 21 to the end.
    ["early september", "2026-11-25", "2026-09-01..2026-09-10"],
    ["around mid-October last year", "2026-11-25", "2025-10-11..2025-10-20"],
    ["at the end of june", "2026-11-25", "2026-06-21..2026-06-30"],
    // Weeks and weekends of a month; whole weeks and weekends back.
    ["the second week of october", "2026-11-25", "2026-10-08..2026-10-14"],
    ["in the last week of september", "2026-11-25", "2026-09-24..2026-09-30"],
    ["the first weekend of august", "2026-11-25", "2026-08-01..2026-08-02"],
    ["the last weekend of this month", "2026-11-25", "2026-11-28..2026-11-29"],
    ["the week before last", "2026-11-25", "2026-11-09..2026-11-15"],
    ["three weekends ago", "2026-11-25", "2026-11-07..2026-11-08"],
    ["sessions month to date", "2026-11-25", "2026-11-01..2026-11-25"],
    ["so far this year", "2026-11-25", "2026-01-01..2026-11-25"],
    // A day whose year is said in words is one day, not that year.
    ["what did we log on the 4th of july last year", "2026-11-25", "2025-07-04..2025-07-04"],
  ])("'%s' on %s is %s", (text, today, expected) => {
    expect(rangeOf(text, today)).toBe(expected);
  });

  it.each([
    "the big weekend sale",
    "monday and friday",
    "scored 3-1",
    "the 2-3 of them",
    "our Christmas week promo",
    "move Release 4.2 to the 3rd",
    "v2 to the 9th",
  ])("'%s' names no span", (text) => {
    const found = findDateRange(text, fromIsoDate("2026-11-25"));
    expect(found?.spans).toBeFalsy();
  });
});

describe("findDate: days said loosely", () => {
  it.each([
    // Misspelt and shortened weekdays.
    ["log it for tuesdya", "2026-11-25", "2026-11-24"],
    ["the fridya release", "2026-11-25", "2026-11-20"],
    ["add it thurs", "2026-11-25", "2026-11-19"],
    ["on sat", "2026-11-25", "2026-11-21"],
    ["since wensday", "2026-11-25", "2026-11-25"],
    // A weekday in the week named is that week's, even when it is today's weekday.
    ["on wednesday last week", "2026-11-25", "2026-11-18"],
    ["last week, on friday", "2026-11-25", "2026-11-20"],
    ["monday of this week", "2026-11-25", "2026-11-23"],
    ["it was a fortnight ago", "2026-11-25", "2026-11-11"],
    // Holidays that fall on one day every year: the latest not after today, or the year said.
    ["on new year's eve", "2026-11-25", "2025-12-31"],
    ["valentines day last year", "2026-11-25", "2025-02-14"],
    ["Christmas 2024: ads paused", "2026-11-25", "2024-12-25"],
    ["for halloween", "2026-11-25", "2026-10-31"],
    ["cyber monday last year", "2026-11-25", "2025-12-01"],
    // The first or last day of a period.
    ["at the beginning of last month", "2026-11-25", "2026-10-01"],
  ])("'%s' on %s is %s", (text, today, expected) => {
    expect(dayOf(text, today)).toBe(expected);
  });

  it.each([
    "sat on it for a while",
    "someday soon",
    "the fridays promo",
    "Christmas gift guide",
    "anything for Black Friday",
    "we wed them",
    "the Fri-yay party",
  ])("'%s' names no day", (text) => {
    expect(dayOf(text, "2026-11-25")).toBeUndefined();
  });
});

describe("findDate: a day written with dots is day first", () => {
  it.each([
    ["Add an annotation on 03.11.2026 called Price increase", "2026-11-03"],
    ["for 9.11", "2026-11-09"],
    ["on 4.2.", "2026-02-04"],
    ["13.11", "2026-11-13"],
    // After a quoted title or a comma: the quote says where the name ends.
    ['add "Returns spike" 17.10', "2026-10-17"],
    ["add ⟪0⟫ 21.10, red", "2026-10-21"],
    ["Klarna messaging, 28.10", "2026-10-28"],
  ])("%s → %s", (text, expected) => {
    expect(dayOf(text, "2026-11-23")).toBe(expected);
  });

  it.each(["Release 4.2", "4.2 shipped", "log v2.1.2026 release notes"])(
    "%s names no dotted day",
    (text) => {
      expect(dayOf(text, "2026-11-23")).not.toBe("2026-02-04");
      expect(dayOf(text, "2026-11-23")).not.toBe("2026-01-02");
    },
  );
});

describe("a day after “from”, and a count of days", () => {
  it("reads “from 2 oct” as the day, never two o'clock, and “for 10 days” as how long", () => {
    expect(toIsoDate(findDate("add it from 2 oct", fromIsoDate("2026-11-23"))!.date)).toBe(
      "2026-10-02",
    );
    expect(findDate("it ran for 10 days", fromIsoDate("2026-11-23"))).toBeUndefined();
    expect(rangeOf("add it from 2 oct for 10 days", "2026-11-23")).toBe("2026-10-02..2026-10-11");
    expect(findDate("from 2pm", fromIsoDate("2026-11-23"))).toBeUndefined();
  });
});

describe("a day described by its weekday, and days between", () => {
  it("reads 'Friday the 13th' as the 13th, the weekday among its words", () => {
    const text = "went out on Friday the 13th, not the 12th";
    const found = findDate(text, fromIsoDate("2026-11-23"));
    expect(found && toIsoDate(found.date)).toBe("2026-11-13");
    expect(found && text.slice(found.index, found.end)).toBe("Friday the 13th");
  });

  it("puts a first day said without its month in the last day's month", () => {
    expect(rangeOf("between the 1st and 4th of sept", "2026-11-23")).toBe("2026-09-01..2026-09-04");
    expect(rangeOf("from the 28th to dec 3", "2026-11-23")).toBe("2025-11-28..2025-12-03");
    expect(rangeOf("from the 20th to the 3rd", "2026-11-23")).toBe("2026-10-20..2026-11-03");
  });

  it("reads 'between 1 and 15 november' as the days from the 1st of that month", () => {
    expect(rangeOf("show notes between 1 and 15 november", "2026-11-23")).toBe(
      "2026-11-01..2026-11-15",
    );
    // A first day after the last is no span.
    expect(rangeOf("between 20 and 15 november", "2026-11-23")).not.toBe("2026-11-20..2026-11-15");
  });
});

describe("a period up to now", () => {
  it("is no one day, though it is a range to list", () => {
    for (const text of ["for the last 3 days", "over the past two weeks"]) {
      expect(dayOf(text, "2026-11-23"), text).toBeUndefined();
      expect(rangeOf(text, "2026-11-23"), text).toMatch(/\.\.2026-11-23$/);
    }
  });
});

describe("findDayChoice", () => {
  it.each([
    ["it went out on the 5th or the 6th", "the 5th or the 6th"],
    ["tuesday, maybe wednesday", "tuesday, maybe wednesday"],
    ["on Nov 2 / Nov 3 I think", "Nov 2 / Nov 3"],
  ])("'%s' offers %s", (text, words) => {
    expect(findDayChoice(text, fromIsoDate("2026-11-25"))?.words).toBe(words);
  });

  it.each(["on the 5th or so", "the 5th, maybe earlier", "from the 5th to the 6th"])(
    "'%s' offers no second day",
    (text) => {
      expect(findDayChoice(text, fromIsoDate("2026-11-25"))).toBeUndefined();
    },
  );
});

describe("findNearDay", () => {
  it.each([
    ["anything close to the 14th?", "2026-11-14", "close to the 14th"],
    ["what did we log around Halloween", "2026-10-31", "around Halloween"],
    ["notes near Nov 2", "2026-11-02", "near Nov 2"],
  ])("'%s' is near %s", (text, day, words) => {
    const found = findNearDay(text, fromIsoDate("2026-11-25"));
    expect(found && toIsoDate(found.date)).toBe(day);
    expect(found && text.slice(found.index, found.end)).toBe(words);
  });

  it.each(["around lunchtime on the 3rd", "around the office", "on the 3rd"])(
    "'%s' is near no day",
    (text) => {
      expect(findNearDay(text, fromIsoDate("2026-11-25"))).toBeUndefined();
    },
  );
});

describe("a span from a weekday to a day of another week", () => {
  it("pulls the first weekday back a week, never a year", () => {
    const found = findDateRange("from Monday through Thursday last week", {
      year: 2026,
      month: 11,
      day: 23,
    });
    expect(found?.range).toEqual({
      start: { year: 2026, month: 11, day: 16 },
      end: { year: 2026, month: 11, day: 19 },
    });
  });
});

describe("findSpan: days written as ISO, day-first with dots, and since a day", () => {
  const spanOf = (text: string, today = "2026-11-23") => {
    const found = findSpan(text, fromIsoDate(today));
    return found && `${toIsoDate(found.range.start)}..${toIsoDate(found.range.end)}`;
  };
  it.each([
    ["create 'Paid search' 2026-11-02..2026-11-08", "2026-11-02..2026-11-08"],
    ["range: 2026-09-07 → 2026-09-13, promo", "2026-09-07..2026-09-13"],
    ["from 2026-10-05 to 2026-10-09", "2026-10-05..2026-10-09"],
    ['add "Influencer week" 16.11.–22.11.', "2026-11-16..2026-11-22"],
    ["from 27.10. to 29.10., red", "2026-10-27..2026-10-29"],
    // Without a year, the latest such span that has ended: December is last year's.
    ["23.12. - 2.1.", "2025-12-23..2026-01-02"],
    ["2.11.2025 - 8.11.2025", "2025-11-02..2025-11-08"],
    // The first day may leave its month to the last.
    ['add "Team offsite", 21.-22.11.', "2026-11-21..2026-11-22"],
    ["21–22.11.", "2026-11-21..2026-11-22"],
    // "since" a day runs up to today.
    ['add "Podcast ad flight" since the 18th', "2026-11-18..2026-11-23"],
    // The weekend a request starts with is named as the days.
    ["the weekend as Stocktake", "2026-11-21..2026-11-22"],
  ])("%s → %s", (text, expected) => {
    expect(spanOf(text)).toBe(expected);
  });

  it.each([
    // An end before its start, a day that does not exist, a version number: no span.
    "2026-11-08..2026-11-02",
    "31.11.–2.12.",
    "Release 4.3 - 5.1",
    // A weekend in a title keeps its word.
    "the weekend sale on friday",
  ])("%s is no span", (text) => {
    expect(spanOf(text)).toBeUndefined();
  });
});

describe("what the date reader assumed", () => {
  const taken = (words: string, today: string) => {
    const guess = lastYearTaken(words, fromIsoDate(today), 62);
    return guess && `${toIsoDate(guess.taken)} for ${toIsoDate(guess.thisYears)}`;
  };

  it("says when a day without its year is last year's only because this year's is weeks away", () => {
    expect(taken("Nov 30", "2026-11-23")).toBe("2025-11-30 for 2026-11-30");
    expect(taken("move it to the 2nd of january", "2026-12-07")).toBe("2026-01-02 for 2027-01-02");
    expect(taken("on Christmas", "2026-12-07")).toBe("2025-12-25 for 2026-12-25");
    expect(taken("Nov 28 to Dec 2", "2026-11-23")).toBe("2025-11-28 for 2026-11-28");
    // A day's name as a draft keeps its words, without the "on" before it.
    expect(taken("christmas eve", "2026-11-23")).toBe("2025-12-24 for 2026-12-24");
  });

  it("says nothing when the year was written or asked for, the day is past, or far off", () => {
    expect(taken("Nov 30 2025", "2026-11-23")).toBeUndefined();
    expect(taken("on Christmas last year", "2026-12-07")).toBeUndefined();
    expect(taken("Nov 20", "2026-11-23")).toBeUndefined();
    expect(taken("March 3", "2026-11-23")).toBeUndefined();
    expect(taken("yesterday", "2026-11-23")).toBeUndefined();
    expect(taken("friday", "2026-11-23")).toBeUndefined();
    expect(taken("no day at all", "2026-11-23")).toBeUndefined();
  });

  it("says when days written with slashes read either way round, and nothing says which", () => {
    expect(slashesEitherWay("2/11 to 6/11")).toBe("2/11");
    expect(slashesEitherWay("on 3/4/2026")).toBe("3/4");
    // One day over 12 decides for the others; a day that reads the same both ways decides nothing.
    expect(slashesEitherWay("12/11 - 14/11")).toBeUndefined();
    expect(slashesEitherWay("11/16")).toBeUndefined();
    expect(slashesEitherWay("5/5")).toBeUndefined();
    expect(slashesEitherWay("version 2.1, no days")).toBeUndefined();
  });
});

describe("two days joined into a span", () => {
  const span = (text: string) => {
    const found = findSpan(text, fromIsoDate("2026-11-23"));
    return found && `${toIsoDate(found.range.start)}..${toIsoDate(found.range.end)}`;
  };

  it.each([
    ["monday 2nd through friday 13th nov", "2026-11-02..2026-11-13"],
    ["nov 6 to the 8th in purple", "2026-11-06..2026-11-08"],
    ["oct 28 thru nov 1 pls", "2026-10-28..2026-11-01"],
    ["nov 9 → nov 11", "2026-11-09..2026-11-11"],
    ["on the 19th and 20th, incidents", "2026-11-19..2026-11-20"],
    ["sat 14 and sun 15 nov", "2026-11-14..2026-11-15"],
    ["we ran it sat+sun, add it", "2026-11-21..2026-11-22"],
    ["sat and sun", "2026-11-21..2026-11-22"],
    ["Doorbuster deals sat/sun, purple", "2026-11-21..2026-11-22"],
    // A short form that is also a word ("sat", "sun") is a weekday after one joined to it.
    ["Flash deal fri and sat", "2026-11-20..2026-11-21"],
    ["fri/sat", "2026-11-20..2026-11-21"],
    ["thu & fri", "2026-11-19..2026-11-20"],
    // A weekend is its two days.
    ["Gift wrap upsell, this past weekend", "2026-11-21..2026-11-22"],
    // Days with slashes after "from" are read in the one order either side allows.
    ["from 19/10 until 2/11 as an experiment", "2026-10-19..2026-11-02"],
    // A month named after two numbers makes them days, "from" or not.
    ["from 5 to 8 oct, red", "2026-10-05..2026-10-08"],
    // The month said after the last day is its month.
    ["from 28 to 3 nov", "2026-10-28..2026-11-03"],
    // Week commencing: seven days from it.
    ["add 'Staff picks' w/c 26 oct", "2026-10-26..2026-11-01"],
    // Two whole months.
    ["whats logged for sept and oct", "2026-09-01..2026-10-31"],
    ["pop-up last weekend", "2026-11-21..2026-11-22"],
  ])("reads “%s” as %s", (text, expected) => {
    expect(span(text)).toBe(expected);
  });

  it.each([
    // "and" joins only days that follow one another.
    "the 3rd and the 9th",
    // A weekday, then the day of the month it falls on, is one day named twice.
    "happened on a Tuesday — the 10th",
    "Release 4.3 - 5.1",
    // "and" after a weekday joins only the next day; "sat" alone is a word.
    "mon and sat",
    "the sat nav and sun cream promo",
    // Months the other way round run over a new year: no span of two months.
    "nov and feb",
  ])("reads no span in “%s”", (text) => {
    expect(span(text)).toBeUndefined();
  });
});

describe("a day's own words after it", () => {
  it("takes “yesterday's date” whole, leaving nothing of it for a title", () => {
    const text = "log Outage on yesterday's date";
    const found = findDate(text, fromIsoDate("2026-11-23"));
    expect(found && toIsoDate(found.date)).toBe("2026-11-22");
    expect(found && text.slice(found.index, found.end)).toBe("yesterday's date");
  });
});
