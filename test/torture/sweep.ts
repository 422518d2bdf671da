import { expect } from "@effect/vitest"
import fc from "fast-check"
import { attempt, bodyClass, type Case, type Fingerprints, NoAnswer, sitesFor, urlClass } from "./attempt.js"
import { bodyClasses } from "./hostile.js"
import { urlClasses } from "./hostileUrl.js"
import { type Operation, operations, type Site, sites, validBody } from "./operations.js"
import { recipeFor } from "./recipes.js"
import { scale } from "./scale.js"
import type { World } from "./world.js"

/** How many times the sweep visits every site: once in CI, six variants each under TORTURE=full. */
const passes = scale(1, 6)

/** Per operation with a body, per recipe variant: the sites of its valid body. */
export type SitesOf = ReadonlyMap<string, ReadonlyArray<ReadonlyArray<Site>>>

export const sitesOfEveryOperation = async (world: World): Promise<SitesOf> => {
  const sitesOf = new Map<string, ReadonlyArray<ReadonlyArray<Site>>>()
  for (const op of operations) {
    if (op.body === undefined) continue
    const recipe = recipeFor(op.key, op.admin)
    const variants: Array<ReadonlyArray<Site>> = []
    for (let v = 0; v < recipe.variants; v++) variants.push(sites(op.body, validBody(op.body, (await recipe.prepare(world, v)).body)))
    sitesOf.set(op.key, variants)
  }
  return sitesOf
}

/**
 * The sweep for one class: every site (or parameter) of every operation, `passes` times, plus
 * once at each size the class must try everywhere. Variants and sizes rotate over the whole
 * sweep, so each is tried somewhere and no operation sees only the first.
 */
export const sweepCases = (name: string, where: Case["where"], sitesOf: SitesOf): ReadonlyArray<Case> => {
  const sizes = where === "body" ? bodyClass(name).sizes : urlClass(name).sizes
  const slots = operations.flatMap((op) => {
    const counts = where === "body"
      ? (sitesOf.get(op.key) ?? []).map((all) => sitesFor(bodyClass(name), all).length)
      : [where === "query" ? op.queryParams.length : op.pathParams.length]
    return counts.flatMap((count, recipeVariant) => {
      if (count === 0) return []
      const rotating = Array.from({ length: count * passes }, (_, i) => ({ pick: i % count, fixed: undefined }))
      const everywhere = (sizes?.everywhere ?? []).flatMap((fixed) => Array.from({ length: count }, (_, pick) => ({ pick, fixed })))
      return [...everywhere, ...rotating].map((slot) => ({ op, where, cls: name, recipeVariant, ...slot }))
    })
  })
  return slots.map(({ fixed, ...slot }, k) => ({ ...slot, variant: k, size: fixed ?? sizes?.sweep[k % sizes.sweep.length] ?? 0 }))
}

/** What went wrong, in a word, so a report can count each kind per operation. */
const kindOf = (message: string) => {
  const got = /expected 400 invalid_request, got (\d+)/.exec(message)?.[1]
  return /no answer within/.test(message) ?
    "no answer"
    : /expected 5\d\d to be less than 500/.test(message) ?
    "5xx"
    : /error\.message is \d+ characters/.test(message) ?
    "long message"
    : /not JSON|no error envelope|fields beyond/.test(message) ?
    "no envelope"
    : /expected no param|error\.param/.test(message) ?
    "wrong param"
    : got !== undefined ?
    `${got} instead of 400`
    : /changed state/.test(message) ?
    "changed state"
    : /differs from what was sent/.test(message) ?
    "stored differently"
    : "other"
}

/** Runs every case, and fails once at the end naming, per operation, the kinds of failure and the first. */
export const runAll = async (name: string, world: World, fingerprints: Fingerprints, cases: ReadonlyArray<Case>) => {
  const failures = new Map<string, { count: number; kinds: Map<string, number>; first: string }>()
  let sent = 0
  let hung = 0
  for (const c of cases) {
    try {
      if ((await attempt(world, c, fingerprints)) === "sent") sent++
    } catch (error) {
      sent++
      fingerprints.moved()
      const message = error instanceof Error ? error.message.split("\n")[0]!.slice(0, 500) : String(error)
      const seen = failures.get(c.op.key) ?? { count: 0, kinds: new Map<string, number>(), first: message }
      seen.kinds.set(kindOf(message), (seen.kinds.get(kindOf(message)) ?? 0) + 1)
      failures.set(c.op.key, { ...seen, count: seen.count + 1 })
      // A service that stops answering would make every later request wait out its timeout too.
      if (error instanceof NoAnswer && ++hung === 3) {
        failures.set("(sweep)", { count: 1, kinds: new Map(), first: "stopped after 3 requests got no answer" })
        break
      }
    }
  }
  expect(sent, `${name}: the sweep sent nothing, the class found no place to go`).toBeGreaterThan(0)
  const report = [...failures.entries()].map(([key, f]) =>
    `${key}: ${f.count} failed (${[...f.kinds].map(([kind, n]) => `${kind} ×${n}`).join(", ")}); first: ${f.first}`
  )
  expect(report, `${name}: ${report.length} operations failed, of ${sent} requests sent`).toEqual([])
}

/** Operations with somewhere to put a hostile value: a body, a query or a path parameter. */
const targets = operations.filter((op) => op.body !== undefined || op.queryParams.length > 0 || op.pathParams.length > 0)

const placesIn = (
  op: Operation
): Array<Case["where"]> => [
  ...(op.body ? ["body" as const] : []),
  ...(op.queryParams.length ? ["query" as const] : []),
  ...(op.pathParams.length ? ["path" as const] : [])
]

/** A random case: any operation, any place in it, any class that fits there, any variant and size. */
export const randomCase: fc.Arbitrary<Case> = fc.constantFrom(...targets)
  .chain((op) => fc.constantFrom(...placesIn(op)).map((where) => ({ op, where })))
  .chain(({ op, where }) =>
    fc.record({
      op: fc.constant(op),
      where: fc.constant(where),
      cls: fc.constantFrom(...(where === "body" ? bodyClasses : urlClasses).map((c) => c.name)),
      pick: fc.nat(),
      variant: fc.nat(),
      unit: fc.double({ min: 0, max: 1, noNaN: true }),
      recipeVariant: fc.nat()
    })
  )
  .map(({ unit, ...c }): Case => {
    const sizes = c.where === "body" ? bodyClass(c.cls).sizes : urlClass(c.cls).sizes
    // Mostly small sizes, now and then the largest: the largest cost the most time.
    return { ...c, size: sizes === undefined ? 0 : sizes.min + Math.floor(unit ** 3 * (sizes.max - sizes.min)) }
  })
