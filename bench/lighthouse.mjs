// Lighthouse (mobile profile, simulated throttling) on the landing page and on a signed-in Property
// View with data, in Debian's Chromium, against the built product started as `npm start` starts
// it. Also prints what each public page transfers, compressed. Uses dist/; `npm run bench` builds.
// Each page is audited BENCH_LIGHTHOUSE_RUNS times (3 by default) and the median run is shown, as
// Lighthouse picks it (closest to the median first contentful paint and time to interactive),
// beside every run's score and LCP and the machine's load: simulated throttling still scales
// with how busy the CPU is.
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import puppeteer from "puppeteer-core";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// The flags playwright.config.ts uses: this network refuses Google's background services.
const chromiumFlags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const publicPages = ["/", "/privacy", "/terms", "/login", "/signup", "/plans", "/no-such-page"];
const targets = {
  landing: {
    performance: 98,
    accessibility: 100,
    "best-practices": 100,
    seo: 100,
    lcpMs: 1200,
    cls: 0.01,
  },
  dashboard: { performance: 90, lcpMs: 2000 },
};

const dist = path.resolve("dist");
const { walkSignInPages } = await import(path.join(dist, "sandbox/testing/sandbox-test-kit.js"));

const port = await freePort();
const sandboxPort = await freePort();
const appUrl = `http://localhost:${port}`;
const dataDir = await mkdtemp(path.join(tmpdir(), "tidemark-bench-lighthouse-"));
const product = await startProduct();
let browser;
try {
  console.log(`Public pages, bytes transferred (brotli, as Chromium requests them):`);
  for (const page of publicPages) await printTransfer(page);

  browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
  });
  const landing = process.env.BENCH_SKIP_LANDING ? null : await medianAudit(`${appUrl}/`, {});
  if (landing) report("Landing page (/), signed out", landing, targets.landing);
  // BENCH_LANDING_TRACE=file: a trace of the landing page's load, as for the dashboard below.
  if (process.env.BENCH_LANDING_TRACE)
    await recordTrace(`${appUrl}/`, process.env.BENCH_LANDING_TRACE, {});

  const { cookie, propertyId } = await signedInWithData();
  // The session, and the property last chosen (a preference cookie the server draws with).
  const cookies = [cookie, `tidemark_property=${propertyId}`];
  const dashboard = await medianAudit(`${appUrl}/dashboard?mode=property`, { cookies });
  report(`Property View (/dashboard?mode=property), signed in, property with data`, dashboard, {
    ...targets.dashboard,
  });
  // BENCH_DASHBOARD_TRACE=file also records a Chrome trace of the same load, with a JavaScript
  // profile, for bench/long-tasks.mjs to name the code inside each long task.
  if (process.env.BENCH_DASHBOARD_TRACE)
    await recordTrace(`${appUrl}/dashboard?mode=property`, process.env.BENCH_DASHBOARD_TRACE, {
      cookies,
    });
} finally {
  await browser?.close();
  product.kill();
  await rm(dataDir, { recursive: true, force: true });
}

/** `runs` audits of one address; the median run, with every run's score, LCP and machine load. */
async function medianAudit(url, options) {
  const results = [];
  const painted = ({ lhr }) => Boolean(lhr.audits["first-contentful-paint"].numericValue);
  // Now and then Lighthouse loses a run's navigation in headless Chromium (NO_NAVSTART, NO_FCP);
  // such a run measured nothing, so it is shown in the summary and run again, up to `runs` times
  // more, and the median is taken over the runs that did measure.
  for (let attempt = 0; attempt < 2 * runs && results.filter(painted).length < runs; attempt += 1) {
    const loadBefore = loadavg()[0];
    const lhr = await audit(url, options);
    results.push({ lhr, load: (loadBefore + loadavg()[0]) / 2 });
  }
  const measured = results.filter(painted);
  if (measured.length === 0) throw new Error(`no Lighthouse run of ${url} reported a first paint`);
  const median = computeMedianRun(measured.map((result) => result.lhr));
  median.runSummary = results
    .map(({ lhr, load }) =>
      lhr.audits["first-contentful-paint"].numericValue
        ? `${Math.round(lhr.categories.performance.score * 100)} / ${(lhr.audits["largest-contentful-paint"].numericValue / 1000).toFixed(2)} s (load ${load.toFixed(1)})`
        : `no first paint reported (${lhr.runtimeError?.code ?? "no error code"}, load ${load.toFixed(1)})`,
    )
    .join(", ");
  return median;
}

/** A fresh tab on the app's origin with the cookies ("name=value") set. */
async function preparedPage({ cookies = [] }) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  for (const cookie of cookies) {
    const [name, ...rest] = cookie.split("=");
    await context.setCookie({ name, value: rest.join("="), domain: "localhost", path: "/" });
  }
  return { context, page };
}

