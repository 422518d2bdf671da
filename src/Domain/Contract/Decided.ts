import type { Contract, Mail } from "./Contract.js"
import type { DomainEvent } from "./Events.js"

/** What a write decided: the next aggregate, the events it appends (one sequence), and the answer. */
export interface Decided<A> {
  readonly contract: Contract
  readonly events: ReadonlyArray<DomainEvent>
  readonly result: A
  readonly mail?: ReadonlyArray<Mail>
  /** A relationship the write derived: stored with it if it is new. */
  readonly relationship?: { readonly id: string; readonly key: string; readonly org: string | null }
}
