import { expect } from "@effect/vitest"
import type { Expectation } from "./hostile.js"

const types = ["invalid_request_error", "authentication_error", "permission_error", "conflict_error", "rate_limit_error", "api_error"]
const fields = ["type", "code", "message", "param", "doc_url"]

/** An error message names the offending value by a short prefix at most, never by echoing it whole. */
export const maxMessageLength = 300

export interface Answer {
  readonly status: number
  readonly text: string
}

const parsed = (answer: Answer, what: string): any => {
  try {
    return JSON.parse(answer.text)
  } catch {
    throw new Error(`${what}: answered ${answer.status} with a body that is not JSON: ${JSON.stringify(answer.text.slice(0, 200))}`)
  }
}

/** What every answer must be: never a 5xx, and every error in the spec's envelope with a short message. */
export const expectSound = (answer: Answer, what: string) => {
  expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBeLessThan(500)
  if (answer.status < 400) return
  const error = parsed(answer, what).error
  expect(error, `${what}: no error envelope in ${answer.text.slice(0, 300)}`).toBeTypeOf("object")
  expect(Object.keys(error).filter((k) => !fields.includes(k)), `${what}: fields beyond the envelope`).toEqual([])
  expect(types, `${what}: error.type`).toContain(error.type)
  expect(error.code, `${what}: error.code`).toMatch(/^[a-z_]+$/)
  expect(error.message, `${what}: error.message`).toBeTypeOf("string")
  expect(error.doc_url, `${what}: error.doc_url`).toMatch(new RegExp(`/errors#${error.code.replaceAll("_", "-")}$`))
  if ("param" in error) expect(error.param, `${what}: error.param`).toBeTypeOf("string")
  expect(error.message.length, `${what}: error.message is ${error.message.length} characters: ${error.message.slice(0, 120)}…`)
    .toBeLessThanOrEqual(maxMessageLength)
}

/** A refused class answers `400 invalid_request` naming exactly the field, or no field at all. */
export const expectClass = (answer: Answer, expectation: Expectation, what: string) => {
  if (!expectation.refused) return
  expect(answer.status, `${what}: expected 400 invalid_request, got ${answer.status} ${answer.text.slice(0, 200)}`).toBe(400)
  const error = parsed(answer, what).error
  expect(error.code, `${what}: error.code`).toBe("invalid_request")
  if (expectation.param === undefined) expect(error.param, `${what}: expected no param`).toBeUndefined()
  else expect(error.param, `${what}: error.param`).toBe(expectation.param)
}
