import { availableParallelism } from "node:os"
import { defineConfig } from "vitest/config"
import LongFirst from "./test/support/longFirst.js"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // The files of a worker share one module graph, and with it the worker's shared service
    // (test/support/service.ts `sharedService`): importing the service's modules again for every
    // file, and starting a service for each, was most of the suite's time. Tests isolate
    // themselves in orgs they make; a file needing a process of its own starts one.
    // A worker keeps every file's module graph and its shared services in one process for the
    // whole run: room beyond V8's default heap (4 GB here), which a third worker once outgrew.
    poolOptions: { forks: { isolate: false, execArgv: ["--max-old-space-size=8192"] } },
    // One worker per core, and never fewer than two: the tests wait on sockets, on PostgreSQL's own
    // processes and on child services, so a second worker uses what one leaves idle (vitest's
    // default is cores - 1: one worker on two cores). A third on two cores was no faster.
    maxWorkers: Math.max(2, availableParallelism()),
    minWorkers: 1,
    // Once per run: the migrated PGlite image every in-memory service starts from.
    globalSetup: ["./test/support/builtService.ts", "./test/support/migratedDatabases.ts"],
    // The run ends with its 15 slowest files (.ci/run names the reporters itself and adds this one too).
    reporters: ["default", "./test/support/slowestFiles.ts"],
    // The longest files first, by their measured times (test/support/longFirst.ts).
    sequence: { concurrent: false, sequencer: LongFirst }
  }
})
