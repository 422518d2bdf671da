import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService } from "./support/service.js"

// The spec: `origin` rides on these six cores only.
const withOrigin = new Set(["contract.parsed", "letter.received", "reply.sent", "contract.executed", "contract.cancelled", "letter.imported"])

const signatureKeys = ["contract", "signature", "party", "person", "bound_hash", "state"]

/** Every core's keys: the spec's lists where it gives them, docs/gaps.md where it does not. */
const coreKeys: Record<string, ReadonlyArray<string>> = {
  "contract.drafted": ["contract", "template", "title", "state", "words_hash", "drafted_by", "amends"],
  "words.changed": ["contract", "words_hash", "previous_hash", "blocks_touched", "signatures_voided", "letter", "fact", "changed_by"],
  "fact.confirmed": ["contract", "fact", "confirmed_by"],
  "letter.received": ["contract", "letter", "asks", "relationship", "origin", "words_hash", "state"],
  "reply.sent": ["contract", "letter", "origin", "state", "words_hash", "asks_opened", "landed"],
  "contract.agreed": ["contract", "words_hash", "letter"],
  "party.changed": ["contract", "change", "party", "person", "side", "capacity", "by"],
  "ask.withdrawn": ["contract", "ask", "block", "withdrawn_by"],
  "signature.held": signatureKeys,
  "signature.bound": signatureKeys,
  "signature.void": signatureKeys,
  "signature.withdrawn": [...signatureKeys, "withdrawn_by"],
  "contract.executed": ["contract", "origin", "version", "words_hash", "executed_at", "certificate_url"],
  "contract.cancelled": ["contract", "origin", "letter", "reason", "cancelled_by"]
}

interface Event {
  readonly type: string
  readonly sequence: number
  readonly data: Record<string, any>
}

