import type { Actor, Contract, Mail, Party, Side } from "./Contract.js"
import type { Decided } from "./Decided.js"
import type { DomainEvent } from "./Events.js"
import { appendEvents, requireOpen, requireSeat } from "./Guards.js"
import type { NewId } from "./Ids.js"
import { isGuest, liveParties, requiredSigners } from "./Parties.js"
import { notFound, reject, Rejection } from "./Rejection.js"
import type { Recipient } from "./Recipient.js"
import { settleOutsideRound } from "../Negotiation/PlayRound.js"
import type { Seat } from "./Seat.js"
import type { Settlement } from "../Signing/SignatureStates.js"
import { requireNegotiator } from "../Negotiation/Staging.js"
import { sentLetters } from "../Negotiation/AsksAndLetters.js"

/** Live parties one contract holds at most (Send names at most 20 recipients): docs/gaps.md "Limits". */
export const maxParties = 100

/** Only the drafting side names the other side, and only once there is one; a guest invites on its own. */
const checkSide = (contract: Contract, seat: Seat, side: Side): Rejection | undefined => {
  if (side === seat.side) return undefined
  if (seat.isGuest) return reject("invalid_request", "A guest invites on their own side only.", { param: "side" })
  if (seat.side !== "drafter") return reject("invalid_request", "Only the drafting side may invite onto the other side.", { param: "side" })
  if (contract.state === "draft") {
    return reject("invalid_request", "Before the first Send the counterparty is whoever the Send names: add them as recipients.", { param: "side" })
  }
  return undefined
}

/**
 * Whether a person of an org on this server may sit on a side: the drafting side is the drafting
 * org's; the counterparty side is never the drafting org's, and the drafting side may add only
 * people of the counterparty's own org(s) to it (any other org while it has none, as at Send).
 */
const orgFits = (contract: Contract, seat: Seat, side: Side, org: string | null): boolean => {
  if (org === null) return true
  if (side === "drafter") return org === contract.org
  if (org === contract.org) return false
  const theirs = liveParties(contract).filter((p) => p.side === "counterparty" && p.org !== null).map((p) => p.org)
  return seat.side === "counterparty" || theirs.length === 0 || theirs.includes(org)
}

/** `invited`: a new party, sent a link; false, with nothing sent, for someone already listed. */
export interface InviteResult {
  readonly party: string
  readonly person: string
  readonly invited: boolean
  readonly link_sent: boolean
  readonly words_hash: string
}

