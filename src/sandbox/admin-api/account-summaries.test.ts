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

let sandbox: RunningSandbox;
let accessToken: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, clients: [], faultControl: true });
  accessToken = (await mintTokens(sandbox.url, { email: "summaries@example.com" })).access_token;
});

afterAll(() => sandbox.close());

describe("accountSummaries.list", () => {
  it("lists two accounts with 2–3 properties, the first editable and one read-only (v1beta)", async () => {
    const { data, status } = await sandboxAdminBetaClient(
      sandbox.url,
      bearer(sandbox.url, accessToken),
    ).accountSummaries.list();
    expect(status).toBe(200);
    const accounts = data.accountSummaries!;
    expect(accounts).toHaveLength(2);
    for (const account of accounts) {
      expect(account.name).toMatch(/^accountSummaries\/\d+$/);
      expect(account.account).toBe(account.name!.replace("accountSummaries/", "accounts/"));
      expect(account.displayName).toBeTruthy();
    }
    const properties = accounts.flatMap((account) =>
      (account.propertySummaries ?? []).map((property) => ({
        ...property,
        accountName: account.account,
      })),
    ) as Array<{
      property: string;
      displayName: string;
      propertyType: string;
      parent: string;
      canEdit?: boolean;
      accountName: string;
    }>;
    expect(properties.length).toBeGreaterThanOrEqual(2);
    expect(properties.length).toBeLessThanOrEqual(3);
    expect(properties[0]!.canEdit).toBe(true);
    expect(properties.filter((property) => property.canEdit !== true)).toHaveLength(1);
    for (const property of properties) {
      expect(property.property).toMatch(/^properties\/\d+$/);
      expect(property.propertyType).toBe("PROPERTY_TYPE_ORDINARY");
      expect(property.parent).toBe(property.accountName);
    }
    // proto3 JSON leaves out false: the read-only property has no canEdit field at all.
    expect(Object.keys(properties.find((property) => !property.canEdit)!)).not.toContain("canEdit");
  });

  it("serves the same under v1alpha", async () => {
    const beta = await sandboxAdminBetaClient(
      sandbox.url,
      bearer(sandbox.url, accessToken),
    ).accountSummaries.list();
    const alpha = await sandboxAdminClient(
      sandbox.url,
      bearer(sandbox.url, accessToken),
    ).accountSummaries.list();
    expect(alpha.data).toEqual(beta.data);
  });

  it("pages over accounts", async () => {
    const client = sandboxAdminBetaClient(sandbox.url, bearer(sandbox.url, accessToken));
    const first = await client.accountSummaries.list({ pageSize: 1 });
    expect(first.data.accountSummaries).toHaveLength(1);
    expect(first.data.nextPageToken).toBeTruthy();
    const second = await client.accountSummaries.list({
      pageSize: 1,
      pageToken: first.data.nextPageToken!,
    });
    expect(second.data.accountSummaries).toHaveLength(1);
    expect(second.data.nextPageToken).toBeUndefined();
    expect(second.data.accountSummaries![0]!.name).not.toBe(first.data.accountSummaries![0]!.name);
  });

  it("gives the same email the same accounts, properties and annotations in another sandbox", async () => {
    const other = await startSandbox({ port: 0, clients: [], faultControl: true });
    try {
      const otherToken = (await mintTokens(other.url, { email: "summaries@example.com" }))
        .access_token;
      const mine = await sandboxAdminBetaClient(
        sandbox.url,
        bearer(sandbox.url, accessToken),
      ).accountSummaries.list();
      const theirs = await sandboxAdminBetaClient(
        other.url,
        bearer(other.url, otherToken),
      ).accountSummaries.list();
      expect(theirs.data).toEqual(mine.data);
      const parent = mine.data.accountSummaries![1]!.propertySummaries![0]!.property!;
      const list = (url: string, token: string) =>
        sandboxAdminClient(url, bearer(url, token)).properties.reportingDataAnnotations.list({
          parent,
        });
      expect((await list(other.url, otherToken)).data).toEqual(
        (await list(sandbox.url, accessToken)).data,
      );
    } finally {
      await other.close();
    }
  });

  it("answers 401 without a token and 403 ACCESS_TOKEN_SCOPE_INSUFFICIENT without an Analytics scope", async () => {
    expect(
      (await googleErrorOf(sandboxAdminBetaClient(sandbox.url).accountSummaries.list())).status,
    ).toBe(401);
    const signInOnly = await mintTokens(sandbox.url, {
      email: "summaries@example.com",
      scopes: [scopes.openid, scopes.email, scopes.profile],
    });
    const error = await googleErrorOf(
      sandboxAdminBetaClient(
        sandbox.url,
        bearer(sandbox.url, signInOnly.access_token),
      ).accountSummaries.list(),
    );
    expect(error.status).toBe(403);
    expect(error.body.error.details?.[0]).toMatchObject({
      reason: "ACCESS_TOKEN_SCOPE_INSUFFICIENT",
    });
  });

  it("returns enums as numbers when the gapic REST client asks for enum-encoding=int", async () => {
    const response = await fetch(
      `${sandbox.url}/v1beta/accountSummaries?$alt=json;enum-encoding=int`,
      {
        headers: { authorization: `Bearer ${accessToken}` },
      },
    );
    const body = (await response.json()) as {
      accountSummaries: Array<{ propertySummaries: Array<{ propertyType: unknown }> }>;
    };
    expect(body.accountSummaries[0]!.propertySummaries[0]!.propertyType).toBe(1);
  });
});
