import type { Contract } from "../Contract/Contract.js"
import type { Fact } from "./Fact.js"
import { replaceFactValue } from "./Fact.js"
import { type SentLetter, sentLetters } from "../Negotiation/AsksAndLetters.js"
import { type Block, wordsHash } from "./Blocks.js"

interface Words {
  readonly blocks: ReadonlyArray<Block>
  readonly facts: ReadonlyArray<Fact>
}

const landIn = (contract: Contract, letter: SentLetter, words: Words): Words => {
  let { blocks, facts } = words
  for (const ask of contract.asks) {
    if (ask.state !== "landed" || ask.closed_in !== letter.id) continue
    if (ask.fact !== null) {
      const change = replaceFactValue(blocks, facts, ask.fact.id, ask.fact.value)
      blocks = change.blocks
      facts = change.facts
    } else {
      blocks = blocks.map((block) => {
        const change = ask.changes.find((c) => c.block === block.id)
        return change === undefined ? block : { ...block, text: change.proposed }
      })
    }
  }
  return { blocks, facts }
}

/** The words standing once each round was committed, oldest first: one entry per sent letter (an imported one lands nothing). */
export const wordsAfterEachLetter = (contract: Contract): ReadonlyArray<ReadonlyArray<Block>> => {
  if (contract.baseline === null) return []
  const after: Array<ReadonlyArray<Block>> = []
  let words: Words = contract.baseline
  for (const letter of sentLetters(contract.letters)) {
    words = landIn(contract, letter, words)
    after.push(words.blocks)
  }
  return after
}

/**
 * The words by their definition: the text committed at the first Send, then every landed ask
 * applied in landing order. The aggregate keeps the result; this recomputes it from the record,
 * so anyone holding the letters can check the hash.
 */
export const foldWords = (contract: Contract): { readonly blocks: ReadonlyArray<Block>; readonly words_hash: string } => {
  const blocks = contract.baseline === null ? contract.blocks : wordsAfterEachLetter(contract).at(-1) ?? contract.baseline.blocks
  return { blocks, words_hash: wordsHash(blocks) }
}
