import { Context } from "effect"
import type { Actor as DomainActor } from "../Domain/Contract/Contract.js"
import type { Mode } from "../Domain/Contract/Mode.js"
import type { Scope } from "../Domain/Api/Scopes.js"
import type { Version } from "../Domain/Api/Versions.js"

export interface Person {
  readonly id: string
  readonly name: string
  readonly email: string
}

/** The authenticated caller of one request, with the version in force for it. */
export interface Caller {
  readonly credential: "org_key" | "person_token" | "guest_token"
  /** The org key's id, or the person token's. */
  readonly keyId: string | null
  /** null for a guest: a guest link holds no org. */
  readonly org: { readonly id: string; readonly name: string } | null
  /** A guest link names one party on one contract. */
  readonly guest: { readonly contract: string; readonly party: string } | null
  readonly mode: Mode
  readonly scopes: ReadonlyArray<Scope>
  readonly pinnedVersion: Version
  readonly version: Version
  readonly person: Person | null
  /** Set when an agent calls through the MCP server: its drafts' origin is `mcp`. */
  readonly agent?: "mcp"
}

export class Actor extends Context.Tag("Auth/Actor")<Actor, Caller>() {}

export const domainActor = (caller: Caller): DomainActor => ({
  mode: caller.mode,
  org: caller.org?.id ?? null,
  person: caller.person,
  guest: caller.guest
})

/** The scope idempotency keys and rate limits are counted in: one org, one mode. */
export const orgScope = (caller: Caller) => caller.org !== null ? `${caller.org.id}:${caller.mode}` : `guest:${caller.guest!.party}`

/** The org of an org key; guests are refused before any route that needs one is reached. */
export const orgOf = (caller: Caller) => caller.org!
