import "../../test-support/setup-dom-tests";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures";
import type { UndoChangeResponse } from "../../../shared/contracts/annotation-history";
import { dismissToast } from "../../components/ui/use-toast";
import { rememberSelectedProperty } from "../../session/selected-property";
import {
  errorResponse,
  jsonResponse,
  makeUser,
  signedInAs,
  stubApi,
  type RecordedRequest,
} from "../../test-support/fake-api";
import { findToast, renderAppAt } from "../../test-support/render-app";

const sale = anAnnotation({ annotationId: "a1", title: "Spring sale", color: "BLUE" });
const deletionId = "3f1d2c3e-4f50-4a6b-8c7d-9e0f1a2b3c4d";

beforeEach(() => {
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => dismissToast());
});

describe("Undo on Property View's toasts", () => {
  it("offers Undo again when Google failed the undo, with the same request id", async () => {
    rememberSelectedProperty(makeUser().id, "123");
    let undos = 0;
    const { requests } = stubApi({
      "GET /api/auth/user": signedInAs(makeUser({ subscriptionTier: "premium" })),
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
      "GET /api/categories": () => jsonResponse(200, { categories: [], annotationCounts: {} }),
      "GET /api/annotations/123": () => jsonResponse(200, { reportingDataAnnotations: [sale] }),
      "DELETE /api/annotations/123/a1": () =>
        jsonResponse(200, { deleted: true, changeId: deletionId }),
      [`POST /api/annotations/123/changes/${deletionId}/undo`]: () =>
        ++undos === 1
          ? errorResponse(503, {
              code: "google_unavailable",
              error: "Google Analytics is unavailable right now. Please try again shortly.",
            })
          : jsonResponse(200, {
              change: {
                changeId: crypto.randomUUID(),
                propertyId: "123",
                annotationId: "a9",
                kind: "created",
                source: "tidemark",
                at: "2026-11-02T00:00:00Z",
                before: null,
                after: null,
                undoes: deletionId,
                undoneBy: null,
              },
              annotation: { ...sale, annotationId: "a9" },
            } as unknown as UndoChangeResponse),
    });
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    await user.click(await screen.findByRole("button", { name: "Delete Spring sale" }));
    const confirm = within(await screen.findByRole("dialog", { name: "Delete Annotation" }));
    await user.click(confirm.getByRole("button", { name: "Delete" }));
    await user.click(within(await findToast()).getByRole("button", { name: /Undo/ }));

    await waitFor(async () =>
      expect(await findToast()).toHaveTextContent("Could not undoGoogle Analytics is unavailable"),
    );
    await user.click(within(await findToast()).getByRole("button", { name: "Undo again" }));
    await waitFor(async () =>
      expect(await findToast()).toHaveTextContent('Undone"Spring sale" is back in GA4.'),
    );
    const sent = requests.filter((r: RecordedRequest) => r.path.endsWith("/undo"));
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toEqual(sent[0]!.body);
  });
});
