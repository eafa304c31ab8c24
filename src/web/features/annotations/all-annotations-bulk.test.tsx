import "../../test-support/setup-dom-tests";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures";
import type {
  AllAnnotationsKeysResponse,
  AllAnnotationsResponse,
} from "../../../shared/contracts/all-annotations";
import type { BulkAnnotationsResponse } from "../../../shared/contracts/bulk-annotations";
import { premiumFeatureMessages } from "../../../shared/plans";
import { dismissToast } from "../../components/ui/use-toast";
import { jsonResponse, makeUser, signedInAs, stubApi } from "../../test-support/fake-api";
import { findToast, renderAppAt } from "../../test-support/render-app";

const row = (propertyId: string, annotationId: string, title: string) => ({
  propertyId,
  propertyName: propertyId === "111" ? "Shop UK" : "Blog",
  annotation: anAnnotation({ propertyId, annotationId, title }),
});

function pageOf(query: URLSearchParams): AllAnnotationsResponse {
  const second = query.get("offset") === "50";
  return {
    rows: second
      ? [row("222", "b1", "Spring sale")]
      : [row("111", "a1", "Winter sale"), row("222", "a1", "Summer sale")],
    total: 51,
    offset: second ? 50 : 0,
    limit: 50,
    properties: [
      { propertyId: "111", name: "Shop UK", timeZone: "UTC", fetchedAt: null, problem: null },
      { propertyId: "222", name: "Blog", timeZone: "UTC", fetchedAt: null, problem: null },
    ],
    categories: [],
  };
}

/** The fake API; every query the page sent to GET /api/annotations, and the bulk requests. */
function api(
  tier: "premium" | "freemium",
  keys: AllAnnotationsKeysResponse = {
    items: [
      { propertyId: "111", annotationId: "a1", title: "Winter sale" },
      { propertyId: "222", annotationId: "a1", title: "Summer sale" },
      { propertyId: "222", annotationId: "b1", title: "Spring sale" },
    ],
    total: 3,
    limit: 500,
  },
) {
  const { requests } = stubApi({
    "GET /api/auth/user": signedInAs(
      makeUser({ subscriptionTier: tier, annotationQuota: tier === "premium" ? 50 : 5 }),
    ),
    "GET /api/categories": () => jsonResponse(200, { categories: [], annotationCounts: {} }),
    "POST /api/annotations/bulk": (request) => {
      const body = request.body as {
        requestId: string;
        items: { propertyId: string; annotationId: string }[];
      };
      // The blog's a1 fails; the rest change.
      const failing = (item: { propertyId: string; annotationId: string }) =>
        item.propertyId === "222" && item.annotationId === "a1";
      return jsonResponse(200, {
        batchId: body.requestId,
        action: "recolor",
        changed: body.items.filter((item) => !failing(item)).length,
        failed: body.items.filter(failing).length,
        results: body.items.map((item) =>
          failing(item)
            ? { ...item, status: "failed", error: "Gone" }
            : { ...item, status: "changed", changeId: crypto.randomUUID() },
        ),
      } satisfies BulkAnnotationsResponse);
    },
  });
  const fake = globalThis.fetch;
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname !== "/api/annotations") return fake(input, init);
      asked.push(url.searchParams);
      return Promise.resolve(
        jsonResponse(
          200,
          url.searchParams.get("fields") === "keys" ? keys : pageOf(url.searchParams),
        ),
      );
    }),
  );
  return { asked, requests };
}

const box = (name: string) => screen.getAllByRole("checkbox", { name: `Select ${name}` })[0]!;
const bar = () => screen.findByRole("toolbar", { name: "Bulk actions" });

beforeEach(() => {
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => dismissToast());
});

