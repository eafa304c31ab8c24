import "../../test-support/setup-dom-tests";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures";
import type {
  BulkAnnotationsResponse,
  BulkUndoResponse,
} from "../../../shared/contracts/bulk-annotations";
import { premiumFeatureMessages } from "../../../shared/plans";
import { dismissToast } from "../../components/ui/use-toast";
import { rememberSelectedProperty } from "../../session/selected-property";
import {
  jsonResponse,
  makeUser,
  signedInAs,
  stubApi,
  type FakeRoute,
} from "../../test-support/fake-api";
import { findToast, renderAppAt } from "../../test-support/render-app";

const rows = [
  anAnnotation({ annotationId: "a1", title: "Spring sale", color: "BLUE" }),
  anAnnotation({ annotationId: "a2", title: "Launch", color: "BLUE" }),
  anAnnotation({ annotationId: "a3", title: "Outage", color: "BLUE" }),
];

function routes(tier: "freemium" | "premium", extra: Record<string, FakeRoute> = {}) {
  const user = makeUser({
    subscriptionTier: tier,
    annotationQuota: tier === "premium" ? 50 : 5,
    lockedPropertyId: tier === "freemium" ? "123" : null,
  });
  return {
    "GET /api/auth/user": signedInAs(user),
    "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
    "GET /api/ga4/properties": () => jsonResponse(200, { properties: [] }),
    "GET /api/properties": () =>
      jsonResponse(200, {
        properties: [
          {
            id: "p1",
            propertyId: "123",
            name: "Shop",
            locked: tier === "freemium",
            createdAt: "2026-11-01T00:00:00Z",
          },
        ],
      }),
    "GET /api/categories": () => jsonResponse(200, { categories: [], annotationCounts: {} }),
    "GET /api/annotations/123": () => jsonResponse(200, { reportingDataAnnotations: rows }),
    ...extra,
  } satisfies Record<string, FakeRoute>;
}

beforeEach(() => {
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => dismissToast());
});

describe("bulk actions in Property View", () => {
  it("recolours the selected rows, reports them and reads the list again", async () => {
    rememberSelectedProperty(makeUser().id, "123");
    const { requests } = stubApi(
      routes("premium", {
        "POST /api/annotations/bulk": (request) => {
          const body = request.body as { requestId: string; items: { annotationId: string }[] };
          return jsonResponse(200, {
            batchId: body.requestId,
            action: "recolor",
            changed: body.items.length,
            failed: 0,
            results: body.items.map((item) => ({
              propertyId: "123",
              annotationId: item.annotationId,
              status: "changed",
              changeId: crypto.randomUUID(),
            })),
          } satisfies BulkAnnotationsResponse);
        },
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    await user.click((await screen.findAllByRole("checkbox", { name: "Select Spring sale" }))[0]!);
    await user.click(screen.getAllByRole("checkbox", { name: "Select Outage" })[0]!);

    const bar = await screen.findByRole("toolbar", { name: "Bulk actions" });
    expect(within(bar).getByText("2 selected")).toBeInTheDocument();
    const listsBefore = requests.filter((r) => r.path === "/api/annotations/123").length;
    await user.click(within(bar).getByRole("button", { name: "Recolour" }));
    await user.click(screen.getByRole("menuitem", { name: "Red" }));

    expect(await findToast()).toHaveTextContent("2 recoloured");
    const sent = requests.find((r) => r.path === "/api/annotations/bulk");
    expect(sent?.body).toMatchObject({
      action: "recolor",
      color: "RED",
      items: [
        { propertyId: "123", annotationId: "a1" },
        { propertyId: "123", annotationId: "a3" },
      ],
    });
    await waitFor(() =>
      expect(requests.filter((r) => r.path === "/api/annotations/123").length).toBeGreaterThan(
        listsBefore,
      ),
    );
    // Every row changed, so nothing stays selected.
    await waitFor(() => expect(screen.queryByRole("toolbar", { name: "Bulk actions" })).toBeNull());

    // The toast's Undo still works with the bar gone.
    const batchId = (sent!.body as { requestId: string }).requestId;
    stubApi(
      routes("premium", {
        [`POST /api/annotations/bulk/${batchId}/undo`]: () =>
          jsonResponse(200, {
            batchId,
            undone: 2,
            unconfirmed: 0,
            failed: 0,
            results: [
              { propertyId: "123", annotationId: "a1", title: "Spring sale", status: "undone" },
              { propertyId: "123", annotationId: "a3", title: "Outage", status: "undone" },
            ],
          } satisfies BulkUndoResponse),
      }),
    );
    await user.click(within(await findToast()).getByRole("button", { name: /Undo/ }));
    await waitFor(async () => expect(await findToast()).toHaveTextContent("2 undone"));
  });

  it("shows the free plan the locked bar in the shared words", async () => {
    rememberSelectedProperty(makeUser().id, "123");
    stubApi(routes("freemium"));
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    await user.click((await screen.findAllByRole("checkbox", { name: "Select Launch" }))[0]!);
    const bar = await screen.findByRole("toolbar", { name: "Bulk actions" });
    expect(within(bar).getByText(premiumFeatureMessages.bulk)).toBeInTheDocument();
    expect(within(bar).queryByRole("button", { name: "Recolour" })).toBeNull();
  });
});
