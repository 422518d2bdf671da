import type { HttpServerRequest } from "@effect/platform"
import { Effect } from "effect"
import { excerpt, reject, Rejection } from "../Domain/Contract/Rejection.js"
import { readBytes } from "../Http/BodyReader.js"
import { ifMatchOf } from "../Http/IfMatch.js"
import { checkJsonBody, maxJsonBody, refusalOf } from "../Http/JsonBody.js"
import type { EndpointPolicy } from "../Http/Policy.js"
import { pathParams, type Route } from "../Http/RouteTable.js"

/** Path and query values reach SQL: NUL and ill-formed Unicode stop here, named. */
export const pathAndQuery = (route: Route, url: URL) => {
  const params = pathParams(route, url.pathname)
  if (params === null) return Effect.fail(reject("invalid_request", "The path is not valid percent-encoded UTF-8."))
  for (const [name, value] of [...params, ...url.searchParams.entries()]) {
    const problem = refusalOf(value) ?? refusalOf(name)
    if (problem !== undefined) return Effect.fail(reject("invalid_request", `${excerpt(name)} ${problem}.`, { param: name }))
  }
  return Effect.void
}

const tooLarge = () => reject("invalid_request", `The body is over ${maxJsonBody} bytes.`)

/** The body as every handler may assume it (see JsonBody); null on a route that takes none. */
export const jsonBody = (request: HttpServerRequest.HttpServerRequest, route: Route, stallSeconds: number) =>
  Effect.gen(function*() {
    if (!route.hasPayload) return null
    if (Number(request.headers["content-length"] ?? 0) > maxJsonBody) return yield* tooLarge()
    const bytes = yield* readBytes(request, maxJsonBody, stallSeconds)
    if (bytes === null) return yield* tooLarge()
    const checked = checkJsonBody(bytes, request.headers["content-type"], route.emptyBodyAllowed)
    return checked instanceof Rejection ? yield* checked : checked
  })

/** The hash a word-moving call names (null where the route takes none): read here alone, handed to the handler as `IfMatched`. */
export const ifMatch = (policy: EndpointPolicy, request: HttpServerRequest.HttpServerRequest): Effect.Effect<string | null, Rejection> => {
  const header = request.headers["if-match"]
  if (policy.ifMatch === "required") {
    const value = ifMatchOf(header)
    return value instanceof Rejection ? Effect.fail(value) : Effect.succeed(value)
  }
  if (policy.ifMatch === "refused" && header !== undefined) {
    return Effect.fail(reject("invalid_request", "This call carries the hash it binds in the body as text_hash; send no If-Match.", {
      param: "If-Match"
    }))
  }
  return Effect.succeed(null)
}
