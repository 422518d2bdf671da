import type { Found } from "./PartyName.js"
import { entityAt } from "./PartyName.js"
import { aliasAfter, placeAfter, usStateNames } from "./PartyWords.js"
import { coverLine } from "./CoverLine.js"

/**
 * The parties after the first in a preamble's list: each follows an "and", an "AND:", a comma
 * that closes the previous party's description, or a cover page's line break.
 */

const stateBeforeAnd = new RegExp(`,\\s{0,3}(?:${usStateNames})\\s{1,3}(?:and|AND|And)\\s{1,5}$`)

/** Paren depth at `at`, counted from `from`: a party's "and" is never inside its description's parentheses. */
const depthAt = (text: string, from: number, at: number): number => {
  let depth = 0
  for (let index = from; index < at; index++) {
    if (text[index] === "(") depth++
    else if (text[index] === ")") depth = Math.max(0, depth - 1)
  }
  return depth
}

/** A party's description follows its name: ", a Delaware corporation", "(the …)", "having", "of 90 High Street", ", whose address is". */
const describedAfter = (text: string, end: number): boolean =>
  /^\s{0,3}(?:,\s{0,3}an?\s|\(|,?\s{0,3}\(|,?\s{0,3}(?:hereinafter|herein|having|with|of\s{1,3}\d)|,\s{0,3}(?:whose|residing|resident|domiciled|located|born|acting|represented))/
    .test(text.slice(end, end + 40)) || placeAfter.test(text.slice(end, end + 60))

/**
 * The next party after `cursor`: after "and", "AND:", or a comma that closes the previous party's
 * description; or the person an endorsement's lender furnishes ("Marine MP, LLC, for services of
 * Arnold Schwarzenegger"), a party of their own.
 */
export const nextOfList = (text: string, cursor: number, count: number): Found | null => {
  const window = text.slice(cursor, cursor + (count === 1 ? 700 : 400))
  // The list ends with the preamble's sentence: a full stop after a word, a blank or an alias, not an "Inc.".
  // "… as an amendment to that certain Joint Venture Agreement … by and among Autoliv ASP, Inc.": another agreement's parties.
  const stop =
    /\b(?:WHEREAS|Whereas|RECITALS|WITNESSETH|agree as follows|hereby agree|NOW,? THEREFORE|that certain)\b|(?:_|\b[a-z]{2,}|[)"”])\.(?:\s{0,3}\n|\s{1,3}(?:This|These|The|Each|In|It)\s)/
      .exec(window)
  const scope = stop === null ? window : window.slice(0, stop.index)
  const joiner =
    /(?:^\s{0,2},|^(?=\s{0,3}\n)|\bas\s{1,3}(?:[A-Z][A-Za-z]{1,20}\s{0,3}){1,4},?(?=\s{0,3}\n)|\btogether\s{1,3}with|\b(?:for\s{1,8}(?:the\s{1,8})?services\s{1,8}of|furnishing\s{1,8}the\s{1,8}services\s{1,8}of)|\b(?:and|AND)\s{1,3}its\s{1,3}[A-Z][a-z]{2,20},|\b(?:and|AND|And)\b[:,]?(?:\s{1,3}[-–—]{1,3}(?=\s))?|[)”"],|[)”"](?=\s{1,3}[A-Z])|;|\b(?:corporation|company|partnership|association|bank|trust),|\bagent\s{1,3}for|\bon\s{1,3}behalf\s{1,3}of|[ \t]{0,3}(?=\n\s{0,3}\(\d{1,2}\)\s))\s{1,5}/g
  for (let match = joiner.exec(scope); match !== null; match = joiner.exec(scope)) {
    const at = cursor + match.index + match[0].length
    if (depthAt(text, cursor, at) > 0) continue
    const named = entityAt(text, at)
    if (named === null) continue
    const candidate = coverLine(text, at, representedBy(text, named), "before")
    const name = text.slice(candidate.start, candidate.end)
    const described = describedAfter(text, candidate.end)
    const strong = candidate.suffix || (name === name.toUpperCase() && /[A-Z]{3}/.test(name) && described)
    // "Securities and Exchange Commission": an "and" between two capitalised words joins one name, not two parties.
    // "located in Philadelphia, Pennsylvania and Jeffrey Hanuscin": a state ends the previous party's seat, not a name.
    const before = text.slice(Math.max(cursor, at - 40), at)
    const joinedWords = /[A-Z][A-Za-z]{0,30}\s{1,3}(?:and|AND|And)\s{1,5}$/.test(before)
    const insideName = joinedWords && !stateBeforeAnd.test(before)
    // Right after the previous name, a comma lists another company ("Alpha Corp., Beta Corp. and …") or starts a place ("Acme Inc., New York, New York").
    const listComma = match.index === 0
    // "between Acme Inc. and John Smith.": the second name right after the first needs no description.
    const pair = count === 1 && /^\s{0,3}(?:and|AND|And),?\s/.test(window.slice(0, match.index + match[0].length)) && !joinedWords
    // "AND:" on a cover page lists the next party as "(2)" does.
    const listed = candidate.listed === true || /:\s{0,5}$/.test(match[0])
    // A cover page lists one party a line ("among\nAizu Fujitsu Semiconductor Limited\nFujitsu Semiconductor Limited"): the name fills its line.
    const ownLine = /^\s{0,3}\n/.test(match[0]) && candidate.listed !== true
    // "… ("Heritage") Premier Nutrition Corporation ("Premier")": a list that drops its "and" still names a company with its own alias.
    const bareClose = /^[)”"]\s/.test(match[0])
    if (bareClose && !(candidate.suffix && aliasAfter.test(text.slice(candidate.end, candidate.end + 20)))) continue
    if (ownLine && !/^\s{0,3}(?:,\s{0,3}as\s[^\n]{0,60})?(?:\s(?:and|AND))?\s{0,3}(?:\n|$)/.test(text.slice(candidate.end, candidate.end + 80))) continue
    if (candidate.suffix || (!listComma && (strong || pair || listed || (described && !insideName)))) return candidate
  }
  return null
}

/**
 * "Natalija Tunevic, director of FreeCook (hereinafter referred to as "Client")": the person signs
 * for the company, which is the party.
 */
export const representedBy = (text: string, found: Found): Found => {
  const role = /^,\s{0,3}(?:the\s)?(?:director|president|owner|chief\sexecutive\sofficer|CEO|managing\sdirector|general\spartner|manager|member)\s(?:of|at)\s/i
    .exec(text.slice(found.end, found.end + 60))
  if (role === null) return found
  return entityAt(text, found.end + role[0].length, { single: true }) ?? found
}
