/**
 * The people a prompt names by email address, and in what capacity: the words in the same clause
 * as an address say whether that person signs, negotiates, or (saying neither or both) does both.
 */

export type Capacity = "negotiator" | "signer"

export interface ProposedRecipient {
  readonly email: string
  readonly capacity: ReadonlyArray<Capacity>
}

export const maxRecipients = 10

// Each domain label ends at a dot it cannot contain, so no text matches two ways.
export const emailPattern = /(?<![\w.%+-])[\w%+-](?:[\w.%+-]{0,62}[\w%+-])?@(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.){1,8}[a-z]{2,24}(?![\w-])/gi

const signerWords = /\b(?:sign\w{0,6}|signator\w{1,3}|execut\w{1,4}|e-?sign\w{0,4})\b/i
const negotiatorWords = /\b(?:negotiat\w{0,6}|review\w{0,3}|legal|counsel|lawyer\w?|comment\w{0,3}|redline\w{0,3}|mark\s?up|feedback)\b/i

/** The words between an address and the clause boundary on each side, never reaching another address. */
const context = (text: string, start: number, end: number, previousEnd: number, nextStart: number): string => {
  const left = text.slice(Math.max(previousEnd, start - 80), start)
  const cuts = [...left.matchAll(/\s(?:and|but|while)\s|[;.!?,](?:\s|$)/gi)]
  const leftClause = cuts.length === 0 ? left : left.slice(cuts.at(-1)!.index + cuts.at(-1)![0].length)
  let right = text.slice(end, Math.min(nextStart, end + 80))
  const parenthesis = /^\s?\(([^()]{0,60})\)/.exec(right)
  const sentenceEnd = /[;.!?](?:\s|$)/.exec(right)
  if (parenthesis !== null) right = parenthesis[1]!
  else if (sentenceEnd !== null) right = right.slice(0, sentenceEnd.index)
  else if (nextStart < text.length && end + right.length === nextStart) {
    // Another address follows in the same sentence: the words after the last "and" are its own.
    const joins = [...right.matchAll(/\s(?:and|but|while)\s/gi)]
    if (joins.length > 0) right = right.slice(0, joins.at(-1)!.index)
  }
  return `${leftClause} ${right}`
}

const capacityOf = (words: string): ReadonlyArray<Capacity> => {
  const signs = signerWords.test(words)
  const negotiates = negotiatorWords.test(words)
  if (signs && !negotiates) return ["signer"]
  if (negotiates && !signs) return ["negotiator"]
  return ["negotiator", "signer"]
}

const normalised = (email: string): string => {
  const at = email.lastIndexOf("@")
  return email.slice(0, at) + email.slice(at).toLowerCase()
}

export const findRecipients = (text: string): ReadonlyArray<ProposedRecipient> => {
  const matches = [...text.matchAll(emailPattern)].filter((m) => !/\.\.|^\.|\.@/.test(m[0]))
  const byEmail = new Map<string, { email: string; capacity: Set<Capacity> }>()
  matches.forEach((m, index) => {
    const start = m.index
    const end = start + m[0].length
    const previousEnd = index === 0 ? 0 : matches[index - 1]!.index + matches[index - 1]![0].length
    const nextStart = index === matches.length - 1 ? text.length : matches[index + 1]!.index
    const email = normalised(m[0])
    const key = email.toLowerCase()
    const seen = byEmail.get(key)
    if (seen === undefined && byEmail.size >= maxRecipients) return
    const entry = seen ?? { email, capacity: new Set<Capacity>() }
    for (const capacity of capacityOf(context(text, start, end, previousEnd, nextStart))) entry.capacity.add(capacity)
    byEmail.set(key, entry)
  })
  return [...byEmail.values()].map(({ capacity, email }) => ({
    email,
    capacity: (["negotiator", "signer"] as const).filter((c) => capacity.has(c))
  }))
}
