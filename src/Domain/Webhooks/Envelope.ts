/** One delivery's body: the event and the endpoint it was made for. `sequence` is absent off the contract log. */
export interface Envelope {
  readonly id: string
  readonly type: string
  readonly created: string
  readonly sequence: number | null
  readonly data: Record<string, unknown>
  readonly endpoint: string
}

export const envelopeBody = (envelope: Envelope): string =>
  JSON.stringify({
    id: envelope.id,
    type: envelope.type,
    created: envelope.created,
    ...(envelope.sequence === null ? {} : { sequence: envelope.sequence }),
    data: envelope.data,
    endpoint: envelope.endpoint
  })
