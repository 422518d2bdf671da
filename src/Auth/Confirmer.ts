import { Effect } from "effect"
import { reject } from "../Domain/Contract/Rejection.js"
import { Actor } from "./Actor.js"

/**
 * Who confirms a send, a reply or a signature. A guest's own link names the human who pressed the
 * button; for keys, the body must. An empty `confirmed_by` names nobody, so it counts as absent
 * (`409 confirmation_required` for a key).
 */
export const confirmerOf = (sent: string | undefined) => {
  const given = sent?.trim() === "" ? undefined : sent
  return Effect.flatMap(Actor, (caller) =>
    caller.guest === null
      ? Effect.succeed(given)
      : given !== undefined
      ? Effect.fail(reject("invalid_request", "A guest link is the person who confirms: send no confirmed_by.", { param: "confirmed_by" }))
      : Effect.succeed(caller.person!.id))
}
