import { jurisdictionValues, placeAlternation } from "./Jurisdictions.js"

/**
 * The governing law a prompt states: a place named next to words about law ("English law",
 * "governed by the laws of the State of New York", "Delaware governing law"). A place named for
 * any other reason ("an office in Bristol", "for Germany") is not a governing law.
 */

const placePattern = new RegExp(`(?<![\\w.])(${placeAlternation})(?![\\w])`, "gi")
const lawAfter = /^(?:'s)?[\s-](?:(?:contract|governing|substantive)\s)?(?:law|laws|legislation)\b/i
const lawBefore =
  /\b(?:laws?\sof|governed\sby|governing\slaw(?:\sis|\sof|\swill\sbe|\sshould\sbe)?[\s:=-]{0,3}|law\sof|subject\sto|construed\sunder|under\sthe\slaws?\sof)\s(?:the\s)?(?:(?:state|commonwealth|province|republic|kingdom|federal\srepublic)\sof\s)?$/i

export const governingLaw = (text: string): string | undefined => {
  const values = new Set<string>()
  for (const m of text.matchAll(placePattern)) {
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 30)
    const before = text.slice(Math.max(0, m.index - 50), m.index)
    if (lawAfter.test(after) || lawBefore.test(before)) {
      const value = jurisdictionValues.get(m[1]!.toLowerCase().replace(/\s+/g, " "))
      if (value !== undefined) values.add(value)
    }
  }
  return values.size === 1 ? [...values][0] : undefined
}
