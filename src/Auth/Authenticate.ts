import type { HttpServerRequest } from "@effect/platform"
import { Effect, Option } from "effect"
import { excerpt, reject } from "../Domain/Contract/Rejection.js"
import { isVersion, latestVersion, type Version } from "../Domain/Api/Versions.js"
import type { Caller } from "./Actor.js"
import { AuthCache } from "./Cache.js"
import { AuthRepo } from "./Repo.js"
import { apiKeyPattern, hashSecret, personTokenPattern } from "./Secrets.js"
import { requestTarget } from "../Http/RouteTable.js"

const unauthorized = (message: string) => reject("unauthorized", message)

export class Authenticate extends Effect.Service<Authenticate>()("Auth/Authenticate", {
  dependencies: [AuthRepo.Default, AuthCache.Default],
  effect: Effect.gen(function*() {
    const repo = yield* AuthRepo
    const cache = yield* AuthCache

    const versionOf = (request: HttpServerRequest.HttpServerRequest, pinned: Version) => {
      const requested = request.headers["contracts-version"]
      const version = requested === undefined ? pinned : requested.trim()
      return isVersion(version)
        ? Effect.succeed(version)
        : Effect.fail(reject("invalid_request", `Unknown version '${excerpt(requested ?? "")}'.`, { param: "Contracts-Version" }))
    }

    /** A guest link: `Authorization: Token gtk_…`, or `?t=` on a read, never on a write. */
    const guest = Effect.fnUntraced(function*(request: HttpServerRequest.HttpServerRequest, token: string) {
      const seat = yield* repo.findGuest(hashSecret(token))
      if (Option.isNone(seat)) return yield* unauthorized("This guest link is unknown, expired or revoked.")
      if (request.headers["contracts-acting-person"] !== undefined) {
        return yield* reject("invalid_request", "A guest link is one person: it takes no Contracts-Acting-Person.", {
          param: "Contracts-Acting-Person"
        })
      }
      return {
        credential: "guest_token",
        keyId: null,
        org: null,
        guest: { contract: seat.value.contract, party: seat.value.party },
        mode: seat.value.mode,
        scopes: [],
        pinnedVersion: latestVersion,
        version: yield* versionOf(request, latestVersion),
        person: seat.value.person
      } satisfies Caller
    })

    /**
     * A person token is one person: the token is the seat. `Contracts-Acting-Person` may name that
     * same person (as a key may name the person it acts for); naming anyone else is refused.
     */
    const personToken = Effect.fnUntraced(function*(request: HttpServerRequest.HttpServerRequest, secret: string) {
      const token = yield* cache.findLiveToken(hashSecret(secret))
      if (Option.isNone(token)) return yield* unauthorized("Invalid person token: it is unknown or was revoked.")
      const acting = request.headers["contracts-acting-person"]?.trim()
      if (acting !== undefined && acting !== "" && acting !== token.value.person.id) {
        return yield* reject("invalid_request", "A person token acts as its own person: Contracts-Acting-Person may only name them.", {
          param: "Contracts-Acting-Person"
        })
      }
      return {
        credential: "person_token",
        keyId: token.value.id,
        org: token.value.org,
        guest: null,
        mode: token.value.mode,
        scopes: token.value.scopes,
        pinnedVersion: token.value.pinnedVersion,
        version: yield* versionOf(request, token.value.pinnedVersion),
        person: token.value.person
      } satisfies Caller
    })

    /** Resolves the credential, the version in force and the acting person of one request. */
    const caller = Effect.fnUntraced(function*(request: HttpServerRequest.HttpServerRequest) {
      const header = request.headers["authorization"]
      const urlToken = requestTarget(request.url)?.searchParams.get("t") ?? null
      if (header === undefined || header.trim() === "") {
        if (urlToken !== null && (request.method === "GET" || request.method === "HEAD")) return yield* guest(request, urlToken)
        if (urlToken !== null) {
          return yield* unauthorized("A guest writes with 'Authorization: Token gtk_…'; the token never rides in the URL.")
        }
        return yield* unauthorized("No API key provided. Send it as 'Authorization: Bearer sk_…'.")
      }
      const token = /^Token\s+(gtk_[0-9A-Za-z]+)\s*$/i.exec(header)
      if (token !== null) return yield* guest(request, token[1]!)
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header)
      if (bearer !== null && personTokenPattern.test(bearer[1]!)) return yield* personToken(request, bearer[1]!)
      if (bearer === null || !apiKeyPattern.test(bearer[1]!)) {
        return yield* unauthorized("Malformed Authorization header. Send 'Authorization: Bearer sk_…'.")
      }
      const key = yield* cache.findLiveKey(hashSecret(bearer[1]!))
      if (Option.isNone(key)) return yield* unauthorized("Invalid API key: it is unknown or was revoked.")
      const version = yield* versionOf(request, key.value.pinnedVersion)
      const actingId = request.headers["contracts-acting-person"]?.trim()
      let person: Caller["person"] = null
      if (actingId !== undefined && actingId !== "") {
        const found = yield* cache.findPersonInOrg(key.value.org.id, actingId)
        if (Option.isNone(found)) {
          return yield* reject("invalid_request", `No person '${excerpt(actingId)}' belongs to your org.`, {
            param: "Contracts-Acting-Person"
          })
        }
        person = found.value
      }
      return {
        credential: "org_key",
        keyId: key.value.id,
        org: key.value.org,
        guest: null,
        mode: key.value.mode,
        scopes: key.value.scopes,
        pinnedVersion: key.value.pinnedVersion,
        version,
        person
      } satisfies Caller
    })

    /** An agent's connection (MCP): a person token, and nothing else. */
    const person = Effect.fnUntraced(function*(request: HttpServerRequest.HttpServerRequest) {
      const found = yield* caller(request)
      if (found.credential !== "person_token") {
        return yield* unauthorized("An agent connects with a person token ('Authorization: Bearer pt_…'), never an org key or a guest link.")
      }
      return found
    })

    return { caller, person } as const
  })
}) {}
