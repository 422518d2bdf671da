import type { Actor, Contract, Decided, DomainEvent, Mail, Party } from "./Contract.js"
import { appendEvents, requireOpen, requireSeat } from "./Guards.js"
import { makeId } from "./Ids.js"
import { liveParties, requiredSigners } from "./Parties.js"
import { notFound, reject, Rejection } from "./Rejection.js"
import type { Recipient } from "./Rounds.js"
import { settleOutsideRound } from "./Round.js"
import type { Settlement } from "./Signatures.js"


export const invite = (contract: Contract, actor: Actor, input: { readonly invitee: Recipient; readonly now: string; readonly publicUrl: string }) => {
  const seat = requireSeat(contract, actor)
  if (seat instanceof Rejection) return seat
  const closed = requireOpen(contract)
  if (closed !== undefined) return closed
  const { invitee } = input
  if (seat.isGuest) {
    const above = invitee.capacity.find((c) => !seat.party!.capacity.includes(c))
    if (above !== undefined) {
      return above === "signer"
        ? reject("not_a_signer", "A guest invites at a capacity no higher than their own.", { param: "capacity" })
        : reject("not_a_negotiator", "A guest invites at a capacity no higher than their own.", { param: "capacity" })
    }
  }
  const otherOrg = invitee.person.org !== null && (seat.side === "drafter" ? invitee.person.org !== contract.org : invitee.person.org === contract.org)
  if (otherOrg) return reject("invalid_request", `${invitee.person.email} belongs to the other side; invite people of your own side.`, { param: "email" })
  const existing = liveParties(contract).find((p) => p.person === invitee.person.id || p.email.toLowerCase() === invitee.person.email.toLowerCase())
  if (existing !== undefined) {
    return { contract, events: [], result: { status: 200, party: existing.id, person: existing.person, invited: false, link_sent: false } } satisfies Decided<unknown>
  }
  const party: Party = {
    id: makeId("pty"),
    person: invitee.person.id,
    name: invitee.person.name,
    email: invitee.person.email,
    org: invitee.person.org,
    side: seat.side,
    capacity: invitee.capacity,
    removed_at: null,
    joined_after: contract.letters.length,
    last_round: null,
    guest_token_hash: invitee.guest?.hash ?? null
  }
  // A new required negotiator is awaited on every open ask: unanimity includes them.
  const asks = party.capacity.includes("negotiator")
    ? contract.asks.map((ask) => (ask.state === "open" ? { ...ask, awaiting: [...ask.awaiting, party.id] } : ask))
    : contract.asks
  const events: Array<DomainEvent> = [{
    type: "party.changed",
    data: { contract: contract.id, change: "invited", party: party.id, person: party.person, side: party.side, capacity: party.capacity, by: actor.person!.id }
  }]
  const url = `${input.publicUrl}/contracts/${contract.id}`
  const link = invitee.guest === null ? null : `${url}?t=${invitee.guest.token}`
  const mail: ReadonlyArray<Mail> = [{ to: party.email, subject: `You were invited to ${contract.title}`, text: `${actor.person!.name} invited you.\n\nRead it at ${link ?? url}`, link }]
  const next = settleOutsideRound({ ...contract, parties: [...contract.parties, party], asks }, events, input)
  return {
    contract: appendEvents(next, events, input.now),
    events,
    mail,
    result: { status: 201, party: party.id, person: party.person, invited: true, link_sent: true }
  } satisfies Decided<unknown>
}

export const removeParty = (contract: Contract, actor: Actor, input: { readonly partyId: string } & Settlement) => {
  const seat = requireSeat(contract, actor)
  if (seat instanceof Rejection) return seat
  const closed = requireOpen(contract)
  if (closed !== undefined) return closed
  const party = liveParties(contract).find((p) => p.id === input.partyId)
  // Only your own side's seats are yours to remove; the other side's are not found from here.
  if (party === undefined || party.side !== seat.side || seat.isGuest) return notFound("party", input.partyId)
  const negotiatorsLeft = liveParties(contract).filter((p) => p.side === party.side && p.id !== party.id && p.capacity.includes("negotiator"))
  if (party.capacity.includes("negotiator") && negotiatorsLeft.length === 0) {
    return reject("invalid_request", "A side needs at least one negotiator: invite another before removing this one.")
  }
  const asks = contract.asks.map((ask) => (ask.state === "open" ? { ...ask, awaiting: ask.awaiting.filter((p) => p !== party.id) } : ask))
  const events: Array<DomainEvent> = [{
    type: "party.changed",
    data: { contract: contract.id, change: "removed", party: party.id, person: party.person, side: party.side, by: actor.person!.id }
  }]
  const parties = contract.parties.map((p) => (p.id === party.id ? { ...p, removed_at: input.now } : p))
  const next = settleOutsideRound({ ...contract, parties, asks, replies: contract.replies.filter((r) => r.party !== party.id) }, events, input)
  const decisionsPreserved = contract.letters.flatMap((l) => l.decisions).filter((d) => d.party === party.id).length
  return {
    contract: appendEvents(next, events, input.now),
    events,
    result: {
      removed: party.id,
      decisions_preserved: decisionsPreserved,
      required_signers: requiredSigners(next).map((p) => ({ party: p.id, person: p.person, name: p.name, capacity: p.capacity })),
      tally_recomputed: true,
      token_revoked: party.guest_token_hash !== null
    }
  } satisfies Decided<unknown>
}

