import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Outside production a secret that is not configured is generated once and kept in the data
 * folder, so the product runs with no keys and sessions survive a restart. Production refuses to
 * start without configured secrets (env.ts), because every instance must share them.
 */
export async function loadOrCreateLocalSecret(
  dataDir: string,
  name: string,
  generate: () => string = () => randomBytes(32).toString("base64url"),
): Promise<string> {
  const folder = path.join(dataDir, "secrets");
  const file = path.join(folder, name);
  try {
    const existing = (await readFile(file, "utf8")).trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const secret = generate();
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
