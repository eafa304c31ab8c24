import "../../test-support/setup-dom-tests";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type {
  ImportPreviewResponse,
  ImportStatusResponse,
} from "../../../shared/contracts/annotation-import";
import {
  errorResponse,
  jsonResponse,
  makeUser,
  signedInAs,
  stubApi,
} from "../../test-support/fake-api";
import { preferenceCookies, removePreferenceCookie } from "../../lib/preference-cookies";
import { renderAppAt } from "../../test-support/render-app";
import { rememberSelectedProperty } from "../../session/selected-property";

const user = makeUser({ subscriptionTier: "freemium", annotationQuota: 5 });

const preview: ImportPreviewResponse = {
  headers: ["date", "title", "notes"],
  delimiter: ";",
  mapping: {
    startDate: 0,
    endDate: null,
    title: 1,
    description: 2,
    color: null,
    category: null,
    property: null,
  },
  mappingProblems: [],
  rows: [
    {
      line: 2,
      startDate: "2026-11-01",
      endDate: null,
      title: "Launch",
      color: null,
      category: null,
      propertyId: "123",
      propertyName: "wingtiptoys.com",
      problems: [],
      skipped: null,
    },
    {
      line: 3,
      startDate: "soon",
      endDate: null,
      title: "Later",
      color: null,
      category: null,
      propertyId: "123",
      propertyName: "wingtiptoys.com",
      problems: ['"soon" is not a date: write it as YYYY-MM-DD.'],
      skipped: null,
    },
  ],
  validCount: 1,
  invalidCount: 1,
  skippedCount: 0,
};

const waiting: ImportStatusResponse = {
  id: "7d1f4c9e-0000-4000-8000-000000000001",
  fileName: "plan.csv",
  status: "waiting_for_quota",
  total: 8,
  imported: 5,
  failed: 0,
  left: 3,
  skipped: 1,
  createdAt: "2026-11-20T10:00:00Z",
  updatedAt: "2026-11-20T10:00:01Z",
  failures: [{ line: 3, title: "Later", message: '"soon" is not a date: write it as YYYY-MM-DD.' }],
  waiting: [],
};

function api(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    "GET /api/auth/user": signedInAs(user),
    "GET /api/properties": () =>
      jsonResponse(200, {
        properties: [
          {
            id: "p1",
            propertyId: "123",
            name: "wingtiptoys.com",
            locked: true,
            timeZone: "UTC",
            createdAt: "2026-11-01T00:00:00Z",
          },
        ],
      }),
    "GET /api/annotation-imports": () => jsonResponse(200, { imports: [] }),
    ...extra,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  removePreferenceCookie(preferenceCookies.selectedPropertyId);
});

