import { Effect, Option } from "effect"
import type { Contract } from "../Domain/Contract/Contract.js"
import type { ContractsRepo } from "./Repo.js"

/** How many copies a runner keeps, and the largest it keeps (stored, compressed, bytes). */
const keptCopies = 500
const keptStoredBytes = 64 * 1024

/**
 * Reads, on a runner of a cluster, of contracts whose entity lives on another runner. Loading and
 * parsing the document on every such read made a read cost a runner twice the CPU with two
 * runners as with one (docs/performance.md). A runner keeps its last copies of such contracts and,
 * on each read, asks for the stored revision, receiving the document only when it changed: one
 * small round trip, so a read still sees every write committed before it, on whichever runner.
 * The least recently read copy goes first; a very large contract is read afresh each time.
 */
interface Copy {
  readonly revision: number
  readonly contract: Contract
}

export const peerCopies = (repo: Pick<ContractsRepo, "loadIfChanged">) => {
  const copies = new Map<string, Copy>()
  const keep = (id: string, copy: Copy) => {
    copies.delete(id)
    copies.set(id, copy)
    if (copies.size > keptCopies) copies.delete(copies.keys().next().value!)
  }
  return (id: string): Effect.Effect<Option.Option<Contract>> => {
    const sent = copies.get(id)
    return Effect.map(repo.loadIfChanged(id, sent?.revision ?? -1), (stored) =>
      Option.map(stored, ({ contract, revision, storedBytes }) => {
        // No document came back only when the copy asked about is the stored one (revisions start at 0).
        const copy: Copy = contract === null ? sent! : { revision, contract }
        // Another read may have kept a newer copy meanwhile: that one stays.
        const kept = copies.get(id)
        if (storedBytes > keptStoredBytes) copies.delete(id)
        else if (kept === undefined || kept.revision <= revision) keep(id, copy)
        return copy.contract
      }))
  }
}