for (const database of databases) {
  describe(`event payload cores (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it("gives every event exactly its documented core, read from either seat, with origin on the six only", async () => {
      const { ada, bea, acme, beta } = await twoOrgs(service.url)
      const post = (seat: typeof ada, path: string, body: unknown, headers: Record<string, string> = {}) =>
        call(service.url, "POST", path, { key: seat.org.keys.test, person: seat.person, body, headers: { "idempotency-key": idempotencyKey(), ...headers } })

      // Drafted, a fact set and one confirmed before Send, then sent.
      const drafted = (await ada.draft()).body
      const id: string = drafted.id
      const party = drafted.facts.find((f: { name: string }) => f.name === "party_a")
      const edited = await ada.post(`/contracts/${id}/facts/${party.id}`, { value: "Acme Holdings Ltd" }, { "if-match": drafted.words_hash })
      expect(edited.status).toBe(200)
      expect((await ada.post(`/contracts/${id}/facts/${party.id}/confirm`)).status).toBe(200)
      let hash: string = edited.body.words_hash
      const sent = await ada.send(id, hash, {
        recipients: [{ email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator", "signer"] }],
        confirmed_by: ada.person
      })
      expect(sent.status).toBe(200)

      // Beta counters two clauses; Ada signs while they are open (held).
      const clauses = drafted.blocks.filter((b: { kind: string }) => b.kind === "clause")
      const first = (await bea.stage(id, hash, { block_id: clauses[0].id, type: "counter", text: "Beta's first.", why: "a" })).body.ask
      const second = (await bea.stage(id, hash, { block_id: clauses[1].id, type: "counter", text: "Beta's second.", why: "b" })).body.ask
      const counter = (await bea.commit(id, hash)).body
      expect(counter.asks_opened).toEqual([first, second])
      const held = await post(ada, `/contracts/${id}/signatures`, { text_hash: hash, confirmed_by: ada.person })
      expect(held.body.state).toBe("held")

      // Beta withdraws one; Ada accepts the other, which lands, voids her signature and agrees.
      expect((await bea.post(`/asks/${second}/withdraw`)).status).toBe(200)
      await ada.stage(id, hash, { ask_id: first, type: "accept" })
      const accept = (await ada.commit(id, hash)).body
      expect(accept).toMatchObject({ state: "agreed", landed: [clauses[0].id] })
      hash = accept.words_hash

      // A signer invited and removed; Ada signs, withdraws, signs again; Beta's signature executes.
      const invited = await ada.post(`/contracts/${id}/invite`, { email: acme.people[1]!.email, name: "Brook", capacity: ["signer"] })
      expect(invited.status).toBe(201)
      const removed = await call(service.url, "DELETE", `/contracts/${id}/parties/${invited.body.party}`, { key: acme.keys.test, person: ada.person })
      expect(removed.status).toBe(200)
      const bound = (await post(ada, `/contracts/${id}/signatures`, { text_hash: hash, confirmed_by: ada.person })).body
      expect((await post(ada, `/signatures/${bound.id}/withdraw`, { confirmed_by: ada.person })).body.state).toBe("withdrawn")
      expect((await post(ada, `/contracts/${id}/signatures`, { text_hash: hash, confirmed_by: ada.person })).body.state).toBe("bound")
      expect((await post(bea, `/contracts/${id}/signatures`, { text_hash: hash, confirmed_by: bea.person })).body.contract_state).toBe("executed")

      // Its amendment: a second contract.drafted, naming its parent.
      const amendment = (await post(ada, `/contracts/${id}/amend`, { note: "Another year." })).body

      // A third contract, sent and cancelled.
      const other = (await ada.draft()).body
      await ada.send(other.id, other.words_hash, {
        recipients: [{ email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator", "signer"] }],
        confirmed_by: ada.person
      })
      expect((await post(ada, `/contracts/${other.id}/cancel`, { reason: "Not needed" })).status).toBe(200)

      const seen = new Set<string>()
      // The amendment is a draft private to Acme until it is sent.
      const reads = [[ada, id], [ada, amendment.id], [ada, other.id], [bea, id], [bea, other.id]] as const
      for (const [reader, contract] of reads) {
        const events: ReadonlyArray<Event> = (await reader.events(contract)).data
        for (const event of events) {
          seen.add(event.type)
          const label = `${event.type} (seq ${event.sequence}) read by ${reader.org.name}`
          expect(Object.hasOwn(event.data, "origin"), label).toBe(withOrigin.has(event.type))
          expect(Object.keys(event.data).sort(), label).toEqual([...coreKeys[event.type]!].sort())
        }
      }
      expect([...seen].sort()).toEqual(Object.keys(coreKeys).sort())

      // What each side's round event says: the sender's mirrors its commit, the receiver's the letter.
      const adaEvents: ReadonlyArray<Event> = (await ada.events(id)).data
      const beaEvents: ReadonlyArray<Event> = (await bea.events(id)).data
      expect(adaEvents.find((e) => e.type === "reply.sent" && e.data["letter"] === accept.letter)!.data).toEqual({
        contract: id,
        letter: accept.letter,
        origin: "template",
        state: "agreed",
        words_hash: hash,
        asks_opened: [],
        landed: [clauses[0].id]
      })
      expect(beaEvents.find((e) => e.type === "reply.sent" && e.data["letter"] === counter.letter)!.data).toMatchObject({
        asks_opened: [first, second],
        landed: [],
        state: "negotiating"
      })
      expect(adaEvents.find((e) => e.type === "letter.received" && e.data["letter"] === counter.letter)!.data.asks.map((a: { id: string }) => a.id))
        .toEqual([first, second])
      const changes = beaEvents.filter((e) => e.type === "words.changed")
      expect(changes.map((e) => [e.data["letter"], e.data["changed_by"], e.data["signatures_voided"]])).toEqual([[accept.letter, ada.person, [held.body.id]]])
      const beforeSend = adaEvents.find((e) => e.type === "words.changed" && e.data["fact"] === party.id)!
      expect(beforeSend.data).toMatchObject({ letter: null, changed_by: ada.person })
      expect((await ada.events(amendment.id)).data.map((e: Event) => [e.type, e.data["amends"]])).toEqual([["contract.drafted", id]])
      expect(adaEvents[0]!.data).toMatchObject({ contract: id, amends: null, drafted_by: ada.person })
      expect(adaEvents.filter((e) => e.type === "party.changed").map((e) => [e.data["change"], e.data["capacity"]])).toEqual([
        ["invited", ["signer"]],
        ["removed", ["signer"]]
      ])
    })
  })
}
