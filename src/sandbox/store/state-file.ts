import { mkdir, open, readFile, rename } from "node:fs/promises";
import { dirname } from "node:path";
import type { SandboxLogger } from "../sandbox-options.js";
import type { StoreSnapshot } from "./sandbox-store.js";

const debounceMs = 50;

/**
 * The sandbox's state on disk, one JSON file. Writes are debounced and serialised (one at a time, the
 * newest state wins) and atomic: the JSON goes to a temporary file that is synced and renamed over
 * the old one, so a crash leaves either the old or the new state, never half of one.
 */
export class StateFile {
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  private pending = false;

  constructor(
    readonly path: string,
    private readonly snapshot: () => StoreSnapshot,
    private readonly logger?: SandboxLogger,
  ) {}

  async load(): Promise<StoreSnapshot | undefined> {
    let text: string;
    try {
      text = await readFile(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    try {
      return JSON.parse(text) as StoreSnapshot;
    } catch {
      const aside = `${this.path}.corrupt-${Date.now()}`;
      await rename(this.path, aside);
      this.logger?.warn?.(
        { path: aside },
        "sandbox state file was not valid JSON; moved it aside and started fresh",
      );
      return undefined;
    }
  }

  /** Notes that the state changed; it is written shortly after. */
  schedule(): void {
    this.pending = true;
    if (this.timer || this.draining) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drain();
    }, debounceMs);
  }

  /** Writes any pending change now and waits for it. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
      if (!this.draining) this.drain();
    }
    await this.draining;
  }

  private drain(): void {
    this.draining = (async () => {
      while (this.pending) {
        this.pending = false;
        await this.writeNow().catch((error: unknown) => {
          this.logger?.error?.(
            { err: error, path: this.path },
            "could not write the sandbox state",
          );
        });
      }
    })().finally(() => {
      this.draining = undefined;
      if (this.pending) this.schedule();
    });
  }

  private async writeNow(): Promise<void> {
    const json = JSON.stringify(this.snapshot());
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    const handle = await open(temporary, "w");
    try {
      await handle.writeFile(json, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, this.path);
  }
}
