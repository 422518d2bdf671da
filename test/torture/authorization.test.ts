import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import openapi from "../../docs/openapi.json" with { type: "json" }
import { call, createOrg, idempotencyKey, type Reply } from "../support/client.js"
import { databases } from "../support/databases.js"
import { everythingVisible, twoOrgs } from "../support/negotiation.js"
import { type Running, sharedService } from "../support/service.js"

interface Route {
  readonly method: string
  readonly path: string
}

/**
 * Every route of the interface that names an object: the rows of the matrix. The admin API opens
 * to the admin token alone, never to a seat (test/adminKeys.test.ts refuses every other credential).
 */
const objectRoutes: ReadonlyArray<Route> = Object.entries(openapi.paths as Record<string, Record<string, unknown>>)
  .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })))
  .filter((route) => route.path.includes("{") && !route.path.startsWith("/templates") && !route.path.startsWith("/admin"))

// A body each write would accept from a rightful caller, so a refusal can only be about who asks.
const bodies: Record<string, (ids: Ids) => unknown> = {
  "POST /contracts/{id}/amend": () => ({}),
  "POST /contracts/{id}/facts/{fact_id}": () => ({ value: "Gamma plc" }),
  "POST /contracts/{id}/facts/{fact_id}/confirm": () => undefined,
  "POST /contracts/{id}/send": (ids) => ({ recipients: [{ email: ids.email, name: "X", capacity: ["negotiator"] }], confirmed_by: ids.person }),
  "POST /contracts/{id}/decisions": (ids) => ({ ask_id: ids.ask_id, type: "accept" }),
  "POST /contracts/{id}/decisions/apply-playbook": (ids) => ({ ask_ids: [ids.ask_id] }),
  "PATCH /contracts/{id}/reply": () => ({ note: "mine" }),
  "POST /contracts/{id}/replies": (ids) => ({ confirmed_by: ids.person }),
  "POST /contracts/{id}/invite": (ids) => ({ email: ids.email, name: "X", capacity: ["negotiator"] }),
  "POST /contracts/{id}/cancel": () => ({ reason: "stop" }),
  "POST /asks/{ask_id}/withdraw": () => undefined,
  "POST /contracts/{id}/signatures": (ids) => ({ text_hash: ids.hash, confirmed_by: ids.person }),
  "POST /signatures/{signature_id}/withdraw": (ids) => ({ confirmed_by: ids.person }),
  "PUT /people/{id}/mark": () => ({ kind: "typed", text: "X" }),
  "POST /webhooks/endpoints/{id}/replay": () => ({ since: new Date().toISOString() })
}

interface Ids {
  readonly id: string
  readonly fact_id: string
  readonly decision_id: string
  readonly letter_id: string
  readonly block_id: string
  readonly party_id: string
  readonly ask_id: string
  readonly signature_id: string
  readonly relationship: string
  readonly person: string
  readonly email: string
  readonly hash: string
}

const fill = (route: Route, ids: Ids) =>
  route.path
    .replace(/^\/relationships\/\{id\}/, `/relationships/${ids.relationship}`)
    .replace(/^\/people\/\{id\}/, `/people/${ids.person}`)
    .replace(/\{(\w+)\}/g, (_, name: keyof Ids) => ids[name])

const secret = "SECRET-7f3a"

