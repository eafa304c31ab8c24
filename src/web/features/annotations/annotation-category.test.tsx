import "../../test-support/setup-dom-tests";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures";
import type { Category } from "../../../shared/contracts/categories";
import {
  jsonResponse,
  makeUser,
  signedInAs,
  stubApi,
  type FakeRoute,
} from "../../test-support/fake-api";
import { findToast, renderAppAt } from "../../test-support/render-app";
import { rememberSelectedProperty } from "../../session/selected-property";

const campaigns: Category = {
  id: "c0a1b2c3-0000-4000-8000-00000000000a",
  name: "Campaigns & Promos",
  color: "PURPLE",
  description: "Launches, channel spikes, marketing campaigns",
  titleTemplate: "CAMPAIGN · [Team/System] · [What] · [Scope] · [Env]",
  isDefault: false,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
};
const plain: Category = {
  ...campaigns,
  id: "c0a1b2c3-0000-4000-8000-00000000000b",
  name: "Misc",
  color: "BROWN",
  description: null,
  titleTemplate: "[TYPE] · [What]",
};

const tagged = anAnnotation({
  annotationId: "a1",
  title: "CAMPAIGN · Paid Social · Winter Sale",
  annotationDate: { year: 2026, month: 11, day: 1 },
  color: "PURPLE",
  categoryId: campaigns.id,
});
const untagged = anAnnotation({
  annotationId: "a2",
  title: "Site outage",
  annotationDate: { year: 2026, month: 11, day: 1 },
  color: "RED",
});

function dashboard(
  tier: "freemium" | "premium",
  categories: Category[],
  extra: Record<string, FakeRoute> = {},
) {
  return {
    "GET /api/auth/user": signedInAs(
      makeUser({
        subscriptionTier: tier,
        annotationQuota: tier === "premium" ? 50 : 5,
        lockedPropertyId: tier === "freemium" ? "123" : null,
      }),
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
            locked: tier === "freemium",
            createdAt: "2026-11-01T00:00:00Z",
          },
        ],
      }),
    "GET /api/annotations/123": () =>
      jsonResponse(200, { reportingDataAnnotations: [tagged, untagged] }),
    "GET /api/categories": () => jsonResponse(200, { categories }),
    ...extra,
  } satisfies Record<string, FakeRoute>;
}

beforeEach(() => {
  rememberSelectedProperty(makeUser().id, "123");
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openCreate() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "New Annotation" }));
  return {
    user,
    dialog: within(await screen.findByRole("dialog", { name: "Create New Annotation" })),
  };
}

