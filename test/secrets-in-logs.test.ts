import { Writable } from "node:stream";
import type { InjectOptions } from "fastify";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteEntry } from "../src/server/http/route-table.js";
import { startAppHarness, type AppHarness } from "./app-harness.js";

/**
 * No secret reaches a log line, swept over the live route table so a route is covered the day it
 * is added: every path parameter that looks like a secret is declared one (or said not to be,
 * with why), and every route, asked with secrets in its path and query string, by its own method
 * and by others, leaves none of them in the log.
 */
let harness: AppHarness;
let logText = "";

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logText += chunk.toString();
      done();
    },
  });
  harness = await startAppHarness({ deps: { logger: pino({ level: "debug" }, stream) } });
});
afterAll(async () => {
  await harness?.close();
});

const routes = (): RouteEntry[] => harness.app.routeTable;
const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

/**
 * A parameter that may hold a secret: by its name, or by the collection it names (a feed, a hook,
 * a token, a link). Each must be declared in `secretParams` where its route is registered, or be
 * listed below with the reason it is not a secret.
 */
function looksSecret(url: string, param: string): boolean {
  if (/token|secret|passw|key|code|signature|hook|link|file/i.test(param)) return true;
  const before = url.split("/").at(url.split("/").indexOf(`:${param}`) - 1) ?? "";
  return /hooks?|feeds?|tokens?|links?|secrets?|keys?|codes?/i.test(before);
}

/** Whether a route's parameter is to be treated as a secret: declared one, or looking like one. */
function secretParam(route: RouteEntry, param: string): boolean {
  return (
    route.secretParams.includes(param) ||
    (looksSecret(route.url, param) && !notSecret[`${route.method} ${route.url}`])
  );
}

const notSecret: Record<string, string> = {
  "DELETE /api/account/tokens/:id": "a token's row id: the token itself is never in an address",
  "DELETE /api/account/feeds/:id": "a feed's row id: its address holds a token, not this id",
  "GET /docs/api/assets/:file": "the name of a static file of the API documentation",
  "HEAD /docs/api/assets/:file": "the name of a static file of the API documentation",
};

describe("the route table", () => {
  it("declares every path parameter that looks like a secret, or says why it is not one", () => {
    const undecided: string[] = [];
    for (const route of routes()) {
      const key = `${route.method} ${route.url}`;
      for (const name of route.secretParams)
        expect(paramsOf(route.url), `${key} declares a parameter it does not have`).toContain(name);
      for (const param of paramsOf(route.url)) {
        if (route.secretParams.includes(param) || notSecret[key]) continue;
        if (looksSecret(route.url, param)) undecided.push(`${key} (:${param})`);
      }
    }
    expect(
      undecided,
      "A path parameter that may be a secret is declared where its route is registered, " +
        '{ config: { ..., secretParams: ["<name>"] } } (src/server/http/log-redaction.ts), or ' +
        "listed in this test's notSecret with why it is not one. Undecided",
    ).toEqual([]);
    for (const key of Object.keys(notSecret))
      expect(
        routes().some((route) => `${route.method} ${route.url}` === key),
        `notSecret names ${key}, which is no longer a route`,
      ).toBe(true);
  });

  it("declares the feed's token and the webhook's hook id secret", () => {
    const declared = routes()
      .filter((route) => route.secretParams.length > 0 && route.method !== "HEAD")
      .map((route) => `${route.method} ${route.url} ${route.secretParams.join(",")}`);
    expect(declared).toEqual(
      expect.arrayContaining([
        "GET /api/feeds/:file file",
        "POST /api/hooks/:hookId hookId",
        "DELETE /api/properties/:propertyId/hooks/:id id",
      ]),
    );
  });
});

describe("the request log", () => {
  /** Query parameters every request is sent with, each holding a secret. */
  const secretQuery = [
    "code",
    "state",
    "code_verifier",
    "token",
    "id_token_hint",
    "access_token",
    "refresh_token",
    "client_secret",
  ];

  it("holds no secret from any route's path or query string, asked by any method", async () => {
    logText = "";
    let sent = 0;
    const query = secretQuery.map((name, index) => `${name}=QSECRET${index}x`).join("&");
    const others: InjectOptions["method"][] = ["GET", "POST", "PUT", "DELETE", "OPTIONS"];
    for (const route of routes()) {
      // Every parameter that is or looks like a secret holds one, so a route that forgot to
      // declare it leaks it here.
      const secret = paramsOf(route.url).some((param) => secretParam(route, param));
      const path = route.url
        .split("/")
        .map((segment) =>
          segment === "*"
            ? "anything"
            : segment.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) =>
                secretParam(route, name) ? `PSECRET${sent}x.csv` : "1234",
              ),
        )
        .join("/");
      const methods = secret ? others : [route.method];
      for (const method of methods)
        for (const url of secret ? [path, `${path}/`] : [path]) {
          await harness.app.inject({
            method: method as InjectOptions["method"],
            url: `${url}?${query}`,
            headers: { "content-type": "application/json" },
            payload: method === "GET" || method === "HEAD" ? undefined : "{}",
          });
          sent += 1;
        }
    }
    expect(sent).toBeGreaterThan(50);
    // The log was written to: one line per request, the secrets replaced.
    expect(logText).toMatch(/GET \/api\/feeds\/\[redacted\]\?code=\[redacted\]/);
    expect(logText).toMatch(/POST \/api\/hooks\/\[redacted\]\?/);
    expect(logText).toMatch(/DELETE \/api\/properties\/1234\/hooks\/\[redacted\]\?/);
    const leaked = [...new Set(logText.match(/[PQ]SECRET\d+x/g) ?? [])];
    const lines = logText.split("\n").filter((line) => /[PQ]SECRET\d+x/.test(line));
    expect(leaked, `secrets in the log:\n${lines.slice(0, 5).join("\n")}`).toEqual([]);
  });
});
