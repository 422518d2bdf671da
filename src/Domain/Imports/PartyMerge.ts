import { corporateSuffix } from "./Patterns.js"

/**
 * How a name read later stands to a party already named. A title's "BETWEEN INGRAM MICRO AND
 * NETGEAR" names NETGEAR before the preamble's "NETGEAR, Inc.": the same party, better written with
 * its company form. A signature page sets two signers side by side and the text runs them into one
 * line ("THE JOHNS HOPKINS UNIVERSITY VIRTUOSO SURGICAL, INC."): a signer's name that opens on a
 * party already named is that party's column run into the next, no party of its own.
 */

const wordsOf = (name: string): ReadonlyArray<string> => name.replace(/^(?:the|The|THE)\s+/, "").split(/[\s,]+/).filter((word) => word.length > 0)
const key = (word: string): string => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "")

/** The words of `name` after those of `known`, when `name` opens on all of `known`'s words; null otherwise. */
const tailAfter = (known: string, name: string): ReadonlyArray<string> | null => {
  const head = wordsOf(known).map(key).filter((word) => word.length > 0)
  const words = wordsOf(name)
  const keys = words.map(key)
  if (head.length === 0 || keys.length <= head.length || !head.every((word, index) => keys[index] === word)) return null
  return words.slice(head.length)
}

export type Relation = "suffixed" | "extended" | "other"

/** "suffixed": `name` is `known` with its company form added ("NETGEAR" → "NETGEAR, Inc."); "extended": `known` with more words after it. */
export const relationTo = (known: string, name: string): Relation => {
  const tail = tailAfter(known, name)
  if (tail === null) return "other"
  return tail.every((word) => corporateSuffix.test(word)) ? "suffixed" : "extended"
}
