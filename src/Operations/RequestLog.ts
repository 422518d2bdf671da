import { type HttpApp, type HttpRouter, HttpServerError, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Cause, Effect, Exit, LogLevel, Option } from "effect"
import type { RouteTable } from "../Http/RouteTable.js"
import { randomToken } from "../RandomIds.js"
import { type Notes, RequestNotes } from "./RequestLogNotes.js"
import { probePaths, routeTemplate } from "./RouteTemplate.js"
import { withRequestSpan } from "./Tracing.js"

export const requestIdHeader = "request-id"

/** A request's id, made here as Stripe makes its own: never taken from the client, so it always names one request. */
export const newRequestId = () => `req_${randomToken(24)}`

/** A client's mistake is INFO at most; the service's is ERROR; probes and scrapes, every few seconds, DEBUG. */
export const levelOf = (status: number, route: string): LogLevel.LogLevel =>
  status >= 500 ? LogLevel.Error : probePaths.has(route) ? LogLevel.Debug : LogLevel.Info

const logLine = (
  notes: Notes,
  facts: { readonly method: string; readonly route: string; readonly status: number; readonly began: number },
  cause: Option.Option<Cause.Cause<unknown>>
) => {
  const level = levelOf(facts.status, facts.route)
  const failure = level === LogLevel.Error ? notes.failure ?? Option.getOrNull(Option.map(cause, (cause) => ({ message: "unexpected failure", cause }))) : null
  const fields = {
    method: facts.method,
    route: facts.route,
    status: facts.status,
    duration_ms: Math.round((performance.now() - facts.began) * 10) / 10,
    ...notes.caller
  }
  const line = failure === null ? Effect.logWithLevel(level, "request") : Effect.logWithLevel(level, `request: ${failure.message}`, failure.cause)
  return Effect.annotateLogs(line, fields)
}

/**
 * Every request's id (the `Request-Id` header of every answer, on every log line made while it
 * runs, on its span) and its one access line when it ends. Outermost of the front, so probes,
 * guest pages, refusals and the API all pass it.
 */
export const requestLog = (routes: RouteTable) => <E, R>(app: HttpApp.Default<E, R | HttpRouter.HttpRouter.DefaultServices>) =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
    const id = newRequestId()
    const route = routeTemplate(routes, request.method, request.url)
    const began = performance.now()
    const notes: Notes = { caller: null, failure: null }
    // Logged inside the request's span, so the line carries its trace when spans are exported.
    const logged = Effect.tap(Effect.exit(Effect.provideService(app, RequestNotes, notes)), (exit) => {
      const [response, cause] = Exit.isSuccess(exit) ? [exit.value, Option.none()] : HttpServerError.causeResponseStripped(exit.cause)
      return logLine(notes, { method: request.method, route, status: response.status, began }, cause)
    })
    return Effect.gen(function*() {
      const exit = yield* withRequestSpan(request, route, id, logged)
      // A client that went away gets nothing: the platform sees the interruption as before.
      if (Exit.isFailure(exit) && Cause.isInterruptedOnly(exit.cause)) return yield* exit
      return HttpServerResponse.setHeader(HttpServerError.exitResponse(exit), requestIdHeader, id)
    }).pipe(Effect.annotateLogs("request_id", id))
  })
