import { HttpApiBuilder, HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Option } from "effect"
import { Authenticate } from "../Auth/Authenticate.js"
import { ServerConfig } from "../Config.js"
import { reject } from "../Domain/Contract/Rejection.js"
import { rate } from "../Gateway/Admission.js"
import { Policy } from "../Http/Policy.js"
import { Mcp } from "../Mcp.js"
import { RateLimiter } from "../RateLimit/RateLimiter.js"
import { admitOrigin, corsHeaders, preflight, refuseGuestLink } from "./Admission.js"

// Every MCP request is a read of the person's allowance; a tool that writes spends a write as well.
const readPolicy = Policy.read(null)

/**
 * `/mcp`: the Streamable HTTP endpoint. Outside the HttpApi (its body is JSON-RPC, answered by the
 * SDK's transport), so the gateway passes it through and its checks are made here: the page's
 * origin (none, or one allowed), then a person token and nothing else (an org key or a guest link
 * is `401`), then the person's allowance. A refusal fails with the spec's envelope, which the
 * gateway renders.
 */
export const McpRoutes = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const authenticate = yield* Authenticate
    const limiter = yield* RateLimiter
    const mcp = yield* Mcp
    const allowed = (yield* ServerConfig).mcpAllowedOrigins ?? []
    // Set before anything can fail, so the gateway's refusals reach the page's client readable too.
    const origin = Effect.gen(function*() {
      const admitted = yield* admitOrigin(allowed, yield* HttpServerRequest.HttpServerRequest)
      if (Option.isSome(admitted)) {
        yield* HttpApp.appendPreResponseHandler((_, response) => Effect.succeed(HttpServerResponse.setHeaders(response, corsHeaders(admitted.value))))
      }
      return admitted
    })
    const serve = Effect.gen(function*() {
      yield* origin
      const request = yield* HttpServerRequest.HttpServerRequest
      yield* refuseGuestLink(request)
      const caller = yield* authenticate.person(request)
      yield* rate(limiter, caller, readPolicy)
      const web = yield* Effect.mapError(
        HttpServerRequest.toWeb(request),
        () => reject("invalid_request", "The request body could not be read.")
      )
      return HttpServerResponse.fromWeb(yield* mcp.handle(caller, web))
    })
    yield* router.post("/mcp", serve)
    yield* router.get("/mcp", serve)
    yield* router.del("/mcp", serve)
    yield* router.options("/mcp", Effect.map(origin, preflight))
  })
)
