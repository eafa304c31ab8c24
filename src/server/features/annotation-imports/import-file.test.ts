import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import {
  annotationExportColumns,
  annotationsCsv,
  type AnnotationExportRow,
} from "../../../shared/annotation-export.js";
import { impactExportFields } from "../../../shared/impact/impact-cell.js";
import { importMaxRows } from "../../../shared/contracts/annotation-import.js";
import { AppError } from "../../app-error.js";
import { guessMapping, mappingProblems, parseImportFile } from "./import-file.js";
import { checkRows, duplicateKey, type ImportContext } from "./import-rows.js";

const today = { year: 2026, month: 11, day: 20 };
const context: ImportContext = {
  properties: [
    { propertyId: "111", name: "Shop", today, refusal: null },
    { propertyId: "222", name: "Blog", today, refusal: null },
  ],
  categories: [{ id: "6f1c1d7e-1c35-4a5e-9a53-0c1b8b2d6b10", name: "Launch" }],
  targetPropertyId: "111",
  existing: new Map([[duplicateKey("111", "2026-11-01", "Already there"), "It is there"]]),
};

function refusal(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error("expected a refusal");
}

describe("reading an import file", () => {
  it("reads commas, quotes, line breaks inside cells, and numbers lines as the file does", () => {
    const file = parseImportFile(
      'date,title,description\n2026-11-01,"Sale, big","two\nlines"\n\n2026-11-02,Next,\n',
    );
    expect(file.delimiter).toBe(",");
    expect(file.headers).toEqual(["date", "title", "description"]);
    expect(file.rows).toEqual([
      { line: 2, cells: ["2026-11-01", "Sale, big", "two\nlines"] },
      { line: 5, cells: ["2026-11-02", "Next", ""] },
    ]);
  });

  it("reads semicolon files and drops a byte order mark", () => {
    const file = parseImportFile("\uFEFFdate;title\r\n2026-11-01;Eins, zwei\r\n");
    expect(file.delimiter).toBe(";");
    expect(file.headers).toEqual(["date", "title"]);
    expect(file.rows).toEqual([{ line: 2, cells: ["2026-11-01", "Eins, zwei"] }]);
  });

  it("refuses files too large, too long, empty or with a quote never closed", () => {
    expect(refusal(() => parseImportFile(`date,title\n${"x".repeat(2 * 1024 * 1024)}`))).toMatch(
      /at most 2 MB/,
    );
    const long = `date,title\n${"2026-11-01,A\n".repeat(importMaxRows + 1)}`;
    expect(refusal(() => parseImportFile(long))).toMatch(
      /5,001 rows; an import takes at most 5,000/,
    );
    expect(refusal(() => parseImportFile(""))).toMatch(/empty/);
    expect(refusal(() => parseImportFile("date,title\n"))).toMatch(/no rows/);
    expect(refusal(() => parseImportFile('date,title\n2026-11-01,"open\n'))).toMatch(
      /line 2 is never closed/,
    );
  });
});

describe("guessing the mapping", () => {
  it("maps the export's own header, so an export imports back", () => {
    expect(guessMapping(annotationExportColumns)).toEqual({
      startDate: 0,
      endDate: 1,
      title: 2,
      description: 3,
      color: 4,
      category: 5,
      property: 6,
    });
  });

  it("reads headers as people write them", () => {
    expect(guessMapping(["Day", "Annotation", "Colour", "Notes"])).toEqual({
      startDate: 0,
      endDate: null,
      title: 1,
      description: 3,
      color: 2,
      category: null,
      property: null,
    });
  });

  it("says what is missing from a mapping", () => {
    const mapping = guessMapping(["notes"]);
    expect(mappingProblems(mapping, ["notes"], null)).toEqual([
      "Choose the column that holds the date.",
      "Choose the column that holds the title.",
      "The file has no property column: choose the property to import to.",
    ]);
    expect(
      mappingProblems({ ...guessMapping(["date", "title"]), color: 1 }, ["date", "title"], "1"),
    ).toContain("Each column can be used for one field only.");
  });
});

