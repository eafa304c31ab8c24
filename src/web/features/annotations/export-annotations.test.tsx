import "../../test-support/setup-dom-tests";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import Papa from "papaparse";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures";
import type { AllAnnotationsResponse } from "../../../shared/contracts/all-annotations";
import { jsonResponse, makeUser, signedInAs, stubApi } from "../../test-support/fake-api";
import { renderAppAt } from "../../test-support/render-app";
import { rememberSelectedProperty } from "../../session/selected-property";

// The server lists these by their first day only; the table orders a range after a single day
// that starts with it (by first and last day), so the two orders differ.
const listed = [
  anAnnotation({
    annotationId: "a3",
    title: "Alpha launch",
    annotationDate: { year: 2026, month: 11, day: 10 },
  }),
  anAnnotation({
    annotationId: "a1",
    title: "Beta range",
    annotationDate: { year: 2026, month: 11, day: 10 },
    annotationDateRange: {
      startDate: { year: 2026, month: 11, day: 10 },
      endDate: { year: 2026, month: 11, day: 15 },
    },
  }),
  anAnnotation({
    annotationId: "a2",
    title: "Gamma",
    description: "=1+1 in a cell",
    annotationDate: { year: 2026, month: 11, day: 12 },
  }),
];

let files: Blob[] = [];
beforeEach(() => {
  files = [];
  window.localStorage.clear();
  // jsdom has no object URLs: the file handed to the link is kept to be read back.
  URL.createObjectURL = (file: Blob | MediaSource) => {
    files.push(file as Blob);
    return "blob:export";
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

function dashboard() {
  return {
    "GET /api/auth/user": signedInAs(
      makeUser({ subscriptionTier: "premium", annotationQuota: 50 }),
    ),
    "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
    "GET /api/ga4/properties": () => jsonResponse(200, { properties: [] }),
    "GET /api/properties": () =>
      jsonResponse(200, {
        properties: [
          {
            id: "p1",
            propertyId: "123",
            name: "Shop",
            locked: false,
            createdAt: "2026-11-01T00:00:00Z",
          },
        ],
      }),
    "GET /api/annotations/123": () => jsonResponse(200, { reportingDataAnnotations: listed }),
    "GET /api/account/feeds": () => jsonResponse(200, { feeds: [] }),
  };
}

/** The table's titles, top to bottom. */
function tableTitles(): string[] {
  const table = screen.getByRole("table");
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("button")[0]!.textContent!);
}

/** Downloads the CSV from the Export dialog and reads its titles back, in order. */
async function exportedTitles(user: ReturnType<typeof userEvent.setup>): Promise<string[]> {
  // Its code arrives after the table's: the button stands disabled until then.
  await waitFor(() => expect(screen.getByRole("button", { name: "Export" })).toBeEnabled());
  await user.click(screen.getByRole("button", { name: "Export" }));
  const dialog = within(await screen.findByRole("dialog", { name: "Export annotations" }));
  await user.click(dialog.getByRole("button", { name: "Download CSV" }));
  await user.click(dialog.getByRole("button", { name: "Close" }));
  const text = await files.at(-1)!.text();
  const rows = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: true,
  }).data;
  return rows.map((row) => row.title!);
}

describe("Property View's Export", () => {
  it("writes the rows the table shows, in the table's order, as it is sorted and searched", async () => {
    rememberSelectedProperty(makeUser().id, "123");
    stubApi(dashboard());
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    await screen.findByRole("button", { name: "Gamma" });

    expect(tableTitles()).toEqual(["Gamma", "Beta range", "Alpha launch"]);
    expect(await exportedTitles(user)).toEqual(tableTitles());

    await user.click(screen.getByRole("button", { name: "Title" }));
    expect(tableTitles()).toEqual(["Alpha launch", "Beta range", "Gamma"]);
    expect(await exportedTitles(user)).toEqual(tableTitles());

    await user.type(screen.getByRole("searchbox"), "range");
    expect(tableTitles()).toEqual(["Beta range"]);
    await user.click(screen.getByRole("button", { name: "Export" }));
    expect(
      await screen.findByText(
        "1 annotation of Shop that match the table's search and filters, in the table's order.",
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(await exportedTitles(user)).toEqual(["Beta range"]);
  });
});

describe("All annotations' Export", () => {
  const view: AllAnnotationsResponse = {
    rows: [
      {
        propertyId: "123",
        propertyName: "Shop",
        annotation: {
          ...listed[0]!,
          propertyId: "123",
        } as AllAnnotationsResponse["rows"][number]["annotation"],
      },
    ],
    total: 240,
    offset: 0,
    limit: 50,
    properties: [
      { propertyId: "123", name: "Shop", timeZone: "UTC", fetchedAt: null, problem: null },
      { propertyId: "456", name: "Blog", timeZone: "UTC", fetchedAt: null, problem: null },
    ],
    categories: [],
  };

  it("downloads the whole view from the server, its filters and order, and feeds its properties", async () => {
    stubApi({
      ...dashboard(),
      "GET /api/properties": () =>
        jsonResponse(200, {
          properties: view.properties.map((property, index) => ({
            id: `p${index}`,
            propertyId: property.propertyId,
            name: property.name,
            locked: false,
            createdAt: "2026-11-01T00:00:00Z",
          })),
        }),
      "GET /api/annotations": () => jsonResponse(200, view),
    });
    const user = userEvent.setup();
    renderAppAt("/annotations?q=launch&property=123&sort=title&dir=asc&page=2");
    await screen.findByRole("button", { name: "Alpha launch" });
    // Its code arrives after the page's: the button stands disabled until then.
    await waitFor(() => expect(screen.getByRole("button", { name: "Export" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Export" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Export annotations" }));
    expect(
      dialog.getByText(
        "240 annotations of 1 property that match the search and filters, in the table's order, every page of it.",
      ),
    ).toBeInTheDocument();
    // Every page: the address carries the view's filters and order, never its page.
    const csv = new URL(
      dialog.getByRole("link", { name: "Download CSV" }).getAttribute("href")!,
      "http://localhost",
    );
    expect(csv.pathname).toBe("/api/annotations/export");
    expect(Object.fromEntries(csv.searchParams)).toEqual({
      format: "csv",
      q: "launch",
      property: "123",
      sort: "title",
      dir: "asc",
    });
    expect(dialog.getByRole("link", { name: "Download JSON" }).getAttribute("href")).toContain(
      "format=json",
    );
    // The feed starts with the properties shown ticked.
    expect(dialog.getByRole("checkbox", { name: "Shop" })).toBeChecked();
    expect(dialog.queryByRole("checkbox", { name: "Blog" })).not.toBeChecked();
  });
});
