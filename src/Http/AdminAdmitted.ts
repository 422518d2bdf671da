import { HttpApiMiddleware } from "@effect/platform"
import { Context, Effect, Layer, Option } from "effect"

/** Provided by the gateway once it has checked the admin token, and only then. */
export class AdminAdmission extends Context.Tag("Http/AdminAdmission")<AdminAdmission, { readonly admitted: true }>() {}

/**
 * The admin API's second lock: a request that reached an admin handler without the gateway's
 * admission (a path the router reads one way and the gateway another) dies as a `500` instead
 * of running with no token.
 */
export class AdminAdmitted extends HttpApiMiddleware.Tag<AdminAdmitted>()("Http/AdminAdmitted") {}

export const requireAdmission: Effect.Effect<void> = Effect.flatMap(
  Effect.serviceOption(AdminAdmission),
  Option.match({ onNone: () => Effect.dieMessage("the gateway did not admit this admin request"), onSome: () => Effect.void })
)

export const AdminAdmittedLive = Layer.succeed(AdminAdmitted, requireAdmission)
