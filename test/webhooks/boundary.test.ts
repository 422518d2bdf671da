import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { call, type Org } from "../support/client.js"
import { databases } from "../support/databases.js"
import { makeScannedPdf } from "../support/documents.js"
import { upload } from "../support/imports.js"
import { twoOrgs } from "../support/negotiation.js"
import { type Receiver, type Received, startReceiver } from "../support/receiver.js"
import { type Running, sharedService } from "../support/service.js"

for (const database of databases) {
  describe(`the webhook delivery boundary (${database.name})`, () => {
    let service: Running
    let receiver: Receiver
    beforeAll(async () => {
      service = await sharedService(database)
      receiver = await startReceiver()
    })
    afterAll(async () => {
      await receiver.close()
      await service.stop()
    })
    const register = async (org: Org, person: string, events: ReadonlyArray<string> = ["*"]) => {
      const made = await call(service.url, "POST", "/webhooks/endpoints", { key: org.keys.test, person, body: { url: receiver.url, events } })
      expect(made.body.state).toBe("active")
      return made.body.id as string
    }
    const to = (endpoint: string, contract?: string) => (r: Received) =>
      r.json?.endpoint === endpoint && (contract === undefined || r.json.data?.contract === contract)
    const types = (endpoint: string, contract: string) => receiver.received.filter(to(endpoint, contract)).map((r) => r.json.type)

    it("delivers each side its own reading of each round, exactly as that person's GET shows it, and nothing from before the counterparty could see", async () => {
      const { acme, beta, ada, bea } = await twoOrgs(service.url)
      const ea = await register(acme, ada.person)
      const eb = await register(beta, bea.person)
      const drafted = (await ada.draft()).body
      const fact = drafted.facts[0]
      const edited = (await ada.post(`/contracts/${drafted.id}/facts/${fact.id}`, { value: "Acme Holdings Ltd" }, { "if-match": drafted.words_hash })).body
      const sent = await ada.send(drafted.id, edited.words_hash, {
        recipients: [{ email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator", "signer"] }],
        confirmed_by: ada.person
      })
      expect(sent.status).toBe(200)
      await receiver.waitFor(1, (r) => to(eb, drafted.id)(r) && r.json.type === "letter.received")
      const state = await bea.state(drafted.id)
      expect((await bea.commit(drafted.id, state.words_hash)).status).toBe(200)
      // Deliveries are independent, so they may arrive in any order: wait for each.
      for (
        const [endpoint, expected] of [[ea, ["contract.drafted", "words.changed", "reply.sent", "letter.received", "contract.agreed"]], [eb, [
          "letter.received",
          "reply.sent",
          "contract.agreed"
        ]]] as const
      ) {
        for (const type of expected) await receiver.waitFor(1, (r) => to(endpoint, drafted.id)(r) && r.json.type === type)
      }

      expect(types(ea, drafted.id)).toEqual(expect.arrayContaining(["contract.drafted", "words.changed", "reply.sent", "letter.received", "contract.agreed"]))
      expect(types(eb, drafted.id)).toEqual(expect.arrayContaining(["letter.received", "reply.sent", "contract.agreed"]))
      expect(types(eb, drafted.id)).not.toContain("contract.drafted")
      expect(types(eb, drafted.id)).not.toContain("words.changed")
      // One round, one id, a reading per side.
      const round = receiver.received.filter((r) => to(ea, drafted.id)(r) && r.json.type === "reply.sent")[0]!
      expect(receiver.received.find((r) => to(eb, drafted.id)(r) && r.json.id === round.json.id)!.json.type).toBe("letter.received")

      for (const [endpoint, reader] of [[ea, ada], [eb, bea]] as const) {
        const log = (await reader.get(`/contracts/${drafted.id}/events?limit=100`)).body.data
        for (const delivery of receiver.received.filter(to(endpoint, drafted.id))) {
          expect(delivery.json).toEqual({ ...log.find((e: any) => e.id === delivery.json.id), endpoint })
        }
      }
    })

    it("stops delivering a contract to an org that no longer holds a party row on it, whose GET now answers 404", async () => {
      const { acme, beta, ada, bea } = await twoOrgs(service.url)
      const ea = await register(acme, ada.person)
      const eb = await register(beta, bea.person)
      const drafted = (await ada.draft()).body
      await ada.send(drafted.id, drafted.words_hash, {
        recipients: [{ email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator", "signer"] }],
        confirmed_by: ada.person
      })
      await receiver.waitFor(1, (r) => to(eb, drafted.id)(r) && r.json.type === "letter.received")
      // Beta hands its seat to outside counsel (a guest, of no org) and leaves the contract.
      const invited = await bea.post(`/contracts/${drafted.id}/invite`, { email: "outside.counsel@elsewhere.test", name: "Counsel", capacity: ["negotiator"] })
      expect(invited.status).toBe(201)
      await receiver.waitFor(1, (r) => to(eb, drafted.id)(r) && r.json.type === "party.changed" && r.json.data.change === "invited")
      const before = receiver.received.filter(to(eb, drafted.id)).length
      const betaParty = (await bea.sheet(drafted.id)).parties.find((p: any) => p.email === beta.people[0]!.email)
      const removed = await call(service.url, "DELETE", `/contracts/${drafted.id}/parties/${betaParty.id}`, { key: beta.keys.test, person: bea.person })
      expect(removed.status, removed.text).toBe(200)
      expect((await bea.get(`/contracts/${drafted.id}`)).status).toBe(404)
      const cancelled = await call(service.url, "POST", `/contracts/${drafted.id}/cancel`, {
        key: acme.keys.test,
        person: ada.person,
        body: { reason: "No longer needed" },
        headers: { "idempotency-key": `cancel-${drafted.id}` }
      })
      expect(cancelled.status).toBe(200)
      await receiver.waitFor(1, (r) => to(ea, drafted.id)(r) && r.json.type === "contract.cancelled")
      const removal = receiver.received.filter((r) => to(ea, drafted.id)(r) && r.json.type === "party.changed" && r.json.data.change === "removed")
      expect(removal).toHaveLength(1)
      expect(receiver.received.filter(to(eb, drafted.id))).toHaveLength(before)
    })

    it("sends org-stream events to every active endpoint of the org, without a sequence, and honours each subscription", async () => {
      const { acme, ada } = await twoOrgs(service.url)
      const all = await register(acme, ada.person)
      const second = await register(acme, acme.people[1]!.id, ["import.failed"])
      const drafts = await register(acme, ada.person, ["contract.drafted"])
      const posted = await upload(service.url, "/imports", { key: acme.keys.test, person: ada.person, files: [{ path: await makeScannedPdf() }] })
      expect(posted.status).toBe(202)
      const failures = await receiver.waitFor(2, (r) => r.json?.type === "import.failed" && r.json.data.batch === posted.body.batch)
      expect(failures.map((f) => f.json.endpoint).sort()).toEqual([all, second].sort())
      for (const failure of failures) {
        expect(failure.json.sequence).toBeUndefined()
        expect(Object.keys(failure.json)).toEqual(["id", "type", "created", "data", "endpoint"])
      }
      const stream = (await call(service.url, "GET", "/events", { key: acme.keys.test, person: ada.person })).body.data
      const logged = stream.find((e: any) => e.id === failures[0]!.json.id)
      expect({ ...logged, endpoint: failures[0]!.json.endpoint }).toEqual(failures[0]!.json)
      const drafted = (await ada.draft()).body
      await receiver.waitFor(1, to(drafts, drafted.id))
      await receiver.waitFor(1, to(all, drafted.id))
      expect(receiver.received.filter(to(second)).map((r) => r.json.type)).toEqual(["endpoint.verification", "import.failed"])
      expect(receiver.received.filter(to(drafts)).map((r) => r.json.type)).toEqual(["endpoint.verification", "contract.drafted"])
    })
  })
}
