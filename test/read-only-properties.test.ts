import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  requestAs,
  sameOrigin,
  setUpPerson,
  startAppHarness,
  type AppHarness,
  type TestPerson,
} from "./app-harness.js";

/**
 * A property the person's Google account may only view is said to be read-only wherever its
 * saved properties are listed for a program: the REST API and the assistant's list (which the
 * MCP tool answers from). The refusal at the write itself stays.
 */
let harness: AppHarness;
let person: TestPerson;
let readOnlyId: string;

beforeAll(async () => {
  harness = await startAppHarness();
  person = await setUpPerson(harness, "premium");
  const reachable = (await requestAs(harness, person.jar, "GET", "/api/ga4/properties")).json()
    .properties as { propertyId: string; canEdit: boolean }[];
  readOnlyId = reachable.find((p) => !p.canEdit)!.propertyId;
  const saved = await requestAs(harness, person.jar, "POST", "/api/properties", {
    propertyId: readOnlyId,
  });
  expect(saved.statusCode, saved.body).toBe(201);
});
afterAll(async () => {
  await harness?.close();
});

async function apiToken(): Promise<string> {
  const response = await requestAs(harness, person.jar, "POST", "/api/account/tokens", {
    name: "Read-only check",
    scopes: ["annotations:read", "annotations:write"],
    expiresInDays: 30,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().token as string;
}

describe("read-only properties", () => {
  it("are canEdit: false in the REST API's property list, editable ones true", async () => {
    const token = await apiToken();
    const list = await harness.app.inject({
      method: "GET",
      url: "/api/v1/properties",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    const byId = new Map(
      (list.json().properties as { propertyId: string; canEdit: boolean | null }[]).map((p) => [
        p.propertyId,
        p.canEdit,
      ]),
    );
    expect(byId.get(person.propertyId)).toBe(true);
    expect(byId.get(readOnlyId)).toBe(false);

    // The write is still refused by Google, and said so.
    const create = await harness.app.inject({
      method: "POST",
      url: `/api/v1/properties/${readOnlyId}/annotations`,
      headers: { authorization: `Bearer ${token}` },
      payload: { title: "Should not land", annotationDate: { year: 2026, month: 1, day: 5 } },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe("google_no_access");
  });

  it("are said to be read-only when the assistant lists the saved properties", async () => {
    const response = await harness.app.inject({
      method: "POST",
      url: "/api/chat",
      headers: { ...sameOrigin, cookie: person.jar.header() },
      payload: { message: "Which properties do I have?", propertyId: person.propertyId },
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = (response.json().reply as string).split("\n");
    const readOnlyLine = lines.find((line) => line.includes(`ID ${readOnlyId}`));
    const editableLine = lines.find((line) => line.includes(`ID ${person.propertyId}`));
    expect(readOnlyLine).toContain("read-only for your Google account");
    expect(editableLine).toBeDefined();
    expect(editableLine).not.toContain("read-only");
  });

  it("are canEdit: null while Google cannot be asked, never guessed", async () => {
    const token = await apiToken();
    const disconnected = await harness.app.inject({
      method: "POST",
      url: "/api/google/disconnect",
      headers: { ...sameOrigin, cookie: person.jar.header() },
    });
    expect(disconnected.statusCode, disconnected.body).toBe(200);
    const list = await harness.app.inject({
      method: "GET",
      url: "/api/v1/properties",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode, list.body).toBe(200);
    const properties = list.json().properties as { canEdit: boolean | null }[];
    expect(properties.length).toBe(2);
    for (const property of properties) expect(property.canEdit).toBeNull();
  });
});
