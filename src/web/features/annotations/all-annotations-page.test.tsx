import "../../test-support/setup-dom-tests";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AllAnnotationsResponse } from "../../../shared/contracts/all-annotations";
import { anAnnotation } from "../../../../test/annotation-fixtures";
import { jsonResponse, makeUser, signedInAs, stubApi } from "../../test-support/fake-api";
import { renderAppAt } from "../../test-support/render-app";
import { searchOfView, viewFromSearch } from "./all-annotations-view";

afterEach(() => {
  vi.unstubAllGlobals();
});

const user = makeUser({ subscriptionTier: "premium", annotationQuota: 50 });
const categoryId = "00000000-0000-4000-8000-0000000000c1";

function answer(overrides: Partial<AllAnnotationsResponse> = {}): AllAnnotationsResponse {
  return {
    rows: [
      {
        propertyId: "111",
        propertyName: "Shop UK",
        annotation: anAnnotation({
          propertyId: "111",
          annotationId: "a1",
          title: "Winter sale",
          description: "Twenty percent off",
          categoryId,
          source: "assistant",
        }),
      },
      {
        propertyId: "222",
        propertyName: "Blog",
        annotation: anAnnotation({
          propertyId: "222",
          annotationId: "a2",
          title: "Redesign",
          color: "RED",
          annotationDateRange: {
            startDate: { year: 2026, month: 11, day: 1 },
            endDate: { year: 2026, month: 11, day: 5 },
          },
          annotationDate: { year: 2026, month: 11, day: 1 },
        }),
      },
    ],
    total: 120,
    offset: 0,
    limit: 50,
    properties: [
      {
        propertyId: "111",
        name: "Shop UK",
        timeZone: "Europe/London",
        fetchedAt: "2026-11-27T04:00:00Z",
        problem: null,
      },
      {
        propertyId: "222",
        name: "Blog",
        timeZone: "UTC",
        fetchedAt: "2026-11-27T04:00:00Z",
        problem: null,
      },
      {
        propertyId: "333",
        name: "Shop AU",
        timeZone: null,
        fetchedAt: null,
        problem:
          "Could not read 'Shop AU': Your Google account cannot reach that property in Google Analytics.",
      },
    ],
    categories: [{ id: categoryId, name: "Campaigns", color: "GREEN" }],
    ...overrides,
  };
}

/** The fake API, and every address the page asked the server for (with its query). */
function api(body: AllAnnotationsResponse = answer()) {
  stubApi({
    "GET /api/auth/user": signedInAs(user),
    "GET /api/annotations": () => jsonResponse(200, body),
  });
  const fake = globalThis.fetch;
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname === "/api/annotations") asked.push(url.searchParams);
      return fake(input, init);
    }),
  );
  return asked;
}

