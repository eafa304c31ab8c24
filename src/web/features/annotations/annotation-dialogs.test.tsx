import "../../test-support/setup-dom-tests";
import { screen, waitFor, within } from "@testing-library/react";
import { calendarOf } from "../../test-support/date-fields";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { anAnnotation } from "../../../../test/annotation-fixtures";
import {
  type FakeRoute,
  deferred,
  jsonResponse,
  makeUser,
  errorResponse,
  signedInAs,
  stubApi,
} from "../../test-support/fake-api";
import { findToast, renderAppAt } from "../../test-support/render-app";
import { todayIsoFor } from "./annotation-format";
import { rememberSelectedProperty } from "../../session/selected-property";

const existing = anAnnotation({
  annotationId: "a1",
  title: "Black Friday",
  description: "Sale",
  annotationDate: { year: 2026, month: 11, day: 1 },
  color: "RED",
});

function dashboardRoutes(tier: "freemium" | "premium", extra: Record<string, FakeRoute> = {}) {
  let count = 1;
  const user = () =>
    makeUser({
      subscriptionTier: tier,
      annotationQuota: tier === "premium" ? 50 : 5,
      dailyAnnotationCount: count,
      lockedPropertyId: tier === "freemium" ? "123" : null,
    });
  return {
    bump: () => (count += 1),
    routes: {
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
      "GET /api/annotations/123": () => jsonResponse(200, { reportingDataAnnotations: [existing] }),
      ...extra,
    } satisfies Record<string, FakeRoute>,
  };
}

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  window.localStorage.clear();
});

