import "../../test-support/setup-dom-tests";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures";
import type { PropertyOutcome } from "../../../shared/contracts/annotation-sets";
import {
  type FakeRoute,
  jsonResponse,
  makeUser,
  signedInAs,
  stubApi,
} from "../../test-support/fake-api";
import { findToast, renderAppAt } from "../../test-support/render-app";
import { rememberSelectedProperty } from "../../session/selected-property";
import { todayIsoFor } from "./annotation-format";
import { latestStartOf } from "./use-annotation-form";

/** One annotation on several properties in the dialogs (decision 0058). */
const existing = anAnnotation({ annotationId: "a1", title: "Black Friday" });

const saved = (tier: "freemium" | "premium") =>
  [
    ["123", "Shop AU"],
    ["456", "Shop NZ"],
    ["789", "Shop UK"],
  ]
    .slice(0, tier === "premium" ? 3 : 1)
    .map(([propertyId, name], index) => ({
      id: `p${index}`,
      propertyId,
      name,
      locked: tier === "freemium",
      timeZone: "UTC",
      createdAt: "2026-11-01T00:00:00Z",
    }));

function routes(tier: "freemium" | "premium", extra: Record<string, FakeRoute> = {}) {
  return {
    "GET /api/auth/user": signedInAs(() =>
      makeUser({
        subscriptionTier: tier,
        annotationQuota: tier === "premium" ? 50 : 5,
        lockedPropertyId: tier === "freemium" ? "123" : null,
      }),
    ),
    "GET /api/google/status": () => jsonResponse(200, { connected: true, canWrite: true }),
    "GET /api/ga4/properties": () => jsonResponse(200, { properties: [] }),
    "GET /api/properties": () => jsonResponse(200, { properties: saved(tier) }),
    "GET /api/annotations/123": () => jsonResponse(200, { reportingDataAnnotations: [existing] }),
    "GET /api/annotations/123/a1/copies": () =>
      jsonResponse(200, {
        copies: [
          { propertyId: "456", propertyName: "Shop NZ", annotationId: "n1" },
          { propertyId: "789", propertyName: "Shop UK", annotationId: "u1" },
        ],
      }),
    ...extra,
  } satisfies Record<string, FakeRoute>;
}

const done = (propertyId: string, propertyName: string): PropertyOutcome => ({
  status: "done",
  propertyId,
  propertyName,
  changeId: null,
});

beforeEach(() => {
  window.localStorage.clear();
  rememberSelectedProperty(makeUser().id, "123");
});
afterEach(() => {
  window.localStorage.clear();
});

async function openCreate(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByText("Black Friday")).toBeInTheDocument();
  await user.click(screen.getByRole("button", { name: "New Annotation" }));
  return within(await screen.findByRole("dialog", { name: "Create New Annotation" }));
}

