import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../index.js";
import { scopes } from "../oauth/scopes.js";
import {
  bearer,
  googleErrorOf,
  sandboxAdminBetaClient,
  sandboxAdminClient,
} from "../testing/official-clients.js";
import { mintTokens } from "../testing/sandbox-test-kit.js";

type Admin = ReturnType<typeof sandboxAdminClient>;

let sandbox: RunningSandbox;
let admin: Admin;
let editable: string;
let readOnly: string;
let strangersProperty: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clients: [], faultControl: true });
  const tokens = await mintTokens(sandbox.url, { email: "annotations@example.com" });
  admin = sandboxAdminClient(sandbox.url, bearer(sandbox.url, tokens.access_token));
  const summaries = (
    await sandboxAdminBetaClient(
      sandbox.url,
      bearer(sandbox.url, tokens.access_token),
    ).accountSummaries.list()
  ).data;
  const properties = (summaries.accountSummaries ?? []).flatMap(
    (account) => account.propertySummaries ?? [],
  ) as Array<{
    property: string;
    canEdit?: boolean;
  }>;
  editable = properties[0]!.property;
  readOnly = properties.find((property) => !property.canEdit)!.property;
  const stranger = await mintTokens(sandbox.url, { email: "stranger@example.org" });
  const strangerSummaries = (
    await sandboxAdminBetaClient(
      sandbox.url,
      bearer(sandbox.url, stranger.access_token),
    ).accountSummaries.list()
  ).data;
  strangersProperty = strangerSummaries.accountSummaries![0]!.propertySummaries![0]!.property!;
});

afterAll(() => sandbox.close());

const annotations = () => admin.properties.reportingDataAnnotations;

async function withScopes(scopeList: string[]): Promise<Admin> {
  const tokens = await mintTokens(sandbox.url, {
    email: "annotations@example.com",
    scopes: scopeList,
  });
  return sandboxAdminClient(sandbox.url, bearer(sandbox.url, tokens.access_token));
}

function fieldOf(error: Awaited<ReturnType<typeof googleErrorOf>>): unknown {
  const detail = error.body.error.details?.[0] as
    { fieldViolations?: Array<{ field: string }> } | undefined;
  return detail?.fieldViolations?.[0]?.field;
}

