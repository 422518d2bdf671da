import type { Mode } from "../Domain/Contract/Mode.js"
import type { IssuedNonce } from "../Domain/Webhooks/Handshake.js"
import { iso, millis, parseJson } from "../Sql/Values.js"

export type EndpointState = "pending" | "active" | "disabled"

/** The outcome of the newest attempt at an endpoint, as `last_delivery` shows it. */
export interface LastDelivery {
  readonly event: string
  readonly type: string
  readonly attempted_at: string
  readonly status: number | null
  readonly outcome: "delivered" | "failed"
  readonly error: string | null
}

export interface EndpointRow {
  readonly id: string
  readonly org_id: string
  readonly mode: Mode
  readonly person_id: string
  readonly key_id: string | null
  readonly url: string
  readonly events: ReadonlyArray<string>
  readonly state: EndpointState
  readonly secret: string
  readonly previous_secret: string | null
  readonly previous_secret_until: number | null
  readonly nonces: ReadonlyArray<IssuedNonce>
  readonly verification_reason: string | null
  readonly verified_at: string | null
  readonly consecutive_failures: number
  readonly failing_since: number | null
  readonly last_delivery: LastDelivery | null
  readonly created_at: string
  readonly deleted: boolean
}

export type DeliveryStream = "contract" | "org"

/** One event owed to one endpoint. `pending` until delivered, or `failed` after twelve attempts, or given up (`cancelled`, `abandoned`, `withheld`). */
export interface DeliveryRow {
  readonly id: string
  readonly endpoint_id: string
  readonly event_id: string
  readonly stream: DeliveryStream
  readonly contract_id: string | null
  readonly attempts: number
  readonly first_attempt_at: number | null
}

export interface NewDelivery {
  readonly endpoint_id: string
  readonly event_id: string
  readonly stream: DeliveryStream
  readonly contract_id: string | null
}

/** An endpoint row as SQL answers it, columns or `to_jsonb` of the row alike. */
export const fromRow = (row: Record<string, unknown>): EndpointRow => ({
  id: row.id as string,
  org_id: row.org_id as string,
  mode: row.mode as Mode,
  person_id: row.person_id as string,
  key_id: row.key_id as string | null,
  url: row.url as string,
  events: parseJson(row.events),
  state: row.state as EndpointState,
  secret: row.secret as string,
  previous_secret: row.previous_secret as string | null,
  previous_secret_until: millis(row.previous_secret_until),
  nonces: parseJson(row.nonces),
  verification_reason: row.verification_reason as string | null,
  verified_at: row.verified_at === null ? null : iso(row.verified_at),
  consecutive_failures: Number(row.consecutive_failures),
  failing_since: millis(row.failing_since),
  last_delivery: row.last_delivery === null ? null : parseJson(row.last_delivery),
  created_at: iso(row.created_at),
  deleted: row.deleted_at !== null
})
