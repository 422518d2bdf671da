import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService } from "./support/service.js"

for (const database of databases) {
  describe(`parties, facts after Send, withdrawals and cancellation (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it("turns a fact change after the first Send into one grouped ask that lands everywhere at once", async () => {
      const { ada, bea, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const fact = drafted.facts.find((f: { name: string }) => f.name === "governing_law")
      const staged = await ada.post(`/contracts/${drafted.id}/facts/${fact.id}`, { value: "the State of New York" }, { "if-match": drafted.words_hash })
      expect(staged.status).toBe(200)
      expect(staged.body).toMatchObject({ applied: false, grouped: true, words_hash: drafted.words_hash })
      expect([...staged.body.blocks_touched].sort()).toEqual([...fact.occurrences].sort())
      expect((await ada.sheet(drafted.id)).words_hash).toBe(drafted.words_hash)
      const opened = (await ada.commit(drafted.id, drafted.words_hash)).body
      expect(opened.asks_opened).toHaveLength(1)
      const ask = (await bea.get(`/contracts/${drafted.id}/asks`)).body.data[0]
      expect(ask.type).toBe("grouped")
      expect(ask.changes.map((c: { block: string }) => c.block).sort()).toEqual([...fact.occurrences].sort())
      await bea.stage(drafted.id, drafted.words_hash, { ask_id: ask.id, type: "accept" })
      const landed = (await bea.commit(drafted.id, drafted.words_hash)).body
      expect(landed.state).toBe("agreed")
      expect([...landed.landed].sort()).toEqual([...fact.occurrences].sort())
      const sheet = await bea.sheet(drafted.id)
      expect(sheet.facts.find((f: { id: string }) => f.id === fact.id).value).toBe("the State of New York")
      for (const block of fact.occurrences) expect(sheet.blocks.find((b: { id: string }) => b.id === block).text).toContain("the State of New York")
    })

    it("invites on the caller's side: 201 with party.changed, 200 and no second mail for someone listed", async () => {
      const { ada, acme, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const colleague = { email: acme.people[1]!.email, name: "Brook Taylor", capacity: ["negotiator"] }
      const first = await ada.post(`/contracts/${drafted.id}/invite`, colleague)
      expect(first.status).toBe(201)
      expect(first.body).toMatchObject({ person: acme.people[1]!.id, invited: true, link_sent: true, words_hash: drafted.words_hash })
      const again = await ada.post(`/contracts/${drafted.id}/invite`, colleague)
      expect(again.status).toBe(200)
      expect(again.body).toMatchObject({ party: first.body.party, invited: false, link_sent: false, words_hash: drafted.words_hash })
      const mails = (await ada.get("/sandbox/outbox")).body.data.filter((m: { to: string }) => m.to === colleague.email)
      expect(mails).toHaveLength(1)
      const events = (await ada.events(drafted.id)).data
      expect(events.at(-1)).toMatchObject({ type: "party.changed", data: { change: "invited", party: first.body.party } })
      const empty = await ada.post(`/contracts/${drafted.id}/invite`, { ...colleague, capacity: [] })
      expect(empty.status).toBe(400)
      expect(empty.body.error).toMatchObject({ code: "invalid_request", param: "capacity" })
    })

    it("needs both negotiators of a side for unanimity, and a counter voids accepts sent and unsent", async () => {
      const { ada, bea, as, acme, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const brook = as(acme, acme.people[1]!.id)
      await ada.post(`/contracts/${drafted.id}/invite`, { email: acme.people[1]!.email, name: "Brook", capacity: ["negotiator"] })
      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
      const ask = (await bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "Beta proposes.", why: "Because" })).body.ask
      await bea.commit(drafted.id, drafted.words_hash)
      expect((await ada.get(`/contracts/${drafted.id}/asks`)).body.data[0].tally.awaiting).toHaveLength(2)
      await ada.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "accept" })
      const one = (await ada.commit(drafted.id, drafted.words_hash)).body
      expect(one).toMatchObject({ state: "negotiating", landed: [] })
      // Brook counters: Ada's sent accept is void with the ask.
      const counter = await brook.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "counter", text: "Brook proposes.", why: "Better" })
      expect(counter.body.ask).toBe(ask)
      const opened = (await brook.commit(drafted.id, drafted.words_hash)).body.asks_opened
      const asks = (await bea.get(`/contracts/${drafted.id}/asks?filter=all`)).body.data
      expect(asks.find((a: { id: string }) => a.id === ask).state).toBe("voided")
      const live = asks.find((a: { id: string }) => a.id === opened[0])
      expect(live.tally.agreed).toEqual([live.proposer])
      expect(live.tally.awaiting).toHaveLength(2)
    })

    it("re-asks a staged decision a concurrent letter invalidated", async () => {
      const { ada, bea, as, acme, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const brook = as(acme, acme.people[1]!.id)
      await ada.post(`/contracts/${drafted.id}/invite`, { email: acme.people[1]!.email, name: "Brook", capacity: ["negotiator"] })
      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
      const ask = (await bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "Beta's.", why: "x" })).body.ask
      await bea.commit(drafted.id, drafted.words_hash)
      const adaAccept = (await ada.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "accept" })).body
      await brook.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "counter", text: "Brook's.", why: "y" })
      await brook.commit(drafted.id, drafted.words_hash)
      const preview = (await ada.get(`/contracts/${drafted.id}/reply`)).body
      expect(preview.landed_if_sent).toEqual([])
      const committed = (await ada.commit(drafted.id, drafted.words_hash)).body
      expect(committed.re_asked.map((d: { id: string }) => d.id)).toEqual([adaAccept.id])
    })

    it("removes a party: decisions preserved, tallies recomputed, their guest link then 401", async () => {
      const { ada, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const email = `outside.${Math.random().toString(36).slice(2)}@counsel.test`
      const invited = await ada.post(`/contracts/${drafted.id}/invite`, { email, name: "Outside Counsel", capacity: ["negotiator"] })
      expect(invited.status).toBe(201)
      const link = (await ada.get("/sandbox/outbox")).body.data.find((m: { to: string }) => m.to === email).link
      const token = new URL(link).searchParams.get("t")
      expect((await call(service.url, "GET", `/contracts/${drafted.id}?t=${token}`)).status).toBe(200)
      const removed = await call(service.url, "DELETE", `/contracts/${drafted.id}/parties/${invited.body.party}`, {
        key: ada.org.keys.test,
        person: ada.person
      })
      expect(removed.status).toBe(200)
      expect(removed.body).toMatchObject({
        removed: invited.body.party,
        decisions_preserved: 0,
        tally_recomputed: true,
        token_revoked: true,
        words_hash: drafted.words_hash
      })
      expect((await call(service.url, "GET", `/contracts/${drafted.id}?t=${token}`)).status).toBe(401)
      expect((await ada.sheet(drafted.id)).parties.map((p: { id: string }) => p.id)).not.toContain(invited.body.party)
    })

    it("never removes the other side's org people, nor a side's last party", async () => {
      const { ada, bea, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const parties = (await ada.sheet(drafted.id)).parties
      const remove = (seatOf: typeof ada, party: string) =>
        call(service.url, "DELETE", `/contracts/${drafted.id}/parties/${party}`, { key: seatOf.org.keys.test, person: seatOf.person })
      const theirs = parties.find((p: { side: string }) => p.side === "counterparty").id
      const mine = parties.find((p: { side: string }) => p.side === "drafter").id
      const events = await bea.events(drafted.id)
      // Bea is of an org on this server, not a guest: the drafting side addressed her but cannot remove her.
      const across = await remove(ada, theirs)
      expect(across.status).toBe(404)
      const last = await remove(ada, mine)
      expect(last.status).toBe(400)
      expect(last.body.error.code).toBe("invalid_request")
      expect((await bea.sheet(drafted.id)).parties).toEqual(parties)
      expect(await bea.events(drafted.id)).toEqual(events)
    })

    it("withdraws a sent ask; only its proposer may", async () => {
      const { ada, bea, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
      const ask = (await bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "Maybe.", why: "z" })).body.ask
      await bea.commit(drafted.id, drafted.words_hash)
      const notMine = await ada.post(`/asks/${ask}/withdraw`)
      expect(notMine.status).toBe(403)
      const withdrawn = await bea.post(`/asks/${ask}/withdraw`)
      expect(withdrawn.status).toBe(200)
      expect(withdrawn.body).toMatchObject({ id: ask, state: "withdrawn" })
      const state = await ada.state(drafted.id)
      expect(state.state).toBe("agreed")
      const types = (await ada.events(drafted.id)).data.map((e: { type: string }) => e.type)
      expect(types.slice(-2)).toEqual(["ask.withdrawn", "contract.agreed"])
      expect((await ada.post("/asks/ask_nope/withdraw")).status).toBe(404)
    })

    it("cancels with a final letter, after which writes are 409 contract_cancelled", async () => {
      const { ada, bea, sent } = await twoOrgs(service.url)
      const { drafted } = await sent()
      const cancel = (body: unknown) =>
        call(service.url, "POST", `/contracts/${drafted.id}/cancel`, {
          key: ada.org.keys.test,
          person: ada.person,
          body,
          headers: { "idempotency-key": idempotencyKey() }
        })
      expect((await cancel({})).status).toBe(400)
      expect((await cancel({ reason: " \n " })).status).toBe(400)
      // The reason travels exactly as written, a leading BOM or space included.
      const reason = "\ufeff Deal abandoned "
      const cancelled = await cancel({ reason })
      expect(cancelled.status).toBe(200)
      expect(cancelled.body).toMatchObject({ state: "cancelled", cancelled_by: ada.person, words_hash: drafted.words_hash })
      const letter = (await bea.get(`/contracts/${drafted.id}/letters/latest`)).body
      expect(letter).toMatchObject({ id: cancelled.body.letter, note: reason, asks: [] })
      const beaEvents = (await bea.events(drafted.id)).data.slice(-2).map((e: { type: string }) => e.type)
      expect(beaEvents).toEqual(["letter.received", "contract.cancelled"])
      const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
      const later = await bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "x", why: "y" })
      expect(later.status).toBe(409)
      expect(later.body.error.code).toBe("contract_cancelled")
      expect((await cancel({ reason: "again" })).body.error.code).toBe("contract_cancelled")
      expect((await bea.commit(drafted.id, drafted.words_hash)).body.error.code).toBe("contract_cancelled")
      const invite = await bea.post(`/contracts/${drafted.id}/invite`, { email: bea.org.people[1]!.email, name: "Brook", capacity: ["negotiator"] })
      expect(invite.body.error.code).toBe("contract_cancelled")
      const fact = drafted.facts[0]
      const edit = await bea.post(`/contracts/${drafted.id}/facts/${fact.id}`, { value: "Other Ltd" }, { "if-match": drafted.words_hash })
      expect(edit.body.error.code).toBe("contract_cancelled")
      expect((await ada.get(`/contracts/${drafted.id}/letters`)).body.data).toHaveLength(2)
    })

    it("cancels a draft that was never sent, with no one to write to", async () => {
      const { ada } = await twoOrgs(service.url)
      const drafted = (await ada.draft()).body
      const cancelled = await call(service.url, "POST", `/contracts/${drafted.id}/cancel`, {
        key: ada.org.keys.test,
        person: ada.person,
        body: { reason: "Not needed" },
        headers: { "idempotency-key": idempotencyKey() }
      })
      expect(cancelled.status).toBe(200)
      expect((await ada.sheet(drafted.id)).state).toBe("cancelled")
      expect((await ada.get(`/contracts/${drafted.id}/letters/latest`)).body).toMatchObject({ note: "Not needed", to: [], asks: [] })
      expect((await ada.get("/sandbox/outbox")).body.data).toEqual([])
    })
  })
}
