import { HttpApiMiddleware } from "@effect/platform"
import { Effect, Layer, Option } from "effect"
import { Actor } from "../Auth/Actor.js"

/**
 * Hands the caller the gateway resolved to the handlers, so a handler that needs a caller says so
 * in its type. The gateway has already refused every request it could not authenticate.
 */
export class Authenticated extends HttpApiMiddleware.Tag<Authenticated>()("Http/Authenticated", {
  provides: Actor
}) {}

export const AuthenticatedLive = Layer.succeed(
  Authenticated,
  Effect.flatMap(
    Effect.serviceOption(Actor),
    Option.match({ onNone: () => Effect.dieMessage("the gateway did not authenticate this route"), onSome: Effect.succeed })
  )
)
