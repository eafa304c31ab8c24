import { sandboxAppClientFor, sandboxTestClient, startSandbox } from "./index.js";
import { controlPrefix } from "./faults/control-routes.js";

/**
 * `npm run sandbox`: the Google sandbox on its own. Reads SANDBOX_PORT (default 5050), SANDBOX_DATA_DIR
 * (default ./data), SANDBOX_CONTROL (`on` serves the fault/counter control endpoint; off by default)
 * and SANDBOX_APP_URL: the address (or comma-separated addresses) of the Tidemark instances that
 * sign in through it with SANDBOX_URL (default http://localhost:5000), whose redirect URIs it
 * registers exactly, as Google does.
 */
const port = Number(process.env.SANDBOX_PORT ?? 5050);
const dataDir = process.env.SANDBOX_DATA_DIR ?? "./data";
const faultControl = process.env.SANDBOX_CONTROL === "on";
const appUrls = (process.env.SANDBOX_APP_URL ?? "http://localhost:5000")
  .split(",")
  .map((url) => url.trim().replace(/\/+$/, ""))
  .filter(Boolean);

if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`SANDBOX_PORT must be a port number, not "${process.env.SANDBOX_PORT}".`);
  process.exit(1);
}
for (const url of appUrls) {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    console.error(`SANDBOX_APP_URL must be http(s) addresses separated by commas, not "${url}".`);
    process.exit(1);
  }
}

const sandbox = await startSandbox({
  port,
  dataDir,
  clients: [sandboxAppClientFor(appUrls)],
  faultControl,
});
process.stdout.write(
  [
    `Google sandbox listening on ${sandbox.url} (state in ${dataDir}/sandbox/)`,
    `  OIDC discovery: ${sandbox.url}/.well-known/openid-configuration`,
    `  test client:    ${sandboxTestClient.clientId} / ${sandboxTestClient.clientSecret}`,
    `  Tidemark at:    ${appUrls.join(", ")} (SANDBOX_APP_URL; start each instance with SANDBOX_URL=${sandbox.url})`,
    faultControl
      ? `  control:        ${sandbox.url}${controlPrefix}/counters`
      : "  control:        off (SANDBOX_CONTROL=on to enable)",
    "",
  ].join("\n"),
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
