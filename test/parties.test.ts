import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, createOrg, idempotencyKey, type Org } from "./support/client.js"
import { databases } from "./support/databases.js"
import { everythingVisible, twoOrgs } from "./support/negotiation.js"
import { adminToken, type Running, sharedService } from "./support/service.js"

type Parties = Awaited<ReturnType<typeof twoOrgs>>
type OrgSeat = Parties["ada"]

for (const database of databases) {
  describe(`removing and inviting parties across sides (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    const unique = () => Math.random().toString(36).slice(2)

    /** The guest link mailed to one address, and the calls it makes: reads with ?t=, writes with Token. */
    const guestLink = async (reader: OrgSeat, email: string) => {
      const mail = (await reader.get("/sandbox/outbox?limit=100")).body.data.find((m: { to: string; link: string | null }) => m.to === email && m.link !== null)
      const token = new URL(mail.link).searchParams.get("t")!
      return {
        token,
        read: (path: string) => call(service.url, "GET", `${path}${path.includes("?") ? "&" : "?"}t=${token}`),
        write: (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
          call(service.url, method, path, { ...(body === undefined ? {} : { body }), headers: { authorization: `Token ${token}`, ...headers } })
      }
    }
    type Guest = Awaited<ReturnType<typeof guestLink>>

    const removeAs = (seat: OrgSeat, contract: string, party: string) =>
      call(service.url, "DELETE", `/contracts/${contract}/parties/${party}`, { key: seat.org.keys.test, person: seat.person })
    const removeAsGuest = (guest: Guest, contract: string, party: string) => guest.write("DELETE", `/contracts/${contract}/parties/${party}`)
    const partyOf = async (reader: OrgSeat, contract: string, email: string) =>
      (await reader.sheet(contract)).parties.find((p: { email: string }) => p.email === email)
    const clauseOf = (drafted: { blocks: ReadonlyArray<{ id: string; kind: string }> }) => drafted.blocks.find((b) => b.kind === "clause")!
    const sendTo = async (seat: OrgSeat, recipients: ReadonlyArray<{ email: string; capacity: ReadonlyArray<string> }>) => {
      const drafted = (await seat.draft()).body
      const sent = await seat.send(drafted.id, drafted.words_hash, {
        recipients: recipients.map((r) => ({ ...r, name: "Recipient" })),
        confirmed_by: seat.person
      })
      expect(sent.status).toBe(200)
      return drafted
    }
    const addPerson = async (org: Org, name: string) => {
      const made = await call(service.url, "POST", `/admin/orgs/${org.org_id}/people`, {
        headers: { authorization: `Bearer ${adminToken}` },
        body: { name, email: `${name.toLowerCase()}.${unique()}@people.test` }
      })
      return made.body.id as string
    }

    it("replaces a mistyped recipient: invite the right one onto the counterparty, remove the wrong one, its link dead at once", async () => {
      const { ada, bea, beta } = await twoOrgs(service.url)
      const typo = beta.people[0]!.email.replace(/\.test$/, ".tset")
      const drafted = await sendTo(ada, [{ email: typo, capacity: ["negotiator", "signer"] }])
      const wrong = await guestLink(ada, typo)
      expect((await wrong.read(`/contracts/${drafted.id}`)).status).toBe(200)

      const right = { email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator", "signer"], side: "counterparty" }
      const invited = await ada.post(`/contracts/${drafted.id}/invite`, right)
      expect(invited.status).toBe(201)
      expect(invited.body).toMatchObject({ person: beta.people[0]!.id, invited: true, words_hash: drafted.words_hash })
      const again = await ada.post(`/contracts/${drafted.id}/invite`, right)
      expect(again.status).toBe(200)
      expect(again.body).toMatchObject({ party: invited.body.party, invited: false, link_sent: false, words_hash: drafted.words_hash })
      expect(await partyOf(ada, drafted.id, right.email)).toMatchObject({ id: invited.body.party, side: "counterparty" })

      const mistyped = (await partyOf(ada, drafted.id, typo)).id
      const removed = await removeAs(ada, drafted.id, mistyped)
      expect(removed.status).toBe(200)
      expect(removed.body).toMatchObject({ removed: mistyped, tally_recomputed: true, token_revoked: true, words_hash: drafted.words_hash })
      const read = await wrong.read(`/contracts/${drafted.id}`)
      expect(read.status).toBe(401)
      expect(read.body.error.code).toBe("unauthorized")
      const write = await wrong.write("POST", `/contracts/${drafted.id}/replies`, {}, { "if-match": drafted.words_hash, "idempotency-key": idempotencyKey() })
      expect(write.status).toBe(401)
      expect(write.body.error.code).toBe("unauthorized")

      // The negotiation goes on with the right person, to agreed and executed.
      const ask =
        (await bea.stage(drafted.id, drafted.words_hash, { block_id: clauseOf(drafted).id, type: "counter", text: "Beta's words.", why: "Ours" })).body.ask
      expect((await bea.commit(drafted.id, drafted.words_hash)).body.state).toBe("negotiating")
      await ada.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "accept" })
      const agreed = (await ada.commit(drafted.id, drafted.words_hash)).body
      expect(agreed).toMatchObject({ state: "agreed", landed: [clauseOf(drafted).id] })
      expect((await ada.sign(drafted.id, agreed.words_hash)).body.contract_state).toBe("agreed")
      expect((await bea.sign(drafted.id, agreed.words_hash)).body.contract_state).toBe("executed")
    })

    it("lets a negotiator remove only its own side and the guests its side brought in; everyone else is refused and nothing changes", async () => {
      const { ada, acme, as } = await twoOrgs(service.url)
      const email = `gail.${unique()}@outside.test`
      const drafted = await sendTo(ada, [{ email, capacity: ["negotiator"] }])
      const gail = await guestLink(ada, email)
      const gusEmail = `gus.${unique()}@outside.test`
      expect((await gail.write("POST", `/contracts/${drafted.id}/invite`, { email: gusEmail, name: "Gus", capacity: ["negotiator"] })).status).toBe(201)
      const gus = await guestLink(ada, gusEmail)
      const brook = as(acme, acme.people[1]!.id)
      expect((await ada.post(`/contracts/${drafted.id}/invite`, { email: acme.people[1]!.email, name: "Brook", capacity: ["signer"] })).status).toBe(201)
      const colleague = as(acme, await addPerson(acme, "Cy"))
      const [adaParty, gailParty, gusParty] = await Promise.all(
        [ada.person, email, gusEmail].map(async (key) =>
          (await ada.sheet(drafted.id)).parties.find((p: { person: string; email: string }) => p.person === key || p.email === key).id
        )
      )

      const before = await everythingVisible(ada, drafted.id)
      const unknown = await removeAs(ada, drafted.id, "pty_unknown")
      expect(unknown.status).toBe(404)
      // The counterparty never removes the drafting side's people.
      const across = await removeAsGuest(gail, drafted.id, adaParty)
      expect(across.status).toBe(404)
      expect(across.body.error.code).toBe("not_found")
      // A guest the counterparty brought in is not the drafting side's to remove: as unknown as any other.
      const notOurs = await removeAs(ada, drafted.id, gusParty)
      expect(notOurs.status).toBe(404)
      expect(notOurs.body.error.message).toBe(unknown.body.error.message.replace("pty_unknown", gusParty))
      // Removing is for negotiators: not a signer-only seat, not an org colleague with no seat.
      const signerOnly = await removeAs(brook, drafted.id, gailParty)
      expect(signerOnly.status).toBe(403)
      expect(signerOnly.body.error.code).toBe("not_a_negotiator")
      const seatless = await removeAs(colleague, drafted.id, gailParty)
      expect(seatless.status).toBe(403)
      expect(seatless.body.error.code).toBe("not_on_required_party_list")
      expect(await everythingVisible(ada, drafted.id)).toEqual(before)

      // The guest inviter's side removes its invitee, and that link dies with the seat.
      const removed = await removeAsGuest(gail, drafted.id, gusParty)
      expect(removed.status).toBe(200)
      expect(removed.body).toMatchObject({ removed: gusParty, token_revoked: true, words_hash: drafted.words_hash })
      expect((await gus.read(`/contracts/${drafted.id}`)).status).toBe(401)
      const events = (await ada.events(drafted.id)).data
      expect(events.at(-1)).toMatchObject({ type: "party.changed", data: { change: "removed", party: gusParty, side: "counterparty" } })
    })

    it("never removes a side's last party, whoever asks, and stores nothing", async () => {
      const { ada } = await twoOrgs(service.url)
      const email = `gail.${unique()}@outside.test`
      const drafted = await sendTo(ada, [{ email, capacity: ["negotiator", "signer"] }])
      const gail = await guestLink(ada, email)
      const adaParty = (await ada.sheet(drafted.id)).you.party
      const gailParty = (await partyOf(ada, drafted.id, email)).id
      const before = await everythingVisible(ada, drafted.id)
      for (
        const refused of [
          await removeAs(ada, drafted.id, gailParty),
          await removeAs(ada, drafted.id, adaParty),
          await removeAsGuest(gail, drafted.id, gailParty)
        ]
      ) {
        expect(refused.status).toBe(400)
        expect(refused.body.error).toMatchObject({ code: "invalid_request", param: "party_id" })
      }
      expect(await everythingVisible(ada, drafted.id)).toEqual(before)
      expect((await gail.read(`/contracts/${drafted.id}`)).status).toBe(200)
    })

    it("lands no ask and agrees nothing for a side whose only negotiator the other side removed, until a new one of theirs commits", async () => {
      const { ada, bea, beta } = await twoOrgs(service.url)
      const negotiator = `nell.${unique()}@outside.test`
      const signer = `sid.${unique()}@outside.test`
      const drafted = await sendTo(ada, [{ email: negotiator, capacity: ["negotiator"] }, { email: signer, capacity: ["signer"] }])
      const clause = clauseOf(drafted)
      const ask = (await ada.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "Acme's words.", why: "Ours" })).body.ask
      expect((await ada.commit(drafted.id, drafted.words_hash)).body.asks_opened).toEqual([ask])
      const nell = (await partyOf(ada, drafted.id, negotiator)).id
      expect((await ada.state(drafted.id)).asks_open[0].tally.awaiting).toEqual([nell])

      const removed = await removeAs(ada, drafted.id, nell)
      expect(removed.status).toBe(200)
      expect((await ada.state(drafted.id)).asks_open).toMatchObject([{ id: ask, tally: { awaiting: [] } }])
      // Nobody awaits the ask now, but nobody of the counterparty said yes to it either.
      const preview = (await ada.get(`/contracts/${drafted.id}/reply`)).body
      expect(preview.landed_if_sent).toEqual([])
      const committed = await ada.commit(drafted.id, drafted.words_hash)
      expect(committed.status).toBe(200)
      expect(committed.body).toMatchObject({ landed: [], state: "negotiating", words_hash: drafted.words_hash })
      const state = await ada.state(drafted.id)
      expect(state.asks_open.map((a: { id: string }) => a.id)).toEqual([ask])
      expect((await ada.events(drafted.id)).data.map((e: { type: string }) => e.type)).not.toContain("contract.agreed")

      // A new negotiator of theirs, invited by the drafting side, accepts: now it lands and agrees.
      const invited = await ada.post(`/contracts/${drafted.id}/invite`, {
        email: beta.people[0]!.email,
        name: "Bea",
        capacity: ["negotiator"],
        side: "counterparty"
      })
      expect(invited.status).toBe(201)
      expect((await ada.state(drafted.id)).asks_open[0].tally.awaiting).toEqual([invited.body.party])
      await bea.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "accept" })
      const agreed = (await bea.commit(drafted.id, drafted.words_hash)).body
      expect(agreed).toMatchObject({ state: "agreed", landed: [clause.id] })
      expect((await bea.sheet(drafted.id)).blocks.find((b: { id: string }) => b.id === clause.id).text).toBe("Acme's words.")
    })

    it("never agrees for a side left with no negotiator, even with nothing open, until a new one of theirs commits", async () => {
      const { ada, bea, beta } = await twoOrgs(service.url)
      const negotiator = `nell.${unique()}@outside.test`
      const signer = `sid.${unique()}@outside.test`
      const drafted = await sendTo(ada, [{ email: negotiator, capacity: ["negotiator"] }, { email: signer, capacity: ["signer"] }])
      expect((await removeAs(ada, drafted.id, (await partyOf(ada, drafted.id, negotiator)).id)).status).toBe(200)
      expect((await ada.sheet(drafted.id)).state).toBe("sent")
      expect((await ada.commit(drafted.id, drafted.words_hash)).body.state).toBe("sent")
      const sid = await guestLink(ada, signer)
      const held = await sid.write("POST", `/contracts/${drafted.id}/signatures`, { text_hash: drafted.words_hash }, { "idempotency-key": idempotencyKey() })
      expect(held.body).toMatchObject({ state: "held", contract_state: "sent" })
      expect((await ada.events(drafted.id)).data.map((e: { type: string }) => e.type)).not.toContain("contract.agreed")

      await ada.post(`/contracts/${drafted.id}/invite`, { email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator"], side: "counterparty" })
      expect((await bea.commit(drafted.id, drafted.words_hash)).body.state).toBe("agreed")
      expect((await ada.sign(drafted.id, drafted.words_hash)).body.contract_state).toBe("executed")
    })

    it("executes only with a bound signer on each side: removing the other side's only signer leaves it agreed", async () => {
      const { ada, bea, beta, as } = await twoOrgs(service.url)
      const signer = `sid.${unique()}@outside.test`
      const drafted = await sendTo(ada, [{ email: beta.people[0]!.email, capacity: ["negotiator"] }, { email: signer, capacity: ["signer"] }])
      expect((await bea.commit(drafted.id, drafted.words_hash)).body.state).toBe("agreed")
      expect((await ada.sign(drafted.id, drafted.words_hash)).body).toMatchObject({ state: "bound", contract_state: "agreed" })

      const sid = (await partyOf(ada, drafted.id, signer)).id
      const removed = await removeAs(ada, drafted.id, sid)
      expect(removed.status).toBe(200)
      expect(removed.body.required_signers.map((s: { person: string }) => s.person)).toEqual([ada.person])
      expect((await ada.sheet(drafted.id)).state).toBe("agreed")
      expect((await ada.events(drafted.id)).data.map((e: { type: string }) => e.type)).not.toContain("contract.executed")
      expect((await ada.get(`/contracts/${drafted.id}/certificate`)).status).toBe(404)

      // Their side names a new signer, who signs: now each side has a bound signer.
      const brook = as(beta, beta.people[1]!.id)
      expect((await bea.post(`/contracts/${drafted.id}/invite`, { email: beta.people[1]!.email, name: "Brook", capacity: ["signer"] })).status).toBe(201)
      expect((await ada.sheet(drafted.id)).state).toBe("agreed")
      expect((await brook.sign(drafted.id, drafted.words_hash)).body.contract_state).toBe("executed")
    })

    it("lets only the drafting side invite onto the other side, never someone of another org there, and stores nothing when refused", async () => {
      const { ada, acme, bea, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const gamma = await createOrg(service.url, "Gamma plc")
      const invite = (seat: OrgSeat, body: Record<string, unknown>) =>
        seat.post(`/contracts/${drafted.id}/invite`, { name: "X", capacity: ["negotiator"], ...body })
      const guestEmail = `gina.${unique()}@outside.test`
      const before = await everythingVisible(ada, drafted.id)
      const refusals = [
        [await invite(bea, { email: `x.${unique()}@outside.test`, side: "drafter" }), "side"],
        [await invite(bea, { email: `x.${unique()}@outside.test`, side: "both" }), "side"],
        [await invite(ada, { email: acme.people[1]!.email, side: "counterparty" }), "email"],
        [await invite(ada, { email: gamma.people[0]!.email, side: "counterparty" }), "email"]
      ] as const
      for (const [reply, param] of refusals) {
        expect(reply.status).toBe(400)
        expect(reply.body.error).toMatchObject({ code: "invalid_request", param })
      }
      expect(await everythingVisible(ada, drafted.id)).toEqual(before)

      // Before the first Send there is no other side to invite onto.
      const draft = (await ada.draft()).body
      const early = await ada.post(`/contracts/${draft.id}/invite`, { email: guestEmail, name: "Gina", capacity: ["negotiator"], side: "counterparty" })
      expect(early.status).toBe(400)
      expect(early.body.error).toMatchObject({ code: "invalid_request", param: "side" })
      expect((await ada.sheet(draft.id)).parties).toHaveLength(1)

      // A guest the drafting side put on the counterparty is the drafting side's to take back.
      const invited = await invite(ada, { email: guestEmail, side: "counterparty" })
      expect(invited.status).toBe(201)
      expect(await partyOf(bea, drafted.id, guestEmail)).toMatchObject({ side: "counterparty" })
      const gina = await guestLink(ada, guestEmail)
      const guestAcross = await gina.write("POST", `/contracts/${drafted.id}/invite`, {
        email: `y.${unique()}@outside.test`,
        name: "Y",
        capacity: ["negotiator"],
        side: "drafter"
      })
      expect(guestAcross.status).toBe(400)
      expect(guestAcross.body.error).toMatchObject({ code: "invalid_request", param: "side" })
      const removed = await removeAs(ada, drafted.id, invited.body.party)
      expect(removed.body).toMatchObject({ removed: invited.body.party, token_revoked: true })
    })
  })
}