/**
 * One load traced with the CPU slowed 4x (or BENCH_TRACE_CPU_SLOWDOWN), as Lighthouse's mobile profile assumes (here applied,
 * not simulated, so the trace's tasks are as long as Lighthouse's estimate of them).
 */
async function recordTrace(url, file, options) {
  const { context, page } = await preparedPage(options);
  try {
    // BENCH_TRACE_CPU_SLOWDOWN=1 records at full speed, for `long-tasks.mjs --cpu` on a busy machine.
    await page.emulateCPUThrottling(Number(process.env.BENCH_TRACE_CPU_SLOWDOWN ?? 4));
    await page.tracing.start({ path: file });
    await page.goto(url, { waitUntil: "networkidle0" });
    // Renders after the last answer (the chart's report) finish after the network went idle.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await page.tracing.stop();
    console.log(`  trace of one load (CPU 4x slower): ${file}`);
  } finally {
    await context.close();
  }
}

/** One Lighthouse navigation in a fresh tab; the cookies are set before it starts. */
async function audit(url, options) {
  const { context, page } = await preparedPage(options);
  try {
    const result = await lighthouse(
      url,
      {
        logLevel: "error",
        output: "json",
        // Keep the cookies set above; Lighthouse would otherwise clear the origin's storage.
        disableStorageReset: true,
        // The four categories reported below. Lighthouse 13 refuses an unknown one here, and its
        // default config also runs "agentic browsing" (since 13.3), which this bench leaves out.
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      },
      undefined,
      page,
    );
    // BENCH_LIGHTHOUSE_JSON=folder keeps each page's last full report, for reading what an audit found.
    if (process.env.BENCH_LIGHTHOUSE_JSON) {
      const name = new URL(url).pathname.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "home";
      await writeFile(path.join(process.env.BENCH_LIGHTHOUSE_JSON, `${name}.json`), result.report);
    }
    return result.lhr;
  } finally {
    await context.close();
  }
}

function report(title, lhr, target) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const lines = [];
  const check = (label, value, shown, limit, ok) =>
    lines.push(
      `  ${label.padEnd(28)} ${shown.padStart(8)}   ${limit ? `target ${limit}`.padEnd(16) : "".padEnd(16)} ${ok === undefined ? "" : ok ? "ok" : "MISSED"}`,
    );
  for (const id of ["performance", "accessibility", "best-practices", "seo"]) {
    const value = score(id);
    const limit = target[id];
    check(
      `${lhr.categories[id].title} score`,
      value,
      String(value),
      limit ? `≥ ${limit}` : "",
      limit ? value >= limit : undefined,
    );
  }
  const ms = (id) => `${(metric(id) / 1000).toFixed(2)} s`;
  check("First contentful paint", 0, ms("first-contentful-paint"));
  const lcp = metric("largest-contentful-paint");
  check(
    "Largest contentful paint",
    lcp,
    ms("largest-contentful-paint"),
    target.lcpMs ? `≤ ${(target.lcpMs / 1000).toFixed(1)} s` : "",
    target.lcpMs ? lcp <= target.lcpMs : undefined,
  );
  const cls = metric("cumulative-layout-shift");
  check(
    "Cumulative layout shift",
    cls,
    cls.toFixed(3),
    target.cls !== undefined ? `≤ ${target.cls}` : "",
    target.cls !== undefined ? cls <= target.cls : undefined,
  );
  check("Total blocking time", 0, `${metric("total-blocking-time").toFixed(0)} ms`);
  check("Speed index", 0, ms("speed-index"));
  console.log(
    `\n${title} (Lighthouse ${lhr.lighthouseVersion}, mobile, simulated throttling, median of ${runs}):`,
  );
  console.log(lines.join("\n"));
  console.log(`  each run: performance / LCP (1-minute load average): ${lhr.runSummary}`);
  const failing = Object.values(lhr.audits).filter(
    (a) =>
      a.score !== null &&
      a.score < 0.9 &&
      a.scoreDisplayMode !== "informative" &&
      a.scoreDisplayMode !== "notApplicable" &&
      a.scoreDisplayMode !== "manual",
  );
  if (failing.length > 0)
    console.log(
      `  audits below 90: ${failing.map((a) => `${a.id} (${a.displayValue ?? Math.round(a.score * 100)})`).join(", ")}`,
    );
}

