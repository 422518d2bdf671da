import type { Actor, CarriedRecipient, Contract, Party } from "./Contract.js"
import type { Decided } from "./Decided.js"
import { newContract } from "./NewContract.js"
import type { DomainEvent } from "./Events.js"
import { appendEvents, requireSeat } from "./Guards.js"
import type { ContractId, NewId } from "./Ids.js"
import { drafterParty, liveParties } from "./Parties.js"
import { reject, Rejection } from "./Rejection.js"

/**
 * POST /contracts/{id}/amend: a new draft of the executed (or filed) words, linked by `amends`.
 * The amending side's parties are carried over as the draft's parties; the other side is
 * carried as the default recipients of its first Send, so the draft stays private to the
 * amending org until it is sent, as every draft is. The parent is never touched.
 */
export const amendContract = (
  parent: Contract,
  actor: Actor,
  input: { readonly id: ContractId; readonly note: string | null; readonly now: string; readonly newId: NewId }
): Rejection | Decided<{ readonly recipients: ReadonlyArray<CarriedRecipient> }> => {
  const seat = requireSeat(parent, actor)
  if (seat instanceof Rejection) return seat
  if (seat.isGuest || actor.org === null) {
    return reject("invalid_request", "An amendment is drafted by an org: a guest link cannot start one. Ask the other side to amend.")
  }
  if (parent.state === "cancelled") return reject("contract_cancelled", "This contract was cancelled; draft a new one instead.")
  if (parent.state !== "executed" && parent.state !== "filed") {
    return reject("invalid_request", `Only an executed or filed contract is amended; this one is ${parent.state}: negotiate it instead.`)
  }
  const carry = (party: Party): Party => ({
    ...party,
    id: input.newId("pty"),
    side: "drafter",
    brought_by: "drafter",
    joined_after: 0,
    last_round: null,
    removed_at: null,
    guest_token_hash: null
  })
  const own = liveParties(parent).filter((p) => p.side === seat.side)
  const person = actor.person!
  const amender: ReadonlyArray<Party> = own.some((p) => p.person === person.id) ? [] : [drafterParty(actor, input.newId("pty"))]
  const recipients = liveParties(parent).filter((p) => p.side !== seat.side).map((p) => ({ email: p.email, name: p.name, capacity: p.capacity }))
  const draft = newContract({
    id: input.id,
    mode: parent.mode,
    org: actor.org,
    title: parent.title,
    state: "draft",
    // The hand that made the amendment: a call to this API.
    origin: "api",
    template: parent.template,
    amends: parent.id,
    blocks: parent.blocks,
    facts: parent.facts,
    parties: [...own.map(carry), ...amender],
    version: parent.version + 1,
    carried: { note: input.note, recipients },
    words_hash: parent.words_hash
  }, input.now)
  const events: ReadonlyArray<DomainEvent> = [{
    type: "contract.drafted",
    data: {
      contract: draft.id,
      template: draft.template,
      title: draft.title,
      state: draft.state,
      words_hash: draft.words_hash,
      drafted_by: person.id,
      amends: parent.id
    }
  }]
  return { contract: appendEvents(draft, events, input.now), events, result: { recipients } }
}
