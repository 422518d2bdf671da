import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { connect } from "node:net"
import { call, createOrg, idempotencyKey, type Org } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type Running, startService } from "./support/service.js"
import { expectSound } from "./torture/checks.js"
import { rawExchange } from "./torture/socket.js"

/**
 * Writes `parts` one after another with `pause` ms between them and never finishes the request:
 * what a slow or stalled client does. Resolves with the answer and how long it took to come.
 */
const stalledExchange = (url: string, parts: ReadonlyArray<string>, pause = 0) =>
  new Promise<{ status: number; text: string; headers: string; seconds: number }>((resolve, reject) => {
    const { hostname, port } = new URL(url)
    const started = Date.now()
    const socket = connect(Number(port), hostname, async () => {
      for (const part of parts) {
        socket.write(part)
        await new Promise((wait) => setTimeout(wait, pause))
      }
    })
    let answer = ""
    socket.setTimeout(15_000, () => socket.destroy(new Error("no answer within 15 s")))
    socket.on("data", (chunk) => (answer += chunk.toString("utf8")))
    socket.on("error", reject)
    socket.on("close", () => {
      const [headers = "", text = ""] = answer.split("\r\n\r\n")
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0), text, headers, seconds: (Date.now() - started) / 1000 })
    })
  })

for (const database of databases) {
  describe(`strict readings of what a client sends (${database.name})`, () => {
    let service: Running
    let org: Org
    beforeAll(async () => {
      service = await startService(database, { clientTimeoutSeconds: 1 })
      org = await createOrg(service.url, "Strict Ltd")
    })
    afterAll(() => service.stop())

    const draft = (raw: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
      fetch(`${service.url}/contracts`, {
        method: "POST",
        headers: { authorization: `Bearer ${org.keys.live}`, "contracts-acting-person": org.people[0]!.id, "idempotency-key": idempotencyKey(), ...headers },
        body: raw
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as any }))
    const contracts = async () => (await call(service.url, "GET", "/contracts?limit=100", { key: org.keys.live })).body.data.length
    const refusedAt = (reply: { status: number; body: any }, param: string) => {
      expect(reply.status, JSON.stringify(reply.body)).toBe(400)
      expect(reply.body.error).toMatchObject({ code: "invalid_request", param })
    }

    it("refuses a key sent twice in one object, naming it, where JSON.parse would let the last win", async () => {
      const before = await contracts()
      refusedAt(await draft(`{"template_id":"tpl_mutual_nda","template_id":"tpl_mutual_nda"}`), "template_id")
      refusedAt(await draft(`{"template_id":"tpl_mutual_nda","facts":{"party_a":"","party_a":"Acme Ltd"}}`), "facts.party_a")
      // The same key however it is escaped.
      refusedAt(await draft(`{"template_id":"tpl_mutual_nda","facts":{"party_a":"A","party\\u005fa":"B"}}`), "facts.party_a")
      expect(await contracts()).toBe(before)
      // The same key in two different objects is two keys.
      expect((await draft(`{"template_id":"tpl_mutual_nda","facts":{"party_a":"Acme Ltd","party_b":"Beta GmbH"}}`)).status).toBe(201)
    })

    it("refuses a number too small to be anything but 0, as it refuses one too large", async () => {
      const before = await contracts()
      refusedAt(await draft(`{"template_id":"tpl_mutual_nda","facts":{"party_a":1e-400}}`), "facts.party_a")
      refusedAt(await draft(`{"template_id":"tpl_mutual_nda","facts":{"party_a":-2.5E-999}}`), "facts.party_a")
      expect(await contracts()).toBe(before)
    })

    it("reads a body only as application/json in UTF-8: no Content-Type, another type or another charset is 400", async () => {
      const before = await contracts()
      const body = `{"template_id":"tpl_mutual_nda"}`
      const types: ReadonlyArray<Record<string, string>> = [{}, { "content-type": "text/plain" }, { "content-type": "application/jsonp" }, {
        "content-type": "application/json; charset=utf-16"
      }]
      for (const headers of types) {
        refusedAt(await draft(body, headers), "Content-Type")
      }
      // No body but a type that is not JSON: never handed to another decoder (multipart without a boundary was a 500).
      for (const type of ["multipart/form-data", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded"]) {
        refusedAt(await draft("", { "content-type": type }), "Content-Type")
      }
      expect(await contracts()).toBe(before)
      expect((await draft(body, { "content-type": "application/json; charset=\"UTF-8\"" })).status).toBe(201)
    })

    it("refuses two Authorization headers with 401, even when both would be valid", async () => {
      for (const second of [org.keys.test, org.keys.live]) {
        const answer = await rawExchange(
          service.url,
          Buffer.from(
            `GET /me HTTP/1.1\r\nhost: localhost\r\nauthorization: Bearer ${org.keys.live}\r\nauthorization: Bearer ${second}\r\nconnection: close\r\n\r\n`
          )
        )
        expectSound(answer, "two Authorization headers")
        expect(answer.status).toBe(401)
        expect(JSON.parse(answer.text).error).toMatchObject({ code: "unauthorized", param: "Authorization" })
      }
    })

    it("answers an HTTP/1.1 request without a Host, or with two, in the envelope", async () => {
      for (const hosts of ["", "host: a\r\nhost: b\r\n"]) {
        const answer = await rawExchange(
          service.url,
          Buffer.from(`GET /templates HTTP/1.1\r\n${hosts}authorization: Bearer ${org.keys.live}\r\nconnection: close\r\n\r\n`)
        )
        expectSound(answer, `hosts: ${JSON.stringify(hosts)}`)
        expect(JSON.parse(answer.text).error).toMatchObject({ code: "invalid_request", param: "Host" })
      }
    })

    it("answers 408 in the envelope when headers never finish or a body stops arriving, within the client timeout", async () => {
      const head = (length: number, type = "application/json") =>
        `POST /contracts HTTP/1.1\r\nhost: localhost\r\nauthorization: Bearer ${org.keys.live}\r\ncontracts-acting-person: ${org.people[0]!.id}\r\n` +
        `idempotency-key: ${idempotencyKey()}\r\ncontent-type: ${type}\r\ncontent-length: ${length}\r\n\r\n`
      const before = await contracts()
      const cases = {
        "headers that never end": stalledExchange(service.url, ["GET /me HTTP/1.1\r\nhost: localhost\r\n"]),
        "headers dripping slower than the timeout allows in all": stalledExchange(
          service.url,
          ["GET /me HTTP/1.1\r\n", "host: x\r\n", "a: b\r\n", "c: d\r\n"],
          450
        ),
        "a JSON body shorter than its Content-Length": stalledExchange(service.url, [head(100), `{"template_id":`]),
        "an upload that stops inside its file": stalledExchange(service.url, [
          head(10_000, "multipart/form-data; boundary=zz").replace("/contracts", "/imports"),
          `--zz\r\nContent-Disposition: form-data; name="files[]"; filename="a.txt"\r\n\r\nThis Agreement`
        ])
      }
      for (const [what, exchange] of Object.entries(cases)) {
        const answer = await exchange
        expect(answer.status, `${what}: ${answer.headers}`).toBe(408)
        expectSound(answer, what)
        expect(answer.seconds, what).toBeLessThan(10)
      }
      expect(await contracts()).toBe(before)
    }, 30_000)
  })
}
