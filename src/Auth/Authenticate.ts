import type { HttpServerRequest } from "@effect/platform"
import { Effect, Option } from "effect"
import { reject } from "../Domain/Rejection.js"
import { isVersion } from "../Domain/Versions.js"
import type { Caller } from "./Actor.js"
import { AuthRepo } from "./Repo.js"
import { apiKeyPattern, hashSecret } from "./Secrets.js"

const unauthorized = (message: string) => reject("unauthorized", message)

export class Authenticate extends Effect.Service<Authenticate>()("Auth/Authenticate", {
  effect: Effect.gen(function*() {
    const repo = yield* AuthRepo

    /** Resolves the credential, the version in force and the acting person of one request. */
    const caller = Effect.fn("Authenticate.caller")(function*(request: HttpServerRequest.HttpServerRequest) {
      const header = request.headers["authorization"]
      if (header === undefined || header.trim() === "") {
        return yield* unauthorized("No API key provided. Send it as 'Authorization: Bearer sk_…'.")
      }
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)
      if (bearer === null || !apiKeyPattern.test(bearer[1]!)) {
        return yield* unauthorized("Malformed Authorization header. Send 'Authorization: Bearer sk_…'.")
      }
      const key = yield* repo.findLiveKey(hashSecret(bearer[1]!))
      if (Option.isNone(key)) return yield* unauthorized("Invalid API key: it is unknown or was revoked.")
      const requested = request.headers["contracts-version"]
      const version = requested === undefined ? key.value.pinnedVersion : requested.trim()
      if (!isVersion(version)) {
        return yield* reject("invalid_request", `Unknown version '${requested}'.`, { param: "Contracts-Version" })
      }
      const actingId = request.headers["contracts-acting-person"]?.trim()
      let person: Caller["person"] = null
      if (actingId !== undefined && actingId !== "") {
        const found = yield* repo.findPersonInOrg(key.value.org.id, actingId)
        if (Option.isNone(found)) {
          return yield* reject("invalid_request", `No person '${actingId}' belongs to your org.`, {
            param: "Contracts-Acting-Person"
          })
        }
        person = found.value
      }
      return {
        credential: "org_key",
        keyId: key.value.id,
        org: key.value.org,
        mode: key.value.mode,
        scopes: key.value.scopes,
        pinnedVersion: key.value.pinnedVersion,
        version,
        person
      } satisfies Caller as Caller
    })

    return { caller } as const
  })
}) {}
