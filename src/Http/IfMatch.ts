import { Context, Effect, Option } from "effect"
import { reject, type Rejection } from "../Domain/Contract/Rejection.js"

/** The words_hash an `If-Match` names: bare, or in double quotes as ETags are sent. */
export const ifMatchOf = (header: string | undefined): Rejection | string => {
  const value = header?.trim().replace(/^"(.*)"$/, "$1")
  return value === undefined || value === ""
    ? reject("if_match_required", "This call moves words: send the words_hash you read as If-Match.", { param: "If-Match" })
    : value
}

/**
 * The hash the request's `If-Match` named, read once by the gateway (the rule's one owner) for
 * every route whose policy requires it; handlers take it from here, never from the header.
 */
export class IfMatched extends Context.Tag("Http/IfMatched")<IfMatched, string>() {}

/** The hash for a word-moving handler: the gateway provides it to every such route, so its absence is our defect. */
export const ifMatched: Effect.Effect<string> = Effect.flatMap(
  Effect.serviceOption(IfMatched),
  Option.match({ onNone: () => Effect.dieMessage("the gateway did not read If-Match for this route"), onSome: Effect.succeed })
)
