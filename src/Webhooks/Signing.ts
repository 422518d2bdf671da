import { type Envelope, envelopeBody } from "../Domain/Webhooks/Envelope.js"
import { signatureHeader } from "../Domain/Webhooks/Signature.js"
import type { EndpointRow } from "./Rows.js"

const signatureHeaderName = "contracts-signature"
const eventIdHeaderName = "contracts-event-id"

/** The secrets that sign at `now`: the current one, and the one it replaced while the overlap lasts. */
export const signingSecrets = (endpoint: EndpointRow, now: number) =>
  endpoint.previous_secret !== null && endpoint.previous_secret_until !== null && now < endpoint.previous_secret_until
    ? [endpoint.secret, endpoint.previous_secret]
    : [endpoint.secret]

/** One attempt's body and headers, signed at the moment of sending. */
export const signedRequest = (endpoint: EndpointRow, envelope: Envelope, now: number) => {
  const body = envelopeBody(envelope)
  return {
    body,
    headers: {
      [signatureHeaderName]: signatureHeader(signingSecrets(endpoint, now), Math.floor(now / 1000), body),
      [eventIdHeaderName]: envelope.id
    }
  }
}
