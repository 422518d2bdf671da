import { existsSync } from "node:fs"
import path from "node:path"
import { fileURLToPath } from "node:url"

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..")

/**
 * The labelled CUAD dev contracts: `CORPUS_DIR` if set, else the shared corpus beside the
 * repository (75), else the copy of its first 15 in `test/fixtures/cuad-dev`, for a checkout alone.
 */
export const corpusDir: string = process.env["CORPUS_DIR"] ??
  [path.resolve(repoRoot, "../shared/corpus/cuad-dev"), path.resolve(repoRoot, "test/fixtures/cuad-dev")].find((dir) => existsSync(dir))!
