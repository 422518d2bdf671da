import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { Actor, domainActor, orgOf } from "../Auth/Actor.js"
import { ServerConfig } from "../Config.js"
import { contractStates, origins } from "../Domain/Contract/Contract.js"
import { reject, Rejection } from "../Domain/Contract/Rejection.js"
import { renderListRow, renderSheet, renderStateRead } from "../Domain/Views/Sheet.js"
import { renderEvent } from "../Domain/Views/EventViews.js"
import { ifMatchOf } from "../Http/IfMatch.js"
import { loadVisible, newContractId, sendToContract, parseLimit } from "./Access.js"
import { Contract } from "./Entity.js"
import { ContractsRepo } from "./Repo.js"

const commaList = (value: string | undefined, allowed: ReadonlyArray<string>, param: string) => {
  if (value === undefined) return undefined
  const items = value.split(",").map((item) => item.trim()).filter((item) => item !== "")
  const unknown = items.find((item) => !allowed.includes(item))
  if (unknown !== undefined || items.length === 0) {
    return reject("invalid_request", `Invalid ${param}: use a comma list of ${allowed.join(", ")}.`, { param })
  }
  return items
}

export const ContractsHttp = HttpApiBuilder.group(Api, "contracts", (handlers) =>
  Effect.gen(function*() {
    const repo = yield* ContractsRepo
    const config = yield* ServerConfig
    const client = yield* Contract.client

    const visible = (id: string) => Effect.provideService(loadVisible(id), ContractsRepo, repo)

    return handlers
      .handle("draft", ({ payload }) =>
        Effect.gen(function*() {
          if (payload.prompt !== undefined && payload.template_id !== undefined) {
            return yield* reject("invalid_request", "Send either prompt or template_id, not both.", { param: "prompt" })
          }
          if (payload.template_id === undefined) {
            return yield* reject(
              "invalid_request",
              payload.prompt === undefined
                ? "Send template_id (see GET /templates) to draft a contract."
                : "Drafting from a prompt is not available yet; draft from a template_id instead.",
              { param: payload.prompt === undefined ? "template_id" : "prompt" }
            )
          }
          const actor = domainActor(yield* Actor)
          const id = yield* newContractId
          const drafted = (yield* sendToContract(
            client(id).Draft({ actor, template_id: payload.template_id, facts: payload.facts ?? {} })
          )) as { questions: ReadonlyArray<{ id: string; asks: string; fact: string; blank: string }> }
          const { contract, seat } = yield* visible(id)
          return { ...renderSheet(contract, actor, seat, config.publicUrl), questions: drafted.questions }
        }))
      .handle("amend", ({ path, payload }) =>
        Effect.gen(function*() {
          const actor = domainActor(yield* Actor)
          const id = yield* newContractId
          yield* sendToContract(client(id).Amend({ actor, parent: path.id, note: payload.note ?? null }))
          const { contract, seat } = yield* visible(id)
          return {
            ...renderSheet(contract, actor, seat, config.publicUrl),
            version: contract.version,
            recipients: contract.carried?.recipients ?? []
          }
        }))
      .handle("list", ({ urlParams }) =>
        Effect.gen(function*() {
          const caller = yield* Actor
          const states = commaList(urlParams.state, contractStates, "state")
          const originList = commaList(urlParams.origin, origins, "origin")
          const limit = parseLimit(urlParams.limit)
          for (const value of [states, originList, limit]) if (value instanceof Rejection) return yield* value
          let updatedSince: Date | undefined
          if (urlParams.updated_since !== undefined) {
            updatedSince = new Date(urlParams.updated_since)
            if (Number.isNaN(updatedSince.getTime())) {
              return yield* reject("invalid_request", "updated_since must be an ISO 8601 timestamp.", { param: "updated_since" })
            }
          }
          let after: { created_at: string; id: string } | undefined
          if (urlParams.starting_after !== undefined) {
            const cursor = yield* Effect.mapError(visible(urlParams.starting_after), () =>
              reject("invalid_request", "starting_after must be the id of a contract you can see.", { param: "starting_after" }))
            after = { created_at: cursor.contract.created_at, id: cursor.contract.id }
          }
          const pageSize = limit as number
          const rows = yield* repo.list({
            org: orgOf(caller).id,
            mode: caller.mode,
            states: states as ReadonlyArray<string> | undefined,
            origins: originList as ReadonlyArray<string> | undefined,
            relationship: urlParams.relationship,
            updatedSince,
            after,
            limit: pageSize
          })
          const data = rows.slice(0, pageSize).map(renderListRow)
          const has_more = rows.length > pageSize
          return { data, has_more, next_cursor: has_more ? data[data.length - 1]!.id : null }
        }))
      .handle("sheet", ({ path }) =>
        Effect.map(visible(path.id), ({ actor, contract, seat }) => renderSheet(contract, actor, seat, config.publicUrl)))
      .handle("state", ({ path }) =>
        Effect.map(visible(path.id), ({ actor, contract, seat }) => renderStateRead(contract, actor, seat)))
      .handle("setFact", ({ headers, path, payload }) =>
        Effect.gen(function*() {
          const ifMatch = ifMatchOf(headers["if-match"])
          if (ifMatch instanceof Rejection) return yield* ifMatch
          const caller = yield* Actor
          const scopes = caller.guest === null ? caller.scopes : null
          const result = yield* sendToContract(
            client(path.id).SetFact({ actor: domainActor(caller), fact_id: path.fact_id, value: payload.value, if_match: ifMatch, scopes })
          )
          return result as { applied: boolean; blocks_touched: ReadonlyArray<string>; words_hash: string }
        }))
      .handle("confirmFact", ({ path }) =>
        Effect.gen(function*() {
          const actor = domainActor(yield* Actor)
          const result = yield* sendToContract(client(path.id).ConfirmFact({ actor, fact_id: path.fact_id }))
          return result as {
            id: string
            value: string | number
            inferred: false
            occurrences: ReadonlyArray<string>
            confirmed_by: string
            words_hash: string
          }
        }))
      .handle("events", ({ path, urlParams }) =>
        Effect.gen(function*() {
          const { contract, seat } = yield* visible(path.id)
          const limit = parseLimit(urlParams.limit, 100)
          if (limit instanceof Rejection) return yield* limit
          const after = urlParams.starting_after === undefined ? 0 : Number(urlParams.starting_after)
          if (!Number.isInteger(after) || after < 0 || !/^\d+$/.test(urlParams.starting_after ?? "0")) {
            return yield* reject("invalid_request", "starting_after must be an event sequence number.", { param: "starting_after" })
          }
          const page = yield* repo.events(contract.id, after, limit)
          const last = page.data[page.data.length - 1]
          return {
            data: page.data.flatMap((event) => renderEvent(contract, event, seat.side) ?? []),
            has_more: page.has_more,
            next_cursor: page.has_more && last !== undefined ? String(last.sequence) : null,
            head_sequence: contract.head_sequence
          }
        }))
  }))