describe("one annotation on several properties", () => {
  it("lets Premium tick several saved properties, the current one ticked, and names each outcome", async () => {
    const { requests } = stubApi(
      routes("premium", {
        "POST /api/annotation-sets": () =>
          jsonResponse(200, {
            outcomes: [
              done("123", "Shop AU"),
              done("456", "Shop NZ"),
              {
                status: "failed",
                propertyId: "789",
                propertyName: "Shop UK",
                code: "daily_limit",
                message: "Daily annotation limit reached.",
              },
            ],
          }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    const dialog = await openCreate(user);
    const choices = within(await dialog.findByRole("group", { name: "Add it to" }));
    expect(choices.getByRole("checkbox", { name: "Shop AU" })).toBeChecked();
    expect(choices.getByRole("checkbox", { name: "Shop NZ" })).not.toBeChecked();
    await user.click(choices.getByRole("checkbox", { name: "Shop UK" }));
    await user.click(choices.getByRole("checkbox", { name: "Shop NZ" }));
    await user.type(dialog.getByLabelText("Title"), "Winter sale");
    await user.click(dialog.getByRole("button", { name: "Create Annotation" }));

    const toast = await findToast();
    expect(toast).toHaveTextContent("Added to Shop AU and Shop NZ; Shop UK: daily limit reached");
    // The title admits a property failed: never "Annotation created" over a failure.
    expect(toast).toHaveTextContent(/^Added to 2 of 3 properties/);
    expect(toast).not.toHaveTextContent("Annotation created");
    const sent = requests.find((request) => request.path === "/api/annotation-sets");
    const body = sent?.body as { propertyIds: string[]; annotation: Record<string, unknown> };
    // The current property first, then the others as listed.
    expect(body.propertyIds).toEqual(["123", "456", "789"]);
    expect(body.annotation.title).toBe("Winter sale");
    expect(body.annotation.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      requests.some(
        (request) => request.method === "POST" && request.path === "/api/annotations/123",
      ),
    ).toBe(false);
  });

  it("marks a property Google lets them only view, and never sends it", async () => {
    const { requests } = stubApi(
      routes("premium", {
        "GET /api/ga4/properties": () =>
          jsonResponse(200, {
            properties: [
              { propertyId: "123", displayName: "Shop AU", accountName: "A", canEdit: true },
              { propertyId: "456", displayName: "Shop NZ", accountName: "A", canEdit: true },
              { propertyId: "789", displayName: "Shop UK", accountName: "B", canEdit: false },
            ],
          }),
        "POST /api/annotation-sets": () =>
          jsonResponse(200, { outcomes: [done("123", "Shop AU"), done("456", "Shop NZ")] }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    const dialog = await openCreate(user);
    const choices = within(await dialog.findByRole("group", { name: "Add it to" }));
    const readOnly = await choices.findByRole("checkbox", { name: "Shop UK (read-only)" });
    expect(readOnly).toBeDisabled();
    expect(choices.getByRole("checkbox", { name: "Shop NZ" })).toBeEnabled();
    await user.click(choices.getByRole("checkbox", { name: "Shop NZ" }));
    await user.type(dialog.getByLabelText("Title"), "Winter sale");
    await user.click(dialog.getByRole("button", { name: "Create Annotation" }));
    const toast = await findToast();
    expect(toast).toHaveTextContent(/^Annotation created/);
    const sent = requests.find((request) => request.path === "/api/annotation-sets");
    expect((sent?.body as { propertyIds: string[] }).propertyIds).toEqual(["123", "456"]);
  });

  it("lets no day start that is still to come in another ticked property's zone", async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC−11) are 25 hours apart: never on the same day.
    const zoned = saved("premium").map((property) => ({
      ...property,
      timeZone: property.propertyId === "456" ? "Pacific/Pago_Pago" : "Pacific/Kiritimati",
    }));
    const { requests } = stubApi(
      routes("premium", { "GET /api/properties": () => jsonResponse(200, { properties: zoned }) }),
    );
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    const dialog = await openCreate(user);
    const choices = within(await dialog.findByRole("group", { name: "Add it to" }));
    await user.type(dialog.getByLabelText("Title"), "Winter sale");
    const opened = (dialog.getByLabelText("Date", { exact: true }) as HTMLInputElement).value;
    expect(dialog.getByRole("button", { name: "Create Annotation" })).toBeEnabled();

    await user.click(choices.getByRole("checkbox", { name: "Shop NZ" }));
    const behind = todayIsoFor("Pacific/Pago_Pago");
    expect(behind < opened).toBe(true);
    expect(
      dialog.getByText(`It is still ${behind} in Shop NZ`, { exact: false }),
    ).toBeInTheDocument();
    expect(dialog.getByRole("button", { name: "Create Annotation" })).toBeDisabled();

    await user.click(choices.getByRole("checkbox", { name: "Shop NZ" }));
    expect(dialog.queryByText("It is still", { exact: false })).not.toBeInTheDocument();
    expect(dialog.getByRole("button", { name: "Create Annotation" })).toBeEnabled();
    expect(requests.some((request) => request.path === "/api/annotation-sets")).toBe(false);
  });

  it("refuses to create on no property at all", async () => {
    stubApi(routes("premium"));
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    const dialog = await openCreate(user);
    const choices = within(await dialog.findByRole("group", { name: "Add it to" }));
    await user.type(dialog.getByLabelText("Title"), "Winter sale");
    await user.click(choices.getByRole("checkbox", { name: "Shop AU" }));
    expect(choices.getByText("Choose at least one property.")).toBeInTheDocument();
    expect(dialog.getByRole("button", { name: "Create Annotation" })).toBeDisabled();
  });

  it("shows Free no property choice: its one property is the only one", async () => {
    const { requests } = stubApi(
      routes("freemium", {
        "POST /api/annotations/123": () =>
          jsonResponse(201, { ...existing, annotationId: "b2", title: "Launch", changeId: null }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    const dialog = await openCreate(user);
    await waitFor(() =>
      expect(requests.some((request) => request.path === "/api/properties")).toBe(true),
    );
    expect(dialog.queryByRole("group", { name: "Add it to" })).not.toBeInTheDocument();
    await user.type(dialog.getByLabelText("Title"), "Launch");
    await user.click(dialog.getByRole("button", { name: "Create Annotation" }));
    await waitFor(() =>
      expect(
        requests.some(
          (request) => request.method === "POST" && request.path === "/api/annotations/123",
        ),
      ).toBe(true),
    );
    expect(requests.some((request) => request.path === "/api/annotation-sets")).toBe(false);
  });

  it("offers to apply an edit to the copies, ticked, and sends it to all of them", async () => {
    const { requests } = stubApi(
      routes("premium", {
        "PATCH /api/annotations/123/a1/with-copies": () =>
          jsonResponse(200, {
            outcomes: [done("123", "Shop AU"), done("456", "Shop NZ"), done("789", "Shop UK")],
          }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    await user.click(await screen.findByRole("button", { name: "Edit Black Friday" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Annotation" }));
    const also = await dialog.findByRole("checkbox", {
      name: "Also change the 2 copies in Shop NZ, Shop UK?",
    });
    expect(also).toBeChecked();
    await user.clear(dialog.getByLabelText("Title"));
    await user.type(dialog.getByLabelText("Title"), "Cyber Monday");
    await user.click(dialog.getByRole("button", { name: "Update Annotation" }));
    expect(await findToast()).toHaveTextContent("Changed in Shop AU, Shop NZ and Shop UK");
    expect(
      requests.find((request) => request.path === "/api/annotations/123/a1/with-copies")?.body,
    ).toEqual({ title: "Cyber Monday" });
  });

  it("edits this one alone when the copies are unticked", async () => {
    const { requests } = stubApi(
      routes("premium", {
        "PATCH /api/annotations/123/a1": () =>
          jsonResponse(200, { ...existing, title: "Cyber Monday", changeId: null }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    await user.click(await screen.findByRole("button", { name: "Edit Black Friday" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Annotation" }));
    await user.click(await dialog.findByRole("checkbox", { name: /^Also change the 2 copies/ }));
    await user.clear(dialog.getByLabelText("Title"));
    await user.type(dialog.getByLabelText("Title"), "Cyber Monday");
    await user.click(dialog.getByRole("button", { name: "Update Annotation" }));
    expect(await screen.findByText("Annotation updated")).toBeInTheDocument();
    expect(requests.some((request) => request.path.endsWith("/with-copies"))).toBe(false);
  });

  it("deletes the copies too when asked, naming each property", async () => {
    const { requests } = stubApi(
      routes("premium", {
        "DELETE /api/annotations/123/a1/with-copies": () =>
          jsonResponse(200, {
            outcomes: [
              done("123", "Shop AU"),
              done("456", "Shop NZ"),
              {
                status: "failed",
                propertyId: "789",
                propertyName: "Shop UK",
                code: "annotation_not_found",
                message: "That annotation is gone.",
              },
            ],
          }),
      }),
    );
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    await user.click(await screen.findByRole("button", { name: "Delete Black Friday" }));
    const confirm = within(await screen.findByRole("dialog", { name: "Delete Annotation" }));
    expect(
      await confirm.findByRole("checkbox", {
        name: "Also delete the 2 copies in Shop NZ, Shop UK?",
      }),
    ).toBeChecked();
    await user.click(confirm.getByRole("button", { name: "Delete" }));
    const toast = await findToast();
    expect(toast).toHaveTextContent(
      "Deleted from Shop AU and Shop NZ; Shop UK: already gone from Google Analytics",
    );
    expect(toast).toHaveTextContent(/^Deleted from 2 of 3 properties/);
    expect(
      requests.some(
        (request) => request.method === "DELETE" && request.path === "/api/annotations/123/a1",
      ),
    ).toBe(false);
  });
});

describe("the latest day a create may start", () => {
  const now = new Date("2026-12-07T05:10:00Z");
  const choices = [
    { propertyId: "1", name: "Shop AU", timeZone: "Australia/Sydney" },
    { propertyId: "2", name: "Shop LA", timeZone: "America/Los_Angeles" },
    { propertyId: "3", name: "Shop ?", timeZone: null },
  ].map((property) => ({ ...property, id: property.propertyId, locked: false, createdAt: "" }));
  const opened = { propertyId: "1", timeZone: "Australia/Sydney" };

  it("is the opened property's today while only it is ticked", () => {
    expect(latestStartOf(opened, { choices, chosen: ["1"] }, now)).toEqual({
      today: "2026-12-07",
      behind: null,
    });
  });

  it("is the earliest today of the ticked properties, naming the one that sets it", () => {
    expect(latestStartOf(opened, { choices, chosen: ["1", "2"] }, now)).toEqual({
      today: "2026-12-06",
      behind: "Shop LA",
    });
  });

  it("reads a property whose zone is unknown in the opened one's zone", () => {
    expect(latestStartOf(opened, { choices, chosen: ["1", "3"] }, now).behind).toBeNull();
  });
});