describe("bulk actions on All annotations", () => {
  it("keeps the selection across pages, keyed by property and id, and clears it for a new filter", async () => {
    const { requests } = api("premium");
    const user = userEvent.setup();
    const app = renderAppAt("/annotations");
    await screen.findByText("Winter sale");
    // The same annotation id in two properties: two rows, selected apart.
    await user.click(box("Winter sale"));
    expect(box("Summer sale")).not.toBeChecked();
    await user.click(screen.getByRole("button", { name: /Next/ }));
    await screen.findByText("Spring sale");
    await user.click(box("Spring sale"));
    expect(within(await bar()).getByText("2 selected")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Previous/ }));
    await screen.findByText("Winter sale");
    expect(box("Winter sale")).toBeChecked();

    await user.click(within(await bar()).getByRole("button", { name: "Recolour" }));
    await user.click(screen.getByRole("menuitem", { name: "Red" }));
    expect(await findToast()).toHaveTextContent("2 recoloured");
    expect(requests.find((r) => r.path === "/api/annotations/bulk")?.body).toMatchObject({
      items: [
        { propertyId: "111", annotationId: "a1" },
        { propertyId: "222", annotationId: "b1" },
      ],
    });
    await waitFor(() => expect(screen.queryByRole("toolbar", { name: "Bulk actions" })).toBeNull());

    await user.click(box("Summer sale"));
    await bar();
    await user.selectOptions(screen.getByRole("combobox", { name: "Property" }), "222");
    await waitFor(() => expect(app.currentUrl()).toContain("property=222"));
    await waitFor(() => expect(screen.queryByRole("toolbar", { name: "Bulk actions" })).toBeNull());
  });

  it("selects every row matching the filter from the server, and keeps the failed ones after a run", async () => {
    const { asked, requests } = api("premium");
    const user = userEvent.setup();
    renderAppAt("/annotations?q=sale&sort=title&dir=asc");
    await screen.findByText("Winter sale");
    await user.click(screen.getByRole("button", { name: "Select all 51 matching" }));
    expect(within(await bar()).getByText("3 selected")).toBeInTheDocument();
    expect(Object.fromEntries(asked.find((query) => query.get("fields") === "keys")!)).toEqual({
      q: "sale",
      sort: "title",
      dir: "asc",
      fields: "keys",
    });
    expect(screen.queryByRole("button", { name: /Select all \d+ matching/ })).toBeNull();

    await user.click(within(await bar()).getByRole("button", { name: "Recolour" }));
    await user.click(screen.getByRole("menuitem", { name: "Red" }));
    expect(await findToast()).toHaveTextContent("2 recoloured, 1 failed");
    expect(
      (requests.find((r) => r.path === "/api/annotations/bulk")?.body as { items: unknown[] })
        .items,
    ).toHaveLength(3);
    // Only the failed row stays selected, and the view is read again.
    await waitFor(async () =>
      expect(within(await bar()).getByText("1 selected")).toBeInTheDocument(),
    );
    expect(box("Summer sale")).toBeChecked();
    expect(box("Winter sale")).not.toBeChecked();
    await waitFor(() => expect(asked.filter((q) => q.get("fields") !== "keys").length).toBe(2));
  });

  it("says so when more match than a bulk action takes, and shows the free plan the lock", async () => {
    api("freemium", {
      items: [{ propertyId: "111", annotationId: "a1", title: "Winter sale" }],
      total: 1234,
      limit: 1,
    });
    const user = userEvent.setup();
    renderAppAt("/annotations");
    await screen.findByText("Winter sale");
    await user.click(screen.getByRole("button", { name: "Select all 51 matching" }));
    expect(
      await screen.findByText(
        "1,234 annotations match; the first 1 are selected, as many as a bulk action takes at once. Narrow the filters to reach the rest.",
      ),
    ).toBeInTheDocument();
    expect(within(await bar()).getByText(premiumFeatureMessages.bulk)).toBeInTheDocument();
    expect(within(await bar()).queryByRole("button", { name: "Recolour" })).toBeNull();
  });
});
