import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Each node test file opens its own database; PGlite is heavy, so bound the parallelism on 2 cores.
    pool: "forks",
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "node",
          include: [
            "src/server/**/*.test.ts",
            "src/shared/**/*.test.ts",
            "src/sandbox/**/*.test.ts",
            "test/**/*.test.ts",
          ],
          environment: "node",
          globalSetup: ["test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "web",
          include: ["src/web/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          // Journeys through several pages on a shared two-core machine can pass 5 s under load.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