describe("checking rows", () => {
  it("lists every kind of bad row by its line, and turns the good ones into requests", () => {
    const csv = Papa.unparse([
      ["date", "end", "title", "colour", "category", "property"],
      ["2026-11-01", "", "Good one", "red", "launch", ""],
      ["01/11/2026", "", "Bad date", "", "", ""],
      ["2026-12-01", "", "Future", "", "", ""],
      ["2026-11-02", "", "Pink", "pink", "", ""],
      ["2026-11-03", "", "T".repeat(101), "", "", ""],
      ["2026-11-01", "", "good ONE ", "", "", ""],
      ["2026-11-01", "", "Already there", "", "", ""],
      ["2026-11-04", "", "No such category", "", "Nope", ""],
      ["2026-11-04", "", "No such property", "", "", "Elsewhere"],
      ["2026-11-05", "2026-11-04", "Backwards", "", "", ""],
      ["2026-11-05", "2026-11-07", "Range on the blog", "Cyan", "", "Blog"],
      ["", "", "", "", "", "222"],
    ]);
    const file = parseImportFile(csv);
    const rows = checkRows(file, guessMapping(file.headers), context);
    const problems = Object.fromEntries(rows.map((row) => [row.line, row.problems.join(" ")]));
    expect(problems).toEqual({
      2: "",
      3: '"01/11/2026" is not a date: write it as YYYY-MM-DD.',
      4: "It starts on 2026-12-01, in the future. Annotations cannot be created for future dates.",
      5: '"pink" is not a colour here: use purple, brown, blue, green, red, cyan.',
      6: "The title is 101 characters long; the most is 100.",
      7: "Same title and day as line 2: it would be a duplicate.",
      8: "It is there: it would be a duplicate.",
      9: 'You have no category named "Nope". Add it on the Categories page, or leave the cell empty.',
      10: '"Elsewhere" is not one of your saved properties.',
      11: "The end date is before the start date.",
      12: "",
      13: "The date is empty. The title is empty.",
    });
    expect(rows[0]!.request).toEqual({
      title: "Good one",
      annotationDate: { year: 2026, month: 11, day: 1 },
      color: "RED",
      categoryId: context.categories![0]!.id,
    });
    expect(rows[10]!.request).toEqual({
      title: "Range on the blog",
      annotationDateRange: {
        startDate: { year: 2026, month: 11, day: 5 },
        endDate: { year: 2026, month: 11, day: 7 },
      },
      color: "CYAN",
    });
    expect(rows[10]!.propertyId).toBe("222");
    expect(rows.filter((row) => row.request === null)).toHaveLength(10);
  });

  it("refuses categories on a plan without them, and properties the plan does not allow", () => {
    const file = parseImportFile("date,title,category,property\n2026-11-01,A,Launch,Blog\n");
    const [row] = checkRows(file, guessMapping(file.headers), {
      ...context,
      categories: null,
      properties: [{ ...context.properties[1]!, refusal: "Not on the free plan." }],
    });
    expect(row!.problems).toEqual(["Categories are a Premium feature.", "Not on the free plan."]);
  });
});

describe("a Tidemark export read back", () => {
  it("leaves Google's own (orange) annotations out with nothing to fix, and imports the rest", () => {
    const csv = Papa.unparse([
      [...annotationExportColumns],
      ["2026-11-01", "2026-11-01", "Ours", "", "BLUE", "", "111", "Shop"],
      ["2026-11-02", "2026-11-02", "Data collection started", "", "ORANGE", "", "111", "Shop"],
    ]);
    const file = parseImportFile(csv);
    const rows = checkRows(file, guessMapping(file.headers), context);
    expect(rows.map((row) => [row.problems, row.skipped])).toEqual([
      [[], null],
      [[], "Made by Google Analytics: Google's own annotations are not imported."],
    ]);
    expect(rows[0]!.request).not.toBeNull();
    expect(rows[1]!.request).toBeNull();
    expect(rows[1]).toMatchObject({ propertyId: "111", propertyName: "Shop", color: "ORANGE" });
  });
});

describe("an export's formula guard, read back", () => {
  // Every cell a spreadsheet would run, cells already quoted before such a character, and quotes
  // elsewhere: each title must come back exactly.
  const titles = [
    "=SUM(A1:A9)",
    "+44 launch",
    "-5% after the change",
    "@here standup",
    "'=already quoted",
    "''+two quotes",
    "'plain quote",
    "'",
    "it's = fine",
    "Plain",
  ];

  it("gives back every title, description and category name exactly", () => {
    const rows: AnnotationExportRow[] = titles.map((title, index) => ({
      start_date: "2026-11-01",
      end_date: "2026-11-01",
      title,
      description: index % 2 === 0 ? `=1+${index}\nsecond line` : `-${index}`,
      color: "BLUE",
      category: index === 0 ? "=Launch" : "",
      property_id: "111",
      property_name: "Shop",
      ...impactExportFields(null),
    }));
    const csv = annotationsCsv(rows);
    // The file a spreadsheet opens holds no cell it would run.
    const cells = Papa.parse<string[]>(csv).data.flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);

    const file = parseImportFile(csv);
    const checked = checkRows(file, guessMapping(file.headers), {
      ...context,
      categories: [{ id: "6f1c1d7e-1c35-4a5e-9a53-0c1b8b2d6b10", name: "=Launch" }],
    });
    expect(checked.map((row) => row.problems)).toEqual(titles.map(() => []));
    expect(checked.map((row) => row.request!.title)).toEqual(titles);
    expect(checked.map((row) => row.request!.description)).toEqual(
      rows.map((row) => row.description),
    );
    expect(checked[0]!.request!.categoryId).toBe("6f1c1d7e-1c35-4a5e-9a53-0c1b8b2d6b10");
  });

  it("takes the guard off another tool's file too, and nothing else", () => {
    const file = parseImportFile(
      "date,title\n2026-11-01,'=2+2\n2026-11-02,'-5\n2026-11-03,'quoted\n2026-11-04,=raw\n",
    );
    const checked = checkRows(file, guessMapping(file.headers), context);
    expect(checked.map((row) => row.title)).toEqual(["=2+2", "-5", "'quoted", "=raw"]);
  });
});

describe("problems of a row", () => {
  it("names one bad date once when both date columns hold it", () => {
    const file = parseImportFile("start_date,end_date,title\n27/11/2026,27/11/2026,A\n");
    const [row] = checkRows(file, guessMapping(file.headers), context);
    expect(row!.problems).toEqual(['"27/11/2026" is not a date: write it as YYYY-MM-DD.']);
  });
});
