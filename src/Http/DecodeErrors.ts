import type { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { reject, type Rejection } from "../Domain/Rejection.js"

// Schema failures become `invalid_request` naming the first offending field, as Stripe does.
export const fromDecodeError = (error: HttpApiDecodeError): Rejection => {
  const issue = error.issues[0]
  if (issue === undefined) return reject("invalid_request", "The request is malformed.")
  const param = issue.path.map(String).join(".")
  const message = issue._tag === "Unexpected"
    ? `Received unknown parameter: ${param}`
    : issue._tag === "Missing"
    ? `Missing required parameter: ${param}`
    : `Invalid value for ${param === "" ? "the request body" : param}: ${issue.message}`
  return reject("invalid_request", message, param === "" ? undefined : { param })
}
