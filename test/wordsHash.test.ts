import { OpenApi } from "@effect/platform"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Api } from "../src/Api.js"
import { call, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService } from "./support/service.js"

describe("words_hash on every call that changes a contract, in the document", () => {
  it("is in the success schema of every contract write", () => {
    const doc = JSON.parse(JSON.stringify(OpenApi.fromApi(Api)))
    const resolve = (schema: any): any => (schema.$ref ? resolve(doc.components.schemas[schema.$ref.split("/").pop()]) : schema)
    const writes = Object.entries<Record<string, any>>(doc.paths)
      .filter(([path]) => /^\/(contracts|asks|signatures)\b/.test(path))
      .flatMap(([path, operations]) =>
        Object.entries<any>(operations).filter(([method]) => method !== "get").map(([method, op]) => ({ key: `${method} ${path}`, op }))
      )
    expect(writes.length).toBeGreaterThan(15)
    for (const { key, op } of writes) {
      const success = Object.entries<any>(op.responses).find(([status]) => Number(status) < 300)![1]
      expect(resolve(success.content["application/json"].schema).properties, key).toHaveProperty("words_hash")
    }
  })
})

for (const database of databases) {
  describe(`words_hash on every call that changes anything (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it("answers each write with the hash that now stands, which feeds the next If-Match", async () => {
      const { ada, bea, beta } = await twoOrgs(service.url)
      let id = ""
      /** A successful write's answer must carry exactly the words_hash a read now shows. */
      const standing = async (what: string, reply: { status: number; body: any }) => {
        expect(reply.status, `${what}: ${JSON.stringify(reply.body)}`).toBeLessThan(300)
        expect(reply.body.words_hash, what).toBe((await ada.sheet(id)).words_hash)
        return reply.body.words_hash as string
      }
      const as = (seat: typeof ada) => ({ key: seat.org.keys.test, person: seat.person })

      const drafted = await ada.post("/contracts", { template_id: "tpl_mutual_nda", facts: { party_a: "Acme Ltd" } }, { "idempotency-key": idempotencyKey() })
      id = drafted.body.id
      let hash = await standing("draft", drafted)
      const partyB = drafted.body.facts.find((f: { name: string }) => f.name === "party_b").id
      await standing("set a fact", await ada.post(`/contracts/${id}/facts/${partyB}`, { value: "Beta GmbH" }, { "if-match": hash }))
      hash = await standing("confirm a fact", await ada.post(`/contracts/${id}/facts/${partyB}/confirm`))
      hash = await standing(
        "send",
        await ada.send(id, hash, { recipients: [{ email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator", "signer"] }], confirmed_by: ada.person })
      )
      const clauses = (await ada.sheet(id)).blocks.filter((b: { kind: string }) => b.kind === "clause")
      const staged = await bea.stage(id, hash, { block_id: clauses[0].id, type: "counter", text: "Narrower.", why: "w" })
      await standing("stage", staged)
      await standing("drop a staged decision", await call(service.url, "DELETE", `/contracts/${id}/decisions/${staged.body.id}`, as(bea)))
      await bea.stage(id, hash, { block_id: clauses[0].id, type: "counter", text: "Narrower.", why: "w" })
      await standing("set the reply note", await call(service.url, "PATCH", `/contracts/${id}/reply`, { ...as(bea), body: { note: "One change." } }))
      hash = await standing("commit", await bea.commit(id, hash))
      const ask = (await ada.get(`/contracts/${id}/asks`)).body.data[0].id
      await bea.stage(id, hash, { block_id: clauses[1].id, type: "counter", text: "Shorter.", why: "w" })
      await standing("discard the reply", await call(service.url, "DELETE", `/contracts/${id}/reply`, as(bea)))
      await ada.stage(id, hash, { block_id: clauses[1].id, type: "counter", text: "Ours.", why: "w" })
      await standing("commit", await ada.commit(id, hash))
      const ours = (await ada.get(`/contracts/${id}/asks`)).body.data.find((a: { id: string }) => a.id !== ask).id
      await standing("withdraw an ask", await ada.post(`/asks/${ours}/withdraw`))
      const invited = await ada.post(`/contracts/${id}/invite`, { email: ada.org.people[1]!.email, name: "Brook", capacity: ["signer"] })
      await standing("invite", invited)
      hash = await standing("remove a party", await call(service.url, "DELETE", `/contracts/${id}/parties/${invited.body.party}`, as(ada)))
      await ada.stage(id, hash, { ask_id: ask, type: "accept" })
      hash = await standing("commit (lands)", await ada.commit(id, hash))
      hash = await standing("commit (agrees)", await bea.commit(id, hash))
      const signed = await ada.sign(id, hash)
      await standing("sign", signed)
      hash = await standing(
        "withdraw a signature",
        await call(service.url, "POST", `/signatures/${signed.body.id}/withdraw`, {
          ...as(ada),
          body: { confirmed_by: ada.person },
          headers: { "idempotency-key": idempotencyKey() }
        })
      )
      await ada.sign(id, hash)
      await standing("sign (executes)", await bea.sign(id, hash))
      const amended = await call(service.url, "POST", `/contracts/${id}/amend`, { ...as(ada), headers: { "idempotency-key": idempotencyKey() } })
      id = amended.body.id
      await standing("amend", amended)
      await standing(
        "cancel",
        await call(service.url, "POST", `/contracts/${id}/cancel`, {
          ...as(ada),
          body: { reason: "Not needed." },
          headers: { "idempotency-key": idempotencyKey() }
        })
      )
    })
  })
}