describe("/annotations/import", () => {
  it("sends the file's text, shows each row's problems by line, and imports the valid ones", async () => {
    const { requests } = api({
      "POST /api/annotation-imports/preview": () => jsonResponse(200, preview),
      "POST /api/annotation-imports": () => jsonResponse(202, waiting),
      [`GET /api/annotation-imports/${waiting.id}`]: () => jsonResponse(200, waiting),
    });
    renderAppAt("/annotations/import?property=123");
    const input = await screen.findByLabelText(/CSV file/);
    await userEvent.upload(
      input,
      new File(["date;title;notes\n2026-11-01;Launch;\nsoon;Later;\n"], "plan.csv", {
        type: "text/csv",
      }),
    );

    expect(await screen.findByText("1 row ready to import")).toBeInTheDocument();
    const sent = requests.find((r) => r.path === "/api/annotation-imports/preview")!;
    expect(sent.body).toEqual({
      fileName: "plan.csv",
      text: "date;title;notes\n2026-11-01;Launch;\nsoon;Later;\n",
      targetPropertyId: "123",
    });
    const table = screen.getByRole("table");
    const bad = within(table).getByText("3").closest("tr")!;
    expect(
      within(bad).getByText('"soon" is not a date: write it as YYYY-MM-DD.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Title")).toHaveValue("1");

    await userEvent.click(screen.getByRole("button", { name: "Import 1 row" }));
    expect(
      await screen.findByText("5 imported, 3 left for tomorrow · 1 row skipped"),
    ).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Rows written" })).toHaveAttribute(
      "aria-valuenow",
      "5",
    );
    const started = requests.find(
      (r) => r.method === "POST" && r.path === "/api/annotation-imports",
    )!;
    expect(started.body).toMatchObject({
      fileName: "plan.csv",
      mapping: preview.mapping,
      targetPropertyId: "123",
    });
    expect(screen.getByRole("button", { name: "Resume import" })).toBeInTheDocument();
  });

  it("asks for a new preview when a column is changed, and says why a file is refused", async () => {
    const { requests } = api({
      "POST /api/annotation-imports/preview": (request) =>
        (request.body as { mapping?: unknown }).mapping
          ? jsonResponse(200, { ...preview, mapping: { ...preview.mapping, description: null } })
          : jsonResponse(200, preview),
    });
    renderAppAt("/annotations/import");
    await userEvent.upload(
      await screen.findByLabelText(/CSV file/),
      new File(["date;title;notes\n"], "plan.csv", { type: "text/csv" }),
    );
    await userEvent.selectOptions(await screen.findByLabelText("Description"), "");
    await waitFor(() =>
      expect(requests.filter((r) => r.path === "/api/annotation-imports/preview")).toHaveLength(2),
    );
    expect(requests.at(-1)!.body).toMatchObject({
      mapping: { ...preview.mapping, description: null },
    });
  });

  it("shows the server's refusal of a file", async () => {
    api({
      "POST /api/annotation-imports/preview": () =>
        errorResponse(400, {
          error: "The file has a header row but no rows under it.",
          code: "invalid_request",
        }),
    });
    renderAppAt("/annotations/import");
    await userEvent.upload(
      await screen.findByLabelText(/CSV file/),
      new File(["date,title\n"], "empty.csv", { type: "text/csv" }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The file has a header row but no rows under it.",
    );
  });
});

describe("/annotations/import, an earlier import", () => {
  it("reopens a recent import and offers Resume once a running one has stopped moving", async () => {
    const stalled: ImportStatusResponse = {
      ...waiting,
      status: "running",
      updatedAt: new Date(Date.now() - 10 * 60_000).toISOString(),
      failures: [],
    };
    const { requests } = api({
      "GET /api/annotation-imports": () => jsonResponse(200, { imports: [stalled] }),
      [`GET /api/annotation-imports/${stalled.id}`]: () => jsonResponse(200, stalled),
      [`POST /api/annotation-imports/${stalled.id}/resume`]: () =>
        jsonResponse(200, { ...waiting, status: "done", imported: 8, left: 0 }),
    });
    renderAppAt("/annotations/import");
    const recent = await screen.findByRole("region", { name: "Your recent imports" });
    expect(within(recent).getByText(/5 imported, 3 to go/)).toBeInTheDocument();
    await userEvent.click(within(recent).getByRole("button", { name: "Open" }));
    expect(await screen.findByText(/has not moved for a few minutes/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Resume import" }));
    expect(await screen.findByText("8 imported · 1 row skipped")).toBeInTheDocument();
    expect(requests.some((r) => r.path === `/api/annotation-imports/${stalled.id}/resume`)).toBe(
      true,
    );
  });
});

describe("/annotations/import, rows Google has not confirmed", () => {
  it("says which rows wait for Google and resumes them, written only if not in Google Analytics", async () => {
    const unconfirmed = "Google did not confirm the annotation was created.";
    const waitingForGoogle: ImportStatusResponse = {
      ...waiting,
      status: "waiting_for_google",
      imported: 6,
      left: 2,
      failures: [],
      waiting: [
        { line: 4, title: "Launch", message: unconfirmed },
        { line: 7, title: "Sale", message: unconfirmed },
      ],
    };
    const { requests } = api({
      "GET /api/annotation-imports": () => jsonResponse(200, { imports: [waitingForGoogle] }),
      [`GET /api/annotation-imports/${waiting.id}`]: () => jsonResponse(200, waitingForGoogle),
      [`POST /api/annotation-imports/${waiting.id}/resume`]: () =>
        jsonResponse(200, { ...waiting, status: "done", imported: 8, left: 0, failures: [] }),
    });
    renderAppAt("/annotations/import");
    const recent = await screen.findByRole("region", { name: "Your recent imports" });
    expect(within(recent).getByText(/6 imported, 2 waiting for Google/)).toBeInTheDocument();
    await userEvent.click(within(recent).getByRole("button", { name: "Open" }));
    expect(
      await screen.findByText(/has not confirmed 2 rows yet.*written only if it is not there/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByText("Rows not confirmed yet (2)"));
    expect(screen.getByText("Launch", { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Resume import" }));
    expect(await screen.findByText("8 imported · 1 row skipped")).toBeInTheDocument();
    expect(requests.some((r) => r.path === `/api/annotation-imports/${waiting.id}/resume`)).toBe(
      true,
    );
  });
});

describe("/annotations/import, read-only properties and what a day allows", () => {
  const savedTwo = () =>
    jsonResponse(200, {
      properties: [
        {
          id: "p0",
          propertyId: "999",
          name: "partner.example",
          locked: false,
          timeZone: "UTC",
          createdAt: "2026-10-01T00:00:00Z",
        },
        {
          id: "p1",
          propertyId: "123",
          name: "wingtiptoys.com",
          locked: false,
          timeZone: "UTC",
          createdAt: "2026-11-01T00:00:00Z",
        },
      ],
    });
  const reachable = () =>
    jsonResponse(200, {
      properties: [
        { propertyId: "999", displayName: "partner.example", accountName: "B", canEdit: false },
        { propertyId: "123", displayName: "wingtiptoys.com", accountName: "A", canEdit: true },
      ],
    });

  it("defaults to a writable property and marks a read-only one, which cannot be chosen", async () => {
    const { requests } = api({
      "GET /api/properties": savedTwo,
      "GET /api/ga4/properties": reachable,
      "POST /api/annotation-imports/preview": () => jsonResponse(200, preview),
    });
    renderAppAt("/annotations/import");
    const select = await screen.findByLabelText(/Property for rows that name none/);
    await waitFor(() => expect(select).toHaveValue("123"));
    const readOnly = within(select).getByRole("option", { name: "partner.example (read-only)" });
    expect(readOnly).toBeDisabled();
    expect(within(select).getByRole("option", { name: "wingtiptoys.com" })).toBeEnabled();
    await userEvent.upload(
      await screen.findByLabelText(/CSV file/),
      new File(["date,title\n2026-11-01,A\n"], "plan.csv", { type: "text/csv" }),
    );
    await waitFor(() =>
      expect(
        requests.find((r) => r.path === "/api/annotation-imports/preview")?.body,
      ).toMatchObject({ targetPropertyId: "123" }),
    );
  });

  it("defaults to the property selected in Property View when it is writable", async () => {
    rememberSelectedProperty(user.id, "456");
    api({
      "GET /api/properties": () =>
        jsonResponse(200, {
          properties: [
            {
              id: "p1",
              propertyId: "123",
              name: "wingtiptoys.com",
              locked: false,
              timeZone: "UTC",
              createdAt: "2026-11-01T00:00:00Z",
            },
            {
              id: "p2",
              propertyId: "456",
              name: "contoso.com",
              locked: false,
              timeZone: "UTC",
              createdAt: "2026-11-02T00:00:00Z",
            },
          ],
        }),
      "GET /api/ga4/properties": () => jsonResponse(200, { properties: [] }),
    });
    renderAppAt("/annotations/import");
    const select = await screen.findByLabelText(/Property for rows that name none/);
    await waitFor(() => expect(select).toHaveValue("456"));
  });

  it("shows Google's own rows as left out, not as problems", async () => {
    api({
      "POST /api/annotation-imports/preview": () =>
        jsonResponse(200, {
          ...preview,
          rows: [
            preview.rows[0],
            {
              ...preview.rows[0]!,
              line: 3,
              title: "Data collection started",
              color: "ORANGE",
              skipped: "Made by Google Analytics: Google's own annotations are not imported.",
            },
          ],
          validCount: 1,
          invalidCount: 0,
          skippedCount: 1,
        }),
    });
    renderAppAt("/annotations/import?property=123");
    await userEvent.upload(
      await screen.findByLabelText(/CSV file/),
      new File(["x"], "export.csv", { type: "text/csv" }),
    );
    expect(
      await screen.findByText(
        "Made by Google Analytics: Google's own annotations are not imported.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/1 row made by Google Analytics \(left out, nothing to fix\)/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/with problems \(they are skipped\)/)).toBeNull();
  });

  it("keeps Resume off while today's annotations are used up, saying when they reset", async () => {
    const { requests } = api({
      "GET /api/auth/user": signedInAs({ ...user, dailyAnnotationCount: 5 }),
      "GET /api/annotation-imports": () => jsonResponse(200, { imports: [waiting] }),
      [`GET /api/annotation-imports/${waiting.id}`]: () => jsonResponse(200, waiting),
    });
    renderAppAt("/annotations/import");
    const recent = await screen.findByRole("region", { name: "Your recent imports" });
    // The day as YYYY-MM-DD, whatever the browser's own way of writing dates.
    expect(within(recent).getByText(/^2026-11-20 \d\d:\d\d · 5 imported/)).toBeInTheDocument();
    await userEvent.click(within(recent).getByRole("button", { name: "Open" }));
    const resume = await screen.findByRole("button", { name: "Resume import" });
    expect(resume).toBeDisabled();
    expect(
      screen.getByText(
        /^Resume is off until the daily limit resets — Resets at midnight UTC — in \d+ (h|min)\.$/,
      ),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.path.endsWith("/resume"))).toBe(false);
  });
});
