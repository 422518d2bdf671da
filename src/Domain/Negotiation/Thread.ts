import { createHash } from "node:crypto"
import type { Contract } from "../Contract/Contract.js"
import { wordsAfterEachLetter } from "../Words/Fold.js"
import { type Ask, type DecisionType, sentLetters } from "./AsksAndLetters.js"

export interface Move {
  readonly ask: string
  readonly type: DecisionType
  readonly at: string
  readonly person: string
  readonly from: string
  readonly to: string
  readonly letter: string
  /** The block's words once the letter carrying this move was committed. */
  readonly standing: string
  /** Why the person moved, as they wrote it: the thread's talk. */
  readonly why: string | null
}

// A thread is a view over the letters, never stored: one id per block, stable across reads.
export const threadId = (contract: string, block: string) => `thr_${createHash("sha256").update(`${contract}\n${block}`).digest("hex").slice(0, 24)}`

/**
 * Every committed decision that touched the block, oldest first. Only letters feed it, so a
 * staged decision (the other side's, or the caller's own) is never part of a thread.
 */
export const movesOn = (contract: Contract, block: string): ReadonlyArray<Move> => {
  const words = wordsAfterEachLetter(contract)
  const asks = new Map<string, Ask>(contract.asks.map((ask) => [ask.id, ask]))
  // Rounds only: an imported letter carries no decisions, and `words` has one entry per round.
  return sentLetters(contract.letters).flatMap((letter, index) =>
    letter.decisions.flatMap((decision): ReadonlyArray<Move> => {
      const ask = asks.get(decision.opens ?? decision.ask ?? "")
      const change = ask?.changes.find((c) => c.block === block)
      if (ask === undefined || change === undefined) return []
      return [{
        ask: ask.id,
        type: decision.type,
        at: letter.sent_at,
        person: decision.person_id,
        from: change.standing,
        to: change.proposed,
        letter: letter.id,
        standing: words[index]?.find((b) => b.id === block)?.text ?? change.standing,
        why: decision.why
      }]
    })
  )
}

export const renderThread = (contract: Contract, block: string, moves: ReadonlyArray<Move>, hasMore: boolean) => ({
  thread: threadId(contract.id, block),
  object: "thread" as const,
  block,
  moves: moves.map(({ why: _why, ...move }) => move),
  talk: moves.flatMap((move) => (move.why === null ? [] : [{ at: move.at, person: move.person, text: move.why }])),
  has_more: hasMore,
  next_cursor: hasMore ? moves[moves.length - 1]!.letter : null
})
