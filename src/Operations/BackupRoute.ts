import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { NodeStream } from "@effect/platform-node"
import { Effect, Option } from "effect"
import { AdminToken } from "../Admin/AdminToken.js"
import { AssetStore } from "../Assets/AssetStore.js"
import { ServerConfig } from "../Config.js"
import { reject } from "../Domain/Contract/Rejection.js"
import { adminToken } from "../Gateway/Admission.js"
import { EmbeddedDatabase } from "../Sql/Database.js"
import { backupArchive } from "./Backup.js"

export const backupPath = "/admin/backup"

export const onPostgres = "This node runs on PostgreSQL: back it up with pg_dump --format=custom (pg_restore brings it back) and copy ASSET_DIR beside it."
export const inMemory = "This node runs on memory://: there is nothing on disk to back up."

/**
 * `POST /admin/backup`: the running embedded node's backup, streamed as one gzipped tar
 * (src/Operations/Backup.ts). A plain route beside the API, as a binary answer is, behind the
 * admin token checked here as the gateway checks it for the admin API; `npm run admin -- backup`
 * calls it.
 */
export const BackupRoutes = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const { token } = yield* AdminToken
    const database = yield* EmbeddedDatabase
    const assets = yield* AssetStore
    const config = yield* ServerConfig
    yield* router.post(
      backupPath,
      Effect.gen(function*() {
        yield* adminToken(yield* HttpServerRequest.HttpServerRequest, token)
        if (Option.isNone(database)) {
          return yield* Effect.fail(
            reject("invalid_request", Option.isSome(config.databaseUrl) && config.databaseUrl.value === "memory://" ? inMemory : onPostgres)
          )
        }
        const { manifest, stream } = yield* backupArchive(database.value, assets.root)
        yield* Effect.logInfo("backup taken", { counts: manifest.counts, migration: manifest.migration })
        return HttpServerResponse.stream(NodeStream.fromReadable(() => stream, (error) => error), {
          contentType: "application/gzip",
          headers: { "content-disposition": `attachment; filename="contracts-backup-${manifest.taken_at.replace(/[:.]/g, "-")}.tar.gz"` }
        })
      })
    )
  })
)
