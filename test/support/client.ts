import { checkDocumentedError } from "./documentedErrors.js"
import { adminToken } from "./service.js"

export interface Reply<T = any> {
  readonly status: number
  readonly headers: Headers
  readonly body: T
  readonly text: string
}

export interface CallOptions {
  readonly key?: string
  readonly person?: string
  readonly body?: unknown
  /** Sent as-is instead of JSON-encoding `body`. */
  readonly raw?: string
  readonly headers?: Record<string, string>
}

export { at as baseUrl }

export const call = async <T = any>(base: string, method: string, path: string, options: CallOptions = {}): Promise<Reply<T>> => {
  const headers: Record<string, string> = { ...options.headers }
  if (options.key !== undefined) headers["authorization"] = `Bearer ${options.key}`
  if (options.person !== undefined) headers["contracts-acting-person"] = options.person
  let body: string | undefined = options.raw
  if (body === undefined && options.body !== undefined) body = JSON.stringify(options.body)
  if (body !== undefined && headers["content-type"] === undefined) headers["content-type"] = "application/json"
  const response = await fetch(`${base}${path}`, { method, headers, body })
  const text = await response.text()
  let parsed: unknown
  try {
    parsed = text === "" ? undefined : JSON.parse(text)
  } catch {
    parsed = undefined
  }
  checkDocumentedError(method, response.url, response.status, (parsed as { error?: { code?: unknown } } | undefined)?.error?.code)
  return { status: response.status, headers: response.headers, body: parsed as T, text }
}

export interface Org {
  readonly org_id: string
  readonly name: string
  readonly keys: { readonly live: string; readonly test: string }
  readonly key_ids: { readonly live: string; readonly test: string }
  readonly people: ReadonlyArray<{ readonly id: string; readonly name: string; readonly email: string }>
}

let orgs = 0

/** A fresh org through the admin API, with two people: every test works in its own org. */
export const createOrg = async (base: string, name = `Org ${++orgs}`): Promise<Org> => {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "")}${orgs}${Math.random().toString(36).slice(2, 8)}`
  const reply = await call<Org>(base, "POST", "/admin/orgs", {
    headers: { authorization: `Bearer ${adminToken}` },
    body: { name, people: [{ name: "Ada Lovelace", email: `ada@${slug}.test` }, { name: "Brook Taylor", email: `brook@${slug}.test` }] }
  })
  if (reply.status !== 201) throw new Error(`createOrg failed: ${reply.status} ${reply.text}`)
  return reply.body
}

let keys = 0
export const idempotencyKey = () => `key-${Date.now()}-${++keys}-${Math.random().toString(36).slice(2)}`

/** Where requests go: one server, or a choice made afresh for each request (several runners). */
export type Base = string | (() => string)
const at = (base: Base) => (typeof base === "string" ? base : base())

/** The org's live key acting as its first person: the usual seat for a test. */
export const seat = (base: Base, org: Org, person = org.people[0]!.id, key = org.keys.live) => ({
  get: <T = any>(path: string, headers?: Record<string, string>) => call<T>(at(base), "GET", path, { key, person, ...(headers ? { headers } : {}) }),
  post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
    call<T>(at(base), "POST", path, { key, person, ...(body === undefined ? {} : { body }), ...(headers ? { headers } : {}) }),
  draft: (templateId = "tpl_mutual_nda", facts: Record<string, string | number> = {}) =>
    call(at(base), "POST", "/contracts", {
      key,
      person,
      body: { template_id: templateId, facts },
      headers: { "idempotency-key": idempotencyKey() }
    })
})

export interface PersonToken {
  readonly id: string
  readonly token: string
  readonly person_id: string
  readonly mode: "live" | "test"
  readonly scopes: ReadonlyArray<string>
}

/** A person token from the admin API (`live` and every scope it may hold unless `body` says). */
export const issuePersonToken = async (base: string, person: string, body: Record<string, unknown> = {}): Promise<PersonToken> => {
  const reply = await call<PersonToken>(base, "POST", `/admin/people/${person}/tokens`, { headers: { authorization: `Bearer ${adminToken}` }, body })
  if (reply.status !== 201) throw new Error(`issuePersonToken failed: ${reply.status} ${reply.text}`)
  return reply.body
}
