import { existsSync, readFileSync } from "node:fs"
import { Schema } from "effect"
import { migrations } from "../../migrations/index.js"

/**
 * What a backup archive holds (`npm run admin -- backup`), one gzipped tar: `manifest.json`,
 * `pgdata/` (the embedded database's own files, taken at a checkpoint while nothing ran) and
 * `assets/` (the content-addressed asset bytes, copied after, so every asset a row names is there).
 */
export const backupFormat = "contracts-backup/1"

/** Declared as a schema because `restore` reads it back from an archive it did not make. */
export const BackupManifest = Schema.Struct({
  format: Schema.Literal(backupFormat),
  service_version: Schema.String,
  taken_at: Schema.String,
  /** The last migration applied to the database in the archive; a node running older code cannot open it. */
  migration: Schema.Number,
  counts: Schema.Record({ key: Schema.String, value: Schema.Number })
})
export type BackupManifest = typeof BackupManifest.Type

export const manifestName = "manifest.json"
export const databaseFolder = "pgdata"
export const assetsFolder = "assets"

/** The last migration this code knows: `0020_…` is 20, as the migrator numbers them. */
export const codeMigrationLevel = Math.max(...Object.keys(migrations).map((name) => Number.parseInt(name, 10)))

/** The nearest package.json above a folder: the service's, from src/ as from the compiled .build/src/ (scripts/build.mjs). */
const packageJsonAbove = (folder: URL): URL => {
  const candidate = new URL("package.json", folder)
  if (existsSync(candidate)) return candidate
  const parent = new URL("..", folder)
  if (parent.href === folder.href) throw new Error("no package.json above the service's modules")
  return packageJsonAbove(parent)
}

export const serviceVersion: string = JSON.parse(readFileSync(packageJsonAbove(new URL(".", import.meta.url)), "utf8")).version

/** PostgreSQL's own entries at the top of a data directory; the admin token and asset bytes beside them are not the database's. */
export const isDatabaseEntry = (name: string) =>
  name === "PG_VERSION" || name === "base" || name === "global" || name.startsWith("pg_") || name.startsWith("postgresql")

/** A file of the asset store: `ab/abcdef…`, never an upload still arriving under `tmp/`. */
export const isStoredAsset = (relative: string) => /^[0-9a-f]{2}(\/[0-9a-f]+)?$/.test(relative)