for (const database of databases) {
  describe(`torture: the object-level authorisation matrix (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    it("refuses every route to a foreign org, another contract's guest, a removed party and a personless key, and never leaks staged work", async () => {
      const { ada, bea, sent } = await twoOrgs(service.url)
      const { drafted, send } = await sent()
      const [first, second] = drafted.blocks.filter((b: { kind: string }) => b.kind === "clause")
      await bea.stage(drafted.id, drafted.words_hash, { block_id: first.id, type: "counter", text: "Open question.", why: "public why" })
      const letter = (await bea.commit(drafted.id, drafted.words_hash)).body
      const signature = (await ada.sign(drafted.id, drafted.words_hash)).body
      // Beta's private work: staged, never committed. No one else may ever read a byte of it.
      const hidden =
        (await bea.stage(drafted.id, drafted.words_hash, { block_id: second.id, type: "counter", text: `${secret} words`, why: `${secret} why` })).body
      await call(service.url, "PATCH", `/contracts/${drafted.id}/reply`, { key: bea.org.keys.test, person: bea.person, body: { note: `${secret} note` } })

      // Another contract's guest, and a removed guest of this one.
      const other = (await ada.draft()).body
      await ada.send(other.id, other.words_hash, {
        recipients: [{ email: `g.${Date.now()}@out.test`, name: "G", capacity: ["negotiator", "signer"] }],
        confirmed_by: ada.person
      })
      const outbox = async () => (await ada.get("/sandbox/outbox?limit=100")).body.data as ReadonlyArray<{ contract: string; to: string; link: string | null }>
      const tokenOf = (link: string | null) => new URL(link!).searchParams.get("t")!
      const otherGuest = tokenOf((await outbox()).find((m) => m.contract === other.id && m.link !== null)!.link)
      const removedEmail = `r.${Date.now()}@out.test`
      const invited = (await ada.post(`/contracts/${drafted.id}/invite`, { email: removedEmail, name: "R", capacity: ["negotiator"] })).body
      const removedGuest = tokenOf((await outbox()).find((m) => m.to === removedEmail)!.link)
      await call(service.url, "DELETE", `/contracts/${drafted.id}/parties/${invited.party}`, { key: ada.org.keys.test, person: ada.person })
      const stranger = await createOrg(service.url)

      const sheet = await ada.sheet(drafted.id)
      const ids: Ids = {
        id: drafted.id,
        fact_id: drafted.facts[0].id,
        decision_id: hidden.id,
        letter_id: letter.letter,
        block_id: first.id,
        party_id: sheet.parties.find((p: { side: string }) => p.side === "counterparty").id,
        ask_id: letter.asks_opened[0],
        signature_id: signature.id,
        relationship: send.relationship,
        person: ada.person,
        email: stranger.people[0]!.email,
        hash: sheet.words_hash
      }
      const before = await everythingVisible(ada, drafted.id)

      const attempt = (route: Route, auth: { key?: string; person?: string; token?: string }) => {
        const path = fill(route, ids)
        const rightful = bodies[`${route.method} ${route.path}`]?.(ids) as Record<string, unknown> | undefined
        // A guest's own link is its confirmation: a rightful guest sends no confirmed_by.
        const { confirmed_by: _confirmed, ...asGuest } = rightful ?? {}
        const body = rightful === undefined ? undefined : auth.token !== undefined ? asGuest : rightful
        const headers: Record<string, string> = { "idempotency-key": idempotencyKey(), "if-match": ids.hash }
        if (auth.token !== undefined && route.method !== "GET") headers["authorization"] = `Token ${auth.token}`
        const url = auth.token !== undefined && route.method === "GET" ? `${path}?t=${auth.token}` : path
        if (route.path === "/contracts/{id}/signatures" && route.method === "POST") delete headers["if-match"]
        return call(service.url, route.method, url, {
          ...(auth.key ? { key: auth.key } : {}),
          ...(auth.person ? { person: auth.person } : {}),
          ...(body === undefined ? {} : { body }),
          headers
        })
      }
      const answers: Array<Reply> = []
      const expectRefused = async (route: Route, auth: Parameters<typeof attempt>[1], status: number, code: string) => {
        const reply = await attempt(route, auth)
        answers.push(reply)
        expect({ route: `${route.method} ${route.path}`, status: reply.status, code: reply.body?.error?.code }).toEqual({
          route: `${route.method} ${route.path}`,
          status,
          code
        })
      }

      expect(objectRoutes.length).toBeGreaterThan(25)
      for (const route of objectRoutes) {
        await expectRefused(route, { key: stranger.keys.test, person: stranger.people[0]!.id }, 404, "not_found")
        await expectRefused(route, { token: otherGuest }, 404, "not_found")
        await expectRefused(route, { token: removedGuest }, 401, "unauthorized")
        if (route.method !== "GET") await expectRefused(route, { key: ada.org.keys.test }, 400, "acting_person_required")
      }

      // A malformed call answers the same whether the object exists or not (found by this matrix).
      const probe = (id: string) =>
        call(service.url, "POST", `/signatures/${id}/withdraw`, {
          body: { confirmed_by: ada.person },
          headers: { authorization: `Token ${otherGuest}`, "idempotency-key": idempotencyKey() }
        })
      expect((await probe(signature.id)).body).toEqual((await probe("sig_doesnotexist")).body)

      // Nothing moved, and Beta's staged work is still Beta's alone.
      expect(await everythingVisible(ada, drafted.id)).toEqual(before)
      const own = (await bea.get(`/contracts/${drafted.id}/reply`)).body
      expect(own.decisions.map((d: { id: string }) => d.id)).toEqual([hidden.id])
      // Every read the other side can make, on every route, carries none of it.
      for (const route of objectRoutes.filter((r) => r.method === "GET")) answers.push(await ada.get(fill(route, ids)))
      for (const reply of answers) expect(reply.text).not.toContain(secret)
    }, 240_000)
  })
}
