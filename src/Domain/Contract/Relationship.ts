import { createHash } from "node:crypto"
import type { Mode } from "./Mode.js"

export interface Counterparty {
  readonly org: string | null
  readonly email: string
}

/** One relationship per org and counterparty: another org on this server, or an outside address. */
export const counterpartyKey = (recipients: ReadonlyArray<Counterparty>): { key: string; org: string | null } => {
  const withOrg = recipients.find((r) => r.org !== null)
  return withOrg !== undefined ? { key: `org:${withOrg.org}`, org: withOrg.org } : { key: `email:${recipients[0]!.email.toLowerCase()}`, org: null }
}

// Derived, so two Sends to the same counterparty can never mint two relationships.
export const relationshipId = (mode: Mode, org: string, key: string) =>
  `rel_${createHash("sha256").update(`${mode}\n${org}\n${key}`).digest("hex").slice(0, 24)}`