describe("reportingDataAnnotations.list", () => {
  it("lists the seeded annotations with exactly one read-only system-generated ORANGE one", async () => {
    const { data, status } = await annotations().list({ parent: editable });
    expect(status).toBe(200);
    const items = data.reportingDataAnnotations ?? [];
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(items.length).toBeLessThanOrEqual(15);
    const system = items.filter((item) => item.systemGenerated);
    expect(system).toHaveLength(1);
    expect(system[0]!.color).toBe("ORANGE");
    expect(
      items.filter((item) => !item.systemGenerated).every((item) => item.color !== "ORANGE"),
    ).toBe(true);
    expect(new Set(items.map((item) => item.color)).size).toBeGreaterThanOrEqual(3);
    expect(items.some((item) => item.annotationDateRange)).toBe(true);
    expect(items.some((item) => item.annotationDate)).toBe(true);
    for (const item of items)
      expect(item.name).toMatch(new RegExp(`^${editable}/reportingDataAnnotations/\\d+$`));
    expect(data.nextPageToken).toBeUndefined();
  });

  it("pages with pageSize and pageToken, covering every annotation once", async () => {
    const all = (await annotations().list({ parent: editable })).data.reportingDataAnnotations!.map(
      (item) => item.name,
    );
    const seen: string[] = [];
    let pageToken: string | undefined;
    do {
      const { data } = await annotations().list({
        parent: editable,
        pageSize: 3,
        ...(pageToken ? { pageToken } : {}),
      });
      expect(data.reportingDataAnnotations!.length).toBeLessThanOrEqual(3);
      seen.push(...data.reportingDataAnnotations!.map((item) => item.name!));
      pageToken = data.nextPageToken ?? undefined;
    } while (pageToken);
    expect(seen).toEqual(all);
  });

  it("coerces pageSize above 200 and refuses a negative one", async () => {
    expect((await annotations().list({ parent: editable, pageSize: 1000 })).status).toBe(200);
    const error = await googleErrorOf(annotations().list({ parent: editable, pageSize: -1 }));
    expect(error.status).toBe(400);
    expect(error.body.error.status).toBe("INVALID_ARGUMENT");
    expect(error.body.error.message).toContain("page_size");
  });

  it("refuses a forged page token and one from another filter", async () => {
    const forged = await googleErrorOf(
      annotations().list({ parent: editable, pageToken: "not-a-token" }),
    );
    expect(forged.status).toBe(400);
    expect(fieldOf(forged)).toBe("page_token");
    const { data } = await annotations().list({ parent: editable, pageSize: 1 });
    const mismatch = await googleErrorOf(
      annotations().list({ parent: editable, pageToken: data.nextPageToken!, filter: 'title:"x"' }),
    );
    expect(mismatch.status).toBe(400);
  });

  it("filters by title, colour, date range overlap and duration", async () => {
    await annotations().create({
      parent: editable,
      requestBody: {
        title: "Holiday Sale",
        color: "GREEN",
        annotationDateRange: {
          startDate: { year: 2025, month: 12, day: 20 },
          endDate: { year: 2025, month: 12, day: 26 },
        },
      },
    });
    const byTitle = await annotations().list({ parent: editable, filter: 'title="Holiday Sale"' });
    expect(byTitle.data.reportingDataAnnotations!.map((item) => item.title)).toEqual([
      "Holiday Sale",
    ]);
    const has = await annotations().list({
      parent: editable,
      filter: "title:holiday AND color=GREEN",
    });
    expect(has.data.reportingDataAnnotations!.map((item) => item.title)).toContain("Holiday Sale");
    const inRange = await annotations().list({
      parent: editable,
      filter: 'is_annotation_in_range("2025-12-25", "2026-01-16") = true',
    });
    expect(inRange.data.reportingDataAnnotations!.map((item) => item.title)).toContain(
      "Holiday Sale",
    );
    const long = await annotations().list({
      parent: editable,
      filter: "annotation_duration() >= 172800s AND title:Holiday",
    });
    expect(long.data.reportingDataAnnotations!.map((item) => item.title)).toEqual(["Holiday Sale"]);
    const none = await annotations().list({
      parent: editable,
      filter: 'title="No such annotation"',
    });
    expect(none.data).toEqual({});
  });

  it("answers 400 naming filter for a malformed one", async () => {
    const error = await googleErrorOf(annotations().list({ parent: editable, filter: "title = " }));
    expect(error.status).toBe(400);
    expect(fieldOf(error)).toBe("filter");
  });
});

