import type { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { excerpt, reject, type Rejection } from "../Domain/Contract/Rejection.js"

// Schema messages end with the value they refused ("…, actual <value>"): quote only its start.
const quoting = (message: string) => {
  const at = message.indexOf(", actual ")
  return at === -1 ? excerpt(message, 200) : `${message.slice(0, at)}, actual ${excerpt(message.slice(at + 9))}`
}

// Schema failures become `invalid_request` naming the first offending field, as Stripe does.
export const fromDecodeError = (error: Pick<HttpApiDecodeError, "issues">): Rejection => {
  const issue = error.issues[0]
  if (issue === undefined) return reject("invalid_request", "The request is malformed.")
  const param = issue.path.map(String).join(".")
  const message = issue._tag === "Unexpected"
    ? `Received unknown parameter: ${excerpt(param)}`
    : issue._tag === "Missing"
    ? `Missing required parameter: ${param}`
    : `Invalid value for ${param === "" ? "the request body" : param}: ${quoting(issue.message)}`
  return reject("invalid_request", message, param === "" ? undefined : { param })
}
