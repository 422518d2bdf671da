import type { Found } from "./PartyName.js"
import { entityAt } from "./PartyName.js"

/**
 * A letter agreement names its parties twice over: the senders after the salutation ("Ladies and
 * Gentlemen: Blue Hills Bancorp, Inc. (…)", "Dear Mr. Harris: The undersigned, Dundee Securities
 * Ltd. …"), and the addressee above it, who signs it as a party when accepting it.
 */

const salutationBody =
  /\b(?:Ladies\s{1,3}and\s{1,3}Gentlemen|Dear\s{1,3}(?:Sirs?(?:\s{1,3}and\s{1,3}Mesdames)?|(?:Mr|Mrs|Ms|Dr)\.?\s{1,3}[A-Z][A-Za-z'-]{1,30}|([A-Z][a-z'-]{1,30})))\s{0,3}[:,]/

/** Where the senders' names start: after the salutation, and after "The undersigned," that introduces them. */
export const letterAnchor = new RegExp(`${salutationBody.source}(?:\\s{0,3}The\\s{1,3}undersigned,)?`, "g")

/** A salutation further in is a letter quoted by the contract, not the contract's own opening. */
const maxSalutationAt = 3000
/** The addressee is named just above the salutation, with an address and a date. */
const addresseeReach = 500

/**
 * "Gianluca Rotino … Dear Gianluca:": the person a first-name salutation greets, named above it. A
 * company named there is left alone: an offering's sales agent is addressed so, and is not always
 * a party.
 */
export const addresseeOf = (text: string): Found | null => {
  const salutation = salutationBody.exec(text.slice(0, maxSalutationAt))
  const greeted = salutation?.[1]
  if (salutation === null || greeted === undefined) return null
  const words = /\S+/g
  words.lastIndex = Math.max(0, salutation.index - addresseeReach)
  let person: Found | null = null
  for (let word = words.exec(text); word !== null && word.index < salutation.index; word = words.exec(text)) {
    if (word[0] !== greeted) continue
    const found = entityAt(text, word.index)
    if (found !== null && !found.suffix && found.end <= salutation.index) person = found
  }
  return person
}