describe("the category in the annotation dialogs", () => {
  it("locks the colour to the picked category, shows its template as a hint and writes its prefix", async () => {
    const { requests } = stubApi(
      dashboard("premium", [campaigns, plain], {
        "POST /api/annotations/123": (request) =>
          jsonResponse(201, {
            ...untagged,
            annotationId: "new",
            ...(request.body as object),
          }),
      }),
    );
    renderAppAt("/dashboard?mode=property");
    const { user, dialog } = await openCreate();

    const select = await dialog.findByLabelText("Category");
    expect(
      within(select)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["No category", "Campaigns & Promos", "Misc", "Create New Category"]);
    const color = within(dialog.getByRole("radiogroup", { name: "Color" }));
    expect(color.getAllByRole("radio").map((radio) => radio.getAttribute("aria-label"))).toEqual([
      "Purple",
      "Brown",
      "Blue",
      "Green",
      "Red",
      "Cyan",
    ]);
    expect(color.getByRole("radio", { name: "Blue" })).toBeEnabled();

    await user.selectOptions(select, campaigns.id);
    expect(color.getByRole("radio", { name: "Purple" })).toBeChecked();
    for (const radio of color.getAllByRole("radio")) expect(radio).toBeDisabled();
    expect(dialog.getByRole("radiogroup", { name: "Color" })).toHaveAccessibleDescription(
      "Set by the category Campaigns & Promos",
    );
    // The template is a hint, not text pasted into the title.
    const title = dialog.getByLabelText("Title");
    expect(title).toHaveValue("");
    expect(title).toHaveAttribute("placeholder", campaigns.titleTemplate);
    expect(title).toHaveAccessibleDescription(
      expect.stringContaining(`Titles in Campaigns & Promos follow ${campaigns.titleTemplate}`),
    );

    // Typed without the prefix, it gets it when the field is left.
    await user.type(title, "Paid Social · Winter Sale");
    await user.tab();
    expect(title).toHaveValue("CAMPAIGN · Paid Social · Winter Sale");
    await user.click(dialog.getByRole("button", { name: "Create Annotation" }));

    expect(await findToast()).toHaveTextContent("Annotation created");
    expect(requests.find((request) => request.method === "POST")?.body).toMatchObject({
      title: "CAMPAIGN · Paid Social · Winter Sale",
      color: "PURPLE",
      categoryId: campaigns.id,
    });
  });

  it("puts the prefix before a title already typed, and takes it off with the category", async () => {
    stubApi(dashboard("premium", [campaigns, plain]));
    renderAppAt("/dashboard?mode=property");
    const { user, dialog } = await openCreate();

    await user.type(dialog.getByLabelText("Title"), "Winter sale");
    await user.selectOptions(await dialog.findByLabelText("Category"), campaigns.id);
    expect(dialog.getByLabelText("Title")).toHaveValue("CAMPAIGN · Winter sale");

    await user.selectOptions(dialog.getByLabelText("Category"), "No category");
    expect(dialog.getByLabelText("Title")).toHaveValue("Winter sale");
    expect(dialog.getByRole("radio", { name: "Red" })).toBeEnabled();
    expect(dialog.queryByText(/Set by the category/)).not.toBeInTheDocument();
  });

  it("prefills nothing from a template that starts with a placeholder", async () => {
    stubApi(dashboard("premium", [campaigns, plain]));
    renderAppAt("/dashboard?mode=property");
    const { user, dialog } = await openCreate();

    await user.selectOptions(await dialog.findByLabelText("Category"), "Misc");
    expect(dialog.getByLabelText("Title")).toHaveValue("");
    expect(dialog.getByRole("radio", { name: "Brown" })).toBeChecked();
  });

  it("'Create New Category' closes the dialog and opens /categories", async () => {
    stubApi(dashboard("premium", [campaigns]));
    const view = renderAppAt("/dashboard?mode=property");
    const { user, dialog } = await openCreate();

    await user.selectOptions(await dialog.findByLabelText("Category"), "Create New Category");

    await waitFor(() => expect(view.currentUrl()).toBe("/categories"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Categories" })).toBeInTheDocument();
  });

  it("is not offered to Premium without categories", async () => {
    const { requests } = stubApi(dashboard("premium", []));
    renderAppAt("/dashboard?mode=property");
    const { dialog } = await openCreate();

    await waitFor(() =>
      expect(requests.some((request) => request.path === "/api/categories")).toBe(true),
    );
    expect(dialog.queryByLabelText("Category")).not.toBeInTheDocument();
    expect(dialog.getByRole("radio", { name: "Blue" })).toBeEnabled();
  });

  it("is not offered to the free plan, which never asks for categories", async () => {
    const { requests } = stubApi(dashboard("freemium", [campaigns]));
    renderAppAt("/dashboard?mode=property");
    const { dialog } = await openCreate();

    expect(dialog.getByLabelText("Title")).toBeInTheDocument();
    expect(dialog.queryByLabelText("Category")).not.toBeInTheDocument();
    expect(requests.some((request) => request.path === "/api/categories")).toBe(false);
  });

  it("preselects the annotation's category when editing, and clears it", async () => {
    const { requests } = stubApi(
      dashboard("premium", [campaigns, plain], {
        "PATCH /api/annotations/123/a1": (request) =>
          jsonResponse(200, { ...tagged, ...(request.body as object) }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");

    await user.click(
      await screen.findByRole("button", { name: "Edit CAMPAIGN · Paid Social · Winter Sale" }),
    );
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Annotation" }));
    const select = await dialog.findByLabelText("Category");
    expect(select).toHaveValue(campaigns.id);
    expect(dialog.getByRole("radio", { name: "Purple" })).toBeDisabled();

    await user.selectOptions(select, "No category");
    await user.click(dialog.getByRole("radio", { name: "Red" }));
    await user.click(dialog.getByRole("button", { name: "Update Annotation" }));

    expect(await findToast()).toHaveTextContent("Annotation updated");
    expect(requests.find((request) => request.method === "PATCH")?.body).toEqual({
      color: "RED",
      categoryId: null,
    });
  });

  it("sends only the category when only the category changes", async () => {
    const { requests } = stubApi(
      dashboard("premium", [campaigns, plain], {
        "PATCH /api/annotations/123/a2": (request) =>
          jsonResponse(200, { ...untagged, ...(request.body as object) }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");

    await user.click(await screen.findByRole("button", { name: "Edit Site outage" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Annotation" }));
    await user.selectOptions(await dialog.findByLabelText("Category"), "Misc");
    await user.click(dialog.getByRole("button", { name: "Update Annotation" }));

    expect(await findToast()).toHaveTextContent("Annotation updated");
    expect(requests.find((request) => request.method === "PATCH")?.body).toEqual({
      color: "BROWN",
      categoryId: plain.id,
    });
  });

  it("shows each annotation's category beside its colour in the table", async () => {
    stubApi(dashboard("premium", [campaigns]));
    renderAppAt("/dashboard?mode=property");

    const row = (await screen.findByText("CAMPAIGN · Paid Social · Winter Sale")).closest("tr")!;
    expect(await within(row).findByText("Campaigns & Promos")).toBeVisible();
    const other = screen.getByText("Site outage").closest("tr")!;
    expect(other).not.toHaveTextContent("Category:");
  });
});
