import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pino } from "pino";
import { openDatabase } from "../src/server/db/database.js";
import { createJobQueue } from "../src/server/jobs/job-queue.js";
import { migrationsFolder, projectRoot } from "../src/server/paths.js";

const templateDir = path.join(projectRoot, "node_modules", ".cache", "tidemark-test");

/**
 * Returns a PGlite data-directory dump with every migration applied, building it only when the
 * migrations changed. Starting PGlite from a dump skips initdb, the slow part (~2.5 s vs ~0.5 s).
 * The file name carries a hash of the migrations, so tests can never run on an old schema.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  const templatePath = path.join(templateDir, `pglite-template-${await migrationsHash()}.tar`);
  if (existsSync(templatePath)) return templatePath;

  const client = await PGlite.create();
  try {
    const database = await openDatabase({ engine: "pglite", client });
    await database.migrate();
    // The job queue's own tables too, so that each test's queue starts without creating them.
    const jobs = createJobQueue({ database, logger: pino({ level: "silent" }), work: false });
    await jobs.start();
    await jobs.stop();
    const dump = await client.dumpDataDir("none");
    await mkdir(templateDir, { recursive: true });
    // Write then rename, so a concurrent run never reads half a template.
    const partialPath = `${templatePath}.${process.pid}.partial`;
    await writeFile(partialPath, Buffer.from(await dump.arrayBuffer()));
    await rename(partialPath, templatePath);
  } finally {
    await client.close();
  }
  return templatePath;
}

async function migrationsHash(): Promise<string> {
  const files = (await readdir(migrationsFolder, { recursive: true }))
    .filter((f) => /\.(sql|json)$/.test(f))
    .sort();
  const hash = createHash("sha256");
  // A different pg-boss may bring a different schema.
  hash.update(await readFile(path.join(projectRoot, "node_modules", "pg-boss", "package.json")));
  for (const file of files)
    hash.update(file).update(await readFile(path.join(migrationsFolder, file)));
  return hash.digest("hex").slice(0, 16);
}
