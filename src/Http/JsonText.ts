import { excerpt, reject, type Rejection } from "../Domain/Contract/Rejection.js"

/** An object or array being read, and where it sits in its parent; the path is built only for a refusal. */
interface Frame {
  readonly parent: Frame | null
  readonly at: string | number | null
  /** The keys seen so far, for an object; null for an array. */
  readonly keys: Set<string> | null
  index: number
  key: string | null
  awaitingKey: boolean
}

const pathOf = (frame: Frame | null, last: string | number | null): string => {
  const steps: Array<string | number> = last === null ? [] : [last]
  for (let at = frame; at !== null && at.at !== null; at = at.parent) steps.push(at.at)
  return steps.reverse().join(".")
}

const refused = (path: string, problem: string) =>
  path === ""
    ? reject("invalid_request", `The body ${problem}.`)
    : reject("invalid_request", `${excerpt(path, 100)} ${problem}.`, { param: excerpt(path, 100) })

const stringEnd = (text: string, from: number) => {
  let i = from + 1
  while (text[i] !== "\"") i += text[i] === "\\" ? 2 : 1
  return i + 1
}

const numberEnd = (text: string, from: number) => {
  let i = from
  while (i < text.length && /[-+0-9.eE]/.test(text[i]!)) i++
  return i
}

/**
 * What `JSON.parse` reads silently and a strict client would not: a key sent twice in one object
 * (the last would win), and a number so small it would be stored as 0 (`1e-400`). Reads the text
 * `JSON.parse` has already accepted, with its own stack, since a body may be deep.
 */
export const findTextRefusal = (text: string): Rejection | undefined => {
  let top: Frame | null = null
  const valuePath = () => (top === null ? null : top.keys === null ? top.index : top.key)
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === "{" || c === "[") {
      top = { parent: top, at: valuePath(), keys: c === "{" ? new Set() : null, index: 0, key: null, awaitingKey: c === "{" }
      i++
    } else if (c === "}" || c === "]") {
      top = top!.parent
      i++
    } else if (c === ",") {
      if (top!.keys === null) top!.index++
      else top!.awaitingKey = true
      i++
    } else if (c === "\"") {
      const end = stringEnd(text, i)
      if (top !== null && top.keys !== null && top.awaitingKey) {
        const key = String(JSON.parse(text.slice(i, end)))
        if (top.keys.has(key)) return refused(pathOf(top, key), "is sent twice; send each key once")
        top.keys.add(key)
        top.key = key
        top.awaitingKey = false
      }
      i = end
    } else if (c === "-" || (c >= "0" && c <= "9")) {
      const end = numberEnd(text, i)
      const token = text.slice(i, end)
      if (Number(token) === 0 && /[1-9]/.test(token.split(/[eE]/)[0]!)) {
        return refused(pathOf(top, valuePath()), "is a number too small to represent: it would be stored as 0")
      }
      i = end
    } else {
      i++
    }
  }
  return undefined
}