export const invite = (
  contract: Contract,
  actor: Actor,
  input: { readonly invitee: Recipient; readonly side?: Side | undefined; readonly newId: NewId } & Settlement
): Rejection | Decided<InviteResult> => {
  const seat = requireSeat(contract, actor)
  if (seat instanceof Rejection) return seat
  const closed = requireOpen(contract)
  if (closed !== undefined) return closed
  const { invitee } = input
  const side = input.side ?? seat.side
  const wrongSide = checkSide(contract, seat, side)
  if (wrongSide !== undefined) return wrongSide
  if (seat.isGuest) {
    const above = invitee.capacity.find((c) => !seat.party!.capacity.includes(c))
    if (above !== undefined) {
      return above === "signer"
        ? reject("not_a_signer", "A guest invites at a capacity no higher than their own.", { param: "capacity" })
        : reject("not_a_negotiator", "A guest invites at a capacity no higher than their own.", { param: "capacity" })
    }
  }
  if (!orgFits(contract, seat, side, invitee.person.org)) {
    return reject("invalid_request", `${invitee.person.email} belongs to an org of the other side; invite people of the side you name.`, { param: "email" })
  }
  const existing = liveParties(contract).find((p) => p.person === invitee.person.id || p.email.toLowerCase() === invitee.person.email.toLowerCase())
  if (existing !== undefined) {
    const result = { party: existing.id, person: existing.person, invited: false, link_sent: false, words_hash: contract.words_hash }
    return { contract, events: [], result } satisfies Decided<unknown>
  }
  if (liveParties(contract).length >= maxParties) {
    return reject("invalid_request", `A contract holds at most ${maxParties} parties: remove one before inviting another.`, { param: "email" })
  }
  const party: Party = {
    id: input.newId("pty"),
    person: invitee.person.id,
    name: invitee.person.name,
    email: invitee.person.email,
    org: invitee.person.org,
    side,
    brought_by: seat.side,
    capacity: invitee.capacity,
    removed_at: null,
    joined_after: sentLetters(contract.letters).length,
    last_round: null,
    guest_token_hash: invitee.guest?.hash ?? null
  }
  // A new required negotiator is awaited on every open ask: unanimity includes them.
  const asks = party.capacity.includes("negotiator")
    ? contract.asks.map((ask) => (ask.state === "open" ? { ...ask, awaiting: [...ask.awaiting, party.id] } : ask))
    : contract.asks
  const invited: DomainEvent = {
    type: "party.changed",
    data: { contract: contract.id, change: "invited", party: party.id, person: party.person, side: party.side, capacity: party.capacity, by: actor.person!.id }
  }
  const url = `${input.publicUrl}/contracts/${contract.id}`
  const link = invitee.guest === null ? null : `${url}?t=${invitee.guest.token}`
  const mail: ReadonlyArray<Mail> = [{
    to: party.email,
    subject: `You were invited to ${contract.title}`,
    text: `${actor.person!.name} invited you.\n\nRead it at ${link ?? url}`,
    link
  }]
  const settled = settleOutsideRound({ ...contract, parties: [...contract.parties, party], asks }, input)
  const next = settled.contract
  const events = [invited, ...settled.events]
  return {
    contract: appendEvents(next, events, input.now),
    events,
    mail,
    result: { party: party.id, person: party.person, invited: true, link_sent: true, words_hash: next.words_hash }
  } satisfies Decided<unknown>
}

/**
 * A negotiator removes a party of their own side, or a guest their side brought in (so a link sent
 * to a mistyped address can be taken back). Any other party is not found from where they sit.
 */
const mayRemove = (remover: Party, party: Party): boolean => party.side === remover.side || (isGuest(party) && party.brought_by === remover.side)

export const removeParty = (contract: Contract, actor: Actor, input: { readonly partyId: string } & Settlement) => {
  const remover = requireNegotiator(contract, actor)
  if (remover instanceof Rejection) return remover
  const closed = requireOpen(contract)
  if (closed !== undefined) return closed
  const party = liveParties(contract).find((p) => p.id === input.partyId)
  if (party === undefined || !mayRemove(remover, party)) return notFound("party", input.partyId, "party_id")
  if (!liveParties(contract).some((p) => p.side === party.side && p.id !== party.id)) {
    return reject("invalid_request", "Each side keeps at least one party: invite another before removing this one.", { param: "party_id" })
  }
  const asks = contract.asks.map((ask) => (ask.state === "open" ? { ...ask, awaiting: ask.awaiting.filter((p) => p !== party.id) } : ask))
  const removed: DomainEvent = {
    type: "party.changed",
    data: { contract: contract.id, change: "removed", party: party.id, person: party.person, side: party.side, by: actor.person!.id }
  }
  // Their link stops working in this same write: a guest link opens only a live party's seat.
  const parties = contract.parties.map((p) => (p.id === party.id ? { ...p, removed_at: input.now } : p))
  const settled = settleOutsideRound({ ...contract, parties, asks, replies: contract.replies.filter((r) => r.party !== party.id) }, input)
  const next = settled.contract
  const events = [removed, ...settled.events]
  const decisionsPreserved = contract.letters.flatMap((l) => l.decisions).filter((d) => d.party === party.id).length
  return {
    contract: appendEvents(next, events, input.now),
    events,
    result: {
      removed: party.id,
      decisions_preserved: decisionsPreserved,
      required_signers: requiredSigners(next).map((p) => ({ party: p.id, person: p.person, name: p.name, capacity: p.capacity })),
      tally_recomputed: true,
      token_revoked: party.guest_token_hash !== null,
      words_hash: next.words_hash
    }
  } satisfies Decided<unknown>
}
