import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSandbox } from "../index.js";
import {
  bearer,
  sandboxAdminBetaClient,
  sandboxAdminClient,
  sandboxOAuthClient,
} from "../testing/official-clients.js";
import { mintTokens } from "../testing/sandbox-test-kit.js";

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "tidemark-sandbox-"));
});

afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe("state on disk", () => {
  it("survives a restart: accounts, annotations, tokens and the signing key", async () => {
    const port = 0;
    const first = await startSandbox({ port, dataDir, clients: [], faultControl: true });
    const tokens = await mintTokens(first.url, { email: "durable@example.com" });
    const admin = sandboxAdminClient(first.url, bearer(first.url, tokens.access_token));
    const summaries = (
      await sandboxAdminBetaClient(
        first.url,
        bearer(first.url, tokens.access_token),
      ).accountSummaries.list()
    ).data;
    const parent = summaries.accountSummaries![0]!.propertySummaries![0]!.property!;
    const created = await admin.properties.reportingDataAnnotations.create({
      parent,
      requestBody: {
        title: "Survives restarts",
        color: "GREEN",
        annotationDate: { year: 2026, month: 11, day: 1 },
      },
    });
    const jwks = await (await fetch(`${first.url}/oauth2/v3/certs`)).json();
    await first.close();

    const files = await readdir(join(dataDir, "sandbox"));
    expect(files).toEqual(["state.json"]);
    const onDisk = await readFile(join(dataDir, "sandbox", "state.json"), "utf8");
    expect(onDisk).not.toContain(tokens.access_token);
    expect(onDisk).not.toContain(tokens.refresh_token);

    const second = await startSandbox({ port, dataDir, clients: [] });
    try {
      const again = sandboxAdminClient(second.url, bearer(second.url, tokens.access_token));
      expect(
        (await again.properties.reportingDataAnnotations.get({ name: created.data.name! })).data,
      ).toEqual(created.data);
      expect(
        (
          await sandboxAdminBetaClient(
            second.url,
            bearer(second.url, tokens.access_token),
          ).accountSummaries.list()
        ).data,
      ).toEqual(summaries);
      expect(await (await fetch(`${second.url}/oauth2/v3/certs`)).json()).toEqual(jwks);
      const refreshed = await sandboxOAuthClient(second.url, {
        credentials: { refresh_token: tokens.refresh_token },
      }).refreshAccessToken();
      expect(refreshed.credentials.access_token).toBeTruthy();
      const next = await again.properties.reportingDataAnnotations.create({
        parent,
        requestBody: {
          title: "After restart",
          color: "RED",
          annotationDate: { year: 2026, month: 11, day: 2 },
        },
      });
      expect(Number(next.data.name!.split("/").at(-1))).toBeGreaterThan(
        Number(created.data.name!.split("/").at(-1)),
      );
    } finally {
      await second.close();
    }
  });

  it("moves a corrupt state file aside and starts fresh", async () => {
    await mkdir(join(dataDir, "sandbox"), { recursive: true });
    await writeFile(join(dataDir, "sandbox", "state.json"), "{ not json");
    const sandbox = await startSandbox({ port: 0, dataDir, clients: [] });
    await sandbox.close();
    const files = (await readdir(join(dataDir, "sandbox"))).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toBe("state.json");
    expect(files[1]).toMatch(/^state\.json\.corrupt-\d+$/);
  });
});
