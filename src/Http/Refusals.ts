import { Context } from "effect"
import { type ErrorCode } from "../Domain/Api/ErrorCodes.js"
import type { EndpointPolicy } from "./Policy.js"

/**
 * The error codes an endpoint's own work can answer, declared beside it in its Api file. The
 * gateway's codes follow from the endpoint's policy (`gatewayRefusals`); together they are the
 * errors the OpenAPI document lists for the operation, and the test client fails any test that
 * meets a code its operation does not list.
 */
export class Refusals extends Context.Tag("Http/Refusals")<Refusals, ReadonlyArray<ErrorCode>>() {}

/** What the gateway itself can answer for a route with this policy. */
export const gatewayRefusals = (policy: EndpointPolicy | undefined): ReadonlyArray<ErrorCode> => {
  if (policy === undefined) return ["invalid_request", "api_error"]
  if (policy.credential === "admin") return ["invalid_request", "unauthorized", "api_error"]
  return [
    "invalid_request",
    "unauthorized",
    // A guest link meets 404 on any route beyond its own contract.
    "not_found",
    "rate_limited",
    "api_error",
    ...(policy.scope === null ? [] : ["insufficient_scope" as const]),
    ...(policy.actingPerson ? ["acting_person_required" as const] : []),
    ...(policy.idempotent ? ["idempotency_error" as const, "idempotency_in_flight" as const] : []),
    ...(policy.ifMatch === "required" ? ["if_match_required" as const] : []),
    ...(policy.upload === null ? [] : ["file_too_large" as const, ...(policy.upload.tooMany === "too_many_files" ? ["too_many_files" as const] : [])])
  ]
}
