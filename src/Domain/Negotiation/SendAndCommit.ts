import type { Actor, Contract, Mail, Party } from "../Contract/Contract.js"
import type { Decided } from "../Contract/Decided.js"
import type { Recipient } from "../Contract/Recipient.js"
import { checkConfirmedBy } from "../Contract/ConfirmedBy.js"
import { requireCurrentHash, requireOpen } from "../Contract/Guards.js"
import type { NewId } from "../Contract/Ids.js"
import type { Decision } from "./AsksAndLetters.js"
import { excerpt, reject, Rejection } from "../Contract/Rejection.js"
import { sendWarning } from "../Words/Readiness.js"
import { playRound, type RoundOutcome } from "./PlayRound.js"
import { replyOf, requireNegotiator } from "./Staging.js"

const renderDecision = (decision: Decision) => ({
  id: decision.id,
  ask: decision.ask ?? decision.opens,
  type: decision.type,
  text: decision.text,
  why: decision.why,
  person_id: decision.person_id,
  staged_at: decision.staged_at
})

/**
 * What would be sent, from the same round function that sends it. `to` names each recipient by
 * party id, except one whose party the commit has yet to make (a first Send's recipients): a
 * preview never names an id its commit would not produce, so they are named by email.
 */
export const previewOf = (outcome: RoundOutcome, existing: Contract = outcome.contract) => ({
  letter_preview: {
    from: outcome.letter.from,
    to: outcome.letter.to.map((id) => existing.parties.some((p) => p.id === id) ? id : outcome.contract.parties.find((p) => p.id === id)!.email),
    note: outcome.letter.note,
    decisions: outcome.letter.decisions.map(renderDecision),
    asks: outcome.asksOpened.map((ask) => ask.id)
  },
  landed_if_sent: outcome.landed,
  opens_if_sent: [...new Set(outcome.asksOpened.flatMap((ask) => ask.changes.map((c) => c.block)))]
})

const confirmationRequired = (outcome: RoundOutcome, existing?: Contract) => {
  const preview = previewOf(outcome, existing)
  return reject("confirmation_required", "A person must confirm this: show them the letter preview, then send confirmed_by.", {
    param: "confirmed_by",
    details: { letter_preview: preview.letter_preview, landed_if_sent: preview.landed_if_sent }
  })
}

/**
 * Every decision in the caller's reply was made against words that no longer stand, so all of
 * them are re-asked: the caller re-reads, re-decides what changed, and commits on the new hash.
 */
const staleHash = (contract: Contract, party: Party) =>
  reject("words_changed", "The words changed since you read them; re-decide the re_asked decisions and try again.", {
    details: { current_hash: contract.words_hash, re_asked: replyOf(contract, party.id).decisions.map(renderDecision) }
  })

const notify = (contract: Contract, outcome: RoundOutcome, publicUrl: string): ReadonlyArray<Mail> =>
  outcome.letter.to.flatMap((id) => {
    const party = contract.parties.find((p) => p.id === id)!
    return [{
      to: party.email,
      subject: `${contract.title}: a new letter`,
      text: `${outcome.letter.note ?? "A new round was committed."}\n\nRead it at ${publicUrl}/contracts/${contract.id}`,
      link: null
    }]
  })

export interface CommitInput {
  readonly note: string | null
  readonly confirmedBy?: string | undefined
  readonly ifMatch: string
  readonly now: string
  readonly publicUrl: string
  readonly newId: NewId
}