describe("reportingDataAnnotations.create", () => {
  it("creates a single-date annotation with a server-assigned numeric id", async () => {
    const { data, status } = await annotations().create({
      parent: editable,
      requestBody: {
        title: "Launch",
        description: "v2 live",
        color: "BLUE",
        annotationDate: { year: 2026, month: 3, day: 4 },
      },
    });
    expect(status).toBe(200);
    expect(data).toEqual({
      name: expect.stringMatching(
        new RegExp(`^${editable}/reportingDataAnnotations/\\d+$`),
      ) as string,
      title: "Launch",
      description: "v2 live",
      annotationDate: { year: 2026, month: 3, day: 4 },
      color: "BLUE",
    });
    const fetched = await annotations().get({ name: data.name! });
    expect(fetched.data).toEqual(data);
  });

  it("creates a date range, accepts a colour number and future dates, ignores name and systemGenerated", async () => {
    const { data } = await annotations().create({
      parent: editable,
      requestBody: {
        name: "properties/1/reportingDataAnnotations/999",
        systemGenerated: true,
        title: "Summer campaign",
        color: 4 as unknown as string,
        annotationDateRange: {
          startDate: { year: 2030, month: 6, day: 1 },
          endDate: { year: 2030, month: 6, day: 30 },
        },
      },
    });
    expect(data.color).toBe("GREEN");
    expect(data.systemGenerated).toBeUndefined();
    expect(data.name).not.toContain("/999");
    expect(data.annotationDateRange).toEqual({
      startDate: { year: 2030, month: 6, day: 1 },
      endDate: { year: 2030, month: 6, day: 30 },
    });
  });

  it.each([
    [
      "a missing title",
      { color: "BLUE", annotationDate: { year: 2026, month: 1, day: 1 } },
      "reporting_data_annotation.title",
    ],
    [
      "a blank title",
      { title: "  ", color: "BLUE", annotationDate: { year: 2026, month: 1, day: 1 } },
      "reporting_data_annotation.title",
    ],
    [
      "a missing colour",
      { title: "x", annotationDate: { year: 2026, month: 1, day: 1 } },
      "reporting_data_annotation.color",
    ],
    [
      "ORANGE",
      { title: "x", color: "ORANGE", annotationDate: { year: 2026, month: 1, day: 1 } },
      "reporting_data_annotation.color",
    ],
    [
      "an unknown colour",
      { title: "x", color: "PINK", annotationDate: { year: 2026, month: 1, day: 1 } },
      "reporting_data_annotation.color",
    ],
    ["no date", { title: "x", color: "BLUE" }, "reporting_data_annotation.annotation_date"],
    [
      "a date as a string",
      { title: "x", color: "BLUE", annotationDate: "2026-07-22" },
      "reporting_data_annotation.annotation_date",
    ],
    [
      "an impossible date",
      { title: "x", color: "BLUE", annotationDate: { year: 2026, month: 2, day: 30 } },
      "reporting_data_annotation.annotation_date",
    ],
    [
      "a partial date",
      { title: "x", color: "BLUE", annotationDate: { year: 2026, month: 2 } },
      "reporting_data_annotation.annotation_date",
    ],
    [
      "an end before the start",
      {
        title: "x",
        color: "BLUE",
        annotationDateRange: {
          startDate: { year: 2026, month: 2, day: 2 },
          endDate: { year: 2026, month: 2, day: 1 },
        },
      },
      "reporting_data_annotation.annotation_date_range.end_date",
    ],
    [
      "both a date and a range",
      {
        title: "x",
        color: "BLUE",
        annotationDate: { year: 2026, month: 2, day: 2 },
        annotationDateRange: {
          startDate: { year: 2026, month: 2, day: 2 },
          endDate: { year: 2026, month: 2, day: 3 },
        },
      },
      "reporting_data_annotation.annotation_date_range",
    ],
    [
      "an unknown field",
      {
        title: "x",
        color: "BLUE",
        annotationDate: { year: 2026, month: 1, day: 1 },
        category: "y",
      },
      "reporting_data_annotation",
    ],
    [
      "a title that is not a string",
      { title: 5, color: "BLUE", annotationDate: { year: 2026, month: 1, day: 1 } },
      "reporting_data_annotation.title",
    ],
  ])("answers 400 INVALID_ARGUMENT naming the field for %s", async (_case, requestBody, field) => {
    const error = await googleErrorOf(
      annotations().create({ parent: editable, requestBody: requestBody as never }),
    );
    expect(error.status).toBe(400);
    expect(error.body.error.status).toBe("INVALID_ARGUMENT");
    expect(fieldOf(error)).toBe(field);
    expect(error.body.error.message).toContain(field.split(".").at(-1));
  });

  it("words a date string like Google's transcoder", async () => {
    const error = await googleErrorOf(
      annotations().create({
        parent: editable,
        requestBody: { title: "x", color: "BLUE", annotationDate: "2026-07-22" as never },
      }),
    );
    expect(error.body.error.message).toBe(
      `Invalid value at 'reporting_data_annotation.annotation_date' (type.googleapis.com/google.type.Date), "2026-07-22"`,
    );
  });
});

