import { Clock, Effect } from "effect"
import { Actor, domainActor, orgOf } from "./Auth/Actor.js"
import { ContractStore } from "./Engine/ContractStore.js"
import { ApplyPlaybook } from "./Engine/Entity.js"
import { applyPlaybook } from "./Domain/Playbooks/ApplyPlaybook.js"
import { excerpt, notFound, reject, Rejection } from "./Domain/Contract/Rejection.js"
import { checkRule, playbookTerms, type PlaybookRule } from "./Domain/Playbooks/Rule.js"
import { PlaybooksRepo } from "./Playbooks/Repo.js"
import type { ApplyRequest, PlaybookInput } from "./Playbooks/Schemas.js"
import { makeId } from "./RandomIds.js"

export const renderRule = (rule: PlaybookRule) => ({ object: "playbook_rule" as const, ...rule })

/**
 * Each org's negotiating positions: set whole by the operator, read by the org's own people,
 * and applied to the other side's asks. A playbook is never shown to anyone outside its org.
 */
export class Playbooks extends Effect.Service<Playbooks>()("Playbooks", {
  dependencies: [ContractStore.Default, PlaybooksRepo.Default],
  effect: Effect.gen(function*() {
    const repo = yield* PlaybooksRepo
    const store = yield* ContractStore

    /** The operator's save: every rule checked first, so a refused playbook leaves the old one whole. */
    const replace = Effect.fnUntraced(function*(orgId: string, input: typeof PlaybookInput.Type) {
      const current = new Set((yield* repo.rulesOf(orgId)).map((rule) => rule.id))
      const kept = new Set<string>()
      const rules: Array<PlaybookRule> = []
      for (const [index, given] of input.rules.entries()) {
        if (given.id !== undefined && (!current.has(given.id) || kept.has(given.id))) {
          return yield* reject("invalid_request", `'${excerpt(given.id)}' is not a rule of this playbook to keep (or is named twice).`, {
            param: `rules[${index}].id`
          })
        }
        const checked = checkRule(given, index)
        if (checked instanceof Rejection) return yield* checked
        const id = given.id ?? makeId("pbk")
        kept.add(id)
        rules.push({ id, ...checked, source: "org_settings" })
      }
      yield* repo.replace(orgId, rules)
      return { org_id: orgId, rules: rules.map(renderRule) }
    })

    // A guest link holds no org, so no playbook.
    const ofCaller = Effect.flatMap(Actor, (caller) => (caller.org === null ? Effect.succeed([]) : repo.rulesOf(orgOf(caller).id)))

    const list = Effect.fnUntraced(function*(topic: string | undefined) {
      if (topic !== undefined && !playbookTerms.some((term) => term === topic)) {
        return yield* reject("invalid_request", `topic must be one of: ${playbookTerms.join(", ")}.`, { param: "topic" })
      }
      const rules = yield* ofCaller
      return { data: rules.filter((rule) => topic === undefined || rule.term === topic).map(renderRule), has_more: false }
    })

    /** The caller's rules, or those of them named by id (each must be one). */
    const chosen = Effect.fnUntraced(function*(ids: ReadonlyArray<string> | undefined) {
      const rules = yield* ofCaller
      if (ids === undefined) return rules
      const byId = new Map(rules.map((rule) => [rule.id, rule]))
      const picked: Array<PlaybookRule> = []
      for (const [index, id] of ids.entries()) {
        const rule = byId.get(id)
        if (rule === undefined) return yield* notFound("playbook rule", id, `playbook_ids[${index}]`)
        if (!picked.includes(rule)) picked.push(rule)
      }
      return picked
    })

    /**
     * Stages what the rules decide on the other side's asks. A dry run is the same core function
     * on the committed copy, whose result is answered and never stored (the preview rule).
     */
    const apply = Effect.fnUntraced(function*(id: string, request: typeof ApplyRequest.Type, ifMatch: string) {
      const actor = domainActor(yield* Actor)
      const rules = yield* chosen(request.playbook_ids)
      const askIds = request.ask_ids
      if (request.dry_run !== true) {
        const outcome = yield* store.write(id, ApplyPlaybook, (entity) => entity.ApplyPlaybook({ actor, askIds, rules, ifMatch }))
        return { object: "playbook_application" as const, dry_run: false, ...outcome }
      }
      const { contract } = yield* store.visible(id)
      const now = new Date(yield* Clock.currentTimeMillis).toISOString()
      const decided = applyPlaybook(contract, actor, { askIds, rules, ifMatch, now, newId: makeId })
      if (decided instanceof Rejection) return yield* decided
      const { skipped, staged, words_hash } = decided.result
      return {
        object: "playbook_application" as const,
        dry_run: true,
        staged: staged.map((row) => ({ ...row, decision: null })),
        skipped,
        words_hash
      }
    })

    return { replace, list, apply, rulesOf: repo.rulesOf, ofCaller } as const
  })
}) {}
