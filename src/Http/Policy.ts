import { Context } from "effect"
import type { Scope } from "../Domain/Scopes.js"

export type RateClass = "read" | "write" | "send_sign"

/** What the gateway enforces before a handler runs, declared on each endpoint in its Api file. */
export interface EndpointPolicy {
  /** null: any working credential will do (GET /me). */
  readonly scope: Scope | null
  /** Scopes that also pass the gateway, where the handler decides by the contract's state which one counts. */
  readonly orScope: Scope | null
  readonly rate: RateClass
  /** A write: an org key must name the human with `Contracts-Acting-Person`. */
  readonly writes: boolean
  /** `Idempotency-Key` is required. */
  readonly idempotent: boolean
}

export class Policy extends Context.Tag("Http/Policy")<Policy, EndpointPolicy>() {
  static read(scope: Scope | null): EndpointPolicy {
    return { scope, orScope: null, rate: "read", writes: false, idempotent: false }
  }
  static write(
    scope: Scope | null,
    options: { readonly idempotent?: boolean; readonly rate?: RateClass; readonly orScope?: Scope } = {}
  ): EndpointPolicy {
    return { scope, orScope: options.orScope ?? null, rate: options.rate ?? "write", writes: true, idempotent: options.idempotent ?? false }
  }
}
