import { createHmac } from "node:crypto"
import { secretsEqual } from "../Auth/Secrets.js"

/**
 * The guest's session on one contract: the link's token, held in an HttpOnly cookie scoped to that
 * contract's pages, so it never rides in a URL, the history or a Referer after the first visit.
 * The token stays the credential (removing the guest revokes the page at once); the cookie only
 * carries it. `SameSite=Strict` keeps it off any request another site starts.
 */
export const cookieName = "cns_guest"

export const contractPath = (contract: string) => `/contracts/${contract}`

export const sessionCookie = (contract: string, token: string, secure: boolean) =>
  `${cookieName}=${token}; Path=${contractPath(contract)}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`

/** The cookie's token, when the request carries one that looks like a guest token. */
export const tokenOf = (cookieHeader: string | undefined): string | null => {
  for (const pair of (cookieHeader ?? "").split(";")) {
    const [name, value] = pair.trim().split("=", 2)
    if (name === cookieName && value !== undefined && /^gtk_[0-9A-Za-z]+$/.test(value)) return value
  }
  return null
}

/**
 * The form token of a session: an HMAC keyed by the guest's own secret, so only the holder of the
 * cookie (and the server) can know it, and a form posted from another site carries none that fits.
 * Nothing is stored, so every runner of a cluster checks it alike.
 */
export const formToken = (token: string, contract: string) => createHmac("sha256", token).update(`guest-page-form:${contract}`).digest("base64url")

export const formTokenFits = (token: string, contract: string, given: string | null) => given !== null && secretsEqual(given, formToken(token, contract))

/**
 * Whether a request asks for a page: a browser lists `text/html` ahead of JSON in `Accept`. An
 * API client (curl's `*\/*`, fetch's default, `application/json`) keeps getting JSON exactly.
 */
export const wantsPage = (accept: string | undefined): boolean => {
  const ranked = (accept ?? "").split(",").map((entry, index) => {
    const [type, ...params] = entry.trim().toLowerCase().split(";")
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    return { type: type!.trim(), q: q === undefined ? 1 : Number(q), index }
  })
  const html = ranked.find((r) => r.type === "text/html" && r.q > 0)
  if (html === undefined) return false
  const json = ranked.find((r) => r.type === "application/json")
  return json === undefined || json.q < html.q || (json.q === html.q && json.index > html.index)
}
