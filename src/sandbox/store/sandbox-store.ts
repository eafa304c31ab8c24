import type {
  AccessTokenRecord,
  AccountRecord,
  AnnotationRecord,
  PropertyRecord,
  RefreshTokenRecord,
  SigningKeyRecord,
  UserRecord,
} from "./sandbox-records.js";

const snapshotVersion = 1;

/** What goes to disk: plain JSON, tokens keyed by their SHA-256 hash. */
export interface StoreSnapshot {
  version: typeof snapshotVersion;
  signingKey?: SigningKeyRecord;
  users: UserRecord[];
  accounts: AccountRecord[];
  properties: Array<Omit<PropertyRecord, "annotations"> & { annotations: AnnotationRecord[] }>;
  accessTokens: Array<[string, AccessTokenRecord]>;
  refreshTokens: Array<[string, RefreshTokenRecord]>;
  grants: Array<[string, string[]]>;
}

/**
 * All durable sandbox state, held in memory. Handlers read and mutate the maps directly and call
 * `changed()` after a mutation so the persister (if any) schedules a write.
 */
export class SandboxStore {
  signingKey: SigningKeyRecord | undefined;
  readonly users = new Map<string, UserRecord>();
  readonly usersByEmail = new Map<string, UserRecord>();
  readonly accounts = new Map<string, AccountRecord>();
  readonly properties = new Map<string, PropertyRecord>();
  readonly accessTokens = new Map<string, AccessTokenRecord>();
  readonly refreshTokens = new Map<string, RefreshTokenRecord>();
  /** Scopes a user has granted a client, keyed by `grantKey(sub, clientId)`. */
  readonly grants = new Map<string, string[]>();

  constructor(private readonly onChange: () => void = () => {}) {}

  changed(): void {
    this.onChange();
  }

  addUser(user: UserRecord): void {
    this.users.set(user.sub, user);
    this.usersByEmail.set(user.email, user);
  }

  static grantKey(sub: string, clientId: string): string {
    return `${sub}\u0000${clientId}`;
  }

  toSnapshot(now: number): StoreSnapshot {
    return {
      version: snapshotVersion,
      ...(this.signingKey ? { signingKey: this.signingKey } : {}),
      users: [...this.users.values()],
      accounts: [...this.accounts.values()],
      properties: [...this.properties.values()].map((property) => ({
        ...property,
        annotations: [...property.annotations.values()],
      })),
      // Expired access tokens are useless after a restart; leave them out.
      accessTokens: [...this.accessTokens].filter(([, token]) => token.expiresAt > now),
      refreshTokens: [...this.refreshTokens],
      grants: [...this.grants],
    };
  }

  static fromSnapshot(snapshot: StoreSnapshot, onChange?: () => void): SandboxStore {
    if (snapshot.version !== snapshotVersion)
      throw new Error(`Unsupported sandbox state version ${String(snapshot.version)}`);
    const store = new SandboxStore(onChange);
    store.signingKey = snapshot.signingKey;
    for (const user of snapshot.users) store.addUser(user);
    for (const account of snapshot.accounts) store.accounts.set(account.id, account);
    for (const property of snapshot.properties) {
      store.properties.set(property.id, {
        ...property,
        annotations: new Map(property.annotations.map((annotation) => [annotation.id, annotation])),
      });
    }
    for (const [hash, token] of snapshot.accessTokens) store.accessTokens.set(hash, token);
    for (const [hash, token] of snapshot.refreshTokens) store.refreshTokens.set(hash, token);
    for (const [key, scopes] of snapshot.grants) store.grants.set(key, scopes);
    return store;
  }
}