describe("All annotations", () => {
  it("lists rows by property name, with day or range, colour, category and source, and each notice", async () => {
    api();
    renderAppAt("/annotations");
    const table = await screen.findByRole("table");
    await within(table).findByText("Winter sale");
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]!).getByText("Shop UK")).toBeTruthy();
    expect(within(rows[1]!).getByText("Winter sale")).toBeTruthy();
    expect(within(rows[1]!).getByText("Campaigns")).toBeTruthy();
    expect(within(rows[1]!).getByText("Assistant")).toBeTruthy();
    expect(within(rows[2]!).getByText("2026-11-01 – 2026-11-05")).toBeTruthy();
    expect(within(rows[2]!).getByText("Blog")).toBeTruthy();
    expect(
      screen.getByText(
        "Could not read 'Shop AU': Your Google account cannot reach that property in Google Analytics.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("1–50 of 120")).toBeTruthy();
  });

  it("shows the server's page in the server's order, read-only, with each row's details", async () => {
    // Newest first is the view's sort, yet the server's order (older first here) is the page's.
    const [winterSale, redesign] = answer().rows;
    api(answer({ rows: [redesign!, winterSale!] }));
    renderAppAt("/annotations");
    const table = await screen.findByRole("table");
    await within(table).findByText("Winter sale");
    const titles = within(table)
      .getAllByRole("row")
      .slice(1)
      // After the selection box and the date.
      .map((row) => within(row).getAllByRole("cell")[2]!.textContent);
    expect(titles).toEqual(["Redesign", "Winter sale"]);
    expect(within(table).queryByRole("columnheader", { name: "Actions" })).toBeNull();
    fireEvent.click(within(table).getByRole("button", { name: "Winter sale" }));
    const details = await screen.findByRole("dialog", { name: "Winter sale" });
    expect(within(details).getByText("a1")).toBeTruthy();
  });

  it("keeps sort, filters and page in the address, and asks the server for that view", async () => {
    const asked = api();
    const app = renderAppAt("/annotations");
    await within(await screen.findByRole("table")).findByText("Winter sale");
    fireEvent.click(screen.getByRole("button", { name: "Title" }));
    await waitFor(() => expect(app.currentUrl()).toBe("/annotations?sort=title&dir=asc"));
    fireEvent.change(screen.getByRole("combobox", { name: "Colour" }), {
      target: { value: "RED" },
    });
    fireEvent.change(screen.getByRole("combobox", { name: "Property" }), {
      target: { value: "222" },
    });
    fireEvent.click(screen.getByRole("button", { name: /Next/ }));
    await waitFor(() =>
      expect(app.currentUrl()).toBe(
        "/annotations?property=222&color=RED&sort=title&dir=asc&page=2",
      ),
    );
    await waitFor(() => expect(asked.at(-1)?.get("offset")).toBe("50"));
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({
      property: "222",
      color: "RED",
      sort: "title",
      dir: "asc",
      offset: "50",
      limit: "50",
    });
    fireEvent.change(screen.getByRole("searchbox", { name: "Search annotations" }), {
      target: { value: "sale" },
    });
    await waitFor(() => expect(app.currentUrl()).toContain("q=sale"));
    // A new search starts again at the first page.
    expect(app.currentUrl()).not.toContain("page=");
    await waitFor(() => expect(asked.at(-1)?.get("q")).toBe("sale"));
  });

  it("opens a shared view as it was, and refreshes it from Google on request", async () => {
    const asked = api();
    renderAppAt(`/annotations?q=sale&category=none&from=2026-01-01&sort=property&dir=desc&page=3`);
    await screen.findByRole("table");
    expect(Object.fromEntries(asked[0]!)).toEqual({
      q: "sale",
      category: "none",
      from: "2026-01-01",
      sort: "property",
      dir: "desc",
      offset: "100",
      limit: "50",
    });
    expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("sale");
    expect(
      ((await screen.findByRole("combobox", { name: "Category" })) as HTMLSelectElement).value,
    ).toBe("__none__");
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(asked.some((query) => query.get("refresh") === "1")).toBe(true));
  });

  it("offers the dashboard when no property is saved", async () => {
    api(answer({ rows: [], total: 0, properties: [], categories: [] }));
    renderAppAt("/annotations");
    const link = await screen.findByRole("link", { name: "Go to the dashboard" });
    expect(link.getAttribute("href")).toBe("/dashboard");
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("is in the signed-in header", async () => {
    api();
    renderAppAt("/account");
    const link = await screen.findByRole("link", { name: "All annotations" });
    expect(link.getAttribute("href")).toBe("/annotations");
  });
});

describe("the view in the address", () => {
  it("reads back what it writes, leaving defaults out", () => {
    const search =
      "q=a+b&property=1%2C2&from=2026-01-01&to=2026-02-01&color=RED&category=none&sort=title&dir=desc&page=4";
    expect(searchOfView(viewFromSearch(search))).toBe(search);
    expect(searchOfView(viewFromSearch(""))).toBe("");
    expect(viewFromSearch("sort=bogus&page=-2")).toEqual({
      filter: {},
      sort: { column: "date", direction: "desc" },
      page: 1,
    });
  });
});
