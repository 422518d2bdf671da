import { Context } from "effect"
import type { Scope } from "../Domain/Api/Scopes.js"
import type { UploadRule } from "./Upload.js"

export type RateClass = "read" | "write" | "send_sign"

/**
 * The spec's per-write header table, If-Match column: `required` where words can move or a round
 * commits (missing is `428`), `ignored` on edits to one's own private draft, `refused` where the
 * hash travels in the body instead (signing: sending one is `400`), `absent` where no contract
 * hash applies.
 */
export type IfMatchRule = "required" | "ignored" | "refused" | "absent"

/**
 * What a guest link reaches (anything else answers `404`, as if the route did not exist):
 * `own_contract` where the `id` path parameter names its contract; `anywhere` where the handler
 * checks the seat (routes naming an ask or a signature, its own feed, `/me`, its own mark);
 * `never` for the org's own routes.
 */
export type GuestReach = "own_contract" | "anywhere" | "never"

// A route any working credential may call (no scope) admits a guest link too; a scoped route
// admits none unless it says so, so a new endpoint is closed to guests until declared open.
const guestByDefault = (scope: Scope | null): GuestReach => (scope === null ? "anywhere" : "never")

/** What the gateway enforces before a handler runs, declared on each endpoint in its Api file. */
export interface EndpointPolicy {
  /** `caller`: an org key or a guest link (the public interface); `admin`: the operator's admin token. */
  readonly credential: "caller" | "admin"
  /** null: any working credential will do (GET /me). */
  readonly scope: Scope | null
  /** Scopes that also pass the gateway, where the handler decides by the contract's state which one counts. */
  readonly orScope: Scope | null
  readonly rate: RateClass
  /** A write: an org key must name the human with `Contracts-Acting-Person`. */
  readonly writes: boolean
  /** An org key must name a person even to read (GET /attention is one person's feed). */
  readonly actingPerson: boolean
  /** `Idempotency-Key` is required. */
  readonly idempotent: boolean
  readonly ifMatch: IfMatchRule
  readonly guest: GuestReach
  /** A multipart endpoint: the gateway streams the upload to temporary files by this rule instead of reading JSON. */
  readonly upload: UploadRule | null
}

export class Policy extends Context.Tag("Http/Policy")<Policy, EndpointPolicy>() {
  static read(scope: Scope | null, options: { readonly actingPerson?: boolean; readonly guest?: GuestReach } = {}): EndpointPolicy {
    return {
      credential: "caller",
      scope,
      orScope: null,
      rate: "read",
      writes: false,
      actingPerson: options.actingPerson ?? false,
      idempotent: false,
      ifMatch: "absent",
      guest: options.guest ?? guestByDefault(scope),
      upload: null
    }
  }
  static write(
    scope: Scope | null,
    options: {
      readonly idempotent?: boolean
      readonly rate?: RateClass
      readonly orScope?: Scope
      readonly ifMatch?: IfMatchRule
      readonly guest?: GuestReach
      readonly upload?: UploadRule
    } = {}
  ): EndpointPolicy {
    return {
      credential: "caller",
      scope,
      orScope: options.orScope ?? null,
      rate: options.rate ?? "write",
      writes: true,
      actingPerson: true,
      idempotent: options.idempotent ?? false,
      ifMatch: options.ifMatch ?? "absent",
      guest: options.guest ?? guestByDefault(scope),
      upload: options.upload ?? null
    }
  }
  /** The admin API (SEMANTICS.md "Bootstrap"): the admin token, nothing else of a caller's. */
  static admin(): EndpointPolicy {
    return {
      credential: "admin",
      scope: null,
      orScope: null,
      rate: "write",
      writes: false,
      actingPerson: false,
      idempotent: false,
      ifMatch: "absent",
      guest: "never",
      upload: null
    }
  }
}
