import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/index.ts",
  out: "./drizzle",
  // Job queues may add schemas of their own; migrations only describe the app's tables.
  schemaFilter: ["public"],
});
