/** How long a nonce may be echoed after it was sent. */
export const nonceWindowMs = 5 * 60 * 1_000

export interface IssuedNonce {
  readonly nonce: string
  readonly issued_at: number
}

export type VerificationReason = "endpoint_unreachable" | `endpoint_returned_${number}` | "nonce_not_echoed" | "nonce_expired"

/** What the endpoint answered the ping: a status and up to a few kilobytes of body, or nothing at all. */
export type PingAnswer = { readonly reached: true; readonly status: number; readonly body: string } | { readonly reached: false }

// The echo: the body is the nonce itself, or a JSON object whose `nonce` is it (docs/webhooks.md).
const echoed = (body: string): string | null => {
  const text = body.trim()
  if (text.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(text)
      const nonce = typeof parsed === "object" && parsed !== null && "nonce" in parsed ? parsed.nonce : undefined
      return typeof nonce === "string" ? nonce : null
    } catch {
      return null
    }
  }
  return text === "" ? null : text
}

/**
 * The verdict on one ping: null when the endpoint proved it holds the URL (a 2xx echoing a nonce
 * this endpoint was sent within five minutes), else the reason. A nonce it was sent earlier than
 * that, replayed from a cache or a config file, is `nonce_expired`.
 */
export const judgeHandshake = (answer: PingAnswer, issued: ReadonlyArray<IssuedNonce>, now: number): VerificationReason | null => {
  if (!answer.reached) return "endpoint_unreachable"
  if (answer.status < 200 || answer.status > 299) return `endpoint_returned_${answer.status}`
  const nonce = echoed(answer.body)
  const known = issued.find((n) => n.nonce === nonce)
  if (known === undefined) return "nonce_not_echoed"
  return now - known.issued_at <= nonceWindowMs ? null : "nonce_expired"
}

/** The nonces an endpoint keeps: the newest few, since only the last five minutes' can verify it. */
export const keepNonces = (issued: ReadonlyArray<IssuedNonce>, fresh: IssuedNonce): ReadonlyArray<IssuedNonce> => [fresh, ...issued].slice(0, 5)
