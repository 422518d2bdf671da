import { Effect } from "effect"
import { type Contract, contractStates, origins } from "../Domain/Contract/Contract.js"
import type { Mode } from "../Domain/Contract/Mode.js"
import { reject, type Rejection } from "../Domain/Contract/Rejection.js"
import { limitOf } from "../Http/Paging.js"
import type { ListFilter } from "../Engine/ListConditions.js"
import type { ListQuery } from "./Schemas.js"

const commaList = (value: string | undefined, allowed: ReadonlyArray<string>, param: string) => {
  if (value === undefined) return Effect.succeed(undefined)
  const items = value.split(",").map((item) => item.trim()).filter((item) => item !== "")
  const unknown = items.find((item) => !allowed.includes(item))
  return unknown !== undefined || items.length === 0
    ? Effect.fail(reject("invalid_request", `Invalid ${param}: use a comma list of ${allowed.join(", ")}.`, { param }))
    : Effect.succeed(items)
}

const timestampOf = (value: string | undefined) => {
  if (value === undefined) return Effect.succeed(undefined)
  const at = new Date(value)
  return Number.isNaN(at.getTime())
    ? Effect.fail(reject("invalid_request", "updated_since must be an ISO 8601 timestamp.", { param: "updated_since" }))
    : Effect.succeed(at)
}

/** A calendar day (`YYYY-MM-DD`), or a timestamp's day in UTC. */
const dayOf = (value: string | undefined, param: string) => {
  if (value === undefined) return Effect.succeed(undefined)
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : new Date(Number.NaN)
  return Number.isNaN(at.getTime())
    ? Effect.fail(reject("invalid_request", `${param} must be a date (YYYY-MM-DD) or an ISO 8601 timestamp.`, { param }))
    : Effect.succeed(at.toISOString().slice(0, 10))
}

/** GET /contracts's query as a filter; the cursor is a contract the caller can see. */
export const listFilterOf = <R>(
  query: typeof ListQuery.Type,
  scope: { readonly org: string; readonly mode: Mode },
  cursorOf: (id: string) => Effect.Effect<{ readonly contract: Contract }, Rejection, R>
): Effect.Effect<ListFilter, Rejection, R> =>
  Effect.gen(function*() {
    // Checked in this order, so the first bad parameter is the one named.
    const states = yield* commaList(query.state, contractStates, "state")
    const originList = yield* commaList(query.origin, origins, "origin")
    const limit = yield* limitOf(query.limit)
    const updatedSince = yield* timestampOf(query.updated_since)
    const expiresBefore = yield* dayOf(query.expires_before, "expires_before")
    const noticeBefore = yield* dayOf(query.notice_before, "notice_before")
    const cursor = query.starting_after === undefined ? undefined : (yield* cursorOf(query.starting_after)).contract
    return {
      ...scope,
      states,
      origins: originList,
      relationship: query.relationship,
      updatedSince,
      expiresBefore,
      noticeBefore,
      after: cursor === undefined ? undefined : { created_at: cursor.created_at, id: cursor.id },
      limit
    }
  })
