import { Context, Effect, Layer, Option } from "effect"
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { ServerConfig } from "../Config.js"
import { randomToken } from "../RandomIds.js"

/** The one secret that guards the admin API: ADMIN_TOKEN, else generated once into the data directory. */
export class AdminToken extends Context.Tag("Admin/AdminToken")<AdminToken, { readonly token: string; readonly path: string | null }>() {
  static readonly layer = Layer.effect(
    AdminToken,
    Effect.gen(function*() {
      const config = yield* ServerConfig
      if (Option.isSome(config.adminToken)) return { token: config.adminToken.value, path: null }
      const path = join(config.dataDir, "admin-token")
      if (!existsSync(path)) {
        mkdirSync(config.dataDir, { recursive: true })
        writeFileSync(path, `adm_${randomToken(40)}\n`, { mode: 0o600 })
        chmodSync(path, 0o600)
      }
      yield* Effect.logInfo(`Admin token: ${path} (set ADMIN_TOKEN to choose your own)`)
      return { token: readFileSync(path, "utf8").trim(), path }
    })
  )
}
