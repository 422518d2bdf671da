import { Clock, Effect } from "effect"
import { Actor, domainActor, orgOf } from "./Auth/Actor.js"
import { ServerConfig } from "./Config.js"
import { ContractStore } from "./Engine/ContractStore.js"
import { Amend, ConfirmFact, Draft, SetFact } from "./Engine/Entity.js"
import { listFilterOf } from "./Contracts/ListQuery.js"
import { PromptDrafter } from "./Contracts/PromptDrafter.js"
import type { AmendRequest, DraftRequest, EventsQuery, ListQuery } from "./Contracts/Schemas.js"
import { reject } from "./Domain/Contract/Rejection.js"
import { renderEvent } from "./Domain/Views/EventViews.js"
import { renderListRow, renderSheet, renderStateRead } from "./Domain/Views/Sheet.js"
import { limitOf } from "./Http/Paging.js"

type DraftFacts = NonNullable<typeof DraftRequest.Type["facts"]>

/** Drafting, amending and reading contracts: the sheet, the state, the list, the facts, the events. */
export class Contracts extends Effect.Service<Contracts>()("Contracts", {
  dependencies: [ContractStore.Default],
  effect: Effect.gen(function*() {
    const store = yield* ContractStore
    const config = yield* ServerConfig
    const drafter = yield* PromptDrafter

    const sheetOf = Effect.fnUntraced(function*(id: string) {
      const { actor, contract, seat } = yield* store.visible(id)
      return { sheet: renderSheet(contract, actor, seat, config.publicUrl), contract }
    })

    /** A prompt becomes a template id, its facts (the caller's own win), its forks and the people it names. */
    const planFromPrompt = Effect.fnUntraced(function*(prompt: string, facts: DraftFacts) {
      const caller = yield* Actor
      const today = new Date(yield* Clock.currentTimeMillis).toISOString().slice(0, 10)
      const plan = yield* drafter.plan(prompt, { self: orgOf(caller).name, today })
      if ("_tag" in plan) return yield* reject("invalid_request", plan.reason, { param: "prompt" })
      return {
        templateId: plan.template.id,
        facts: { ...plan.facts, ...facts },
        prompted: { forks: plan.forks, recipients: plan.recipients }
      }
    })

    const draft = Effect.fnUntraced(function*(request: typeof DraftRequest.Type) {
      if (request.prompt !== undefined && request.template_id !== undefined) {
        return yield* reject("invalid_request", "Send either prompt or template_id, not both.", { param: "prompt" })
      }
      const facts = request.facts ?? {}
      const planned = request.prompt !== undefined
        ? yield* planFromPrompt(request.prompt, facts)
        : request.template_id !== undefined
        ? { templateId: request.template_id, facts, prompted: undefined }
        : yield* reject("invalid_request", "Send template_id (see GET /templates) or a prompt describing the deal.", { param: "template_id" })
      const caller = yield* Actor
      const actor = domainActor(caller)
      const id = yield* store.newContractId
      const drafted = yield* store.write(
        id,
        Draft,
        (entity) => entity.Draft({ actor, ...planned, ...(caller.agent === undefined ? {} : { agent: caller.agent }) })
      )
      return { ...(yield* sheetOf(id)).sheet, ...drafted }
    })

    const amend = Effect.fnUntraced(function*(parent: string, request: typeof AmendRequest.Type) {
      const actor = domainActor(yield* Actor)
      const id = yield* store.newContractId
      yield* store.write(id, Amend, (entity) => entity.Amend({ actor, parent, note: request.note ?? null }))
      const { contract, sheet } = yield* sheetOf(id)
      return { ...sheet, version: contract.version, recipients: contract.carried?.recipients ?? [] }
    })

    const list = Effect.fnUntraced(function*(query: typeof ListQuery.Type) {
      const caller = yield* Actor
      const filter = yield* listFilterOf(
        query,
        { org: orgOf(caller).id, mode: caller.mode },
        (id) =>
          Effect.mapError(
            store.visible(id),
            () => reject("invalid_request", "starting_after must be the id of a contract you can see.", { param: "starting_after" })
          )
      )
      const rows = yield* store.list(filter)
      const data = rows.slice(0, filter.limit).map(renderListRow)
      const has_more = rows.length > filter.limit
      return { data, has_more, next_cursor: has_more ? data[data.length - 1]!.id : null }
    })

    const sheet = (id: string) => Effect.map(sheetOf(id), ({ sheet }) => sheet)

    const state = (id: string) => Effect.map(store.visible(id), ({ actor, contract, seat }) => renderStateRead(contract, actor, seat))

    const setFact = Effect.fnUntraced(function*(id: string, factId: string, value: string | number, ifMatch: string) {
      const caller = yield* Actor
      const scopes = caller.guest === null ? caller.scopes : null
      return yield* store.write(id, SetFact, (entity) => entity.SetFact({ actor: domainActor(caller), factId, value, ifMatch, scopes }))
    })

    const confirmFact = Effect.fnUntraced(function*(id: string, factId: string) {
      const actor = domainActor(yield* Actor)
      return yield* store.write(id, ConfirmFact, (entity) => entity.ConfirmFact({ actor, factId }))
    })

    const events = Effect.fnUntraced(function*(id: string, query: typeof EventsQuery.Type) {
      const { contract, seat } = yield* store.visible(id)
      const limit = yield* limitOf(query.limit, 100)
      const after = query.starting_after === undefined ? 0 : Number(query.starting_after)
      if (!Number.isInteger(after) || after < 0 || !/^\d+$/.test(query.starting_after ?? "0")) {
        return yield* reject("invalid_request", "starting_after must be an event sequence number.", { param: "starting_after" })
      }
      const page = yield* store.events(contract.id, after, limit)
      const last = page.data[page.data.length - 1]
      return {
        data: page.data.flatMap((event) => renderEvent(contract, event, seat.side) ?? []),
        has_more: page.has_more,
        next_cursor: page.has_more && last !== undefined ? String(last.sequence) : null,
        head_sequence: contract.head_sequence
      }
    })

    return { draft, amend, list, sheet, state, setFact, confirmFact, events } as const
  })
}) {}
