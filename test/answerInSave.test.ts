import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import Pg from "pg"
import { call, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService } from "./support/service.js"

// Every statement the in-process service sends goes through pg's client, on both databases
// (PGlite is reached through a pg pool too), so this sees each round trip a request makes.
const sent: Array<string> = []
const query = Pg.Client.prototype.query
const textOf = (statement: unknown) =>
  typeof statement === "string" ? statement : typeof statement === "object" && statement !== null && "text" in statement ? String(statement.text) : ""

/** The statements on idempotency keys that `request` sends: background work never touches them. */
const keyStatementsOf = async <A>(request: () => Promise<A>) => {
  const from = sent.length
  const answer = await request()
  return { answer, statements: sent.slice(from).filter((text) => text.includes("idempotency_keys")) }
}

for (const database of databases) {
  describe(`a write's answer kept by its save (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      Pg.Client.prototype.query = function(this: Pg.Client, ...args: Array<unknown>) {
        sent.push(textOf(args[0]))
        return (query as (...given: Array<unknown>) => unknown).apply(this, args)
      } as typeof query
      service = await sharedService(database)
    })
    afterAll(async () => {
      await service.stop()
      Pg.Client.prototype.query = query
    })

    it("a keyed commit is two statements, its claim and its save, where a draft also keeps its answer after", async () => {
      const { bea, sent: sentContract } = await twoOrgs(service.url)
      const { drafted } = await sentContract()
      const before = await bea.sheet(drafted.id)

      const commit = await keyStatementsOf(() => bea.commit(drafted.id, before.words_hash))
      expect(commit.answer.status).toBe(200)
      expect(commit.statements).toHaveLength(2)
      // The HTTP edge's claim carries its route's success status; the save finishes the claim with the
      // result, encoded by its message's schema, and that status: the engine never names one.
      expect(commit.statements[0]).toMatch(/INSERT INTO idempotency_keys \(.*success_status\)/)
      expect(commit.statements[1]).toMatch(/request_stored AS \(\s*UPDATE idempotency_keys SET status = success_status, body = /)

      // A draft answers with its sheet, rendered after the write: its answer is a third statement.
      const draft = await keyStatementsOf(() => bea.draft())
      expect(draft.answer.status).toBe(201)
      expect(draft.statements).toHaveLength(3)
      expect(draft.statements[2]).toMatch(/UPDATE idempotency_keys SET status = /)
    })

    it("send, commit, sign and withdraw replay, byte for byte, the answer their save kept", async () => {
      const { ada, bea } = await twoOrgs(service.url)
      const drafted = (await ada.draft()).body
      const again = async (path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) => {
        const key = idempotencyKey()
        const post = () =>
          call(service.url, "POST", path, { key: bea.org.keys.test, person: bea.person, body, headers: { ...headers, "idempotency-key": key } })
        const first = await post()
        const head = (await ada.sheet(drafted.id)).head_sequence
        const replayed = await post()
        expect(replayed.headers.get("idempotent-replayed")).toBe("true")
        expect(first.headers.get("idempotent-replayed")).toBeNull()
        expect({ status: replayed.status, text: replayed.text }).toEqual({ status: first.status, text: first.text })
        expect((await ada.sheet(drafted.id)).head_sequence).toBe(head)
        return first
      }

      // The send is Ada's: a seat of its own, against the draft she made.
      const sendKey = idempotencyKey()
      const send = () =>
        call(service.url, "POST", `/contracts/${drafted.id}/send`, {
          key: ada.org.keys.test,
          person: ada.person,
          body: { recipients: [{ email: bea.org.people[0]!.email, name: "Bea", capacity: ["negotiator", "signer"] }], confirmed_by: ada.person },
          headers: { "if-match": drafted.words_hash, "idempotency-key": sendKey }
        })
      const firstSend = await send()
      const replayedSend = await send()
      expect(firstSend.status).toBe(200)
      expect(replayedSend.headers.get("idempotent-replayed")).toBe("true")
      expect(replayedSend.text).toBe(firstSend.text)

      const hash = (await bea.sheet(drafted.id)).words_hash
      const signed = await again(`/contracts/${drafted.id}/signatures`, { text_hash: hash, confirmed_by: bea.person })
      expect(signed.status).toBe(201)
      const withdrawn = await again(`/signatures/${signed.body.id}/withdraw`, { confirmed_by: bea.person })
      expect(withdrawn.status).toBe(200)
      const committed = await again(`/contracts/${drafted.id}/replies`, { confirmed_by: bea.person }, { "if-match": hash })
      expect(committed.status).toBe(200)
      expect(committed.body.letter).toMatch(/^let_/)
    })
  })
}
