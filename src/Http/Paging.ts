import { Effect } from "effect"
import { reject, Rejection } from "../Domain/Contract/Rejection.js"

export const parseLimit = (value: string | undefined, fallback = 10): Rejection | number => {
  const limit = Number(value ?? fallback)
  return Number.isInteger(limit) && limit >= 1 && limit <= 100 && /^\d+$/.test(value ?? String(fallback))
    ? limit
    : reject("invalid_request", "limit must be an integer from 1 to 100.", { param: "limit" })
}

/** The limit as an Effect: its Rejection fails it. */
export const limitOf = (value: string | undefined, fallback?: number): Effect.Effect<number, Rejection> => {
  const limit = parseLimit(value, fallback)
  return limit instanceof Rejection ? Effect.fail(limit) : Effect.succeed(limit)
}

/**
 * One page of rows that each belong to a letter, oldest first, after the letter named by
 * `starting_after`. A page never splits one letter's rows, so the letter id is a sound cursor.
 */
export const pageOfLetters = <A>(
  rows: ReadonlyArray<A>,
  letterOf: (row: A) => string,
  params: { readonly starting_after?: string | undefined; readonly limit?: string | undefined }
): Effect.Effect<{ readonly rows: ReadonlyArray<A>; readonly has_more: boolean }, Rejection> =>
  Effect.map(limitOf(params.limit), (limit) => {
    let start = 0
    if (params.starting_after !== undefined) {
      const last = rows.map(letterOf).lastIndexOf(params.starting_after)
      if (last === -1) return reject("invalid_request", "starting_after must name a letter on this page's list.", { param: "starting_after" })
      start = last + 1
    }
    let end = Math.min(start + limit, rows.length)
    while (end > start && end < rows.length && letterOf(rows[end]!) === letterOf(rows[end - 1]!)) end++
    return { rows: rows.slice(start, end), has_more: end < rows.length }
  }).pipe(Effect.flatMap((page) => (page instanceof Rejection ? Effect.fail(page) : Effect.succeed(page))))
