import "../../test-support/setup-dom-tests";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures";
import {
  readOnlyChoiceNote,
  readOnlyPropertyReason,
  readOnlyRowReason,
} from "../../../shared/property-access";
import { dismissToast } from "../../components/ui/use-toast";
import { rememberSelectedProperty } from "../../session/selected-property";
import {
  jsonResponse,
  makeUser,
  signedInAs,
  stubApi,
  type FakeRoute,
} from "../../test-support/fake-api";
import { renderAppAt } from "../../test-support/render-app";

/**
 * A property the person's Google role lets them only view is said to be read-only up front, and
 * nothing that could only fail is offered there: New Annotation, the rows' edit and delete, the
 * inbox's Accept, and as a target in "Add it to".
 */
const premium = makeUser({ subscriptionTier: "premium", annotationQuota: 50, propertyQuota: 5 });
const shopReason = readOnlyPropertyReason("222", "Partner shop");

const saved = (propertyId: string, name: string) => ({
  id: `s${propertyId}`,
  propertyId,
  name,
  locked: false,
  timeZone: "UTC",
  createdAt: "2026-11-01T00:00:00Z",
});

function routes(extra: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  return {
    "GET /api/auth/user": signedInAs(premium),
    "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
    "GET /api/properties": () =>
      jsonResponse(200, { properties: [saved("111", "Shop"), saved("222", "Partner shop")] }),
    "GET /api/ga4/properties": () =>
      jsonResponse(200, {
        properties: [
          { propertyId: "111", displayName: "Shop", accountName: "Own", canEdit: true },
          {
            propertyId: "222",
            displayName: "Partner shop",
            accountName: "Partner",
            canEdit: false,
          },
        ],
      }),
    "GET /api/categories": () => jsonResponse(200, { categories: [], annotationCounts: {} }),
    "GET /api/annotations/111": () =>
      jsonResponse(200, {
        reportingDataAnnotations: [anAnnotation({ propertyId: "111", title: "Spring sale" })],
      }),
    "GET /api/annotations/222": () =>
      jsonResponse(200, {
        reportingDataAnnotations: [anAnnotation({ propertyId: "222", title: "Partner launch" })],
      }),
    ...extra,
  };
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

describe("a read-only property", () => {
  it("is marked in Property View and the picker, and offers no create or edit", async () => {
    rememberSelectedProperty(premium.id, "222");
    stubApi(
      routes({
        "GET /api/properties/222/suggestions": () =>
          jsonResponse(200, {
            suggestions: [
              {
                id: "g1",
                propertyId: "222",
                source: "holidays",
                annotationDate: { year: 2026, month: 12, day: 25 },
                title: "Christmas Day",
                description: "",
                color: "BLUE",
                categoryPreset: "seasonal",
                categoryId: null,
                status: "open",
                annotationId: null,
                decidedHow: null,
                decidedAt: null,
                createdAt: "2026-11-26T00:00:00Z",
              },
            ],
            openCount: 1,
            sources: [],
          }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");

    const create = await screen.findByRole("button", { name: "New Annotation" });
    await waitFor(() => expect(create).toBeDisabled());
    expect(create).toHaveAccessibleDescription(shopReason);
    expect(create).toHaveAttribute("title", shopReason);

    // The heading's mark says why on hover, and to assistive tech with it.
    const heading = screen.getByRole("heading", { level: 1, name: "Annotations" }).parentElement!;
    const mark = within(heading).getByTitle(shopReason);
    expect(mark).toHaveTextContent(`Read-only: ${shopReason}`);

    // Each row's edit and delete stay reachable by keyboard, disabled, with the reason.
    const table = await screen.findByRole("table");
    const row = (await within(table).findByText("Partner launch")).closest("tr")!;
    const edit = within(row).getByRole("button", { name: "Edit Partner launch (read-only)" });
    const remove = within(row).getByRole("button", { name: "Delete Partner launch (read-only)" });
    expect(edit).toHaveAttribute("aria-disabled", "true");
    expect(remove).toHaveAttribute("aria-disabled", "true");
    act(() => edit.focus());
    expect(edit).toHaveAccessibleDescription(readOnlyRowReason);
    await user.click(edit);
    expect(screen.queryByRole("dialog", { name: "Edit Annotation" })).not.toBeInTheDocument();
    // No bulk selection that could only fail.
    expect(within(table).queryByRole("checkbox")).not.toBeInTheDocument();

    // The picker's button and its saved list mark it.
    const picker = screen.getByRole("combobox", { name: "Property" });
    expect(picker).toHaveTextContent("Read-only");
    await user.click(picker);
    const panel = await screen.findByRole("dialog", { name: "Choose a property" });
    const savedList = within(within(panel).getByRole("region", { name: "Saved properties" }));
    expect(savedList.getByRole("button", { name: /^Partner shop/ })).toHaveTextContent("Read-only");
    expect(savedList.getByRole("button", { name: /^Shop/ })).not.toHaveTextContent("Read-only");
    await user.keyboard("{Escape}");

    // The inbox's Accept writes an annotation too.
    await user.click(screen.getByRole("tab", { name: /^Inbox/ }));
    const suggestions = await screen.findByRole("list", { name: "Suggestions" });
    const accept = within(suggestions).getByRole("button", { name: "Accept" });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription(shopReason);
  });

  it("is never ticked in 'Add it to' and cannot be chosen there", async () => {
    rememberSelectedProperty(premium.id, "111");
    const { requests } = stubApi(
      routes({
        "POST /api/annotations/111": () =>
          jsonResponse(201, anAnnotation({ propertyId: "111", annotationId: "n1", title: "Sale" })),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");

    const create = await screen.findByRole("button", { name: "New Annotation" });
    await screen.findByText("Spring sale");
    expect(create).toBeEnabled();
    expect(screen.queryByTitle(/is read-only for your Google account/)).toBeNull();
    await user.click(create);
    const dialog = await screen.findByRole("dialog", { name: "Create New Annotation" });
    const choices = within(within(dialog).getByRole("group", { name: "Add it to" }));
    const own = choices.getByRole("checkbox", { name: "Shop" });
    const partner = await choices.findByRole("checkbox", { name: "Partner shop (read-only)" });
    expect(own).toBeChecked();
    expect(partner).not.toBeChecked();
    expect(partner).toBeDisabled();
    expect(partner).toHaveAccessibleDescription(readOnlyChoiceNote);
    expect(partner.closest("label")).toHaveAttribute("title", shopReason);

    await user.type(within(dialog).getByLabelText("Title"), "Sale");
    await user.click(within(dialog).getByRole("button", { name: "Create Annotation" }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === "POST" && r.path === "/api/annotations/111")).toBe(
        true,
      ),
    );
    expect(requests.some((r) => r.path.startsWith("/api/annotation-sets"))).toBe(false);
    expect(requests.some((r) => r.method === "POST" && r.path.includes("222"))).toBe(false);
  });
});
