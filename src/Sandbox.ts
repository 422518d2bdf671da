import { Effect } from "effect"
import { Actor, orgOf } from "./Auth/Actor.js"
import { DatesMoved } from "./Doorbells/DatesMoved.js"
import { reject } from "./Domain/Contract/Rejection.js"
import { Appended } from "./Doorbells/Appended.js"
import { SandboxClocks } from "./Sandbox/SandboxClocks.js"

/** The most one call moves a clock: a year and a day, so a year's renewals are one call and a typo is not a century. */
export const maxAdvanceSeconds = 366 * 24 * 3600

const invalid = (message: string, param: string) => reject("invalid_request", message, { param })

/** `GET` and `POST /sandbox/clock`: a test key's org's clock, read and moved forward. */
export class Sandbox extends Effect.Service<Sandbox>()("Sandbox", {
  dependencies: [Appended.Default, SandboxClocks.Default, DatesMoved.Default],
  effect: Effect.gen(function*() {
    const clocks = yield* SandboxClocks
    const datesMoved = yield* DatesMoved
    const appended = yield* Appended

    const testOrg = Effect.flatMap(
      Actor,
      (caller) => caller.mode === "test" ? Effect.succeed(orgOf(caller).id) : Effect.fail(reject("not_found", "The sandbox clock exists only for test keys."))
    )

    const answer = (org: string) =>
      Effect.gen(function*() {
        const clock = yield* clocks.clockFor(org, "test")
        const offset = yield* clocks.offsetOf(org, "test")
        return {
          object: "sandbox_clock" as const,
          livemode: false as const,
          now: new Date(yield* clock.currentTimeMillis).toISOString(),
          offset_seconds: Math.floor(offset / 1000)
        }
      })

    const read = Effect.flatMap(testOrg, answer)

    const advance = (body: { readonly advance_to?: string | undefined; readonly advance_by?: number | undefined }) =>
      Effect.gen(function*() {
        const org = yield* testOrg
        if ((body.advance_to === undefined) === (body.advance_by === undefined)) {
          return yield* invalid("Give exactly one of advance_to (a timestamp) or advance_by (seconds).", "advance_by")
        }
        const now = yield* (yield* clocks.clockFor(org, "test")).currentTimeMillis
        let byMs: number
        if (body.advance_by !== undefined) {
          if (!Number.isInteger(body.advance_by) || body.advance_by <= 0) {
            return yield* invalid("advance_by must be a whole number of seconds above zero.", "advance_by")
          }
          byMs = body.advance_by * 1000
        } else {
          const target = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(body.advance_to!) ? Date.parse(body.advance_to!) : Number.NaN
          if (Number.isNaN(target)) {
            return yield* invalid("advance_to must be an ISO 8601 timestamp.", "advance_to")
          }
          if (target <= now) return yield* invalid("The sandbox clock only moves forward: advance_to must be after its now.", "advance_to")
          byMs = target - now
        }
        if (byMs > maxAdvanceSeconds * 1000) {
          return yield* invalid(
            `One call moves the clock at most ${maxAdvanceSeconds} seconds (366 days).`,
            body.advance_by === undefined ? "advance_to" : "advance_by"
          )
        }
        yield* clocks.advance(org, byMs)
        // What is due at the new time acts now: the deadline scheduler and the webhook engine look again.
        yield* datesMoved.ring
        yield* appended.ring
        return yield* answer(org)
      })

    return { read, advance } as const
  })
}) {}
