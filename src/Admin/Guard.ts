import { HttpApiMiddleware, HttpApiSecurity, HttpServerRequest, OpenApi } from "@effect/platform"
import { Effect, Layer } from "effect"
import { secretsEqual } from "../Auth/Secrets.js"
import { reject } from "../Domain/Rejection.js"
import { documentedError } from "../Http/Schemas.js"
import { AdminToken } from "./AdminToken.js"

const adminBearer = HttpApiSecurity.bearer.pipe(
  HttpApiSecurity.annotate(OpenApi.Description, "The admin token: `ADMIN_TOKEN`, else the one generated into `$DATA_DIR/admin-token`.")
)

/**
 * What stands between an admin request and its handler: the admin token, then a JSON body. The
 * gateway passes admin routes through (they carry no Policy) and writes the envelope of every
 * Rejection raised here.
 */
export class AdminGuard extends HttpApiMiddleware.Tag<AdminGuard>()("Admin/AdminGuard", {
  failure: documentedError(401, "Unauthorized"),
  security: { adminToken: adminBearer }
}) {}

// The platform would die on a body that is not JSON (a 500); the gateway's body check runs only
// for routes with a Policy. Every admin POST carries a JSON object.
const checkJsonBody = (request: HttpServerRequest.HttpServerRequest) =>
  Effect.gen(function*() {
    if (request.method !== "POST") return
    const type = request.headers["content-type"]
    if (type !== undefined && !type.toLowerCase().includes("application/json")) {
      return yield* reject("invalid_request", "Send the body as JSON with 'Content-Type: application/json'.")
    }
    const text = yield* Effect.orElseSucceed(request.text, () => "")
    if (text.trim() === "") return yield* reject("invalid_request", "This call needs a JSON object body.")
    const parsed = yield* Effect.try(() => JSON.parse(text) as unknown).pipe(
      Effect.mapError(() => reject("invalid_request", "The body is not valid JSON."))
    )
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      return yield* reject("invalid_request", "The body must be a JSON object.")
    }
  })

export const AdminGuardLive = Layer.effect(
  AdminGuard,
  Effect.map(AdminToken, ({ token }) =>
    AdminGuard.of({
      // The platform's bearer decoding drops seven characters whatever they are, so the scheme is checked here.
      adminToken: () =>
        Effect.gen(function*() {
          const request = yield* HttpServerRequest.HttpServerRequest
          const given = /^Bearer\s+(\S+)$/i.exec(request.headers["authorization"] ?? "")?.[1]
          if (given === undefined || !secretsEqual(given, token)) return yield* reject("unauthorized", "Invalid admin token.")
          yield* checkJsonBody(request)
        })
    }))
)
