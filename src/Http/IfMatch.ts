import { Effect } from "effect"
import { reject, type Rejection } from "../Domain/Contract/Rejection.js"

/** The words_hash an `If-Match` names: bare, or in double quotes as ETags are sent. */
export const ifMatchOf = (header: string | undefined): Rejection | string => {
  const value = header?.trim().replace(/^"(.*)"$/, "$1")
  return value === undefined || value === ""
    ? reject("if_match_required", "This call moves words: send the words_hash you read as If-Match.", { param: "If-Match" })
    : value
}

/** The hash as an Effect: a missing one fails it with `428 if_match_required`. */
export const ifMatchHash = (header: string | undefined): Effect.Effect<string, Rejection> => {
  const value = ifMatchOf(header)
  return typeof value === "string" ? Effect.succeed(value) : Effect.fail(value)
}
