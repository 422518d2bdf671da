/**
 * What a question searches for: its content words. Question words and the words every contract
 * shares ("contract", "clause") would rank everything alike, so they are left to the asker.
 */

export const maxQuestionLength = 2_000
const maxTerms = 20

const ignored = new Set(
  [
    "a an the and or but not no nor of to in on at by for with from into onto about as than then so such this that these those it its",
    "is are was were be been being am do does did done have has had having can could should would will shall may might must",
    "i me my we us our ours you your yours he him his she her they them their theirs who whom whose which what where when why how",
    "any all some each every there here if whether also only just more most other same very too up down out over under",
    "show list find tell give me please get see know",
    "contract contracts agreement agreements clause clauses document documents term terms provision provisions"
  ].join(" ").split(" ")
)

/** The question's content words, lower-cased, each once, in order: letters and digits only, so any text is safe to search with. */
export const searchTerms = (question: string): ReadonlyArray<string> => {
  const terms: Array<string> = []
  for (const match of question.slice(0, maxQuestionLength).toLowerCase().matchAll(/[\p{L}\p{N}]{2,40}/gu)) {
    const word = match[0]
    if (!ignored.has(word) && !terms.includes(word)) terms.push(word)
    if (terms.length === maxTerms) break
  }
  return terms
}

/** A term's stem for matching inside sentences: "automatically" finds "automatic", "renew" finds "renewal". */
export const stemOf = (term: string): string => (term.length <= 4 ? term : term.slice(0, Math.max(4, term.length - 4)))
