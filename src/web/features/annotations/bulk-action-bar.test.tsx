import "../../test-support/setup-dom-tests";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type {
  BulkAnnotationsResponse,
  BulkUndoResponse,
} from "../../../shared/contracts/bulk-annotations";
import type { Category } from "../../../shared/contracts/categories";
import { premiumFeatureMessages } from "../../../shared/plans";
import { QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "../../components/ui/toaster";
import { createQueryClient } from "../../lib/query-client";
import { dismissToast } from "../../components/ui/use-toast";
import { jsonResponse, stubApi, type RecordedRequest } from "../../test-support/fake-api";
import { findToast } from "../../test-support/render-app";
import { BulkActionBar, type BulkSelectionItem } from "./bulk-action-bar";

const selected: BulkSelectionItem[] = [
  { propertyId: "123", annotationId: "a1", title: "Spring sale" },
  { propertyId: "123", annotationId: "a2", title: "Launch" },
  { propertyId: "456", annotationId: "b1", title: "Outage" },
];
const promotions: Category = {
  id: "0c8a1f2e-3b4d-4e5f-8a6b-7c8d9e0f1a2b",
  name: "Promotions",
  color: "GREEN",
  description: null,
  titleTemplate: null,
  isDefault: false,
  createdAt: "2026-11-01T00:00:00Z",
  updatedAt: "2026-11-01T00:00:00Z",
};
const busy = "Google Analytics is busy right now. Please try again in a minute.";

/** Answers a bulk request: every row changed except `failing`, which Google was busy for. */
function bulkAnswer(request: RecordedRequest, failing: string[] = []): Response {
  const body = request.body as {
    requestId: string;
    action: BulkAnnotationsResponse["action"];
    items: { propertyId: string; annotationId: string }[];
  };
  const results = body.items.map((item): BulkAnnotationsResponse["results"][number] =>
    failing.includes(item.annotationId)
      ? { ...item, status: "failed", code: "google_busy", error: busy }
      : { ...item, status: "changed", changeId: crypto.randomUUID() },
  );
  const changed = results.filter((row) => row.status === "changed").length;
  return jsonResponse(200, {
    batchId: body.requestId,
    action: body.action,
    changed,
    failed: results.length - changed,
    results,
  } satisfies BulkAnnotationsResponse);
}

function renderBar(props: Partial<Parameters<typeof BulkActionBar>[0]> = {}) {
  const onClearSelection = vi.fn();
  const onFinished = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BulkActionBar
        selected={selected}
        canBulk
        categories={[promotions]}
        onClearSelection={onClearSelection}
        onFinished={onFinished}
        {...props}
      />
      <Toaster />
    </QueryClientProvider>,
  );
  return { onClearSelection, onFinished };
}

beforeEach(() => {
  // jsdom lacks pointer capture, which Radix's toast calls when its action is pressed.
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
});

afterEach(() => {
  vi.unstubAllGlobals();
  // The toast store is module state: one test's toast must not be the next one's.
  act(() => dismissToast());
});

