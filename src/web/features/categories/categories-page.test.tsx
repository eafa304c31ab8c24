import "../../test-support/setup-dom-tests";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { categoryPresets } from "../../../shared/categories";
import type { Category } from "../../../shared/contracts/categories";
import {
  deferred,
  jsonResponse,
  makeUser,
  signedInAs,
  stubApi,
  type FakeRoute,
} from "../../test-support/fake-api";
import { findToast, renderAppAt } from "../../test-support/render-app";

const premium = makeUser({ subscriptionTier: "premium", annotationQuota: 50, propertyQuota: 5 });
const free = makeUser({ subscriptionTier: "freemium" });

const releases: Category = {
  id: "c0a1b2c3-0000-4000-8000-000000000001",
  name: "Site/App Releases",
  color: "BLUE",
  description: "Feature flags, deploys, rollbacks",
  titleTemplate: "RELEASE · [Team/System] · [What] · [Scope] · [Env]",
  isDefault: false,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
};

function routes(list: Category[], extra: Record<string, FakeRoute> = {}) {
  return {
    "GET /api/auth/user": signedInAs(premium),
    "GET /api/categories": () => jsonResponse(200, { categories: list }),
    ...extra,
  } satisfies Record<string, FakeRoute>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("/categories", () => {
  it("shows a free user the Premium Feature card, and asks nothing of the categories API", async () => {
    const { requests } = stubApi({ "GET /api/auth/user": signedInAs(free) });
    renderAppAt("/categories");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Premium Feature" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    expect(screen.getByRole("link", { name: "View Plans" })).toHaveAttribute("href", "/plans");
    expect(requests.some((request) => request.path === "/api/categories")).toBe(false);
  });

  it("shows the loading state, then a card per category with its colour, name and description", async () => {
    const answer = deferred<Response>();
    stubApi(routes([], { "GET /api/categories": () => answer.promise }));
    renderAppAt("/categories");

    expect(await screen.findByText("Loading categories...")).toBeInTheDocument();
    answer.resolve(jsonResponse(200, { categories: [releases] }));

    const list = await screen.findByRole("list", { name: "Your categories" });
    const card = within(list).getByRole("listitem");
    expect(within(card).getByRole("heading", { name: "Site/App Releases" })).toBeInTheDocument();
    expect(card).toHaveTextContent("Feature flags, deploys, rollbacks");
    expect(card).toHaveTextContent("RELEASE · [Team/System] · [What] · [Scope] · [Env]");
    expect(within(card).getByRole("button", { name: "Edit Site/App Releases" })).toBeVisible();
    expect(within(card).getByRole("button", { name: "Delete Site/App Releases" })).toBeVisible();
    expect(screen.getByRole("button", { name: "New Category" })).toBeInTheDocument();
  });

  it("shows the empty state with a Create Category button", async () => {
    stubApi(routes([]));
    const user = userEvent.setup();
    renderAppAt("/categories");

    expect(await screen.findByRole("heading", { name: "No categories yet" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Create Category" }));
    expect(screen.getByRole("dialog", { name: "Create Category" })).toBeInTheDocument();
  });

  it("adds the five recommended categories in one click, then shows each with its annotation count", async () => {
    let held: Category[] = [];
    const added: Category[] = categoryPresets.map((preset, index) => ({
      ...releases,
      id: `c0a1b2c3-0000-4000-8000-00000000010${index}`,
      name: preset.name,
      color: preset.color,
      description: preset.description,
      titleTemplate: preset.titleTemplate,
      isDefault: true,
    }));
    const { requests } = stubApi(
      routes([], {
        "GET /api/categories": () =>
          jsonResponse(200, {
            categories: held,
            annotationCounts: Object.fromEntries(held.map((c, i) => [c.id, i === 0 ? 3 : 0])),
          }),
        "POST /api/categories/recommended": () => {
          held = added;
          return jsonResponse(201, { categories: added });
        },
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/categories");

    const offered = await screen.findByRole("list", { name: "Recommended categories" });
    expect(
      within(offered)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(categoryPresets.map((preset) => preset.name));
    await user.click(screen.getByRole("button", { name: "Add the five recommended categories" }));

    expect(await findToast()).toHaveTextContent("5 categories are ready to use.");
    const cards = within(await screen.findByRole("list", { name: "Your categories" }));
    expect(cards.getAllByRole("listitem")).toHaveLength(5);
    const first = cards.getAllByRole("listitem")[0]!;
    expect(first).toHaveTextContent(`${categoryPresets[0]!.name}`);
    expect(first).toHaveTextContent("3 annotations");
    expect(first).toHaveTextContent("Recommended");
    expect(cards.getAllByRole("listitem")[1]).toHaveTextContent("No annotations yet");
    expect(requests.filter((r) => r.method === "POST")).toEqual([
      { method: "POST", path: "/api/categories/recommended", body: undefined },
    ]);
  });

  it("shows the error card when the categories cannot be loaded", async () => {
    stubApi(
      routes([], {
        "GET /api/categories": () =>
          jsonResponse(500, { error: "Something went wrong on our side. Please try again." }),
      }),
    );
    renderAppAt("/categories");

    const card = await screen.findByRole("alert");
    expect(card).toHaveTextContent("Error Loading Categories");
    expect(card).toHaveTextContent("Something went wrong on our side. Please try again.");
  });

  it("creates a category from a preset, which fills every field", async () => {
    let stored: Category[] = [];
    const { requests } = stubApi(
      routes([], {
        "GET /api/categories": () => jsonResponse(200, { categories: stored }),
        "POST /api/categories": (request) => {
          const created = { ...releases, ...(request.body as object) } as Category;
          stored = [created];
          return jsonResponse(201, created);
        },
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/categories");

    await user.click(await screen.findByRole("button", { name: "New Category" }));
    const dialog = within(screen.getByRole("dialog", { name: "Create Category" }));
    expect(
      within(dialog.getByLabelText("Template Preset"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual([
      "Custom",
      "Campaigns & Promos",
      "Site/App Releases",
      "Incidents/Outages",
      "Experiments",
      "External Shocks",
    ]);
    expect(
      dialog.getByText(/CAMPAIGN · Paid Social · Winter Sale Launch · AU · Prod/),
    ).toBeVisible();

    await user.selectOptions(dialog.getByLabelText("Template Preset"), "Site/App Releases");
    expect(dialog.getByLabelText(/Category Name/)).toHaveValue("Site/App Releases");
    expect(dialog.getByLabelText(/Color/)).toHaveValue("BLUE");
    expect(dialog.getByLabelText("Description")).toHaveValue("Feature flags, deploys, rollbacks");
    expect(dialog.getByLabelText("Title template")).toHaveValue(
      "RELEASE · [Team/System] · [What] · [Scope] · [Env]",
    );
    expect(dialog.getByLabelText("Title template pattern")).toHaveValue("releases");

    await user.click(dialog.getByRole("button", { name: "Create Category" }));

    expect(await findToast()).toHaveTextContent("Category created");
    expect(requests.find((request) => request.method === "POST")?.body).toEqual({
      name: "Site/App Releases",
      color: "BLUE",
      description: "Feature flags, deploys, rollbacks",
      titleTemplate: "RELEASE · [Team/System] · [What] · [Scope] · [Env]",
    });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Site/App Releases" })).toBeInTheDocument();
  });

  it("asks for the name and colour before sending anything", async () => {
    const { requests } = stubApi(routes([]));
    const user = userEvent.setup();
    renderAppAt("/categories");

    await user.click(await screen.findByRole("button", { name: "New Category" }));
    const dialog = within(screen.getByRole("dialog", { name: "Create Category" }));
    await user.type(dialog.getByLabelText(/Category Name/), "Launches");
    await user.click(dialog.getByRole("button", { name: "Create Category" }));

    const toast = await findToast();
    expect(toast).toHaveTextContent("Validation error");
    expect(toast).toHaveTextContent("Please fill in the category name and color");
    expect(requests.some((request) => request.method === "POST")).toBe(false);
  });

  it("checks the template's segments and fills it from the pattern select", async () => {
    stubApi(routes([]));
    const user = userEvent.setup();
    renderAppAt("/categories");

    await user.click(await screen.findByRole("button", { name: "New Category" }));
    const dialog = within(screen.getByRole("dialog", { name: "Create Category" }));
    const template = dialog.getByLabelText("Title template");
    await user.type(template, "PROMO ·  · [What]");
    expect(template).toHaveAttribute("aria-invalid", "true");
    expect(dialog.getByText(/none may be empty/)).toBeVisible();
    expect(dialog.getByRole("button", { name: "Create Category" })).toBeDisabled();

    await user.selectOptions(
      dialog.getByLabelText("Title template pattern"),
      "[TYPE] · [Team/System] · [What] · [Scope] · [Env]",
    );
    expect(template).toHaveValue("[TYPE] · [Team/System] · [What] · [Scope] · [Env]");
    expect(template).not.toHaveAttribute("aria-invalid");
  });

  it("shows why a create was refused", async () => {
    stubApi(
      routes([releases], {
        "POST /api/categories": () =>
          jsonResponse(409, {
            error: 'You already have a category named "Site/App Releases".',
            code: "category_name_taken",
          }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/categories");

    await user.click(await screen.findByRole("button", { name: "New Category" }));
    const dialog = within(screen.getByRole("dialog", { name: "Create Category" }));
    await user.selectOptions(dialog.getByLabelText("Template Preset"), "Site/App Releases");
    await user.click(dialog.getByRole("button", { name: "Create Category" }));

    const toast = await findToast();
    expect(toast).toHaveTextContent("Failed to create category");
    expect(toast).toHaveTextContent('You already have a category named "Site/App Releases".');
    expect(screen.getByRole("dialog", { name: "Create Category" })).toBeInTheDocument();
  });

  it("edits only what changed and clears a description", async () => {
    const { requests } = stubApi(
      routes([releases], {
        "PATCH /api/categories/c0a1b2c3-0000-4000-8000-000000000001": (request) =>
          jsonResponse(200, { ...releases, ...(request.body as object) }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/categories");

    await user.click(await screen.findByRole("button", { name: "Edit Site/App Releases" }));
    const dialog = within(screen.getByRole("dialog", { name: "Edit Category" }));
    expect(dialog.getByLabelText(/Category Name/)).toHaveValue("Site/App Releases");
    await user.selectOptions(dialog.getByLabelText(/Color/), "Green");
    await user.clear(dialog.getByLabelText("Description"));
    await user.click(dialog.getByRole("button", { name: "Update Category" }));

    expect(await findToast()).toHaveTextContent("Category updated");
    expect(requests.find((request) => request.method === "PATCH")?.body).toEqual({
      color: "GREEN",
      description: null,
    });
  });

  it("deletes after the confirmation", async () => {
    let stored = [releases];
    const { requests } = stubApi(
      routes([], {
        "GET /api/categories": () => jsonResponse(200, { categories: stored }),
        "DELETE /api/categories/c0a1b2c3-0000-4000-8000-000000000001": () => {
          stored = [];
          return jsonResponse(200, { deleted: true });
        },
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/categories");

    await user.click(await screen.findByRole("button", { name: "Delete Site/App Releases" }));
    const dialog = screen.getByRole("dialog", { name: "Delete Category" });
    expect(dialog).toHaveAccessibleDescription(
      'Are you sure you want to delete "Site/App Releases"? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await findToast()).toHaveTextContent("Category deleted");
    expect(requests.filter((request) => request.method === "DELETE")).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole("heading", { name: "No categories yet" })).toBeInTheDocument(),
    );
  });

  it("says so when a delete fails", async () => {
    stubApi(
      routes([releases], {
        "DELETE /api/categories/c0a1b2c3-0000-4000-8000-000000000001": () =>
          jsonResponse(404, { error: "That category was not found.", code: "category_not_found" }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/categories");

    await user.click(await screen.findByRole("button", { name: "Delete Site/App Releases" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete Category" })).getByRole("button", {
        name: "Delete",
      }),
    );
    const toast = await findToast();
    expect(toast).toHaveTextContent("Failed to delete category");
    expect(toast).toHaveTextContent("That category was not found.");
  });
});

describe("/audit before the audit screen", () => {
  it("shows a free user the Premium Feature notice with an upgrade button", async () => {
    stubApi({ "GET /api/auth/user": signedInAs(free) });
    renderAppAt("/audit");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Premium Feature" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Upgrade to Premium" })).toHaveAttribute(
      "href",
      "/plans",
    );
  });

  it("shows Premium the private-beta notice", async () => {
    stubApi({ "GET /api/auth/user": signedInAs(premium) });
    renderAppAt("/audit");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Coming Soon for Premium Users" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("main")).toHaveTextContent("private beta");
  });
});
