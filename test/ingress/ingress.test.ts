import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { readFile } from "node:fs/promises"
import { freePort } from "../support/childService.js"
import { call, createOrg, idempotencyKey, type Org, seat } from "../support/client.js"
import { databases } from "../support/databases.js"
import { makeDocx, makeTxt } from "../support/documents.js"
import { sampleAgreement, settledBatch } from "../support/imports.js"
import { forwardedThread, mailer } from "../support/mail.js"
import { twoOrgs } from "../support/negotiation.js"
import { type Running, startService } from "../support/service.js"

const maxBytes = 200_000

for (const database of databases) {
  describe(`mail ingress (${database.name})`, () => {
    let service: Running
    let port: number
    beforeAll(async () => {
      port = await freePort()
      service = await startService(database, { ingressSmtpPort: port, ingressMaxBytes: maxBytes })
    })
    afterAll(() => service.stop())

    const addressOf = async (org: Org, key = org.keys.live) => {
      const reply = await call(service.url, "GET", "/ingress/address", { key })
      expect(reply.status, reply.text).toBe(200)
      return reply.body.address as string
    }
    /** Waits until the org's list holds `count` messages (the listener answers 250 only once it has stored one). */
    const inbox = async (org: Org, key = org.keys.live, query = "") => {
      const reply = await call(service.url, "GET", `/ingress${query}`, { key })
      expect(reply.status, reply.text).toBe(200)
      return reply.body.data as Array<any>
    }
    const accept = (org: Org, id: string, body: Record<string, unknown> = {}, key = idempotencyKey(), apiKey = org.keys.live) =>
      call(service.url, "POST", `/ingress/${id}/accept`, { key: apiKey, person: org.people[0]!.id, body, headers: { "idempotency-key": key } })
    const docx = async () => readFile(await makeDocx(sampleAgreement.map((text) => ({ text }))))

    it("gives each org one address per mode, fixed once made", async () => {
      const acme = await createOrg(service.url)
      const beta = await createOrg(service.url)
      const live = await addressOf(acme)
      expect(live).toMatch(/^in-[0-9a-f]{24}@ingress\.localhost$/)
      expect(await addressOf(acme)).toBe(live)
      const test = await addressOf(acme, acme.keys.test)
      expect(test).not.toBe(live)
      expect(await addressOf(beta)).not.toBe(live)
      const body = (await call(service.url, "GET", "/ingress/address", { key: acme.keys.test })).body
      expect(body).toEqual({ object: "ingress_address", address: test, livemode: false })
    })

    it("receives a forwarded thread with a DOCX over SMTP, lists it, announces it, and accepts it into a contract of origin email", async () => {
      const acme = await createOrg(service.url)
      const [ada, brook] = acme.people
      const to = await addressOf(acme)
      const thread = forwardedThread({
        from: "legal@northwind.test",
        name: "Grace Hopper",
        date: "Mon, 16 Nov 2026 at 10:12",
        subject: "Consulting Agreement",
        body: "Grace here. The signed consulting agreement is attached."
      })
      await mailer(port).sendMail({
        from: `${ada!.name} <${ada!.email}>`,
        to,
        subject: "Fwd: Consulting Agreement",
        text: thread,
        attachments: [{ filename: "consulting.docx", content: await docx() }]
      })
      const [message] = await inbox(acme)
      expect(message).toMatchObject({
        object: "ingress_message",
        address: to,
        from: { address: ada!.email.toLowerCase() },
        subject: "Consulting Agreement",
        state: "detected",
        attachments: [{ index: 0, filename: "consulting.docx", importable: true }],
        forwarded: [{ author: "legal@northwind.test", author_name: "Grace Hopper", authored_at: "2026-11-16T10:12:00.000Z" }],
        contracts: [],
        import: null,
        contract: null
      })
      expect(message.asset).toMatch(/^ast_/)
      // The org stream and the forwarder's feed say so; Brook did not forward it, so his feed does not.
      const events = (await call(service.url, "GET", "/events", { key: acme.keys.live })).body.data
      expect(events.filter((e: { type: string }) => e.type === "ingress.detected").map((e: any) => e.data)).toEqual([
        expect.objectContaining({ ingress: message.id, subject: "Consulting Agreement", attachments: ["consulting.docx"] })
      ])
      expect((await seat(service.url, acme).get("/attention")).body.mail).toEqual([
        { ingress: message.id, from: message.from, subject: "Consulting Agreement", attachments: 1, since: message.received_at }
      ])
      expect((await seat(service.url, acme, brook!.id).get("/attention")).body.mail).toEqual([])

      const key = idempotencyKey()
      const accepted = await accept(acme, message.id, {}, key)
      expect(accepted.status, accepted.text).toBe(200)
      expect(accepted.body).toMatchObject({ id: message.id, state: "accepted", decided_by: ada!.id, import: expect.stringMatching(/^imp_/) })
      // The same key replays the answer; a second decision under another key is refused.
      expect((await accept(acme, message.id, {}, key)).body).toEqual(accepted.body)
      const again = await accept(acme, message.id)
      expect(again.status).toBe(400)
      expect(again.body.error.param).toBe("id")

      const imported = (await call(service.url, "GET", `/imports/${accepted.body.import}`, { key: acme.keys.live })).body
      const [row] = await settledBatch(service.url, acme.keys.live, imported.batch)
      expect(row).toMatchObject({ state: "parsed", filename: "consulting.docx" })
      const contract = (await seat(service.url, acme).get(`/contracts/${row.contract}`)).body
      expect(contract).toMatchObject({ origin: "email", state: "draft" })
      expect((await call(service.url, "GET", `/contracts?origin=email`, { key: acme.keys.live })).body.data.map((c: any) => c.id)).toEqual([row.contract])
      expect((await inbox(acme))[0]).toMatchObject({ state: "accepted", contract: row.contract })
      expect((await seat(service.url, acme).get("/attention")).body.mail).toEqual([])
    })

    it("records a thread that continues a negotiated contract as an imported letter", async () => {
      const { acme, ada, bea, beta, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const to = await addressOf(acme, acme.keys.test)
      await mailer(port).sendMail({
        from: `${acme.people[0]!.name} <${acme.people[0]!.email}>`,
        to,
        subject: `Fwd: Re: Mutual Non-Disclosure Agreement`,
        inReplyTo: `<msg_aaaaaaaaaaaaaaaaaaaa.${drafted.id}@ingress.localhost>`,
        text: forwardedThread({
          from: beta.people[0]!.email,
          name: "Bea",
          date: "Tue, 17 Nov 2026 at 09:30",
          subject: "Re: Mutual Non-Disclosure Agreement",
          body: "We can live with two years, but not three."
        }, "Their answer by mail, for the record.")
      })
      const [message] = await inbox(acme, acme.keys.test)
      expect(message.contracts).toEqual([drafted.id])
      const before = await ada.sheet(drafted.id)
      const accepted = await accept(acme, message.id, {}, idempotencyKey(), acme.keys.test)
      expect(accepted.status, accepted.text).toBe(200)
      expect(accepted.body).toMatchObject({ state: "accepted", contract: drafted.id, letter: expect.stringMatching(/^let_/), import: null })
      const letters = (await ada.get(`/contracts/${drafted.id}/letters`)).body.data
      expect(letters.find((l: { id: string }) => l.id === accepted.body.letter)).toMatchObject({
        kind: "imported",
        author: beta.people[0]!.email.toLowerCase(),
        authored_at: "2026-11-17T09:30:00.000Z",
        asks: [],
        decisions: []
      })
      const events = (await ada.events(drafted.id)).data
      expect(events.find((e: { type: string }) => e.type === "letter.imported").data).toMatchObject({ origin: "email", letter: accepted.body.letter })
      // Nothing about the words moved, and Beta, which the thread names, reads no message of Acme's.
      expect((await ada.sheet(drafted.id)).words_hash).toBe(before.words_hash)
      expect(await inbox(beta, beta.keys.test)).toEqual([])
      expect((await call(service.url, "GET", `/ingress/${message.id}`, { key: beta.keys.test })).status).toBe(404)
      expect((await bea.get(`/contracts/${drafted.id}`)).status).toBe(200)
    })

    it("reads a forward whose only body is HTML beside its attachment, as mail clients send them", async () => {
      const acme = await createOrg(service.url)
      const html = forwardedThread({
        from: "counsel@initech.test",
        name: "Bill Lumbergh",
        date: "Wed, 18 Nov 2026 at 14:05",
        subject: "Services agreement",
        body: "Attached is our signed copy."
      }).split("\n").map((line) => `<div>${line === "" ? "<br>" : line.replace(/</g, "&lt;")}</div>`).join("")
      await mailer(port).sendMail({
        from: acme.people[0]!.email,
        to: await addressOf(acme),
        subject: "Fwd: Services agreement",
        html,
        attachments: [{ filename: "services.pdf", content: Buffer.from("%PDF-1.4 not really") }]
      })
      const [message] = await inbox(acme)
      expect(message.forwarded).toEqual([
        { author: "counsel@initech.test", author_name: "Bill Lumbergh", authored_at: "2026-11-18T14:05:00.000Z", subject: "Services agreement" }
      ])
      expect(message.attachments).toEqual([expect.objectContaining({ filename: "services.pdf", importable: true })])
    })

    it("rejects a message: nothing imported, and it leaves the feed", async () => {
      const acme = await createOrg(service.url)
      const to = await addressOf(acme)
      await mailer(port).sendMail({
        from: "someone@outside.test",
        to,
        subject: "Spam",
        text: "Buy now.",
        attachments: [{ filename: "a.txt", content: "Hello" }]
      })
      const [message] = await inbox(acme)
      // Forwarded by nobody of the org: it waits on everyone in it.
      expect((await seat(service.url, acme, acme.people[1]!.id).get("/attention")).body.mail.map((m: any) => m.ingress)).toEqual([message.id])
      const rejected = await call(service.url, "POST", `/ingress/${message.id}/reject`, {
        key: acme.keys.live,
        person: acme.people[1]!.id,
        body: {},
        headers: { "idempotency-key": idempotencyKey() }
      })
      expect(rejected.status, rejected.text).toBe(200)
      expect(rejected.body).toMatchObject({ state: "rejected", import: null, contract: null, decided_by: acme.people[1]!.id })
      expect((await seat(service.url, acme).get("/attention")).body.mail).toEqual([])
      expect((await accept(acme, message.id)).status).toBe(400)
      expect(await inbox(acme, acme.keys.live, "?state=detected")).toEqual([])
    })

    it("refuses unknown recipients at RCPT TO and oversize mail at DATA, storing nothing", async () => {
      const acme = await createOrg(service.url)
      const to = await addressOf(acme)
      for (const stranger of ["in-000000000000000000000000@ingress.localhost", to.replace("ingress.localhost", "elsewhere.test")]) {
        const refused = await mailer(port).sendMail({ from: "x@y.test", to: stranger, subject: "Hi", text: "Hi" }).catch((error) => error)
        expect(refused.responseCode, stranger).toBe(550)
      }
      const big = await mailer(port).sendMail({
        from: "x@y.test",
        to,
        subject: "Big",
        text: "x",
        attachments: [{ filename: "big.txt", content: "y".repeat(maxBytes) }]
      }).catch((error) => error)
      expect(big.responseCode).toBe(552)
      expect(await inbox(acme)).toEqual([])
    })

    it("keeps hostile messages as received and goes on serving: deep MIME nesting, NUL, invalid UTF-8, endless headers", async () => {
      const acme = await createOrg(service.url)
      const to = await addressOf(acme)
      // Both under the test's 200 kB limit, so they reach the reading.
      const depth = 2000
      const nested = [
        ...Array.from({ length: depth }, (_, i) => `Content-Type: multipart/mixed; boundary=b${i}\r\n\r\n--b${i}\r\n`),
        "Content-Type: text/plain\r\n\r\ninnermost\r\n",
        ...Array.from({ length: depth }, (_, i) => `--b${depth - 1 - i}--\r\n`)
      ].join("")
      const hostile = [
        `From: x@y.test\r\nTo: ${to}\r\nSubject: Fwd: deep\r\nMIME-Version: 1.0\r\n${nested}`,
        `From: "\u0000\ud800" <x@y.test>\r\nTo: ${to}\r\nSubject: \u0000 NUL \ud800\r\n\r\nBody \u0000 with NUL, con_AAAAAAAAAAAAAAAAAAAA and \ud800.\r\n`,
        `From: x@y.test\r\nTo: ${to}\r\n${"X-Junk: 1\r\n".repeat(12_000)}Subject: many headers\r\n\r\nbody\r\n`
      ]
      for (const raw of hostile) {
        const sent = await mailer(port).sendMail({ envelope: { from: "x@y.test", to: [to] }, raw }).catch((error) => error)
        // Taken, or refused with an SMTP answer: never a dropped connection or a dead listener.
        if (sent instanceof Error) expect((sent as { responseCode?: number }).responseCode, sent.message).toBeGreaterThanOrEqual(400)
      }
      const invalidUtf8 = Buffer.concat([Buffer.from(`From: x@y.test\r\nTo: ${to}\r\nSubject: bytes\r\n\r\n`), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x00])])
      await mailer(port).sendMail({ envelope: { from: "x@y.test", to: [to] }, raw: invalidUtf8 }).catch((error) => error)
      // Whatever was stored reads back as the envelope's JSON, and the listener still takes a plain message.
      await mailer(port).sendMail({ from: "x@y.test", to, subject: "After", text: "Still here." })
      const listed = await inbox(acme, acme.keys.live, "?limit=100")
      expect(listed.map((m) => m.subject)).toContain("After")
      // Every hostile message was taken: its bytes are kept as an eml asset, whatever its reading found.
      expect(listed).toHaveLength(hostile.length + 2)
      // However deep the body, the outer message's headers are read.
      expect(listed.find((m) => m.subject === "deep")).toMatchObject({ from: { address: "x@y.test" } })
      for (const message of listed) {
        expect(JSON.stringify(message)).not.toMatch(/\\u0000/)
        expect((await call(service.url, "GET", `/ingress/${message.id}`, { key: acme.keys.live })).status).toBe(200)
      }
    })

    it("keeps one copy per org for a message sent to two orgs, each seeing only its own", async () => {
      const acme = await createOrg(service.url)
      const beta = await createOrg(service.url)
      await mailer(port).sendMail({ from: "x@y.test", to: [await addressOf(acme), await addressOf(beta)], subject: "Both", text: "Hello both." })
      const [ours] = await inbox(acme)
      const [theirs] = await inbox(beta)
      expect(ours.id).not.toBe(theirs.id)
      expect(ours.asset).not.toBe(theirs.asset)
      expect((await call(service.url, "GET", `/ingress/${ours.id}`, { key: beta.keys.live })).status).toBe(404)
      expect((await call(service.url, "GET", `/ingress?starting_after=${ours.id}`, { key: beta.keys.live })).status).toBe(400)
    })

    it("refuses to accept without an attachment an import takes, leaving the message waiting", async () => {
      const acme = await createOrg(service.url)
      const to = await addressOf(acme)
      await mailer(port).sendMail({
        from: acme.people[0]!.email,
        to,
        subject: "Pictures",
        text: "See attached.",
        attachments: [{ filename: "photo.png", content: Buffer.from([0x89, 0x50, 0x4e, 0x47]) }]
      })
      const [message] = await inbox(acme)
      expect(message.attachments).toEqual([expect.objectContaining({ filename: "photo.png", importable: false })])
      const none = await accept(acme, message.id)
      expect(none.status).toBe(400)
      expect(none.body.error.param).toBe("attachment")
      const wrong = await accept(acme, message.id, { attachment: 0 })
      expect(wrong.status).toBe(415)
      const missing = await accept(acme, message.id, { attachment: 7 })
      expect(missing.body.error.param).toBe("attachment")
      const noKey = await call(service.url, "POST", `/ingress/${message.id}/accept`, { key: acme.keys.live, person: acme.people[0]!.id, body: {} })
      expect(noKey.status).toBe(400)
      const guestless = await call(service.url, "POST", `/ingress/${message.id}/accept`, {
        key: acme.keys.live,
        body: {},
        headers: { "idempotency-key": idempotencyKey() }
      })
      expect(guestless.body.error.code).toBe("acting_person_required")
      expect((await inbox(acme))[0]).toMatchObject({ state: "detected", import: null, decided_by: null })
      // A text attachment is taken.
      await mailer(port).sendMail({
        from: acme.people[0]!.email,
        to,
        subject: "Terms",
        text: "Attached.",
        attachments: [{ filename: "terms.txt", content: await readFile(makeTxt(sampleAgreement.join("\n\n"))) }]
      })
      const terms = (await inbox(acme)).find((m) => m.subject === "Terms")
      expect((await accept(acme, terms.id, { already_signed: true })).body).toMatchObject({ state: "accepted", import: expect.stringMatching(/^imp_/) })
    })
  })
}
