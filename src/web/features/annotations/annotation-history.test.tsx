import "../../test-support/setup-dom-tests";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures";
import type { AllAnnotationsResponse } from "../../../shared/contracts/all-annotations";
import type {
  AnnotationChange,
  AnnotationFields,
  AnnotationHistoryResponse,
  RestoreVersionResponse,
} from "../../../shared/contracts/annotation-history";
import type { Category } from "../../../shared/contracts/categories";
import {
  errorResponse,
  jsonResponse,
  makeUser,
  signedInAs,
  stubApi,
  type FakeRoute,
} from "../../test-support/fake-api";
import { findToast, renderAppAt } from "../../test-support/render-app";
import { rememberSelectedProperty } from "../../session/selected-property";

const campaign: Category = {
  id: "c0a1b2c3-0000-4000-8000-00000000000a",
  name: "Campaign",
  color: "PURPLE",
  description: null,
  titleTemplate: null,
  isDefault: false,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
};
const release: Category = {
  ...campaign,
  id: "c0a1b2c3-0000-4000-8000-00000000000b",
  name: "Release",
};

const longText =
  "Checkout was down for visitors in the EU between nine and eleven in the morning, while the payment provider moved its data centre; orders came back once the old route was restored.";

const first: AnnotationFields = {
  title: "Winter sale",
  description: longText,
  color: "BLUE",
  annotationDate: { year: 2026, month: 11, day: 20 },
  categoryId: campaign.id,
};
const now: AnnotationFields = {
  ...first,
  title: "Winter sale (EU)",
  description: "",
  categoryId: release.id,
};

const createdId = "e0000000-0000-4000-8000-000000000001";
const editedId = "e0000000-0000-4000-8000-000000000002";
const restoreId = "e0000000-0000-4000-8000-000000000003";

function entry(overrides: Partial<AnnotationChange>): AnnotationChange {
  return {
    changeId: editedId,
    propertyId: "123",
    annotationId: "a1",
    kind: "updated",
    source: "tidemark",
    at: "2026-11-23T21:05:00.000Z",
    before: first,
    after: now,
    undoes: null,
    undoneBy: null,
    restores: null,
    ...overrides,
  };
}

const history: AnnotationHistoryResponse = {
  changes: [
    entry({}),
    entry({
      changeId: createdId,
      kind: "created",
      at: "2026-11-20T09:00:00.000Z",
      before: null,
      after: first,
    }),
  ],
  categoryNames: { [campaign.id]: campaign.name, [release.id]: release.name },
};

const current = anAnnotation({
  annotationId: "a1",
  title: now.title,
  description: now.description,
  color: now.color,
  annotationDate: now.annotationDate,
  categoryId: now.categoryId,
});

const restored: RestoreVersionResponse = {
  change: entry({
    changeId: restoreId,
    at: "2026-12-06T10:00:00.000Z",
    before: now,
    after: first,
    restores: createdId,
  }),
  annotation: {
    ...current,
    title: first.title,
    description: first.description,
    categoryId: campaign.id,
  },
};

function premiumDashboard(extra: Record<string, FakeRoute> = {}) {
  return {
    "GET /api/auth/user": signedInAs(
      makeUser({ subscriptionTier: "premium", annotationQuota: 50, lockedPropertyId: null }),
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
            timeZone: "UTC",
            createdAt: "2026-11-01T00:00:00Z",
          },
        ],
      }),
    "GET /api/annotations/123": () => jsonResponse(200, { reportingDataAnnotations: [current] }),
    "GET /api/categories": () => jsonResponse(200, { categories: [campaign, release] }),
    "GET /api/annotations/123/a1/history": () => jsonResponse(200, history),
    "GET /api/annotations/123/a1/copies": () => jsonResponse(200, { copies: [] }),
    ...extra,
  } satisfies Record<string, FakeRoute>;
}

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** An entry of the history list, found by its headline. */
async function historyEntry(headline: string | RegExp) {
  const section = within(await screen.findByRole("region", { name: "History" }));
  const title = await section.findByText(headline);
  return within(title.closest("li")!);
}