describe("reportingDataAnnotations.get, patch and delete", () => {
  async function fresh(): Promise<string> {
    const { data } = await annotations().create({
      parent: editable,
      requestBody: {
        title: "Original",
        description: "first",
        color: "PURPLE",
        annotationDate: { year: 2026, month: 5, day: 5 },
      },
    });
    return data.name!;
  }

  it("patches only the fields in updateMask (snake_case), leaving the rest", async () => {
    const name = await fresh();
    const { data } = await annotations().patch({
      name,
      updateMask: "title",
      requestBody: { title: "Renamed", color: "RED" },
    });
    expect(data).toMatchObject({ name, title: "Renamed", description: "first", color: "PURPLE" });
  });

  it("accepts camelCase mask paths and switches a date to a range (oneof replace)", async () => {
    const name = await fresh();
    const range = {
      startDate: { year: 2026, month: 5, day: 5 },
      endDate: { year: 2026, month: 5, day: 9 },
    };
    const { data } = await annotations().patch({
      name,
      updateMask: "annotationDateRange",
      requestBody: { annotationDateRange: range },
    });
    expect(data.annotationDateRange).toEqual(range);
    expect(data.annotationDate).toBeUndefined();
  });

  it("without a mask updates every populated field", async () => {
    const name = await fresh();
    const { data } = await annotations().patch({
      name,
      requestBody: { description: "second", color: "CYAN" },
    });
    expect(data).toMatchObject({
      title: "Original",
      description: "second",
      color: "CYAN",
      annotationDate: { year: 2026, month: 5, day: 5 },
    });
  });

  it("with * replaces every mutable field (absent ones are cleared)", async () => {
    const name = await fresh();
    const { data } = await annotations().patch({
      name,
      updateMask: "*",
      requestBody: {
        title: "Replaced",
        color: "BROWN",
        annotationDate: { year: 2026, month: 6, day: 6 },
      },
    });
    expect(data).toEqual({
      name,
      title: "Replaced",
      color: "BROWN",
      annotationDate: { year: 2026, month: 6, day: 6 },
    });
  });

  it("refuses an unknown or output-only mask path, naming update_mask", async () => {
    const name = await fresh();
    for (const updateMask of ["colour", "system_generated"]) {
      const error = await googleErrorOf(
        annotations().patch({ name, updateMask, requestBody: { title: "x" } }),
      );
      expect(error.status).toBe(400);
      expect(fieldOf(error)).toBe("update_mask");
    }
  });

  it("refuses a patch that would leave the annotation invalid", async () => {
    const name = await fresh();
    const error = await googleErrorOf(
      annotations().patch({ name, updateMask: "title", requestBody: {} }),
    );
    expect(error.status).toBe(400);
    expect(fieldOf(error)).toBe("reporting_data_annotation.title");
  });

  it("deletes with 200 and an empty body; the annotation is then 404", async () => {
    const name = await fresh();
    const deleted = await annotations().delete({ name });
    expect(deleted.status).toBe(200);
    expect(deleted.data).toEqual({});
    const error = await googleErrorOf(annotations().get({ name }));
    expect(error.status).toBe(404);
    expect(error.body.error.status).toBe("NOT_FOUND");
    expect((await googleErrorOf(annotations().delete({ name }))).status).toBe(404);
    expect(
      (await googleErrorOf(annotations().patch({ name, requestBody: { title: "x" } }))).status,
    ).toBe(404);
  });

  it("refuses to patch or delete the system-generated annotation (400)", async () => {
    const items = (await annotations().list({ parent: editable })).data.reportingDataAnnotations!;
    const system = items.find((item) => item.systemGenerated)!;
    const patched = await googleErrorOf(
      annotations().patch({ name: system.name!, requestBody: { title: "Mine now" } }),
    );
    expect(patched.status).toBe(400);
    expect(patched.body.error.message).toContain("System-generated");
    expect((await googleErrorOf(annotations().delete({ name: system.name! }))).status).toBe(400);
    expect((await annotations().get({ name: system.name! })).data.title).toBe(system.title);
  });

  it("answers 400 for a malformed annotation id and 404 for an unknown one", async () => {
    expect(
      (await googleErrorOf(annotations().get({ name: `${editable}/reportingDataAnnotations/abc` })))
        .status,
    ).toBe(400);
    expect(
      (
        await googleErrorOf(
          annotations().get({ name: `${editable}/reportingDataAnnotations/987654` }),
        )
      ).status,
    ).toBe(404);
  });
});

