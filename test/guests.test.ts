import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService } from "./support/service.js"

for (const database of databases) {
  describe(`guests (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    /** An NDA sent by Acme to someone with no org on this server: they get a guest link by mail. */
    const sentToGuest = async (capacity: ReadonlyArray<string> = ["negotiator", "signer"]) => {
      const { ada } = await twoOrgs(service.url)
      const drafted = (await ada.draft()).body
      const email = `gail.${Math.random().toString(36).slice(2)}@outside.test`
      const sent = await ada.send(drafted.id, drafted.words_hash, {
        recipients: [{ email, name: "Gail Guest", capacity }],
        confirmed_by: ada.person
      })
      expect(sent.status).toBe(200)
      const mail = (await ada.get("/sandbox/outbox")).body.data.find((m: { to: string }) => m.to === email)
      const token = new URL(mail.link).searchParams.get("t")!
      const read = (path: string) => call(service.url, "GET", `${path}${path.includes("?") ? "&" : "?"}t=${token}`)
      const write = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
        call(service.url, method, path, { body, headers: { authorization: `Token ${token}`, ...headers } })
      return { ada, drafted, token, email, read, write }
    }

    it("mails a guest link that reads the contract with ?t=", async () => {
      const { drafted, token, read, email } = await sentToGuest()
      expect(token).toMatch(/^gtk_/)
      const sheet = await read(`/contracts/${drafted.id}`)
      expect(sheet.status).toBe(200)
      expect(sheet.body.you).toMatchObject({ is_guest: true, capacity: ["negotiator", "signer"] })
      const me = await read("/me")
      expect(me.body).toMatchObject({ is_guest: true, org_id: null, credential: "guest_token", email })
      expect(me.body.parties).toHaveLength(1)
      expect(me.body.parties[0].contract).toBe(drafted.id)
    })

    it("lets a guest reply with the token in the header, the guest as confirmed_by", async () => {
      const { ada, drafted, write, read } = await sentToGuest()
      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
      const staged = await write("POST", `/contracts/${drafted.id}/decisions`, { block_id: clause.id, type: "counter", text: "Guest words.", why: "Mine" }, {
        "if-match": drafted.words_hash
      })
      expect(staged.status).toBe(201)
      const committed = await write("POST", `/contracts/${drafted.id}/replies`, {}, { "if-match": drafted.words_hash, "idempotency-key": idempotencyKey() })
      expect(committed.status).toBe(200)
      const letter = (await ada.get(`/contracts/${drafted.id}/letters/latest`)).body
      const me = (await read("/me")).body
      expect(letter.confirmed_by).toBe(me.person_id)
      expect(letter.asks[0].proposed).toBe("Guest words.")
    })

    it("refuses a guest write with the token only in the URL, and guest confirmed_by or acting person", async () => {
      const { drafted, token, write } = await sentToGuest()
      const inUrl = await call(service.url, "POST", `/contracts/${drafted.id}/replies?t=${token}`, {
        body: {},
        headers: { "if-match": drafted.words_hash, "idempotency-key": idempotencyKey() }
      })
      expect(inUrl.status).toBe(401)
      expect(inUrl.body.error.code).toBe("unauthorized")
      const confirmed = await write("POST", `/contracts/${drafted.id}/replies`, { confirmed_by: "per_x" }, {
        "if-match": drafted.words_hash,
        "idempotency-key": idempotencyKey()
      })
      expect(confirmed.status).toBe(400)
      expect(confirmed.body.error).toMatchObject({ code: "invalid_request", param: "confirmed_by" })
      const acting = await write("POST", `/contracts/${drafted.id}/replies`, {}, {
        "if-match": drafted.words_hash,
        "idempotency-key": idempotencyKey(),
        "contracts-acting-person": "per_x"
      })
      expect(acting.status).toBe(400)
      expect(acting.body.error).toMatchObject({ code: "invalid_request", param: "Contracts-Acting-Person" })
    })

    it("lets a guest invite on their own side only, never above their own capacity", async () => {
      const { ada, drafted, write } = await sentToGuest(["negotiator"])
      const colleague = `gus.${Math.random().toString(36).slice(2)}@outside.test`
      const above = await write("POST", `/contracts/${drafted.id}/invite`, { email: colleague, name: "Gus", capacity: ["negotiator", "signer"] })
      expect(above.status).toBe(403)
      expect(above.body.error).toMatchObject({ code: "not_a_signer", param: "capacity" })
      const otherSide = await write("POST", `/contracts/${drafted.id}/invite`, { email: ada.org.people[1]!.email, name: "Brook", capacity: ["negotiator"] })
      expect(otherSide.status).toBe(400)
      expect(otherSide.body.error).toMatchObject({ code: "invalid_request", param: "email" })
      const before = await ada.get(`/contracts/${drafted.id}`)
      expect(before.body.parties).toHaveLength(2)
      const invited = await write("POST", `/contracts/${drafted.id}/invite`, { email: colleague, name: "Gus", capacity: ["negotiator"] })
      expect(invited.status).toBe(201)
      expect(invited.body).toMatchObject({ invited: true, link_sent: true })
      const parties = (await ada.get(`/contracts/${drafted.id}`)).body.parties
      expect(parties.find((p: { id: string }) => p.id === invited.body.party)).toMatchObject({ side: "counterparty", capacity: ["negotiator"] })
      const mail = (await ada.get("/sandbox/outbox")).body.data.find((m: { to: string }) => m.to === colleague)
      expect(mail.link).toMatch(/\?t=gtk_/)
    })

    it("lets a guest sign as itself with no confirmed_by, read its own feed, and execute the contract", async () => {
      const { ada, drafted, write, read, token } = await sentToGuest()
      const agreed = await write("POST", `/contracts/${drafted.id}/replies`, {}, { "if-match": drafted.words_hash, "idempotency-key": idempotencyKey() })
      expect(agreed.body.state).toBe("agreed")
      const feed = await call(service.url, "GET", "/attention", { headers: { authorization: `Token ${token}` } })
      expect(feed.body.data.flatMap((g: { rows: ReadonlyArray<{ kind: string }> }) => g.rows.map((r) => r.kind))).toEqual(["sign_wait"])
      const signed = await write("POST", `/contracts/${drafted.id}/signatures`, { text_hash: drafted.words_hash }, { "idempotency-key": idempotencyKey() })
      expect(signed.status).toBe(201)
      const me = (await read(`/contracts/${drafted.id}`)).body.you
      expect(signed.body).toMatchObject({ state: "bound", person: me.person, confirmed_by: me.person, party: me.party })
      const last = await call(service.url, "POST", `/contracts/${drafted.id}/signatures`, {
        key: ada.org.keys.test,
        person: ada.person,
        body: { text_hash: drafted.words_hash, confirmed_by: ada.person },
        headers: { "idempotency-key": idempotencyKey() }
      })
      expect(last.body.contract_state).toBe("executed")
      expect((await read(`/contracts/${drafted.id}/certificate`)).status).toBe(200)
    })

    it("buys only its own contract", async () => {
      const { read } = await sentToGuest()
      const other = await sentToGuest()
      expect((await read(`/contracts/${other.drafted.id}`)).status).toBe(404)
      expect((await read("/contracts")).status).toBe(404)
      expect((await read("/templates")).status).toBe(404)
      expect((await call(service.url, "GET", `/contracts/${other.drafted.id}?t=gtk_unknown`)).status).toBe(401)
    })

    it("keeps a guest's staged decisions from the drafting org", async () => {
      const { ada, drafted, write } = await sentToGuest()
      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
      const before = await ada.get(`/contracts/${drafted.id}/state`)
      await write("POST", `/contracts/${drafted.id}/decisions`, { block_id: clause.id, type: "counter", text: "Hidden.", why: "Hidden why" }, {
        "if-match": drafted.words_hash
      })
      const after = await ada.get(`/contracts/${drafted.id}/state`)
      expect(after.body).toEqual(before.body)
    })

    it("gives an org's person a party row their org key acts for, not a guest link", async () => {
      const { ada, beta, bea, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const mail = (await ada.get("/sandbox/outbox")).body.data.find((m: { contract: string }) => m.contract === drafted.id)
      expect(mail.link).toBeNull()
      expect((await bea.get(`/contracts/${drafted.id}`)).status).toBe(200)
      const stranger = await createOrg(service.url)
      expect((await call(service.url, "GET", `/contracts/${drafted.id}`, { key: stranger.keys.test })).status).toBe(404)
      expect(beta.people).toHaveLength(2)
    })
  })
}