describe("an annotation's history", () => {
  it("says what each change did from what to what, names categories and folds long text", async () => {
    rememberSelectedProperty(makeUser().id, "123");
    stubApi(premiumDashboard());
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    await user.click(await screen.findByRole("button", { name: "Edit Winter sale (EU)" }));

    const edit = await historyEntry("Edited");
    expect(edit.getByText("2026-11-23 21:05 UTC")).toBeInTheDocument();
    expect(edit.getByText("(current version)")).toBeInTheDocument();
    // The version the annotation holds is not offered again.
    expect(edit.queryByRole("button", { name: /Restore/ })).toBeNull();
    expect(edit.getByText("Title").nextElementSibling!.textContent).toBe(
      "Winter sale → Winter sale (EU)",
    );
    const category = edit.getByText("Category").nextElementSibling!;
    expect(category.textContent).toBe("Campaign → Release");
    expect(edit.queryByText(release.id)).toBeNull();
    const description = edit.getByText("Description").nextElementSibling as HTMLElement;
    // The removed text is kept, folded to its start.
    expect(description.textContent).toContain("From Checkout was down for visitors");
    expect(description.textContent).not.toContain("once the old route was restored");
    expect(within(description).getByText("none")).toBeInTheDocument();
    await user.click(within(description).getByRole("button", { name: "Show more" }));
    expect(description.textContent).toContain("once the old route was restored.");
    expect(within(description).getByRole("button", { name: "Show less" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );

    const created = await historyEntry("Created");
    expect(created.getByText("Title").nextElementSibling!.textContent).toBe("Winter sale");
    expect(created.getByText("Category").nextElementSibling!.textContent).toBe("Campaign");
    expect(created.getByText("Dates").nextElementSibling!.textContent).toBe("2026-11-20");
  });

  it("restores an entry through the server after asking, and offers to undo the restore", async () => {
    rememberSelectedProperty(makeUser().id, "123");
    const { requests } = stubApi(
      premiumDashboard({
        "POST /api/annotations/123/a1/history/e0000000-0000-4000-8000-000000000001/restore": () =>
          jsonResponse(200, restored),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    await user.click(await screen.findByRole("button", { name: "Edit Winter sale (EU)" }));
    const created = await historyEntry("Created");
    await user.click(
      created.getByRole("button", { name: "Restore the version of 2026-11-20 09:00 UTC" }),
    );
    const question = within(await screen.findByRole("dialog", { name: "Restore this version?" }));
    expect(
      question.getByText(
        /“Winter sale \(EU\)” will read again as it did when it was created on 2026-11-20 09:00 UTC:/,
      ),
    ).toBeInTheDocument();
    await user.click(question.getByRole("button", { name: "Restore" }));

    const toast = await findToast();
    expect(within(toast).getByText("Restored")).toBeInTheDocument();
    expect(
      within(toast).getByText('"Winter sale" reads again as it did on 2026-11-20 09:00 UTC.'),
    ).toBeInTheDocument();
    expect(within(toast).getByRole("button", { name: /Undo/ })).toBeInTheDocument();
    const restores = requests.filter((request) => request.path.endsWith("/restore"));
    expect(restores).toHaveLength(1);
    expect(restores[0]!.body).toEqual({ requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // The question's own form was the one sent: the edit dialog around the history saved nothing.
    expect(requests.some((request) => request.method === "PATCH")).toBe(false);
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Edit Annotation" })).toBeNull(),
    );
    // The table shows the restored version.
    expect(await screen.findByRole("button", { name: "Edit Winter sale" })).toBeInTheDocument();
  });

  it("says why a restore was refused, and leaves the annotation as it was", async () => {
    rememberSelectedProperty(makeUser().id, "123");
    stubApi(
      premiumDashboard({
        "POST /api/annotations/123/a1/history/e0000000-0000-4000-8000-000000000001/restore": () =>
          errorResponse(409, {
            error: "The annotation already reads as that version. Nothing was changed.",
            code: "nothing_to_restore",
          }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    await user.click(await screen.findByRole("button", { name: "Edit Winter sale (EU)" }));
    await user.click(
      (await historyEntry("Created")).getByRole("button", { name: /Restore the version/ }),
    );
    await user.click(
      within(await screen.findByRole("dialog", { name: "Restore this version?" })).getByRole(
        "button",
        { name: "Restore" },
      ),
    );
    const toast = await findToast();
    expect(within(toast).getByText("Could not restore")).toBeInTheDocument();
    expect(
      within(toast).getByText("The annotation already reads as that version. Nothing was changed."),
    ).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Edit Annotation" })).toBeInTheDocument();
  });
});

describe("All annotations' history", () => {
  const rows: AllAnnotationsResponse = {
    rows: [{ propertyId: "123", propertyName: "Shop", annotation: current }],
    total: 1,
    offset: 0,
    limit: 50,
    properties: [
      {
        propertyId: "123",
        name: "Shop",
        timeZone: "UTC",
        fetchedAt: "2026-12-06T09:00:00Z",
        problem: null,
      },
    ],
    categories: [
      { id: campaign.id, name: campaign.name, color: campaign.color },
      { id: release.id, name: release.name, color: release.color },
    ],
  };

  it("shows a row's history from its details, and restores from there for Premium", async () => {
    const { requests } = stubApi(
      premiumDashboard({
        "GET /api/annotations": () => jsonResponse(200, rows),
        "POST /api/annotations/123/a1/history/e0000000-0000-4000-8000-000000000001/restore": () =>
          jsonResponse(200, restored),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/annotations");
    await user.click(await screen.findByRole("button", { name: "Winter sale (EU)" }));
    const edit = await historyEntry("Edited");
    expect(edit.getByText("Category").nextElementSibling!.textContent).toBe("Campaign → Release");
    await user.click(
      (await historyEntry("Created")).getByRole("button", { name: /Restore the version/ }),
    );
    await user.click(
      within(await screen.findByRole("dialog", { name: "Restore this version?" })).getByRole(
        "button",
        { name: "Restore" },
      ),
    );
    expect(within(await findToast()).getByText("Restored")).toBeInTheDocument();
    expect(requests.filter((request) => request.path.endsWith("/restore"))).toHaveLength(1);
  });

  it("shows the history without Restore on a plan without edits", async () => {
    stubApi({
      ...premiumDashboard({ "GET /api/annotations": () => jsonResponse(200, rows) }),
      "GET /api/auth/user": signedInAs(
        makeUser({ subscriptionTier: "freemium", annotationQuota: 5, lockedPropertyId: "123" }),
      ),
    });
    const user = userEvent.setup();
    renderAppAt("/annotations");
    await user.click(await screen.findByRole("button", { name: "Winter sale (EU)" }));
    await historyEntry("Created");
    expect(screen.queryByRole("button", { name: /Restore/ })).toBeNull();
  });
});
