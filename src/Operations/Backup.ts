import { Effect } from "effect"
import { copyFile, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import { PassThrough } from "node:stream"
import * as Tar from "tar"
import type { EmbeddedFiles, QuietQuery } from "../Sql/Database.js"
import {
  assetsFolder,
  backupFormat,
  type BackupManifest,
  databaseFolder,
  isDatabaseEntry,
  isStoredAsset,
  manifestName,
  serviceVersion
} from "./BackupManifest.js"

const copyTree = async (from: string, to: string): Promise<void> => {
  await mkdir(to, { recursive: true })
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (entry.isDirectory()) await copyTree(join(from, entry.name), join(to, entry.name))
    else if (entry.isFile()) await copyFile(join(from, entry.name), join(to, entry.name))
  }
}

/** The database's own entries of the data directory, copied while the database is quiet. */
const copyDatabase = async (dataDir: string, to: string) => {
  await mkdir(to)
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    if (!isDatabaseEntry(entry.name)) continue
    if (entry.isDirectory()) await copyTree(join(dataDir, entry.name), join(to, entry.name))
    else if (entry.isFile()) await copyFile(join(dataDir, entry.name), join(to, entry.name))
  }
}

const countOf = async (query: QuietQuery, table: string) => Number((await query(`SELECT count(*) AS n FROM ${table}`))[0]?.["n"] ?? 0)

const manifestOf = async (query: QuietQuery): Promise<BackupManifest> => ({
  format: backupFormat,
  service_version: serviceVersion,
  taken_at: new Date().toISOString(),
  migration: Number((await query("SELECT max(migration_id) AS level FROM effect_sql_migrations"))[0]?.["level"] ?? 0),
  counts: {
    orgs: await countOf(query, "orgs"),
    contracts: await countOf(query, "contracts"),
    letters: await countOf(query, "contract_letters"),
    signatures: await countOf(query, "signature_index"),
    assets: await countOf(query, "assets")
  }
})

/**
 * A backup of a running embedded node, as one gzipped tar stream. The database's files are copied
 * to a staging directory while it is quiet (a checkpoint, then nothing runs: writes wait the copy's
 * length), then the asset bytes are read straight from the store as the archive streams: bytes
 * land before their row, and are never changed or removed while named, so every asset the copied
 * database names is there. The staging directory goes when the stream ends, however it ends.
 */
export const backupArchive = (database: EmbeddedFiles, assetRoot: string) =>
  Effect.gen(function*() {
    const staging = yield* Effect.promise(() => mkdtemp(join(tmpdir(), "cns-backup-")))
    const removeStaging = () => rm(staging, { recursive: true, force: true })
    return yield* Effect.gen(function*() {
      const manifest = yield* database.whileQuiet(async (query) => {
        const taken = await manifestOf(query)
        await copyDatabase(database.dataDir, join(staging, databaseFolder))
        return taken
      })
      yield* Effect.promise(async () => {
        await writeFile(join(staging, manifestName), `${JSON.stringify(manifest, null, 2)}\n`)
        await symlink(assetRoot, join(staging, assetsFolder), "dir")
      })
      // The link to the asset store is followed; below it only stored files are taken, never uploads in flight.
      const pack = Tar.create(
        {
          cwd: staging,
          gzip: true,
          follow: true,
          portable: true,
          filter: (path) => {
            const inAssets = relative(assetsFolder, path)
            return path === assetsFolder || inAssets.startsWith("..") || isStoredAsset(inAssets)
          }
        },
        [manifestName, databaseFolder, assetsFolder]
      )
      const out = new PassThrough()
      pack.on("error", (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))))
      out.once("close", () => void removeStaging())
      pack.pipe(out)
      return { manifest, stream: out }
    }).pipe(Effect.onError(() => Effect.promise(removeStaging)))
  })
