import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { accountSummaryRoutes } from "./admin-api/account-summary-routes.js";
import { propertyRoutes } from "./admin-api/property-routes.js";
import { annotationRoutes } from "./admin-api/annotation-routes.js";
import { changeHistoryRoutes } from "./admin-api/change-history-routes.js";
import { createClock } from "./clock.js";
import { runReportRoutes } from "./data-api/run-report-routes.js";
import { controlRoutes } from "./faults/control-routes.js";
import { FaultController } from "./faults/fault-controller.js";
import { createRequestListener } from "./http/request-listener.js";
import { ClientRegistry } from "./oauth/client-registry.js";
import { identityRoutes } from "./oauth/identity-routes.js";
import { SignInFlow } from "./oauth/sign-in-flow.js";
import { renderErrorPage } from "./oauth/sign-in-pages.js";
import { loadSigningKey } from "./oauth/signing-key.js";
import { TokenService } from "./oauth/token-service.js";
import type { SandboxContext } from "./sandbox-context.js";
import {
  defaultAccessTokenLifetimeSeconds,
  defaultSandboxTesterEmails,
  requestBodyLimitBytes,
  type SandboxLogger,
  type SandboxOptions,
} from "./sandbox-options.js";
import { normalizeEmail } from "./seed/seed-sandbox-user.js";
import { SandboxStore } from "./store/sandbox-store.js";
import { StateFile } from "./store/state-file.js";

export {
  defaultSandboxTesterEmails,
  sandboxAppClient,
  sandboxAppClientFor,
  sandboxTestClient,
} from "./sandbox-options.js";
export type { SandboxClientOptions, SandboxLogger, SandboxOptions } from "./sandbox-options.js";
export type { FaultKind, FaultRuleInput } from "./faults/fault-rules.js";
export { controlPrefix } from "./faults/control-routes.js";

export interface RunningSandbox {
  /** `http://localhost:<port>`: the OIDC issuer and the root URL for the Admin and Data API clients. */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the Google sandbox: OAuth 2.0 / OpenID Connect, the Analytics Admin API (account summaries,
 * reporting data annotations) and the Data API (runReport), on its own HTTP server and storage.
 */
export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const { logger } = options;
  const clock = createClock();
  const { store, stateFile } = await openStore(options.dataDir, () => clock.now(), logger);
  const signingKey = await loadSigningKey(store, clock.now());
  let issuer = "";
  const faults = new FaultController(options.faults);
  const tokens = new TokenService({
    store,
    clock,
    signingKey,
    issuer: () => issuer,
    accessTokenLifetimeSeconds:
      options.accessTokenLifetimeSeconds ?? defaultAccessTokenLifetimeSeconds,
  });
  const context: SandboxContext = {
    store,
    clock,
    clients: new ClientRegistry(options.clients),
    tokens,
    signingKey,
    faults,
    testers: new Set(
      (options.testerEmails ?? defaultSandboxTesterEmails).map((email) => normalizeEmail(email)),
    ),
    issuer: () => issuer,
    ...(logger ? { logger } : {}),
  };
  const routes = [
    ...identityRoutes(context),
    ...new SignInFlow(context).routes(),
    ...accountSummaryRoutes(context),
    ...propertyRoutes(context),
    ...annotationRoutes(context),
    ...changeHistoryRoutes(context),
    ...runReportRoutes(context),
    ...(options.faultControl ? controlRoutes(context) : []),
  ];
  const listener = createRequestListener({
    routes,
    faults,
    bodyLimitBytes: requestBodyLimitBytes,
    renderErrorPage,
    ...(logger ? { logger } : {}),
  });
  const servers = await listen(listener, options.port, options.host, logger);
  issuer = `http://localhost:${(servers[0]!.address() as AddressInfo).port}`;
  logger?.info(
    { url: issuer, storage: stateFile?.path ?? "memory", control: Boolean(options.faultControl) },
    `Google sandbox listening on ${issuer}`,
  );
  return {
    url: issuer,
    async close() {
      await Promise.all(servers.map(closeServer));
      await stateFile?.flush();
    },
  };
}

async function openStore(
  dataDir: string | undefined,
  now: () => number,
  logger: SandboxLogger | undefined,
): Promise<{ store: SandboxStore; stateFile?: StateFile }> {
  if (!dataDir) return { store: new SandboxStore() };
  // The file asks for a snapshot only when it writes, which happens after `store` exists.
  const stateFile: StateFile = new StateFile(
    join(dataDir, "sandbox", "state.json"),
    () => store.toSnapshot(now()),
    logger,
  );
  const snapshot = await stateFile.load();
  const onChange = () => stateFile.schedule();
  const store: SandboxStore = snapshot
    ? SandboxStore.fromSnapshot(snapshot, onChange)
    : new SandboxStore(onChange);
  return { store, stateFile };
}

/**
 * Listens on `host`, or by default on 127.0.0.1 and then [::1] on the same port, so that
 * `localhost` reaches the sandbox whichever address it resolves to.
 */
async function listen(
  listener: RequestListener,
  port: number,
  host: string | undefined,
  logger?: SandboxLogger,
): Promise<Server[]> {
  if (host && host !== "localhost") return [await listenOn(createServer(listener), port, host)];
  const primary = await listenOn(createServer(listener), port, "127.0.0.1");
  const actualPort = (primary.address() as AddressInfo).port;
  try {
    return [primary, await listenOn(createServer(listener), actualPort, "::1")];
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EADDRNOTAVAIL" && code !== "EAFNOSUPPORT") {
      logger?.warn?.(
        { err: error },
        `the sandbox could not also listen on [::1]:${actualPort}; localhost may resolve elsewhere`,
      );
    }
    return [primary];
  }
}

function listenOn(server: Server, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
