import type { Actor, Capacity, Contract, Party } from "../../src/Domain/Contract/Contract.js"
import type { Decided } from "../../src/Domain/Contract/Decided.js"
import { asId, type IdPrefix, type NewId } from "../../src/Domain/Contract/Ids.js"
import type { Recipient } from "../../src/Domain/Contract/Recipient.js"
import { Rejection } from "../../src/Domain/Contract/Rejection.js"
import { commitReply, sendContract } from "../../src/Domain/Negotiation/SendAndCommit.js"
import { stageDecision } from "../../src/Domain/Negotiation/Staging.js"
import type { Signature } from "../../src/Domain/Signing/Signature.js"
import { signContract, withdrawSignature } from "../../src/Domain/Signing/SignAndWithdraw.js"
import { draftFromTemplate } from "../../src/Domain/Templates/Drafting.js"
import { mutualNda } from "../../src/Domain/Templates/MutualNda.js"

/** A deterministic id source: one counter across prefixes, so ids are unique and predictable. */
export const sequentialIds = (): NewId => {
  let next = 0
  return <P extends IdPrefix>(prefix: P) => asId(prefix, `${prefix}_${++next}`)
}

/** Minute `n` of the test's day: each step can carry a time of its own. */
export const minute = (n: number) => new Date(Date.UTC(2026, 10, 22, 0, n)).toISOString()
export const now = minute(0)
export const publicUrl = "http://localhost"

/** What every write takes beside its own fields: the time, the public URL, and the test's id source. */
export interface World {
  readonly now: string
  readonly publicUrl: string
  readonly newId: NewId
}

export const world = (): World => ({ now, publicUrl, newId: sequentialIds() })

/** The same world (the same id source) at a later minute. */
export const at = (w: World, n: number): World => ({ ...w, now: minute(n) })

export const person = (id: string) => ({ id, name: id, email: `${id}@example.test` })

const orgActor = (org: string, id: string): Actor => ({ mode: "test", org, person: person(id), guest: null })

// Acme drafts; Beta is the other side; Gamma has no seat anywhere.
export const ada = orgActor("org_acme", "per_ada")
export const al = orgActor("org_acme", "per_al")
export const bea = orgActor("org_beta", "per_bea")
export const ben = orgActor("org_beta", "per_ben")
export const gil = orgActor("org_gamma", "per_gil")

/** A guest acts through a link that names one party on one contract. */
export const guestOf = (contract: Contract, party: Party): Actor => ({
  mode: "test",
  org: null,
  person: { id: party.person, name: party.name, email: party.email },
  guest: { contract: contract.id, party: party.id }
})

const both: ReadonlyArray<Capacity> = ["negotiator", "signer"]

/** A recipient or invitee who is a person of an org on this server. */
export const member = (actor: Actor, capacity: ReadonlyArray<Capacity> = both): Recipient => ({
  person: { ...actor.person!, org: actor.org },
  capacity,
  guest: null
})

/** A recipient or invitee outside any org: reached by a link whose token is `gtk_<id>`. */
export const outsider = (id: string, capacity: ReadonlyArray<Capacity> = both): Recipient => ({
  person: { ...person(id), org: null },
  capacity,
  guest: { token: `gtk_${id}`, hash: `hash_${id}` }
})

export const ok = <A>(value: Rejection | Decided<A>): Decided<A> => {
  if (value instanceof Rejection) throw new Error(`${value.code}: ${value.message}`)
  return value
}

export const refusal = (value: Rejection | Decided<unknown>): Rejection => {
  if (value instanceof Rejection) return value
  throw new Error(`expected a refusal, got a write with ${value.events.length} event(s)`)
}

/** Ada's Mutual NDA, drafted and unsent. */
export const drafted = (w: World, actor: Actor = ada, id = "con_1"): Contract =>
  ok(draftFromTemplate({ id: asId("con", id), mode: "test", actor, template: mutualNda, facts: {}, ...w })).contract

/** Sent by Ada (to Bea, unless named), Ada confirming. */
export const sent = (w: World, recipients: ReadonlyArray<Recipient> = [member(bea)]): Contract => {
  const draft = drafted(w)
  return ok(sendContract(draft, ada, {
    ...w,
    recipients,
    note: null,
    confirmedBy: ada.person!.id,
    ifMatch: draft.words_hash,
    relationship: { id: "rel_1", created: true, key: "org:org_beta", org: "org_beta" }
  })).contract
}

/** The caller commits their reply as it stands, confirming it themselves. */
export const commit = (contract: Contract, actor: Actor, w: World) =>
  ok(commitReply(contract, actor, { ...w, note: null, confirmedBy: actor.person!.id, ifMatch: contract.words_hash }))

/** Sent to Bea, who answers with silence: agreed, and ready to sign. */
export const agreed = (w: World, recipients: ReadonlyArray<Recipient> = [member(bea)]): Contract => commit(sent(w, recipients), bea, w).contract

/** Agreed, then signed by Ada and by Bea: executed. */
export const executed = (w: World, recipients: ReadonlyArray<Recipient> = [member(bea)]): Contract =>
  ok(sign(ok(sign(agreed(w, recipients), ada, w)).contract, bea, w)).contract

export const clause = (contract: Contract, n = 1) => contract.blocks.filter((b) => b.kind === "clause")[n]!

/** Stages a counter on a clause with no open ask; returns the contract and the ask it will open. */
export const counter = (contract: Contract, actor: Actor, w: World, text = "New words.", why: string = "Better.", n = 1) => {
  const staged = ok(stageDecision(contract, actor, { ...w, blockId: clause(contract, n).id, type: "counter", text, why, ifMatch: contract.words_hash }))
  return { contract: staged.contract, ask: staged.result.ask }
}

export const accept = (contract: Contract, actor: Actor, w: World, ask: string): Contract =>
  ok(stageDecision(contract, actor, { ...w, askId: ask, type: "accept", ifMatch: contract.words_hash })).contract

/** The live party of a person, or of the one with that email. */
export const partyOf = (contract: Contract, key: string): Party => contract.parties.find((p) => p.removed_at === null && (p.person === key || p.email === key))!

/**
 * The caller signs the words they name (the standing words unless told), confirming it
 * themselves unless another person is named; `null` names nobody.
 */
export const sign = (contract: Contract, actor: Actor, w: World, textHash = contract.words_hash, confirmedBy: string | null = actor.person!.id) =>
  signContract(contract, actor, { ...w, textHash, confirmedBy: confirmedBy ?? undefined, intent: undefined, mark: null })

export const withdraw = (contract: Contract, actor: Actor, w: World, signatureId: string, confirmedBy: string | null = actor.person!.id) =>
  withdrawSignature(contract, actor, { ...w, signatureId, confirmedBy: confirmedBy ?? undefined })

/** What every signature event carries beside its state. */
export const signatureData = (contract: Contract, signature: Signature) => ({
  contract: contract.id,
  signature: signature.id,
  party: signature.party,
  person: signature.person,
  bound_hash: signature.bound_hash
})
