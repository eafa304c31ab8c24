import type { TestProject } from "vitest/node";
import { ensurePgliteTemplate } from "./pglite-template.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite dump each test file starts its own database from; absent on PostgreSQL runs. */
    pgliteTemplatePath: string | null;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide(
    "pgliteTemplatePath",
    process.env.TEST_DATABASE_URL ? null : await ensurePgliteTemplate(),
  );
}
