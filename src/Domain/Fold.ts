import type { Contract } from "./Contract.js"
import { replaceFactValue } from "./Fact.js"
import { type Block, wordsHash } from "./Words.js"

/**
 * The words by their definition: the text committed at the first Send, then every landed ask
 * applied in landing order. The aggregate keeps the result; this recomputes it from the record,
 * so anyone holding the letters can check the hash.
 */
export const foldWords = (contract: Contract): { readonly blocks: ReadonlyArray<Block>; readonly words_hash: string } => {
  if (contract.baseline === null) return { blocks: contract.blocks, words_hash: wordsHash(contract.blocks) }
  let blocks = contract.baseline.blocks
  let facts = contract.baseline.facts
  for (const letter of contract.letters) {
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
  }
  return { blocks, words_hash: wordsHash(blocks) }
}
