import { type HttpApp, type HttpRouter, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Schema } from "effect"
import { defaultClientTimeoutSeconds, ServerConfig } from "../Config.js"
import { readBytes } from "../Http/BodyReader.js"
import { requestTarget } from "../Http/RouteTable.js"
import { actions, doneNotices, FormProblem } from "./Actions.js"
import { html, type Html } from "./Html.js"
import { type Answer, type ApiCall, callApi } from "./InProcess.js"
import { contractPage, type Notice } from "./Render/ContractPage.js"
import { layout, linkDead, opening } from "./Render/Layout.js"
import { Thread } from "../Negotiation/Schemas.js"
import { clausePage } from "./Render/ClausePage.js"
import type { FormContext } from "./Render/Form.js"
import { messageOf, refusalNotice } from "./Render/Refusal.js"
import { ReadFailed, readSeat, type SeatView } from "./SeatView.js"
import { cookieName, contractPath, formToken, formTokenFits, sessionCookie, tokenOf, wantsPage } from "./Session.js"
import { stylesheet } from "./Style.js"

/** A block's thread as the API answered it, decoded by the route's own schema: a mismatch is a defect, not a broken page. */
const readThread = Schema.decodeUnknown(Thread)

/** Headers of every page: no script, nothing from elsewhere, never framed, never cached, no Referer. */
const pageHeaders = {
  "content-security-policy": "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "cache-control": "no-store"
}

const page = (status: number, body: Html, headers: Record<string, string> = {}) =>
  HttpServerResponse.text(body.text, { status, contentType: "text/html; charset=utf-8", headers: { ...pageHeaders, ...headers } })

const problemPage = (status: number, title: string, text: string) => page(status, layout(title, html`<h1>${title}</h1><p>${text}</p>`))

const clearCookie = (contract: string) => `${cookieName}=; Path=${contractPath(contract)}; HttpOnly; SameSite=Strict; Max-Age=0`

const maxFormBytes = 1_048_576

/**
 * A double click posts the same form twice at once, and the browser shows the second answer:
 * while the first is still running that is `409 idempotency_in_flight`. The page waits for the
 * first to settle and shows its replayed answer instead, for up to ten seconds.
 */
const untilSettled = (call: Effect.Effect<Answer>, tries = 100): Effect.Effect<Answer> =>
  Effect.flatMap(call, (answer) =>
    tries > 0 && answer.status === 409 && answer.body?.error?.code === "idempotency_in_flight"
      ? Effect.zipRight(Effect.sleep("100 millis"), untilSettled(call, tries - 1))
      : Effect.succeed(answer))

const strictUtf8 = new TextDecoder("utf-8", { fatal: true })
/** The bytes as text, or null when they are not UTF-8. */
const utf8 = (bytes: Uint8Array) => {
  try {
    return strictUtf8.decode(bytes)
  } catch {
    return null
  }
}

type PageRoute =
  | { readonly kind: "style" }
  | { readonly kind: "contract"; readonly contract: string; readonly query: URLSearchParams }
  | { readonly kind: "clause"; readonly contract: string; readonly block: string }
  | { readonly kind: "action"; readonly contract: string; readonly action: string }

const contractRoute = /^\/contracts\/(con_[A-Za-z0-9]+)$/
const clauseRoute = /^\/contracts\/(con_[A-Za-z0-9]+)\/page\/blocks\/([A-Za-z0-9_]+)$/
const actionRoute = /^\/contracts\/(con_[A-Za-z0-9]+)\/page\/([a-z-]+)$/

/** Which requests are the guest's pages; every other request goes to the API untouched. */
const pageRoute = (request: HttpServerRequest.HttpServerRequest): PageRoute | null => {
  const url = requestTarget(request.url)
  if (url === null) return null
  const read = request.method === "GET" || request.method === "HEAD"
  if (read && url.pathname === "/guest/page.css") return { kind: "style" }
  const contract = contractRoute.exec(url.pathname)
  // A request with credentials is an API call whatever it accepts: a page is for the browser the link opened.
  if (read && contract !== null && request.headers["authorization"] === undefined && wantsPage(request.headers["accept"])) {
    return { kind: "contract", contract: contract[1]!, query: url.searchParams }
  }
  const clause = clauseRoute.exec(url.pathname)
  if (read && clause !== null) return { kind: "clause", contract: clause[1]!, block: clause[2]! }
  const action = actionRoute.exec(url.pathname)
  if (request.method === "POST" && action !== null) return { kind: "action", contract: action[1]!, action: action[2]! }
  return null
}

/**
 * The counterparty's pages, in front of the API: a browser that opens a guest link gets a page on
 * which to do everything the seat may do, made of the API's own calls as that guest. Every other
 * request, JSON ones to the same paths included, reaches the API exactly as before.
 */
