import type { Clock } from "./clock.js";
import type { FaultController } from "./faults/fault-controller.js";
import type { ClientRegistry } from "./oauth/client-registry.js";
import type { SigningKey } from "./oauth/signing-key.js";
import type { TokenService } from "./oauth/token-service.js";
import type { SandboxLogger } from "./sandbox-options.js";
import type { SandboxStore } from "./store/sandbox-store.js";

/** What route modules are built from: the running sandbox's parts. */
export interface SandboxContext {
  store: SandboxStore;
  clock: Clock;
  clients: ClientRegistry;
  tokens: TokenService;
  signingKey: SigningKey;
  faults: FaultController;
  /** Normalised addresses whose accounts are seeded to try everything. */
  testers: ReadonlySet<string>;
  /** `http://localhost:<port>`, known once the server listens. */
  issuer(): string;
  logger?: SandboxLogger;
}
