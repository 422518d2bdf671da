import { reject, type Rejection } from "../Domain/Contract/Rejection.js"
import { findTextRefusal } from "./JsonText.js"

/** JSON bodies are small: files travel through imports and assets, which have their own limits. */
export const maxJsonBody = 1024 * 1024
/** Our deepest body is three levels; anything far deeper is an attack on a recursive decoder. */
export const maxJsonDepth = 32

export interface JsonBody {
  /** The body as sent, decoded strictly: what idempotency keys compare. */
  readonly text: string
  readonly value: unknown
}

const utf8 = new TextDecoder("utf-8", { fatal: true })

/**
 * A body is read only as what its `Content-Type` says it is: `application/json`, in UTF-8 (RFC
 * 8259: JSON exchanged between systems is UTF-8). A body with no type, or in another charset, is
 * refused rather than guessed at.
 */
const contentTypeProblem = (contentType: string | undefined): string | undefined => {
  const [media, ...params] = (contentType ?? "").split(";").map((part) => part.trim().toLowerCase())
  if (media !== "application/json") return "Send the body as JSON with 'Content-Type: application/json'."
  const charset = params.find((param) => param.startsWith("charset="))?.slice("charset=".length).replaceAll("\"", "")
  return charset === undefined || charset === "utf-8" || charset === "utf8"
    ? undefined
    : "A JSON body is read as UTF-8 only: send 'charset=utf-8' or no charset."
}

/**
 * Why a value cannot be stored as it was sent: PostgreSQL refuses NUL in text and lone
 * surrogates in JSON, and a number past the safe range is not the number the client wrote.
 */
export const refusalOf = (value: string | number): string | undefined => {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return "is not a finite number"
    return Number.isInteger(value) && !Number.isSafeInteger(value)
      ? "is an integer outside ±(2^53−1); send it as a string"
      : undefined
  }
  if (value.includes("\u0000")) return "contains a NUL character (U+0000)"
  return value.isWellFormed() ? undefined : "contains a lone surrogate: it is not well-formed Unicode"
}

const fieldRefused = (path: ReadonlyArray<string | number>, problem: string) =>
  path.length === 0
    ? reject("invalid_request", `The body ${problem}.`)
    : reject("invalid_request", `${path.join(".")} ${problem}.`, { param: path.join(".") })

/**
 * The first value in a parsed body that may not be stored, named by its dotted path; a bad key
 * is named by the object that holds it. Walks with its own stack, since the body may be deep.
 */
export const findRefusedValue = (body: unknown): Rejection | undefined => {
  const stack: Array<{ readonly value: unknown; readonly path: ReadonlyArray<string | number> }> = [{ value: body, path: [] }]
  while (stack.length > 0) {
    const { path, value } = stack.pop()!
    if (typeof value === "string" || typeof value === "number") {
      const problem = refusalOf(value)
      if (problem !== undefined) return fieldRefused(path, problem)
      continue
    }
    if (value === null || typeof value !== "object") continue
    if (path.length >= maxJsonDepth) {
      return reject("invalid_request", `The body is nested deeper than ${maxJsonDepth} levels.`)
    }
    const entries: ReadonlyArray<readonly [string | number, unknown]> = Array.isArray(value)
      ? value.map((item, index) => [index, item] as const)
      : Object.entries(value)
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!
      if (typeof key === "string" && refusalOf(key) !== undefined) return fieldRefused(path, `has a key that ${refusalOf(key)}`)
      stack.push({ value: item, path: [...path, key] })
    }
  }
  return undefined
}

/**
 * A JSON body as every handler may assume it: UTF-8 that decodes strictly (never silently
 * replaced), at most `maxJsonBody` bytes, a JSON object, and nothing in it a database would
 * refuse. `emptyAllowed`: a call whose fields are all optional takes no body as `{}`.
 */
export const checkJsonBody = (bytes: Uint8Array, contentType: string | undefined, emptyAllowed: boolean): Rejection | JsonBody => {
  // No body at all, and no type: nothing to label; a call whose fields are all optional takes it as `{}`.
  if (bytes.byteLength === 0 && emptyAllowed && contentType === undefined) return { text: "{}", value: {} }
  const mediaProblem = contentTypeProblem(contentType)
  if (mediaProblem !== undefined) return reject("invalid_request", mediaProblem, { param: "Content-Type" })
  if (bytes.byteLength > maxJsonBody) return reject("invalid_request", `The body is over ${maxJsonBody} bytes.`)
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    return reject("invalid_request", "The body is not valid UTF-8.")
  }
  if (text.trim() === "") {
    return emptyAllowed ? { text: "{}", value: {} } : reject("invalid_request", "This call needs a JSON object body.")
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return reject("invalid_request", "The body is not valid JSON.")
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return reject("invalid_request", "The body must be a JSON object.")
  }
  return findRefusedValue(value) ?? findTextRefusal(text) ?? { text, value }
}