describe("annotation dialogs", () => {
  it("counts the title as people see it and refuses control characters, as the server does", async () => {
    rememberSelectedProperty(makeUser().id, "123");
    stubApi(dashboardRoutes("freemium").routes);
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    expect(await screen.findByText("Manage annotations for Shop")).toBeInTheDocument();
    expect(await screen.findByText("Black Friday")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "New Annotation" }));
    // The form's code loads when a dialog first opens.
    const dialog = within(await screen.findByRole("dialog", { name: "Create New Annotation" }));
    const title = dialog.getByLabelText("Title");
    const submit = dialog.getByRole("button", { name: "Create Annotation" });

    await user.click(title);
    await user.paste("👍🏽".repeat(100));
    expect(title).toHaveValue("👍🏽".repeat(100));
    expect(submit).toBeEnabled();
    await user.paste("👍🏽");
    expect(dialog.getByText("Title must be 100 characters or fewer")).toBeInTheDocument();
    expect(title).toHaveAttribute("aria-invalid", "true");
    expect(submit).toBeDisabled();

    await user.clear(title);
    await user.paste("Launch\u0000day");
    expect(dialog.getByText(/^Title contains characters that cannot be used/)).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(title);
    await user.paste("Launch day");
    await user.click(dialog.getByLabelText("Description"));
    await user.paste("first line\nsecond\u0007");
    expect(dialog.getByText(/^Description contains characters/)).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it("offers no New Annotation before a property is chosen, only the way to choose one", async () => {
    stubApi(dashboardRoutes("freemium").routes);
    renderAppAt("/dashboard?mode=property");

    expect(
      await screen.findByRole("region", { name: /Choose a property|Connect Google Analytics/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "New Annotation" })).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("validates the title, limits the date to today and creates with one POST, updating list and quota", async () => {
    rememberSelectedProperty(makeUser().id, "123");
    const fake = dashboardRoutes("freemium");
    const { requests } = stubApi({
      ...fake.routes,
      "POST /api/annotations/123": (request) => {
        fake.bump();
        return jsonResponse(201, {
          ...existing,
          annotationId: "new1",
          title: (request.body as { title: string }).title,
          description: "",
          annotationDate: { year: 2026, month: 11, day: 2 },
          color: "BLUE",
          dateAdded: new Date().toISOString(),
        });
      },
    });
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");

    expect(await screen.findByText("Manage annotations for Shop")).toBeInTheDocument();
    expect(await screen.findByText("Black Friday")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "New Annotation" }));

    // The form's code loads when a dialog first opens.
    const dialog = within(await screen.findByRole("dialog", { name: "Create New Annotation" }));
    expect(screen.getByRole("dialog")).toHaveAccessibleDescription(
      "Add a new annotation to your GA4 property to mark important events.",
    );
    const submit = dialog.getByRole("button", { name: "Create Annotation" });
    expect(submit).toBeDisabled();
    const title = dialog.getByLabelText("Title");
    // The shared contract counts characters as people see them; maxlength would count UTF-16 units.
    expect(title).not.toHaveAttribute("maxLength");
    await user.type(title, "   ");
    await user.tab();
    expect(dialog.getByText("Title is required")).toBeInTheDocument();
    expect(submit).toBeDisabled();

    const date = dialog.getByLabelText("Date");
    // Shown as YYYY-MM-DD whatever the browser's language: text, with a calendar beside it.
    expect(date).toHaveAttribute("type", "text");
    expect(date).toHaveAttribute("placeholder", "YYYY-MM-DD");
    expect(dialog.getByRole("button", { name: "Choose the date from a calendar" })).toBeEnabled();
    expect(calendarOf(date)).toHaveAttribute("max", todayIsoFor(null));
    expect(dialog.getByText("Annotations cannot be created for future dates")).toBeInTheDocument();
    // The colours as swatches, none chosen yet (Google's default applies unless one is).
    const colors = within(dialog.getByRole("radiogroup", { name: "Color" })).getAllByRole("radio");
    expect(colors.map((radio) => radio.getAttribute("aria-label"))).toEqual([
      "Purple",
      "Brown",
      "Blue",
      "Green",
      "Red",
      "Cyan",
    ]);
    expect(colors.filter((radio) => (radio as HTMLInputElement).checked)).toEqual([]);

    await user.clear(title);
    await user.type(title, "  Winter launch ");
    await user.clear(date);
    await user.type(date, "2026-11-02");
    await user.click(submit);

    expect(
      await screen.findByText('"Winter launch" has been created successfully in GA4.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // The list redraws in a background pass (useDeferredValue), just after the toast's render.
    expect(await screen.findByText("Winter launch")).toBeInTheDocument();
    const posts = requests.filter((request) => request.method === "POST");
    expect(posts).toEqual([
      {
        method: "POST",
        path: "/api/annotations/123",
        body: {
          title: "Winter launch",
          annotationDate: { year: 2026, month: 11, day: 2 },
          requestId: expect.stringMatching(
            /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
          ),
        },
      },
    ]);
    expect(
      requests.filter(
        (request) => request.path === "/api/annotations/123" && request.method === "GET",
      ),
    ).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole("complementary", { name: "Your plan" })).toHaveTextContent("2 / 5"),
    );
  });

  it("names each intended annotation by one request id: kept across retries, new after success or reopening", async () => {
    rememberSelectedProperty(makeUser().id, "123");
    // What the server does with each attempt, in order.
    const outcomes: (() => Response | Promise<Response>)[] = [
      () => Promise.reject(new TypeError("Failed to fetch")),
      () =>
        errorResponse(504, {
          error:
            "Google did not confirm the annotation was created. Check the list in a moment before trying again.",
          code: "google_unconfirmed",
        }),
      () => new Response("Bad gateway", { status: 502 }),
      () => jsonResponse(201, { ...existing, annotationId: "new1", title: "Launch" }),
      () =>
        errorResponse(503, {
          error: "Google Analytics is unavailable right now. Please try again in a moment.",
          code: "google_unavailable",
        }),
      () => jsonResponse(201, { ...existing, annotationId: "new2", title: "Second" }),
      () => jsonResponse(201, { ...existing, annotationId: "new3", title: "Third" }),
    ];
    const { requests } = stubApi({
      ...dashboardRoutes("freemium").routes,
      "POST /api/annotations/123": () => outcomes.shift()!(),
    });
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    const ids = () =>
      requests
        .filter((request) => request.method === "POST")
        .map((request) => (request.body as { requestId: string }).requestId);
    const openDialog = async () => {
      await user.click(await screen.findByRole("button", { name: "New Annotation" }));
      return within(await screen.findByRole("dialog", { name: "Create New Annotation" }));
    };
    const submitAndWait = async (dialog: ReturnType<typeof within>, attempts: number) => {
      await user.click(dialog.getByRole("button", { name: "Create Annotation" }));
      await waitFor(() => expect(ids()).toHaveLength(attempts));
      // Settled: the dialog closed (created) or its button is back (refused).
      await waitFor(() =>
        expect(
          screen.queryByRole("button", { name: "Create Annotation" }) ?? { disabled: false },
        ).toHaveProperty("disabled", false),
      );
    };

    let dialog = await openDialog();
    await user.type(dialog.getByLabelText("Title"), "Launch");
    // No answer, "Google did not confirm", a proxy's error page: the same annotation each time.
    await submitAndWait(dialog, 1);
    await submitAndWait(dialog, 2);
    await submitAndWait(dialog, 3);
    await submitAndWait(dialog, 4);
    expect(await screen.findByText('"Launch" has been created successfully in GA4.')).toBeVisible();
    expect(new Set(ids()).size).toBe(1);

    // After a success, the next annotation is a new request; a refusal with its reason means
    // nothing was made, so trying again is a new request too.
    dialog = await openDialog();
    await user.type(dialog.getByLabelText("Title"), "Second");
    await submitAndWait(dialog, 5);
    await submitAndWait(dialog, 6);
    const [first, , , launch, refused, second] = ids();
    expect(refused).not.toBe(launch);
    expect(second).not.toBe(refused);
    expect(first).toBe(launch);

    // Closing and reopening the dialog starts a new one as well.
    dialog = await openDialog();
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    dialog = await openDialog();
    await user.type(dialog.getByLabelText("Title"), "Third");
    await submitAndWait(dialog, 7);
    expect(new Set(ids()).size).toBe(4);
  });

  it("shows the server's message when a create is refused", async () => {
    rememberSelectedProperty(makeUser().id, "123");
    stubApi({
      ...dashboardRoutes("freemium").routes,
      "POST /api/annotations/123": () =>
        errorResponse(429, { error: "Daily limit reached. Resets tomorrow.", code: "daily_limit" }),
    });
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    await user.click(await screen.findByRole("button", { name: "New Annotation" }));
    await user.type(screen.getByLabelText("Title"), "One too many");
    await user.click(screen.getByRole("button", { name: "Create Annotation" }));

    expect(await screen.findByText("Error creating annotation")).toBeInTheDocument();
    expect(await findToast()).toHaveTextContent("Daily limit reached. Resets tomorrow.");
  });

  it("keeps focus in the dialog through a submit that fails: Tab stays inside, Escape closes", async () => {
    rememberSelectedProperty(makeUser().id, "123");
    const answer = deferred<Response>();
    stubApi({
      ...dashboardRoutes("freemium").routes,
      "POST /api/annotations/123": () => answer.promise,
    });
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    await user.click(await screen.findByRole("button", { name: "New Annotation" }));
    const dialog = await screen.findByRole("dialog", { name: "Create New Annotation" });
    await user.type(within(dialog).getByLabelText("Title"), "One too many");
    const submit = within(dialog).getByRole("button", { name: "Create Annotation" });
    await user.click(submit);

    // While it is sent the button refuses a second press but keeps the focus: a disabled button
    // would hand it to the page, outside the dialog.
    expect(submit).toHaveAttribute("aria-disabled", "true");
    expect(submit).toBeEnabled();
    expect(submit).toHaveFocus();
    answer.resolve(
      errorResponse(429, { error: "Daily limit reached. Resets tomorrow.", code: "daily_limit" }),
    );
    expect(await findToast()).toHaveTextContent("Daily limit reached. Resets tomorrow.");
    expect(submit).not.toHaveAttribute("aria-disabled");
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    const stops = new Set<Element | null>();
    for (let step = 0; step < 14; step += 1) {
      await user.tab();
      stops.add(document.activeElement);
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    expect(stops.size).toBeGreaterThan(3);
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("takes Escape and Tab back when focus has fallen out of the dialog onto the page", async () => {
    rememberSelectedProperty(makeUser().id, "123");
    stubApi(dashboardRoutes("freemium").routes);
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");
    await user.click(await screen.findByRole("button", { name: "New Annotation" }));
    const dialog = await screen.findByRole("dialog", { name: "Create New Annotation" });
    // What a browser does when the focused control is removed or disabled.
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("edits only the changed fields and deletes after confirmation (premium)", async () => {
    rememberSelectedProperty(makeUser().id, "123");
    const { requests } = stubApi({
      ...dashboardRoutes("premium").routes,
      "PATCH /api/annotations/123/a1": () =>
        jsonResponse(200, { ...existing, title: "Cyber Monday" }),
      "DELETE /api/annotations/123/a1": () => jsonResponse(200, { deleted: true }),
    });
    const user = userEvent.setup();
    renderAppAt("/dashboard?mode=property");

    await user.click(await screen.findByRole("button", { name: "Edit Black Friday" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Annotation" }));
    expect(dialog.getByText("Update the annotation details below.")).toBeInTheDocument();
    expect(
      dialog.queryByText("Annotations cannot be created for future dates"),
    ).not.toBeInTheDocument();
    const title = dialog.getByLabelText("Title");
    await user.clear(title);
    expect(dialog.getByRole("button", { name: "Update Annotation" })).toBeDisabled();
    await user.type(title, "Cyber Monday");
    await user.click(dialog.getByRole("button", { name: "Update Annotation" }));

    expect(await screen.findByText("Annotation updated")).toBeInTheDocument();
    expect(requests.find((request) => request.method === "PATCH")?.body).toEqual({
      title: "Cyber Monday",
    });
    // The rows are drawn in a deferred pass after the answer: wait for it, not for luck.
    expect(await screen.findByText("Cyber Monday")).toBeInTheDocument();

    await user.click(await screen.findByRole("button", { name: "Delete Cyber Monday" }));
    const confirm = within(await screen.findByRole("dialog", { name: "Delete Annotation" }));
    await user.click(confirm.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(/No annotations yet/)).toBeInTheDocument();
    expect(
      requests.filter(
        (request) => request.path === "/api/annotations/123" && request.method === "GET",
      ),
    ).toHaveLength(1);
  });

  it("empties the list and says so when loading fails", async () => {
    rememberSelectedProperty(makeUser().id, "123");
    stubApi({
      ...dashboardRoutes("premium").routes,
      "GET /api/annotations/123": () =>
        errorResponse(403, { error: "No access to this property", code: "google_no_access" }),
    });
    renderAppAt("/dashboard?mode=property");
    expect(await screen.findByText("Error loading annotations")).toBeInTheDocument();
    expect(await findToast()).toHaveTextContent("No access to this property");
    expect(await screen.findByText(/No annotations yet/)).toBeInTheDocument();
  });
});
