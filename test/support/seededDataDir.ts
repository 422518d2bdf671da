import { execFileSync } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { inject } from "vitest"

/**
 * A new data directory holding the run's migrated PGlite database (the image made once per run,
 * test/support/migratedDatabases.ts), for a test whose service must keep its data on disk but
 * whose subject is not a first start: an empty directory costs initdb in WebAssembly and every
 * migration (about 8 s of CPU), this costs a copy. Tests of a first start on an empty directory
 * (test/restart.test.ts, test/operations/durability.test.ts, the README's walkthrough) keep theirs empty.
 */
export const seededDataDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  execFileSync("tar", ["-xf", inject("pgliteImage"), "-C", dir])
  return dir
}
