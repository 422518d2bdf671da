import { Duration, Effect } from "effect"
import { lookup as dnsLookup } from "node:dns"
import http from "node:http"
import https from "node:https"
import type { LookupFunction } from "node:net"
import type { Mode } from "../Domain/Contract/Mode.js"
import { addressKind, mayDeliverTo } from "../Domain/Webhooks/Addresses.js"

/** How long one attempt may take, connection to last byte read. */
export const deliveryTimeout = Duration.seconds(5)

/** The most of an answer read: enough for a nonce and an error page's first lines. */
export const maxAnswerBytes = 16 * 1024

export type PostResult =
  | { readonly _tag: "Answered"; readonly status: number; readonly body: string }
  | { readonly _tag: "Unreachable"; readonly error: string }

class Refused extends Error {}

/**
 * Resolves the host and refuses it unless every address it names may receive this mode's
 * deliveries. The socket connects to the address checked here, so a name that resolves to a
 * public address at registration and to 127.0.0.1 later is refused later.
 */
const guardedLookup = (mode: Mode): LookupFunction => (hostname, options, callback) =>
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error !== null) return callback(error, "", 0)
    const refused = addresses.find((a) => !mayDeliverTo(addressKind(a.address), mode))
    if (refused !== undefined || addresses.length === 0) {
      return callback(new Refused(`${hostname} resolves to ${refused?.address ?? "nothing"}, where ${mode} deliveries may not go`), "", 0)
    }
    if (options.all === true) return callback(null, addresses)
    return callback(null, addresses[0]!.address, addresses[0]!.family)
  })

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 16 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 16 })
}

/**
 * POSTs one signed body and reads at most `maxAnswerBytes` of the answer. Redirects are answers
 * like any other (never followed); the URL's own host is judged before connecting, its resolved
 * addresses when connecting.
 */
export const post = (url: string, body: string, headers: Record<string, string>, mode: Mode): Effect.Effect<PostResult> =>
  Effect.async<PostResult>((settle) => {
    let settled = false
    const resume = (result: Effect.Effect<PostResult>) => {
      if (!settled) settle(result)
      settled = true
    }
    let target: URL
    try {
      target = new URL(url)
    } catch {
      return resume(Effect.succeed({ _tag: "Unreachable", error: "invalid url" }))
    }
    const literal = addressKind(target.hostname)
    if (literal !== "invalid" && !mayDeliverTo(literal, mode)) {
      return resume(Effect.succeed({ _tag: "Unreachable", error: `${target.hostname} may not receive ${mode} deliveries` }))
    }
    const client = target.protocol === "https:" ? https : http
    const request = client.request(target, {
      method: "POST",
      agent: agents[target.protocol === "https:" ? "https:" : "http:"],
      lookup: guardedLookup(mode),
      headers: {
        ...headers,
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(body),
        "user-agent": "Contracts-Webhooks/1"
      }
    }, (response) => {
      const chunks: Array<Buffer> = []
      let read = 0
      const finish = () => {
        response.destroy()
        resume(Effect.succeed({ _tag: "Answered", status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }))
      }
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk.subarray(0, maxAnswerBytes - read))
        read += chunk.length
        if (read >= maxAnswerBytes) finish()
      })
      response.on("end", finish)
      response.on("error", finish)
    })
    request.on("error", (error) => resume(Effect.succeed({ _tag: "Unreachable", error: error.message })))
    request.end(body)
    return Effect.sync(() => request.destroy())
  }).pipe(
    Effect.timeoutTo({
      duration: deliveryTimeout,
      onSuccess: (result): PostResult => result,
      onTimeout: (): PostResult => ({ _tag: "Unreachable", error: "timed out" })
    })
  )
