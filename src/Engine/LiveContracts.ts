import { Effect, Option } from "effect"
import type { Contract } from "../Domain/Contract/Contract.js"

/**
 * The copies held by live Contract entities. An entity is its contract's only writer and puts its
 * copy here after each commit, so a read of a live contract needs no SQL and no parse.
 */
export class LiveContracts extends Effect.Service<LiveContracts>()("Engine/LiveContracts", {
  sync: () => {
    const copies = new Map<string, Contract>()
    return {
      /** The contract as last committed: the live entity's copy, else what `load` reads. */
      read: <E, R>(id: string, load: (id: string) => Effect.Effect<Option.Option<Contract>, E, R>) => {
        const copy = copies.get(id)
        return copy === undefined ? load(id) : Effect.succeed(Option.some(copy))
      },
      /** Called by the contract's entity only, with a copy that is committed. */
      keep: (contract: Contract) => void copies.set(contract.id, contract),
      /** Called by the contract's entity when it passivates; a newer entity's copy stays. */
      drop: (contract: Contract) => {
        if (copies.get(contract.id) === contract) copies.delete(contract.id)
      }
    } as const
  }
}) {}
