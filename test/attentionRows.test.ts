import { afterAll, describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql"
import { Effect, Layer, ManagedRuntime, Option, Schema } from "effect"
import { rmSync } from "node:fs"
import { migrations } from "../migrations/index.js"
import { AttentionFeed } from "../src/Attention/Api.js"
import { ServerConfig } from "../src/Config.js"
import { ContractStore } from "../src/Engine/ContractStore.js"
import type { Actor } from "../src/Domain/Contract/Actor.js"
import { seatOf } from "../src/Domain/Contract/Seat.js"
import { counterpartyOf, groupRows, pageGroups, rowsFor, waitingOnThem } from "../src/Domain/Views/Attention.js"
import { Relationship } from "../src/Relationships/Api.js"
import { DatabaseLive } from "../src/Sql/Database.js"
import { call, createOrg, idempotencyKey, type Org } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { type Running, startService, testSettings } from "./support/service.js"
import { seededDataDir } from "./support/seededDataDir.js"

interface Person {
  readonly org: Org
  readonly id: string
}

const actorOf = ({ id, org }: Person): Actor => {
  const person = org.people.find((p) => p.id === id)!
  return { mode: "test", org: org.org_id, person: { id, name: person.name, email: person.email }, guest: null }
}

/** The feed as it was computed before the rows were stored: every seat's whole document, through the pure rules. */
const feedFromDocuments = (person: Person) =>
  Effect.gen(function*() {
    const store = yield* ContractStore
    const seats = yield* store.seatsOf(person.id, "test", undefined, 1000)
    const loaded = yield* Effect.forEach(seats, (seat) =>
      Effect.map(store.read(seat.contract), (contract) => {
        const c = Option.getOrThrow(contract)
        return { contract: c, party: c.parties.find((p) => p.id === seat.party)! }
      }))
    const rows = loaded.flatMap(({ contract, party }) =>
      rowsFor(contract, party).map((row) => ({ row, relationship: contract.relationship, counterparty: counterpartyOf(contract, party.side) }))
    )
    const waiting = loaded.flatMap(({ contract, party }) => Option.toArray(Option.fromNullable(waitingOnThem(contract, party))))
    return { ...pageGroups(groupRows(rows), 100, undefined)!, waiting_on_them: waiting.sort((a, b) => a.since.localeCompare(b.since)) }
  })

/** GET /relationships/{id} as it was computed before: the relationship's whole contracts, filtered by seat. */
const relationshipFromDocuments = (person: Person, id: string) =>
  Effect.gen(function*() {
    const actor = actorOf(person)
    const store = yield* ContractStore
    const listed = yield* store.list({
      org: actor.org!,
      mode: "test",
      states: undefined,
      origins: undefined,
      relationship: id,
      updatedSince: undefined,
      after: undefined,
      limit: 1000
    })
    const visible = listed.filter((contract) => seatOf(contract, actor) !== null)
    const people = new Map(visible.flatMap((c) => c.parties.map((p) => [p.person, { id: p.person, name: p.name, email: p.email }] as const)))
    return { contracts: visible.map((c) => ({ id: c.id, state: c.state, origin: c.origin })), people: [...people.values()] }
  })

/** Each person's feed and each relationship as every person reads them, as the texts the service answers. */
const answers = async (service: Running, people: ReadonlyArray<Person>, relationships: ReadonlyArray<string>) => {
  const texts: Array<string> = []
  for (const person of people) {
    const feed = await call(service.url, "GET", "/attention?limit=100", { key: person.org.keys.test, person: person.id })
    texts.push(feed.text)
    for (const id of relationships) {
      const read = await call(service.url, "GET", `/relationships/${id}`, { key: person.org.keys.test, person: person.id })
      texts.push(`${read.status} ${read.text}`)
    }
  }
  return texts
}

/** The same answers computed from the documents, byte for byte as the service encodes them. */
const expectedAnswers = async (service: Running, people: ReadonlyArray<Person>, relationships: ReadonlyArray<string>, actual: ReadonlyArray<string>) => {
  const texts: Array<string> = []
  for (const person of people) {
    const mail = JSON.parse(actual[texts.length]!).mail
    texts.push(JSON.stringify(Schema.encodeSync(AttentionFeed)({ ...(await service.run(feedFromDocuments(person))), mail })))
    for (const id of relationships) {
      const [status, ...rest] = actual[texts.length]!.split(" ")
      const expected = await service.run(relationshipFromDocuments(person, id))
      if (status !== "200") {
        texts.push(expected.contracts.length === 0 ? `${status} ${rest.join(" ")}` : "a relationship the documents show")
        continue
      }
      const { assets, created } = JSON.parse(rest.join(" "))
      texts.push(`200 ${JSON.stringify(Schema.encodeSync(Relationship)({ id, object: "relationship", ...expected, assets, created }))}`)
    }
  }
  return texts
}

const sameAsDocuments = async (service: Running, people: ReadonlyArray<Person>, relationships: ReadonlyArray<string>) => {
  const actual = await answers(service, people, relationships)
  expect(actual).toEqual(await expectedAnswers(service, people, relationships, actual))
  return actual
}

/** Puts the database back as it was before 0016, keeping its contracts, and runs 0016 (and 0018, which adds to its table) on it again. */
const rerunMigration = (databaseUrl: string | undefined, dataDir: string | undefined) => {
  const config = testSettings({ databaseUrl: Option.fromNullable(databaseUrl), ...(dataDir === undefined ? {} : { dataDir }) })
  const runtime = ManagedRuntime.make(DatabaseLive.pipe(Layer.provide(Layer.succeed(ServerConfig, config))))
  return runtime.runPromise(Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    yield* sql`DROP TABLE attention_pending`
    yield* sql`DROP TABLE attention_items`
    yield* sql`DROP INDEX contract_parties_by_contract`
    yield* sql`ALTER TABLE contract_parties DROP COLUMN position, DROP COLUMN name, DROP COLUMN email, DROP COLUMN contract_org, DROP COLUMN contract_created_at`
    yield* migrations["0016_attention_and_relationship_rows"]
    // The table 0016 makes is the one 0018 gave the feed's order to.
    yield* migrations["0018_attention_order"]
    const [queued] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM attention_pending`
    const [contracts] = yield* sql<{ n: number }>`SELECT count(*)::int AS n FROM contracts`
    expect(queued!.n).toBe(contracts!.n)
  })).finally(() => runtime.dispose())
}

for (const database of databases) {
  describe(`the feed and relationships from stored rows (${database.name})`, () => {
    const dataDir = database.name === "pglite" ? seededDataDir("cns-attention-rows-") : undefined
    const running: Array<Running> = []
    afterAll(async () => {
      for (const service of running.reverse()) await service.stop()
      if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
    })

    it("answer byte for byte what the documents give after every kind of write, and again after 0016 and the start's backfill on old data", async () => {
      const service = await startService(database, dataDir === undefined ? {} : { dataDir })
      running.push(service)
      const { acme, as, bea, beta, sent, ada } = await twoOrgs(service.url)
      const gamma = await createOrg(service.url, "Gamma AG")
      const gil = as(gamma)
      const brook = as(acme, acme.people[1]!.id)
      const people = [ada, brook, bea, gil].map((s) => ({ org: s.org, id: s.person }))
      const clauseOf = (drafted: { blocks: ReadonlyArray<{ kind: string; id: string }> }) => drafted.blocks.find((b) => b.kind === "clause")!.id
      const relationships: Array<string> = []
      const check = () => sameAsDocuments(service, people, relationships)

      const first = await sent()
      const c1 = first.drafted
      relationships.push(first.send.relationship)
      await check()
      const invited = await ada.post(`/contracts/${c1.id}/invite`, { email: brook.org.people[1]!.email, name: "Brook", capacity: ["negotiator"] })
      const ask1 = (await bea.stage(c1.id, c1.words_hash, { block_id: clauseOf(c1), type: "counter", text: "Beta wants this.", why: "x" })).body.ask
      await bea.commit(c1.id, c1.words_hash)
      await check()
      const c2 = (await ada.draft()).body
      const toGamma = await ada.send(c2.id, c2.words_hash, {
        recipients: [{ email: gamma.people[0]!.email, name: "Gil", capacity: ["negotiator", "signer"] }],
        confirmed_by: ada.person
      })
      relationships.push(toGamma.body.relationship)
      await gil.commit(c2.id, c2.words_hash)
      await check()
      const c3 = (await sent()).drafted
      await bea.commit(c3.id, c3.words_hash)
      await ada.sign(c3.id, c3.words_hash)
      const ask3 = (await bea.stage(c3.id, c3.words_hash, { block_id: clauseOf(c3), type: "counter", text: "Moved.", why: "y" })).body.ask
      await bea.commit(c3.id, c3.words_hash)
      await ada.stage(c3.id, c3.words_hash, { ask_id: ask3, type: "accept" })
      await check()
      const c3hash = (await ada.commit(c3.id, c3.words_hash)).body.words_hash
      await ada.stage(c1.id, c1.words_hash, { ask_id: ask1, type: "accept" })
      await check()
      // Brook leaves C1: his seat, and with it his row, is gone.
      const removed = await call(service.url, "DELETE", `/contracts/${c1.id}/parties/${invited.body.party}`, { key: acme.keys.test, person: ada.person })
      expect(removed.status).toBe(200)
      await ada.commit(c1.id, c1.words_hash)
      await ada.sign(c2.id, c2.words_hash)
      await check()
      await ada.sign(c3.id, c3hash)
      const c4 = (await sent()).drafted
      const cancelled = await call(service.url, "POST", `/contracts/${c4.id}/cancel`, {
        key: beta.keys.test,
        person: bea.person,
        body: { reason: "Not now." },
        headers: { "idempotency-key": idempotencyKey() }
      })
      expect(cancelled.status).toBe(200)
      const before = await check()
      expect(before.filter((text) => text.includes("\"kind\"")).length).toBeGreaterThan(0)

      // The same data as a database from before 0016 holds it: the migration and the next start give the same answers.
      await service.stopServerOnly()
      await rerunMigration(service.databaseUrl, dataDir)
      const again = await startService(database, dataDir === undefined ? { databaseUrl: service.databaseUrl! } : { dataDir })
      running.push(again)
      expect(await sameAsDocuments(again, people, relationships)).toEqual(before)
    })
  })
}
