import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { connect } from "node:net"
import { call, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { everythingVisible, twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService } from "./support/service.js"

type Sides = Awaited<ReturnType<typeof twoOrgs>>

/** A request Node's parser refuses, sent over a raw socket since fetch will not send it. */
const rawRequest = (url: string, request: string) =>
  new Promise<string>((resolve, reject) => {
    const { hostname, port } = new URL(url)
    const socket = connect(Number(port), hostname, () => socket.write(request))
    let answer = ""
    socket.on("data", (chunk) => (answer += chunk.toString("latin1")))
    socket.on("end", () => resolve(answer))
    socket.on("error", reject)
  })

for (const database of databases) {
  describe(`hostile input is refused, never a 500, and stores nothing (${database.name})`, () => {
    let service: Running
    let sides: Sides
    let contract: { id: string; words_hash: string; blocks: ReadonlyArray<{ id: string; kind: string }>; facts: ReadonlyArray<{ id: string; name: string }> }
    beforeAll(async () => {
      service = await sharedService(database)
      sides = await twoOrgs(service.url)
      contract = (await sides.sent()).drafted
    })
    afterAll(() => service.stop())

    /** Both sides' whole view, with the drafting org's list: what a refused request must leave alone. */
    const snapshot = async () => ({
      ada: await everythingVisible(sides.ada, contract.id),
      bea: await everythingVisible(sides.bea, contract.id),
      beaReply: (await sides.bea.get(`/contracts/${contract.id}/reply`)).body
    })

    const expectRefused = (reply: { status: number; body: any }, param: string | undefined) => {
      expect(reply.status, JSON.stringify(reply.body)).toBe(400)
      expect(reply.body.error.code).toBe("invalid_request")
      if (param === undefined) expect(reply.body.error).not.toHaveProperty("param")
      else expect(reply.body.error.param).toBe(param)
    }

    it("refuses NUL and lone surrogates in every kind of string field, naming the field", async () => {
      const before = await snapshot()
      const clause = contract.blocks.find((b) => b.kind === "clause")!
      const { ada, bea } = sides
      expectRefused(await bea.stage(contract.id, contract.words_hash, { block_id: clause.id, type: "counter", text: "Tex\u0000t", why: "w" }), "text")
      expectRefused(await bea.stage(contract.id, contract.words_hash, { block_id: clause.id, type: "counter", text: "T", why: "\ud800" }), "why")
      expectRefused(
        await call(service.url, "PATCH", `/contracts/${contract.id}/reply`, { key: bea.org.keys.test, person: bea.person, body: { note: "a\udc00b" } }),
        "note"
      )
      expectRefused(await bea.commit(contract.id, contract.words_hash, { note: "\u0000", confirmed_by: bea.person }), "note")
      expectRefused(await ada.sign(contract.id, contract.words_hash, { intent: "I agree\u0000" }), "intent")
      expectRefused(await bea.sign(contract.id, contract.words_hash, { confirmed_by: `${bea.person}\ud83d` }), "confirmed_by")
      expectRefused(
        await ada.send(contract.id, contract.words_hash, {
          recipients: [{ email: "x@y.test", name: "N\u0000", capacity: ["signer"] }],
          confirmed_by: ada.person
        }),
        "recipients.0.name"
      )
      // A hostile key is named by the object that holds it.
      expectRefused(await ada.post(`/contracts/${contract.id}/invite`, { ["em\u0000ail"]: "x@y.test", name: "N", capacity: ["signer"] }), undefined)
      expect(await snapshot()).toEqual(before)

      const drafts = (await ada.get("/contracts?state=draft")).body.data.length
      const draft = (facts: unknown) =>
        call(service.url, "POST", "/contracts", {
          key: ada.org.keys.test,
          person: ada.person,
          body: { template_id: "tpl_mutual_nda", facts },
          headers: { "idempotency-key": idempotencyKey() }
        })
      expectRefused(await draft({ party_a: "Acme\u0000 Ltd" }), "facts.party_a")
      expectRefused(await draft({ party_b: "\ud800Beta" }), "facts.party_b")
      expectRefused(await draft({ ["party\u0000"]: "x" }), "facts")
      expect((await ada.get("/contracts?state=draft")).body.data.length).toBe(drafts)
    })

    it("refuses numbers that are not the number the client wrote, naming the field", async () => {
      const before = await snapshot()
      const fact = contract.facts[0]!
      const raw = (text: string) =>
        call(service.url, "POST", `/contracts/${contract.id}/facts/${fact.id}`, {
          key: sides.ada.org.keys.test,
          person: sides.ada.person,
          raw: text,
          headers: { "if-match": contract.words_hash }
        })
      expectRefused(await raw(`{"value": 1e400}`), "value")
      expectRefused(await raw(`{"value": 9007199254740993}`), "value")
      expectRefused(await raw(`{"value": -9007199254740993}`), "value")
      expect(await snapshot()).toEqual(before)
    })

    it("refuses a body nested thousands deep, invalid UTF-8 and oversize bodies, with nothing stored", async () => {
      const before = await snapshot()
      const post = (body: string | Buffer, path = `/contracts/${contract.id}/reply`, method = "PATCH") =>
        fetch(`${service.url}${path}`, {
          method,
          headers: { authorization: `Bearer ${sides.bea.org.keys.test}`, "contracts-acting-person": sides.bea.person, "content-type": "application/json" },
          body
        }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }))
      for (const depth of [33, 5_000, 200_000]) {
        expectRefused(await post(`{"note":${"[".repeat(depth)}${"]".repeat(depth)}}`), undefined)
        expectRefused(await post(`{"note":"n","x":${"{\"a\":".repeat(depth)}1${"}".repeat(depth)}}`), undefined)
      }
      const utf8 = (bytes: ReadonlyArray<number>) => Buffer.concat([Buffer.from(`{"note":"ab`), Buffer.from(bytes), Buffer.from(`cd"}`)])
      for (const bytes of [[0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff], [0xe2, 0x82]]) {
        const reply = await post(utf8(bytes))
        expectRefused(reply, undefined)
        expect(reply.body.error.message).toContain("UTF-8")
      }
      // Streamed without a length, so only the reader's limit can stop it.
      const chunked = await fetch(`${service.url}/contracts/${contract.id}/reply`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${sides.bea.org.keys.test}`, "contracts-acting-person": sides.bea.person, "content-type": "application/json" },
        body: new ReadableStream({
          start(controller) {
            for (let i = 0; i < 40; i++) controller.enqueue(new TextEncoder().encode(`{"note":"${"x".repeat(64 * 1024)}`))
            controller.close()
          }
        }),
        duplex: "half"
      } as RequestInit)
      expect(chunked.status).toBe(400)
      expect(((await chunked.json()) as any).error.code).toBe("invalid_request")
      expect(await snapshot()).toEqual(before)
    })

    it("refuses NUL in path and query values, naming the parameter", async () => {
      const { ada } = sides
      expectRefused(await ada.get(`/contracts/${contract.id}%00/state`), "id")
      expectRefused(await ada.get(`/contracts/${contract.id}/letters/let_%00`), "letter_id")
      expectRefused(await ada.get(`/contracts?starting_after=con_%00`), "starting_after")
      expectRefused(await ada.get(`/contracts?relationship=%00`), "relationship")
      expectRefused(await ada.post(`/contracts/${contract.id}/invite?x=%00`, { email: "x@y.test", name: "N", capacity: ["signer"] }), "x")
    })

    it("never echoes more than a short prefix of a value in an error message", async () => {
      const long = `tpl_${"x".repeat(500_000)}`
      const reply = await call(service.url, "POST", "/contracts", {
        key: sides.ada.org.keys.test,
        person: sides.ada.person,
        body: { template_id: long },
        headers: { "idempotency-key": idempotencyKey() }
      })
      expect(reply.status).toBe(404)
      expect(reply.body.error.message.length).toBeLessThanOrEqual(300)
      expect(reply.text.length).toBeLessThan(1_000)
      const tooLong = await sides.bea.stage(contract.id, contract.words_hash, {
        block_id: contract.blocks[1]!.id,
        type: "counter",
        text: "t".repeat(100_000),
        why: "w"
      })
      expect(tooLong.status).toBe(400)
      expect(tooLong.text.length).toBeLessThan(1_000)
      const version = await call(service.url, "GET", "/me", { key: sides.ada.org.keys.test, headers: { "contracts-version": "v".repeat(8_000) } })
      expect(version.status).toBe(400)
      expect(version.text.length).toBeLessThan(1_000)
    })

    it("answers a request Node's parser refuses in the envelope", async () => {
      const host = new URL(service.url).host
      for (const header of ["X-Bad: a\u0000b", "X-Bad: a\rb", "Bad Name: x"]) {
        const answer = await rawRequest(service.url, `GET /me HTTP/1.1\r\nHost: ${host}\r\n${header}\r\n\r\n`)
        expect(answer.startsWith("HTTP/1.1 400 "), answer).toBe(true)
        const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))
        expect(body.error).toMatchObject({ code: "invalid_request", type: "invalid_request_error", doc_url: expect.any(String) })
      }
    })

    it("keeps valid text that only looks odd exactly as sent", async () => {
      const odd = "\u0301 accent first, \u202eRTL override\u202c, zero\u200bwidth, BOM\ufeff, emoji 👩🏽‍⚖️, max ok"
      const { bea } = sides
      const clause = contract.blocks.filter((b) => b.kind === "clause")[2]!
      const staged = await bea.stage(contract.id, contract.words_hash, { block_id: clause.id, type: "counter", text: odd, why: odd })
      expect(staged.status).toBe(201)
      const note = await call(service.url, "PATCH", `/contracts/${contract.id}/reply`, { key: bea.org.keys.test, person: bea.person, body: { note: odd } })
      expect(note.status).toBe(200)
      const reply = (await bea.get(`/contracts/${contract.id}/reply`)).body
      expect(reply.note).toBe(odd)
      expect(reply.decisions[0]).toMatchObject({ text: odd, why: odd })
      expect((await call(service.url, "DELETE", `/contracts/${contract.id}/reply`, { key: bea.org.keys.test, person: bea.person })).status).toBe(200)
    })
  })
}
