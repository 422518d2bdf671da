import { HttpServerResponse } from "@effect/platform"
import type { Rejection } from "../Domain/Contract/Rejection.js"
import { excerpt } from "../Domain/Contract/Rejection.js"
import { errorCodes, isErrorCode } from "../Domain/Api/ErrorCodes.js"

/** The fragment naming a code's section on `GET /docs/errors`: the code with hyphens for underscores. */
export const errorAnchor = (code: string) => code.replaceAll("_", "-")

export const docUrl = (docsUrl: string, code: string) => `${docsUrl}/errors#${errorAnchor(code)}`

export const statusOf = (code: string): number => (isErrorCode(code) ? errorCodes[code][0] : 500)

// Messages quote values through `excerpt`; these caps make sure no path can echo a long value.
const maxMessage = 300
const maxParam = 100

/** The spec's envelope: `{ error: {...} }` with any extra fields beside it, never instead of it. */
export const envelope = (rejection: Rejection, docsUrl: string) => {
  const code = isErrorCode(rejection.code) ? rejection.code : "api_error"
  return {
    ...rejection.details,
    error: {
      type: errorCodes[code][1],
      code,
      message: excerpt(rejection.message, maxMessage - 1),
      ...(rejection.param === undefined ? {} : { param: excerpt(rejection.param, maxParam - 1) }),
      doc_url: docUrl(docsUrl, code)
    }
  }
}

export const errorResponse = (
  rejection: Rejection,
  docsUrl: string,
  headers: Record<string, string> = {},
  /** Only where one code answers with two statuses: api_error's 503 while a contract's runner is away. */
  status: number = statusOf(rejection.code)
): HttpServerResponse.HttpServerResponse => HttpServerResponse.unsafeJson(envelope(rejection, docsUrl), { status, headers })
