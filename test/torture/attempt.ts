import { expect } from "@effect/vitest"
import { idempotencyKey } from "../support/client.js"
import { expectClass, expectSound } from "./checks.js"
import { type BodyClass, bodyClasses, type Expectation } from "./hostile.js"
import { type UrlClass, urlClasses } from "./hostileUrl.js"
import { dotted, type Operation, type Site, sites, validBody } from "./operations.js"
import { splice, valueAt } from "./rawBody.js"
import { recipeFor } from "./recipes.js"
import { credentials, type World } from "./world.js"

/** One hostile request: which operation, where the value goes, which class, and which of its variants. */
export interface Case {
  readonly op: Operation
  readonly where: "body" | "query" | "path"
  readonly cls: string
  /** Which site or parameter, modulo how many there are. */
  readonly pick: number
  readonly variant: number
  /** A length or depth for the classes that have one. */
  readonly size: number
  readonly recipeVariant: number
}

export const bodyClass = (name: string): BodyClass => bodyClasses.find((c) => c.name === name)!
export const urlClass = (name: string): UrlClass => urlClasses.find((c) => c.name === name)!

/** The sites a body class can go into. */
export const sitesFor = (cls: BodyClass, all: ReadonlyArray<Site>): ReadonlyArray<Site> =>
  cls.on === "body" ?
    [{ path: [], kind: "object", trimmed: false }]
    : all.filter((s) => cls.on === "value" ? s.kind !== "object" : s.kind === (cls.on === "object" ? "object" : "string"))

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_m, name: string) => values[name]!)

/** Fields read back after successful writes, by class, operation and field: `rtl POST /contracts/{id}/decisions text`. */
export const echoed = new Map<string, number>()

/**
 * Sends one case and checks it: never a 5xx, always the envelope with a short message, the class's
 * own answer, nothing changed by a refusal, and a successful write stored the text exactly.
 * Answers "skipped" when the operation has nowhere to put this class.
 */
export const attempt = async (world: World, c: Case, fingerprints: Fingerprints): Promise<"sent" | "skipped"> => {
  const { op } = c
  const recipe = recipeFor(op.key, op.admin)
  const prepared = await recipe.prepare(world, c.recipeVariant % recipe.variants)
  const body = op.body === undefined ? undefined : validBody(op.body, prepared.body)
  const pathValues = Object.fromEntries(op.pathParams.map((name) => [name, encodeURIComponent(prepared.path?.[name] ?? "x")]))
  let query = ""
  let bytes: Buffer | undefined = body === undefined ? undefined : Buffer.from(JSON.stringify(body), "utf8")
  let expectation: Expectation
  let label: string
  let echo: { readonly path: string; readonly value: unknown } | undefined
  if (c.where === "body") {
    const cls = bodyClass(c.cls)
    const candidates = body === undefined ? [] : sitesFor(cls, sites(op.body!, body))
    if (candidates.length === 0) return "skipped"
    const site = candidates[c.pick % candidates.length]!
    const made = cls.make(valueAt(body, site.path), site, c.variant, c.size)
    bytes = cls.on === "body" ? made.raw : splice(body, site, made.raw)
    ;({ expect: expectation, label } = made)
    label = cls.on === "body" ? `${label} as the whole body` : `${label} at ${site.kind === "object" ? "a new key of " : ""}'${dotted(site.path)}'`
    if (made.echo !== undefined && site.kind !== "object") echo = { path: dotted(site.path), value: made.echo.value }
  } else {
    const names = c.where === "query" ? op.queryParams : op.pathParams
    if (names.length === 0) return "skipped"
    const name = names[c.pick % names.length]!
    const valid = c.where === "query" ? prepared.query?.[name] ?? "" : prepared.path?.[name] ?? "x"
    const made = urlClass(c.cls).make(valid, name, c.variant, c.size)
    if (c.where === "query") query = `?${name}=${made.encoded}`
    else pathValues[name] = made.encoded
    ;({ expect: expectation, label } = made)
    label = `${label} in ${c.where} parameter '${name}'`
  }
  const what = `${op.key} [${c.cls}: ${label}]`
  const headers: Record<string, string> = {
    ...credentials(prepared.seat),
    ...(op.method === "GET" ? {} : { "idempotency-key": idempotencyKey() }),
    ...(prepared.ifMatch === undefined ? {} : { "if-match": prepared.ifMatch }),
    ...(bytes === undefined ? {} : { "content-type": "application/json" })
  }
  const writes = op.method !== "GET"
  const before = writes ? await fingerprints.read(prepared.contract) : ""
  const answer = await send(`${world.base}${fill(op.template, pathValues)}${query}`, {
    method: op.method,
    headers,
    ...(bytes === undefined ? {} : { body: bytes })
  }, what)
  // Whatever the checks below say, a write that went through has moved the world.
  if (writes && answer.status < 400) {
    fingerprints.moved()
    if (prepared.consumes !== undefined) world.retire(prepared.consumes)
  }
  expectSound(answer, what)
  expectClass(answer, expectation, what)
  if (!writes) return "sent"
  if (answer.status >= 400) {
    expect(await fingerprints.fresh(prepared.contract), `${what}: refused with ${answer.status} but changed state`).toBe(before)
    return "sent"
  }
  if (echo !== undefined && prepared.echo !== undefined) {
    const stored = await prepared.echo(JSON.parse(answer.text))
    if (echo.path in stored) {
      expect(JSON.stringify(stored[echo.path]), `${what}: stored '${echo.path}' differs from what was sent`).toBe(JSON.stringify(echo.value))
      const key = `${c.cls} ${op.key} ${echo.path}`
      echoed.set(key, (echoed.get(key) ?? 0) + 1)
    }
  }
  return "sent"
}

/** No request may take this long: a hostile value that makes the service hang is a failure too. */
export const answerWithin = 20_000

export class NoAnswer extends Error {}

const send = async (url: string, init: RequestInit, what: string) => {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(answerWithin) })
    return { status: response.status, text: await response.text() }
  } catch (error) {
    if (error instanceof DOMException && error.name === "TimeoutError") throw new NoAnswer(`${what}: no answer within ${answerWithin / 1000} s`)
    throw error
  }
}

/**
 * Fingerprints cached until something may have moved: a successful write or a setup write. One is
 * kept per contract, since a refused write moves nothing: the sweep goes from operation to
 * operation, each on its own contract, and a contract read before is still as it was.
 */
export const fingerprintsOf = (world: World) => {
  let moves = 0
  const cached = new Map<string | undefined, { readonly at: string; readonly value: string }>()
  const now = () => `${world.version()}:${moves}`
  const fresh = async (contract: string | undefined) => {
    const at = now()
    const value = await world.fingerprint(contract)
    cached.set(contract, { at, value })
    return value
  }
  return {
    /** The state before a write: the last one read of this contract, unless something may have moved since. */
    read: (contract: string | undefined) => {
      const kept = cached.get(contract)
      return kept?.at === now() ? Promise.resolve(kept.value) : fresh(contract)
    },
    /** The state after a write, always read again. */
    fresh,
    /** Something may have changed: a write succeeded, or a check failed partway. */
    moved: () => {
      moves++
      cached.clear()
    }
  }
}

export type Fingerprints = ReturnType<typeof fingerprintsOf>