/** POST /contracts/{id}/replies: the caller's unsent reply becomes a letter, or nothing is stored. */
export const commitReply = (contract: Contract, actor: Actor, input: CommitInput) => {
  const party = requireNegotiator(contract, actor)
  if (party instanceof Rejection) return party
  const closed = requireOpen(contract)
  if (closed !== undefined) return closed
  if (contract.state === "draft") return reject("invalid_request", "This contract has not been sent yet: use POST /contracts/{id}/send.")
  const round = (confirmedBy: string) =>
    playRound(contract, {
      party: party.id,
      note: input.note ?? replyOf(contract, party.id).note,
      confirmedBy,
      letterId: input.newId("let"),
      now: input.now,
      publicUrl: input.publicUrl
    })
  if (requireCurrentHash(contract, input.ifMatch) !== undefined) return staleHash(contract, party)
  if (input.confirmedBy === undefined) return confirmationRequired(round(""))
  const confirmer = checkConfirmedBy(contract, actor, input.confirmedBy, "negotiator")
  if (confirmer instanceof Rejection) return confirmer
  const outcome = round(input.confirmedBy)
  return {
    contract: outcome.contract,
    events: outcome.events,
    mail: notify(contract, outcome, input.publicUrl),
    result: {
      letter: outcome.letter.id,
      state: outcome.contract.state,
      landed: outcome.landed,
      re_asked: outcome.reAsked.map(renderDecision),
      asks_opened: outcome.asksOpened.map((ask) => ask.id),
      words_hash: outcome.contract.words_hash
    }
  } satisfies Decided<unknown>
}

export interface SendInput extends CommitInput {
  readonly recipients: ReadonlyArray<Recipient>
  readonly relationship: { readonly id: string; readonly created: boolean; readonly key: string; readonly org: string | null }
}

/** POST /contracts/{id}/send: recipients become the counterparty side and the first letter is committed. */
export const sendContract = (contract: Contract, actor: Actor, input: SendInput) => {
  const party = requireNegotiator(contract, actor)
  if (party instanceof Rejection) return party
  const closed = requireOpen(contract)
  if (closed !== undefined) return closed
  if (contract.state !== "draft") return reject("invalid_request", "This contract was already sent: reply with POST /contracts/{id}/replies.")
  if (requireCurrentHash(contract, input.ifMatch) !== undefined) {
    return reject("words_changed", "The words changed since you read them; re-read and try again.", {
      details: { current_hash: contract.words_hash, re_asked: [] }
    })
  }
  const ownPeople = new Set(contract.parties.map((p) => p.person))
  const clash = input.recipients.find((r) => ownPeople.has(r.person.id) || (r.person.org !== null && r.person.org === contract.org))
  if (clash !== undefined) {
    return reject("invalid_request", `${excerpt(clash.person.email, 80)} is on the drafting side; recipients are the counterparty.`, { param: "recipients" })
  }
  const recipients: ReadonlyArray<Party> = input.recipients.map((r) => ({
    id: input.newId("pty"),
    person: r.person.id,
    name: r.person.name,
    email: r.person.email,
    org: r.person.org,
    side: "counterparty",
    // The drafting side addressed them, so it may take back a link sent to a mistyped address.
    brought_by: "drafter",
    capacity: r.capacity,
    removed_at: null,
    joined_after: 0,
    last_round: null,
    guest_token_hash: r.guest?.hash ?? null
  }))
  const addressed: Contract = {
    ...contract,
    parties: [...contract.parties, ...recipients],
    relationship: input.relationship.id,
    baseline: { blocks: contract.blocks, facts: contract.facts }
  }
  const round = (confirmedBy: string) =>
    playRound(addressed, { party: party.id, note: input.note, confirmedBy, letterId: input.newId("let"), now: input.now, publicUrl: input.publicUrl })
  if (input.confirmedBy === undefined) return confirmationRequired(round(""), contract)
  const confirmer = checkConfirmedBy(contract, actor, input.confirmedBy, "negotiator")
  if (confirmer instanceof Rejection) return confirmer
  const outcome = round(input.confirmedBy)
  const mail = input.recipients.map((r): Mail => {
    const url = `${input.publicUrl}/contracts/${contract.id}`
    const link = r.guest === null ? null : `${url}?t=${r.guest.token}`
    return {
      to: r.person.email,
      subject: `${contract.title} from ${party.name}`,
      text: `${input.note ?? `${party.name} sent you a contract to review.`}\n\nRead it at ${link ?? url}`,
      link
    }
  })
  return {
    contract: outcome.contract,
    events: outcome.events,
    mail,
    relationship: { id: input.relationship.id, key: input.relationship.key, org: input.relationship.org },
    result: {
      state: outcome.contract.state,
      letter: outcome.letter.id,
      relationship: input.relationship.id,
      relationship_created: input.relationship.created,
      words_hash: outcome.contract.words_hash,
      warning: sendWarning(contract)
    }
  } satisfies Decided<unknown>
}
