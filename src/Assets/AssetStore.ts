import { Effect, Option } from "effect"
import { mkdir, mkdtemp, open, readdir, rename, rm, stat } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ServerConfig, type Settings } from "../Config.js"

/**
 * Where asset bytes live: a content-addressed directory, each file named by its SHA-256
 * (`ab/abcdef…`). PGlite keeps its data in WebAssembly memory, where 2.5 GB of uploads may not
 * fit, so the bytes stay on disk and the database keeps rows that name them (docs/gaps.md
 * "Where asset bytes live"). Bytes land (written, flushed, renamed into place) before their row
 * is inserted, so a row never lacks its bytes; bytes whose row never came are swept at start.
 * Identical bytes are stored once. Several processes on one PostgreSQL share the bytes by
 * sharing `ASSET_DIR`.
 */
export class AssetStore extends Effect.Service<AssetStore>()("Assets/AssetStore", {
  scoped: Effect.gen(function*() {
    const root = yield* rootOf(yield* ServerConfig)
    const settings = yield* ServerConfig
    // Uploads a stopped process was receiving are of no use to anyone: cleared before any request
    // arrives. Runners sharing ASSET_DIR each receive into their own folder and clear only that one
    // (their own previous life's), never uploads another runner is receiving; alone, all of it.
    const tmpRoot = join(root, "tmp")
    const tmpDir = settings.runnerAddress === undefined ? tmpRoot : join(tmpRoot, settings.runnerAddress.replace(/[^\w.-]/g, "_"))
    yield* Effect.promise(() => rm(tmpDir, { recursive: true, force: true }).then(() => mkdir(tmpDir, { recursive: true })))
    const pathOf = (sha256: string) => join(root, sha256.slice(0, 2), sha256)

    /** Moves an uploaded temporary file to its content address; the same bytes already there are kept as they are. */
    const keep = (tempPath: string, sha256: string) =>
      Effect.promise(async () => {
        const target = pathOf(sha256)
        if (await exists(target)) return
        await mkdir(join(root, sha256.slice(0, 2)), { recursive: true })
        const handle = await open(tempPath, "r+")
        await handle.sync()
        await handle.close()
        await rename(tempPath, target)
        await syncDir(join(root, sha256.slice(0, 2)))
      })

    /** Removes bytes no row names (a crash between their landing and the row's insert), once old enough not to be mid-upload. */
    const sweep = (isNamed: (sha256: string) => Effect.Effect<boolean>, olderThanMs: number) =>
      Effect.gen(function*() {
        const now = Date.now()
        let removed = 0
        for (const shard of yield* Effect.promise(() => readdir(root))) {
          if (shard === "tmp" || shard.length !== 2) continue
          for (const name of yield* Effect.promise(() => readdir(join(root, shard)))) {
            const path = join(root, shard, name)
            const info = yield* Effect.promise(() => stat(path))
            if (now - info.mtimeMs < olderThanMs || (yield* isNamed(name))) continue
            yield* Effect.promise(() => rm(path, { force: true }))
            removed++
          }
        }
        return removed
      })

    return { root, tmpDir, pathOf, keep, sweep }
  })
}) {}

const exists = (path: string) => stat(path).then(() => true, () => false)

const syncDir = async (dir: string) => {
  const handle = await open(dir, "r")
  await handle.sync().catch(() => {})
  await handle.close()
}

// A throwaway database gets throwaway bytes, removed with the process's scope.
const rootOf = (settings: Settings) =>
  settings.assetDir !== undefined
    ? Effect.succeed(settings.assetDir)
    : Option.getOrUndefined(settings.databaseUrl) === "memory://"
    ? Effect.acquireRelease(
      Effect.promise(() => mkdtemp(join(tmpdir(), "cns-assets-"))),
      (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true }))
    )
    : Effect.succeed(join(settings.dataDir, "assets"))