export const guestPages = (app: HttpApp.Default<never, HttpRouter.HttpRouter.DefaultServices>) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const route = pageRoute(request)
    if (route === null) return yield* app
    if (route.kind === "style") {
      return HttpServerResponse.text(stylesheet, {
        contentType: "text/css; charset=utf-8",
        headers: { "cache-control": "public, max-age=3600", "x-content-type-options": "nosniff" }
      })
    }
    const config = yield* ServerConfig
    // The platform's services of this request (its file system, ETags…), for the API's calls it makes.
    const services = yield* Effect.context<HttpRouter.HttpRouter.DefaultServices>()
    const api = (token: string) => (call: ApiCall) => Effect.provide(callApi(app, request, token, call), services)

    /**
     * Reads the seat's view (and whatever else `more` reads, as the guest) and draws a page of it,
     * or the page that says why it cannot be drawn.
     */
    const drawn = <A>(
      contract: string,
      token: string,
      more: Effect.Effect<A, ReadFailed>,
      draw: (view: SeatView, context: FormContext, more: A) => HttpServerResponse.HttpServerResponse
    ) =>
      Effect.all([readSeat(api(token), contract), more], { concurrency: "unbounded" }).pipe(
        Effect.map(([view, extra]) =>
          draw(view, { contract, formToken: formToken(token, contract), wordsHash: view.wordsHash, seen: view.headSequence }, extra)
        ),
        Effect.catchTag("ReadFailed", (failed: ReadFailed) =>
          Effect.succeed(
            failed.answer.status === 401
              ? page(401, linkDead("unknown"), { "set-cookie": clearCookie(contract) })
              : problemPage(failed.answer.status, "This cannot be shown just now", messageOf(failed.answer))
          ))
      )

    /** The seat's page, with what the last action came to. */
    const seatPage = (contract: string, token: string, status: number, notice: Notice | ((view: SeatView) => Notice) | null) =>
      drawn(contract, token, Effect.void, (view, context) => page(status, contractPage(view, context, typeof notice === "function" ? notice(view) : notice)))

    if (route.kind === "contract") {
      const fromLink = route.query.get("t")
      if (fromLink !== null) {
        // The link's token is checked, moved into the cookie, and out of the address bar.
        const checked = /^gtk_[0-9A-Za-z]+$/.test(fromLink)
          ? yield* api(fromLink)({ method: "GET", path: `/contracts/${route.contract}/state` })
          : { status: 401, body: null }
        if (checked.status !== 200) return page(401, linkDead("unknown"))
        return page(200, opening(contractPath(route.contract)), {
          "set-cookie": sessionCookie(route.contract, fromLink, config.publicUrl.startsWith("https:"))
        })
      }
      const token = tokenOf(request.headers["cookie"])
      if (token === null) return page(401, linkDead("missing"))
      const done = route.query.get("done")
      return yield* seatPage(route.contract, token, 200, done !== null && done in doneNotices ? { kind: "done", text: doneNotices[done]! } : null)
    }

    const token = tokenOf(request.headers["cookie"])
    if (token === null) return page(401, linkDead("missing"))

    if (route.kind === "clause") {
      const thread = Effect.flatMap(
        api(token)({ method: "GET", path: `/contracts/${route.contract}/blocks/${route.block}/thread?limit=100` }),
        (answer) => (answer.status === 200 ? Effect.orDie(readThread(answer.body)) : Effect.fail(new ReadFailed(answer)))
      )
      return yield* drawn(route.contract, token, thread, (view, context, found) => {
        const block = view.blocks.find((b) => b.id === route.block)
        return block === undefined
          ? problemPage(404, "No such clause", "This contract has no such clause.")
          : page(200, clausePage(view, block, found, context))
      })
    }

    // A form post: its own body, its form token, then the API's calls as the guest.
    const make = actions[route.action]
    if (make === undefined) return problemPage(404, "No such form", "This page has no such form.")
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(request.headers["content-type"] ?? "")) {
      return problemPage(415, "This form could not be read", "Send the form from the contract's page.")
    }
    const bytes = yield* readBytes(request, maxFormBytes, config.clientTimeoutSeconds ?? defaultClientTimeoutSeconds).pipe(
      Effect.catchTag("BodyStalled", () => Effect.succeed(null))
    )
    const text = bytes === null ? null : utf8(bytes)
    if (text === null) return problemPage(400, "This form could not be read", "The form was too large, cut off, or not UTF-8. Nothing was changed.")
    const fields = new URLSearchParams(text)
    if (!formTokenFits(token, route.contract, fields.get("form_token"))) {
      return problemPage(
        403,
        "This form did not come from your page",
        "Open the contract again from your email and use the page's own buttons. Nothing was changed."
      )
    }
    const me = yield* api(token)({ method: "GET", path: "/me" })
    if (me.status === 401) return page(401, linkDead("unknown"), { "set-cookie": clearCookie(route.contract) })
    const action = make({ contract: route.contract, person: String(me.body?.person_id ?? ""), fields })
    if (action instanceof FormProblem) return yield* seatPage(route.contract, token, 400, { kind: "problem", text: action.message })
    for (const call of action.calls) {
      const answer = yield* untilSettled(api(token)(call))
      if (answer.status === 401) return page(401, linkDead("unknown"), { "set-cookie": clearCookie(route.contract) })
      if (answer.status >= 300) return yield* seatPage(route.contract, token, answer.status, refusalNotice(answer, Number(fields.get("seen"))))
    }
    return HttpServerResponse.empty({
      status: 303,
      headers: { ...pageHeaders, location: `${contractPath(route.contract)}?done=${action.done}#${action.anchor}` }
    })
  })
