import { type HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Option } from "effect"
import { excerpt, reject } from "../Domain/Contract/Rejection.js"
import { requestTarget } from "../Http/RouteTable.js"

const methods = "GET, POST, DELETE, OPTIONS"

/** Origins compare as browsers send them: lower-case, no trailing slash. */
const normalized = (origin: string) => origin.trim().replace(/\/+$/, "").toLowerCase()

/**
 * The transport's rule against DNS rebinding: a request from a web page (it carries `Origin`) is
 * served only when the operator allowed that page's origin. A desktop client or a server sends
 * none and is served. Refused before the credential is read, so a hostile page learns nothing.
 */
export const admitOrigin = (allowed: ReadonlyArray<string>, request: HttpServerRequest.HttpServerRequest) => {
  const origin = request.headers["origin"]
  if (origin === undefined) return Effect.succeed(Option.none<string>())
  if (allowed.some((entry) => normalized(entry) === normalized(origin))) return Effect.succeed(Option.some(origin))
  // The spec's table has no code for an origin; of its 403s, this is the one about a caller's reach, not a seat (docs/gaps.md).
  return Effect.fail(reject("insufficient_scope", `Web pages from '${excerpt(origin)}' may not call /mcp: MCP_ALLOWED_ORIGINS lists those that may.`, {
    param: "Origin"
  }))
}

/** What lets the page of an allowed origin read an answer (a refusal included), its session and when to retry. */
export const corsHeaders = (origin: string) => ({
  "access-control-allow-origin": origin,
  "access-control-expose-headers": "mcp-session-id, retry-after",
  vary: "Origin"
})

/** `OPTIONS /mcp`: a browser asks before it sends a token and JSON; no credential rides on it. */
export const preflight = (origin: Option.Option<string>) =>
  HttpServerResponse.empty({
    status: 204,
    headers: Option.isNone(origin) ? { allow: methods } : {
      "access-control-allow-methods": methods,
      "access-control-allow-headers": "authorization, content-type, mcp-session-id, mcp-protocol-version, last-event-id",
      "access-control-max-age": "600"
    }
  })

/**
 * A guest link, however it is sent (`Token`, `Bearer gtk_…`, `?t=`), is told that guests get no
 * MCP connection, rather than how to send a key it does not have. It is not looked up.
 */
export const refuseGuestLink = (request: HttpServerRequest.HttpServerRequest) => {
  const authorization = request.headers["authorization"] ?? ""
  const guest = /^\s*(Token\s|Bearer\s+gtk_)/i.test(authorization) ||
    (authorization.trim() === "" && requestTarget(request.url)?.searchParams.has("t") === true)
  return guest
    ? Effect.fail(reject("unauthorized", "Guest links get no MCP connection: an agent connects with its person's token ('Authorization: Bearer pt_…')."))
    : Effect.void
}