/** Fetches a page and every script, style and icon it references, as a browser would, compressed. */
async function printTransfer(pagePath) {
  const headers = { "accept-encoding": "br, gzip" };
  const response = await fetch(`${appUrl}${pagePath}`, { headers });
  const html = await response.text();
  let total = Number(response.headers.get("content-length") ?? html.length);
  // Files the HTML names, and the modules a pre-rendered page loads after its first paint. A
  // disabled link (the stylesheet's marker on pages that carry it inline) is never fetched.
  const fetched = html.replace(/<link\b[^>]*\bdisabled\b[^>]*>/g, "");
  const assets = [
    ...[...fetched.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css|svg))"/g)].map((m) => m[1]),
    ...[...fetched.matchAll(/data-modules="([^"]+)"/g)].flatMap((m) => m[1].split(" ")),
  ];
  for (const asset of new Set(assets)) {
    const res = await fetch(`${appUrl}${asset}`, { headers });
    await res.arrayBuffer();
    total += Number(res.headers.get("content-length") ?? 0);
  }
  console.log(
    `  ${pagePath.padEnd(14)} ${(total / 1024).toFixed(1).padStart(7)} KB  (${response.status}, HTML and ${new Set(assets).size} referenced files; later chunks not counted)`,
  );
}

/** A premium account with Google connected, a saved property and a few annotations on it. */
async function signedInWithData() {
  const email = `lighthouse-${Date.now()}@example.com`;
  const origin = { origin: appUrl, "content-type": "application/json" };
  const linkWaiter = product.nextSignInLink(email);
  await expectOk(
    fetch(`${appUrl}/api/auth/sign-in/magic-link`, {
      method: "POST",
      headers: origin,
      body: JSON.stringify({ email, callbackURL: "/", errorCallbackURL: "/login" }),
    }),
  );
  // The link opens the continue page; its Continue button posts the token from our own origin
  // (a browser says so in Sec-Fetch-Site, which the server requires).
  const verified = await fetch(`${appUrl}/api/auth/sign-in-link`, {
    method: "POST",
    headers: { ...origin, "sec-fetch-site": "same-origin" },
    body: JSON.stringify({ token: new URL(await linkWaiter).searchParams.get("token") }),
  });
  const cookie = verified.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => pair.includes("session_token"));
  if (!cookie)
    throw new Error(
      `signing in gave no session cookie (${verified.status}: ${await verified.text()})`,
    );
  const authed = { ...origin, cookie };
  await expectOk(
    fetch(`${appUrl}/api/users/subscription`, {
      method: "PATCH",
      headers: authed,
      body: JSON.stringify({ tier: "freemium" }),
    }),
  );
  const start = await fetch(`${appUrl}/api/google/authorize`, {
    headers: { cookie },
    redirect: "manual",
  });
  const pending = start.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const { callback } = await walkSignInPages(start.headers.get("location"), { email });
  await fetch(callback, { headers: { cookie: `${cookie}; ${pending}` }, redirect: "manual" });
  const { properties } = await (
    await expectOk(fetch(`${appUrl}/api/ga4/properties`, { headers: { cookie } }))
  ).json();
  const { propertyId } = properties.find((p) => p.canEdit);
  await expectOk(
    fetch(`${appUrl}/api/properties`, {
      method: "POST",
      headers: authed,
      body: JSON.stringify({ propertyId }),
    }),
  );
  const today = new Date();
  for (let n = 1; n <= 5; n += 1) {
    await expectOk(
      fetch(`${appUrl}/api/annotations/${propertyId}`, {
        method: "POST",
        headers: authed,
        body: JSON.stringify({
          title: `Campaign milestone ${n}`,
          description: "Measured by the Lighthouse bench.",
          annotationDate: {
            year: today.getUTCFullYear(),
            month: today.getUTCMonth() + 1,
            day: Math.max(1, today.getUTCDate() - n),
          },
        }),
      }),
    );
  }
  return { cookie, propertyId };
}

async function expectOk(pending) {
  const response = await pending;
  if (!response.ok)
    throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** `node dist/main.js` as `npm start` runs it, on free ports with an empty data folder. */
async function startProduct() {
  const child = spawn(process.execPath, ["dist/main.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      HOST: "127.0.0.1",
      APP_URL: appUrl,
      DATA_DIR: dataDir,
      LOG_FORMAT: "json",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const waiting = new Map();
  // The product logs JSON lines; the mailer's line carries the link in its message.
  createInterface({ input: child.stdout }).on("line", (line) => {
    let message;
    try {
      message = JSON.parse(line).msg;
    } catch {
      return;
    }
    const match = typeof message === "string" && /^Sign-in link for (\S+): (\S+)$/.exec(message);
    if (match) waiting.get(match[1])?.(match[2]);
  });
  process.on("exit", () => child.kill());
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}`);
    const ok = await fetch(`${appUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    kill: () => child.kill(),
    nextSignInLink: (email) => new Promise((resolve) => waiting.set(email, resolve)),
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });
}
