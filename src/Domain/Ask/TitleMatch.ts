import type { Titled } from "./FactMatch.js"

/**
 * The contract a question names ("the Master Franchise Agreement"), by the words its title
 * shares with the question's naming words. A title is a candidate when it shares at least half of
 * the longer of the two, or holds every word of a name with two words beyond "agreement" (the
 * labelled "Media Content and License Agreement" inside "Oceanic … Media Content and License
 * Agreement"). The title holding most of the name is named, the one with fewest other words
 * among those; titles that tie are all named.
 */

const generic = new Set(["agreement", "agreements", "contract", "contracts", "and", "of", "the", "to", "for", "a", "an", "deal"])

const wordsOf = (text: string): ReadonlySet<string> =>
  new Set([...text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)].map((match) => match[0].replace(/(?<=\w{3})s$/, "")))

/** The words of a name a title must hold one of to be named at all: what the titles are first narrowed by. */
export const distinctiveWords = (name: ReadonlyArray<string>): ReadonlyArray<string> => [...wordsOf(name.join(" "))].filter((word) => !generic.has(word))

export const namedContracts = (name: ReadonlyArray<string>, contracts: ReadonlyArray<Titled>): ReadonlyArray<Titled> => {
  const asked = wordsOf(name.join(" "))
  const distinct = [...asked].filter((word) => !generic.has(word)).length
  let best = 0
  let named: Array<Titled> = []
  for (const contract of contracts) {
    const titled = wordsOf(contract.title)
    const shared = [...asked].filter((word) => titled.has(word))
    if (!shared.some((word) => !generic.has(word))) continue
    const holdsAll = shared.length === asked.size && distinct >= 2
    if (!holdsAll && shared.length / Math.max(asked.size, titled.size) < 0.5) continue
    // How much of the name the title holds first, then how little else it holds.
    const score = shared.length / asked.size + shared.length / titled.size / 10
    if (score > best) [best, named] = [score, [contract]]
    else if (score === best) named.push(contract)
  }
  return named
}
