import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Once per run: the migrated PGlite image every in-memory service starts from.
    globalSetup: ["./test/support/pgliteImage.ts"],
    // The run ends with its 15 slowest files (.ci/run names the reporters itself and adds this one too).
    reporters: ["default", "./test/support/slowestFiles.ts"],
    sequence: { concurrent: false }
  }
})