describe("BulkActionBar", () => {
  it("recolours the selection, reports each failed row by title, and undoes the batch", async () => {
    const { requests } = stubApi({
      "POST /api/annotations/bulk": (request) => bulkAnswer(request, ["a2"]),
    });
    const user = userEvent.setup();
    const { onFinished } = renderBar();
    const bar = screen.getByRole("toolbar", { name: "Bulk actions" });
    expect(within(bar).getByText("3 selected")).toBeInTheDocument();

    await user.click(within(bar).getByRole("button", { name: "Recolour" }));
    await user.click(screen.getByRole("menuitem", { name: "Red" }));

    const toast = await findToast();
    expect(toast).toHaveTextContent("Recoloured");
    expect(toast).toHaveTextContent(`2 recoloured, 1 failed: “Launch” (${busy})`);
    const sent = requests.filter((request) => request.path === "/api/annotations/bulk");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      requestId: expect.any(String),
      action: "recolor",
      color: "RED",
      items: selected.map(({ propertyId, annotationId }) => ({ propertyId, annotationId })),
    });
    expect(onFinished).toHaveBeenCalledWith([{ propertyId: "123", annotationId: "a2" }]);

    // The undo names the batch the run's request id made.
    const requestId = (sent[0]!.body as { requestId: string }).requestId;
    requests.length = 0;
    stubApi({
      [`POST /api/annotations/bulk/${requestId}/undo`]: () =>
        jsonResponse(200, {
          batchId: requestId,
          undone: 2,
          unconfirmed: 0,
          failed: 0,
          results: [
            { propertyId: "123", annotationId: "a1", title: "Spring sale", status: "undone" },
            { propertyId: "456", annotationId: "b1", title: "Outage", status: "undone" },
          ],
        } satisfies BulkUndoResponse),
    });
    await user.click(within(toast).getByRole("button", { name: /Undo/ }));
    await waitFor(async () => expect(await findToast()).toHaveTextContent("2 undone"));
  });

  it("offers Undo again for the rows an undo did not get to, and says which Google did not confirm", async () => {
    const { requests } = stubApi({
      "POST /api/annotations/bulk": (request) => bulkAnswer(request),
    });
    const user = userEvent.setup();
    renderBar();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete 3" }),
    );
    const toast = await findToast();
    const requestId = (requests[0]!.body as { requestId: string }).requestId;
    const unavailable = "Google Analytics is unavailable right now. Please try again shortly.";
    const unconfirmed =
      "Google did not confirm the annotation was created. Check the list in a moment before trying again.";
    const rows = {
      a1: { propertyId: "123", annotationId: "a1", title: "Spring sale" },
      a2: { propertyId: "123", annotationId: "a2", title: "Launch" },
      b1: { propertyId: "456", annotationId: "b1", title: "Outage" },
    };
    let undos = 0;
    stubApi({
      [`POST /api/annotations/bulk/${requestId}/undo`]: () =>
        jsonResponse(
          200,
          ++undos === 1
            ? ({
                batchId: requestId,
                undone: 1,
                unconfirmed: 1,
                failed: 1,
                results: [
                  { ...rows.a1, status: "undone" },
                  { ...rows.a2, status: "failed", code: "google_unavailable", error: unavailable },
                  {
                    ...rows.b1,
                    status: "unconfirmed",
                    code: "google_unconfirmed",
                    error: unconfirmed,
                  },
                ],
              } satisfies BulkUndoResponse)
            : ({
                batchId: requestId,
                undone: 3,
                unconfirmed: 0,
                failed: 0,
                results: Object.values(rows).map((row) => ({ ...row, status: "undone" as const })),
              } satisfies BulkUndoResponse),
        ),
    });
    await user.click(within(toast).getByRole("button", { name: /Undo/ }));
    await waitFor(async () =>
      expect(await findToast()).toHaveTextContent(
        `1 undone, 1 not confirmed yet, 1 failed: “Launch” (${unavailable}). Undo again tries those 2 once more`,
      ),
    );
    await user.click(within(await findToast()).getByRole("button", { name: "Undo again" }));
    await waitFor(async () => expect(await findToast()).toHaveTextContent(/^Undone3 undone$/));
    expect(undos).toBe(2);
    expect(within(await findToast()).queryByRole("button", { name: "Undo again" })).toBeNull();
  });

  it("deletes only after one confirmation naming the count", async () => {
    const { requests } = stubApi({
      "POST /api/annotations/bulk": (request) => bulkAnswer(request),
    });
    const user = userEvent.setup();
    renderBar();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete 3 annotations?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete 3" }),
    );
    // A deletion is reported as one, not as a change.
    expect(await findToast()).toHaveTextContent("3 deleted");
    expect(await findToast()).not.toHaveTextContent("changed");
    expect(requests.filter((request) => request.method === "POST")).toHaveLength(1);
    expect(requests[0]!.body).toMatchObject({ action: "delete" });
  });

  it("sets a category from the person's categories, and clears one", async () => {
    const { requests } = stubApi({
      "POST /api/annotations/bulk": (request) => bulkAnswer(request),
    });
    const user = userEvent.setup();
    renderBar();
    await user.click(screen.getByRole("button", { name: "Category" }));
    await user.click(screen.getByRole("menuitem", { name: "Promotions" }));
    await findToast();
    await user.click(screen.getByRole("button", { name: "Category" }));
    await user.click(screen.getByRole("menuitem", { name: "No category" }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests.map((request) => request.body)).toEqual([
      expect.objectContaining({ action: "set-category", categoryId: promotions.id }),
      expect.objectContaining({ action: "clear-category" }),
    ]);
    expect(requests[1]!.body).not.toHaveProperty("categoryId");
  });

  it("shows the free plan why not, in the shared plan words, and still clears", async () => {
    const { requests } = stubApi({});
    const user = userEvent.setup();
    const { onClearSelection } = renderBar({ canBulk: false, categories: [] });
    expect(screen.getByText(premiumFeatureMessages.bulk)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Recolour" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(onClearSelection).toHaveBeenCalledOnce();
    expect(requests.filter((request) => request.method === "POST")).toEqual([]);
  });
});