describe("authentication, scopes and permissions", () => {
  it("answers 401 UNAUTHENTICATED without a bearer token, with Google's body", async () => {
    const anonymous = sandboxAdminClient(sandbox.url);
    const error = await googleErrorOf(
      anonymous.properties.reportingDataAnnotations.list({ parent: editable }),
    );
    expect(error.status).toBe(401);
    expect(error.body.error).toMatchObject({
      code: 401,
      status: "UNAUTHENTICATED",
      message: expect.stringContaining(
        "Request is missing required authentication credential",
      ) as string,
      details: [expect.objectContaining({ reason: "CREDENTIALS_MISSING" })],
    });
  });

  it("answers 401 for an unknown or expired token", async () => {
    const bogus = sandboxAdminClient(sandbox.url, bearer(sandbox.url, "ya29.not-a-real-token"));
    const error = await googleErrorOf(
      bogus.properties.reportingDataAnnotations.list({ parent: editable }),
    );
    expect(error.status).toBe(401);
    expect(error.body.error.message).toContain("invalid authentication credentials");
  });

  it("answers 403 ACCESS_TOKEN_SCOPE_INSUFFICIENT for writes with a read-only token", async () => {
    const readonlyClient = await withScopes([scopes.openid, scopes.analyticsReadonly]);
    const error = await googleErrorOf(
      readonlyClient.properties.reportingDataAnnotations.create({
        parent: editable,
        requestBody: {
          title: "x",
          color: "BLUE",
          annotationDate: { year: 2026, month: 1, day: 1 },
        },
      }),
    );
    expect(error.status).toBe(403);
    expect(error.body.error.status).toBe("PERMISSION_DENIED");
    expect(error.body.error.details?.[0]).toMatchObject({
      reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
    });
    expect(
      (await readonlyClient.properties.reportingDataAnnotations.list({ parent: editable })).status,
    ).toBe(200);
  });

  it("lets an edit-only token read, and refuses a token without Analytics scopes", async () => {
    const editOnly = await withScopes([scopes.analyticsEdit]);
    expect(
      (await editOnly.properties.reportingDataAnnotations.list({ parent: editable })).status,
    ).toBe(200);
    const signInOnly = await withScopes([scopes.openid, scopes.email]);
    const error = await googleErrorOf(
      signInOnly.properties.reportingDataAnnotations.list({ parent: editable }),
    );
    expect(error.status).toBe(403);
    expect(error.body.error.details?.[0]).toMatchObject({
      reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
    });
  });

  it("answers 403 PERMISSION_DENIED for writes to the read-only property but allows reads", async () => {
    expect((await annotations().list({ parent: readOnly })).status).toBe(200);
    const items = (await annotations().list({ parent: readOnly })).data.reportingDataAnnotations!;
    const userMade = items.find((item) => !item.systemGenerated)!;
    const create = await googleErrorOf(
      annotations().create({
        parent: readOnly,
        requestBody: {
          title: "x",
          color: "BLUE",
          annotationDate: { year: 2026, month: 1, day: 1 },
        },
      }),
    );
    expect(create.status).toBe(403);
    expect(create.body.error.status).toBe("PERMISSION_DENIED");
    expect(
      (
        await googleErrorOf(
          annotations().patch({ name: userMade.name!, requestBody: { title: "x" } }),
        )
      ).status,
    ).toBe(403);
    expect((await googleErrorOf(annotations().delete({ name: userMade.name! }))).status).toBe(403);
  });

  it("answers 403 PERMISSION_DENIED for another account's property and for unknown properties", async () => {
    for (const parent of [strangersProperty, "properties/123"]) {
      const error = await googleErrorOf(annotations().list({ parent }));
      expect(error.status).toBe(403);
      expect(error.body.error.status).toBe("PERMISSION_DENIED");
      expect(error.body.error.details).toBeUndefined();
    }
  });

  it("answers 400 naming parent for a malformed property id", async () => {
    const error = await googleErrorOf(annotations().list({ parent: "properties/G-ABC123" }));
    expect(error.status).toBe(400);
    expect(fieldOf(error)).toBe("parent");
  });
});
