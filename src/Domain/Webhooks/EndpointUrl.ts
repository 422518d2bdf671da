import type { Mode } from "../Contract/Mode.js"
import { addressKind, mayDeliverTo } from "./Addresses.js"

export const maxUrlLength = 2048

const loopbackNames = new Set(["localhost", "localhost."])

/**
 * Why a URL cannot be a webhook endpoint in this mode, or null if it can. Only what the URL itself
 * says is judged here; a host name is judged again at every connection, on the address it
 * resolves to (src/Webhooks/Post.ts), so DNS cannot point it somewhere else later.
 */
export const endpointUrlProblem = (raw: string, mode: Mode): string | null => {
  if (raw.length > maxUrlLength) return `url must be at most ${maxUrlLength} characters.`
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return "url must be an absolute http or https URL."
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "url must be an absolute http or https URL."
  if (url.username !== "" || url.password !== "") return "url must not carry credentials; authenticate deliveries by their signature."
  if (url.hash !== "") return "url must not have a fragment."
  const host = url.hostname.toLowerCase()
  const kind = loopbackNames.has(host) ? "loopback" : addressKind(host)
  const literal = kind !== "invalid"
  if (literal && !mayDeliverTo(kind, mode)) {
    return mode === "live"
      ? "A live endpoint must be on a public address: loopback, private, link-local and metadata addresses are refused."
      : "A test endpoint must be on a public address or this machine's loopback: private, link-local and metadata addresses are refused."
  }
  if (url.protocol === "http:" && !(mode === "test" && kind === "loopback")) {
    return "url must use https; plain http is accepted only for a test-mode endpoint on loopback."
  }
  return null
}
