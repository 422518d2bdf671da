import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { Authenticate } from "../Auth/Authenticate.js"
import { reject } from "../Domain/Contract/Rejection.js"
import { rate } from "../Http/Gateway/Admission.js"
import { Policy } from "../Http/Policy.js"
import { Mcp } from "../Mcp.js"
import { RateLimiter } from "../RateLimit/RateLimiter.js"

// Every MCP request is a read of the person's allowance; a tool that writes spends a write as well.
const readPolicy = Policy.read(null)

/**
 * `/mcp`: the Streamable HTTP endpoint. Outside the HttpApi (its body is JSON-RPC, answered by the
 * SDK's transport), so the gateway passes it through and its checks are made here: a person token
 * and nothing else (an org key or a guest link is `401`), then the person's allowance. A refusal
 * fails with the spec's envelope, which the gateway renders.
 */
export const McpRoutes = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const authenticate = yield* Authenticate
    const limiter = yield* RateLimiter
    const mcp = yield* Mcp
    const serve = Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
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
  })
)
