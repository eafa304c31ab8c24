import { sandboxTestClient, startSandbox } from "./index.js";
import { controlPrefix } from "./faults/control-routes.js";

/**
 * `npm run sandbox`: the Google sandbox on its own. Reads SANDBOX_PORT (default 5050), SANDBOX_DATA_DIR
 * (default ./data) and SANDBOX_CONTROL (`on` serves the fault/counter control endpoint; off by default).
 */
const port = Number(process.env.SANDBOX_PORT ?? 5050);
const dataDir = process.env.SANDBOX_DATA_DIR ?? "./data";
const faultControl = process.env.SANDBOX_CONTROL === "on";

if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`SANDBOX_PORT must be a port number, not "${process.env.SANDBOX_PORT}".`);
  process.exit(1);
}

const sandbox = await startSandbox({ port, dataDir, clients: [], faultControl });
process.stdout.write(
  [
    `Google sandbox listening on ${sandbox.url} (state in ${dataDir}/sandbox/)`,
    `  OIDC discovery: ${sandbox.url}/.well-known/openid-configuration`,
    `  test client:    ${sandboxTestClient.clientId} / ${sandboxTestClient.clientSecret}`,
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
