import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../index.js";
import { bearer, googleErrorOf, sandboxAdminBetaClient } from "../testing/official-clients.js";
import { mintTokens } from "../testing/sandbox-test-kit.js";

let sandbox: RunningSandbox;
let accessToken: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clients: [], faultControl: true });
  accessToken = (await mintTokens(sandbox.url, { email: "property-get@example.com" })).access_token;
});

afterAll(() => sandbox.close());

describe("properties.get", () => {
  it("answers each reachable property with its display name and reporting time zone", async () => {
    const client = sandboxAdminBetaClient(sandbox.url, bearer(sandbox.url, accessToken));
    const summaries = (await client.accountSummaries.list()).data.accountSummaries ?? [];
    const listed = summaries.flatMap((account) => account.propertySummaries ?? []);
    expect(listed.length).toBeGreaterThan(0);
    for (const summary of listed) {
      const { data, status } = await client.properties.get({ name: summary.property! });
      expect(status).toBe(200);
      expect(data.name).toBe(summary.property);
      expect(data.displayName).toBe(summary.displayName);
      expect(data.timeZone).toMatch(/^[A-Za-z_]+\/[A-Za-z_]+/);
      expect(() => new Intl.DateTimeFormat("en-US", { timeZone: data.timeZone! })).not.toThrow();
    }
  });

  it("refuses a property the person has no role on, as Google does, without saying if it exists", async () => {
    const client = sandboxAdminBetaClient(sandbox.url, bearer(sandbox.url, accessToken));
    const error = await googleErrorOf(client.properties.get({ name: "properties/999999999" }));
    expect(error.status).toBe(403);
  });
});
