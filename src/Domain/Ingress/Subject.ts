import { cleanLine } from "./Clean.js"

export const maxSubjectLength = 500

const replyOrForward = /^(?:fwd?|re|aw|wg|tr)\s?(?:\[\d{1,4}\]|\(\d{1,4}\))?\s?[:：]\s?/i
const wrapped = /^\[(?:fwd?|re|aw|wg|tr)\s?[:：]/i
const tag = /^\[[^[\]]{1,40}\]\s?/

/**
 * The subject without its reply and forward prefixes, however many, in any case, numbered ("Re[2]:") or wrapping
 * the subject ("[Fwd: …]"). Other bracketed tags are the sender's own words ("[EXT]", "[Confidential]"), so they stay,
 * in their order, while prefixes after them go: "Fwd: RE: [EXT] Fw: Mutual NDA" is "[EXT] Mutual NDA".
 */
export const stripSubject = (raw: string): string => {
  let rest = cleanLine(raw, 4 * maxSubjectLength)
  const tags: Array<string> = []
  for (let guard = 0; guard < 1000; guard++) {
    const prefix = replyOrForward.exec(rest)
    if (prefix !== null) {
      rest = rest.slice(prefix[0].length)
      continue
    }
    if (wrapped.test(rest)) {
      if (!rest.endsWith("]")) break
      rest = rest.slice(1, -1).trim()
      continue
    }
    const kept = tag.exec(rest)
    if (kept === null) break
    tags.push(kept[0].trim())
    rest = rest.slice(kept[0].length)
  }
  return cleanLine([...tags, rest].join(" "), maxSubjectLength)
}
