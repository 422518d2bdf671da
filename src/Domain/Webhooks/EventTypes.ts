import type { Side } from "../Contract/Contract.js"

/**
 * What an endpoint may subscribe to: the spec's eighteen types (the fourth signature type is
 * `signature.withdrawn`), the two the log also carries for confirmations, and the three of a
 * contract's life after signing (docs/after-signing.md). `["*"]` is all.
 */
export const deliverableTypes = [
  "contract.drafted",
  "contract.parsed",
  "contract.agreed",
  "contract.executed",
  "contract.cancelled",
  "letter.received",
  "letter.imported",
  "reply.sent",
  "words.changed",
  "signature.held",
  "signature.bound",
  "signature.void",
  "signature.withdrawn",
  "ask.withdrawn",
  "party.changed",
  "ingress.detected",
  "import.completed",
  "import.failed",
  "fact.confirmed",
  "block.confirmed",
  "contract.deadline_approaching",
  "contract.renewed",
  "contract.expired"
] as const

export type DeliverableType = (typeof deliverableTypes)[number]

export const isDeliverableType = (value: string): value is DeliverableType => deliverableTypes.some((type) => type === value)

/** The control deliveries: signed like the rest, no sequence, sent whatever the subscription. */
export const controlTypes = ["endpoint.verification", "endpoint.test"] as const

/** The type a reader on `side` sees for a logged event: a round is `reply.sent` to its sender and `letter.received` to the other side. */
export const typeOnSide = (storedType: string, data: { readonly from_side?: unknown }, side: Side) =>
  storedType === "letter.sent" ? (data.from_side === side ? "reply.sent" : "letter.received") : storedType

export const subscribes = (events: ReadonlyArray<string>, type: string) => events.includes("*") || events.includes(type)
