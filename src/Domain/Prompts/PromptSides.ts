import type { Family, RoleRule } from "./RoleRules.js"
import { roleRules } from "./RoleRules.js"
import { otherMarker, otherMarkerPattern, type PartyReading, selfMarker } from "./PromptParties.js"

/**
 * Who stands on which side of the template. The caller is one side unless the prompt puts two
 * other parties "between" each other; a side is filled only when the prompt says it, or when the
 * other side is said and this one is what is left.
 */

export interface Sides {
  /** The two parties as markers, in the order the template's blanks take them when no side is said; undefined: not named. */
  readonly pair: readonly [string | undefined, string | undefined]
  /** Per marker, the side (0 or 1) the prompt gives it; absent when unsaid or said both ways. */
  readonly sides: ReadonlyMap<string, 0 | 1>
  /** Other parties the prompt names beyond the two the template has room for. */
  readonly extra: ReadonlyArray<string>
}

const betweenTwo = new RegExp(`\\bbetween\\s(${otherMarkerPattern})\\s(?:and|&)\\s(${otherMarkerPattern})`)
const withOther = new RegExp(`\\bwith\\s${otherMarkerPattern}`)

const pairOf = (reading: PartyReading): { pair: readonly [string | undefined, string | undefined]; extra: ReadonlyArray<string> } => {
  const between = betweenTwo.exec(reading.marked)
  if (between !== null) return { pair: [between[1], between[2]], extra: [] }
  // "NDA with Globex Inc and Initech LLC": whoever the agreement is "with", the caller is the other side.
  if (reading.others.length >= 2 && !reading.selfMentioned && !withOther.test(reading.marked)) {
    return { pair: [otherMarker(0), otherMarker(1)], extra: reading.others.slice(2) }
  }
  if (reading.others.length >= 2) return { pair: [selfMarker, undefined], extra: reading.others }
  return { pair: [selfMarker, reading.others.length === 1 ? otherMarker(0) : undefined], extra: [] }
}

const evidence = (marked: string, rules: ReadonlyArray<RoleRule>): ReadonlyArray<readonly [string, 0 | 1]> =>
  rules.flatMap((rule) => [...marked.matchAll(rule.pattern)].map((m) => [m[1]!, rule.side] as const))

export const readSides = (reading: PartyReading, family: Family | undefined): Sides => {
  const { extra, pair } = pairOf(reading)
  const said = new Map<string, Set<0 | 1>>()
  const say = (marker: string | undefined, side: 0 | 1) => {
    if (marker === undefined) return
    said.set(marker, (said.get(marker) ?? new Set()).add(side))
  }
  if (family !== undefined) {
    for (const [marker, side] of evidence(reading.marked, roleRules[family])) {
      if (!pair.includes(marker)) continue
      say(marker, side)
      say(pair.find((other) => other !== marker), side === 0 ? 1 : 0)
    }
  }
  const sides = new Map<string, 0 | 1>()
  for (const [marker, set] of said) if (set.size === 1) sides.set(marker, [...set][0]!)
  // A side given to both parties, or both sides to one, is a contradiction: neither is kept.
  const taken = [...sides.values()]
  if (taken.length === 2 && taken[0] === taken[1]) sides.clear()
  if ([...said.values()].some((set) => set.size > 1)) sides.clear()
  return { pair, sides, extra }
}

/** Whether the prompt says who discloses to whom: an NDA's direction, read before the template is chosen. */
export const saysDirection = (reading: PartyReading): boolean => evidence(reading.marked, roleRules.disclosure).length > 0
