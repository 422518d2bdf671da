import type { Contract } from "../Domain/Contract/Contract.js"

/**
 * A contract is stored in parts, so a save writes what its write changed and no more. The words
 * (`blocks`), their facts, the baseline the fold starts from (a second copy of the words once
 * sent), the asks and the signatures are the bulk of a document and change seldom: each has a
 * column of its own, written only by a save whose write made it anew. The core never changes a
 * part in place (its types are readonly), so a part that is the same object before and after a
 * write is unchanged; a round commit that lands no edit stores none of them. The rest (state,
 * parties, staged replies, dates: a few hundred bytes to a few kilobytes) is the `doc` column,
 * written by every save; the letters are rows of their own (append-only).
 *
 * A part's column is SQL NULL when the document has no such field (a document stored before the
 * field existed), and JSON null when the field is null (`baseline` before the first Send); parts are
 * read as text, so the two stay apart.
 */
export const storedParts = ["blocks", "facts", "baseline", "asks", "signatures"] as const
export type StoredPart = (typeof storedParts)[number]

/** Everything of the document that is neither a stored part nor a letter: the `doc` column. */
export const restOf = (contract: Contract) => {
  const { asks: _asks, baseline: _baseline, blocks: _blocks, facts: _facts, letters: _letters, signatures: _signatures, ...rest } = contract
  return rest
}

/** The parts a save must write: all of a new contract's, else those the write made anew. */
export const changedParts = (previous: Contract | null, next: Contract): ReadonlyArray<StoredPart> =>
  previous === null ? storedParts : storedParts.filter((part) => previous[part] !== next[part])

/** The parts as the contracts table answers them (each column as its JSON text), put back into an object. */
export const partsOfRow = (row: { readonly [part in StoredPart]: string | null }) => {
  const parts: Record<string, unknown> = {}
  for (const part of storedParts) {
    const text = row[part]
    if (text !== null) parts[part] = JSON.parse(text)
  }
  return parts
}
