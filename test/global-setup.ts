import { spawnSync } from "node:child_process";
import type { TestProject } from "vitest/node";
import { projectRoot } from "../src/server/paths.js";
import { clusterTestRuns } from "./cluster-prerequisites.js";
import { ensurePgliteTemplate } from "./pglite-template.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite dump each test file starts its own database from; absent on PostgreSQL runs. */
    pgliteTemplatePath: string | null;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  // The cluster test runs the built product. Building here, before any test file starts, keeps a
  // rebuild from replacing dist/ under the tests that read it (a no-op when the build is current).
  if (clusterTestRuns()) {
    const build = spawnSync(process.execPath, ["scripts/build-stamp.mjs", "ensure"], {
      cwd: projectRoot,
      stdio: "inherit",
    });
    if (build.status !== 0) throw new Error("the build the cluster test needs failed");
  }
  project.provide(
    "pgliteTemplatePath",
    process.env.TEST_DATABASE_URL ? null : await ensurePgliteTemplate(),
  );
}
