import { RunnerAddress } from "@effect/cluster"
import { MailboxFull, RunnerUnavailable } from "@effect/cluster/ClusterError"
import * as EntityAddress from "@effect/cluster/EntityAddress"
import { EntityId } from "@effect/cluster/EntityId"
import { EntityType } from "@effect/cluster/EntityType"
import * as ShardId from "@effect/cluster/ShardId"
import { SocketGenericError } from "@effect/platform/Socket"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Layer, Option } from "effect"
import { ContractStore } from "../src/Engine/ContractStore.js"
import { ContractUnavailable } from "../src/Engine/ContractUnavailable.js"
import { SetReplyNote } from "../src/Engine/Entity.js"
import { WriteProbe } from "../src/Engine/WriteProbe.js"
import { reject } from "../src/Domain/Contract/Rejection.js"
import { call, idempotencyKey } from "./support/client.js"
import { databases } from "./support/databases.js"
import { twoOrgs } from "./support/negotiation.js"
import { type Running, startService } from "./support/service.js"

// Stops the entity right after its next save, as the cluster does when it takes a shard away
// mid-write (its runner's lock storage judged unhealthy): the write is stored, its answer lost.
let stopAfterNextSave = false
const stoppingProbe = Layer.succeed(WriteProbe, {
  around: (_id, write) =>
    Effect.tap(write, () => {
      if (!stopAfterNextSave) return Effect.void
      stopAfterNextSave = false
      return Effect.interrupt
    })
})

const address = EntityAddress.make({ entityType: EntityType.make("Contract"), entityId: EntityId.make("con_x"), shardId: ShardId.make("default", 1) })
const econnreset = new SocketGenericError({ reason: "Write", cause: Object.assign(new Error("write ECONNRESET"), { code: "ECONNRESET" }) })

// What the cluster hands back instead of an answer, each seen in a failover: every one leaves the write's fate unknown.
const noAnswers: ReadonlyArray<[string, Effect.Effect<never, unknown>]> = [
  ["the entity interrupted (All fibers interrupted without errors)", Effect.interrupt],
  ["the socket to the holder reset (ECONNRESET)", Effect.die(econnreset)],
  ["the holder unreachable", Effect.die(new RunnerUnavailable({ address: RunnerAddress.make("127.0.0.1", 1) }))],
  ["the entity's mailbox full", Effect.fail(new MailboxFull({ address }))]
]

describe("a contract write that gets no answer from its writer", () => {
  let service: Running
  beforeAll(async () => {
    service = await startService(databases[0]!, { probe: stoppingProbe })
  })
  afterAll(() => service.stop())

  const outcome = (send: Effect.Effect<{ readonly party: string }, unknown>) =>
    service.run(Effect.exit(Effect.flatMap(ContractStore, (store) => store.write("con_x", SetReplyNote, () => send))))

  it.each(noAnswers)("dies as ContractUnavailable (503, key kept) when %s, never as a 500", async (_case, send) => {
    const exit = await outcome(send)
    const defect = Exit.isFailure(exit) ? Cause.dieOption(exit.cause) : Option.none()
    expect(Option.getOrUndefined(defect)).toBeInstanceOf(ContractUnavailable)
  })

  it("passes the writer's own answers through: a result, or the core's refusal", async () => {
    expect(await outcome(Effect.succeed({ party: "pty_1" }))).toEqual(Exit.succeed({ party: "pty_1" }))
    const refusal = reject("invalid_request", "No.")
    expect(await outcome(Effect.fail(refusal))).toEqual(Exit.fail(refusal))
  })

  it("answers 503 with Retry-After when the entity is stopped after its save, and the retry under the key replays the stored answer", async () => {
    const { ada, bea, sent } = await twoOrgs(service.url)
    const { drafted } = await sent()
    const key = idempotencyKey()
    const commit = () =>
      call(service.url, "POST", `/contracts/${drafted.id}/replies`, {
        key: bea.org.keys.test,
        person: bea.person,
        body: { confirmed_by: bea.person },
        headers: { "if-match": drafted.words_hash, "idempotency-key": key }
      })
    stopAfterNextSave = true
    const lost = await commit()
    expect(lost.status).toBe(503)
    expect(lost.headers.get("retry-after")).toBe("1")
    expect(lost.body.error.code).toBe("api_error")
    const sequence = (await ada.sheet(drafted.id)).head_sequence
    // The round was stored with its answer: the retry replays it and commits nothing more.
    const retried = await commit()
    expect(retried.status).toBe(200)
    expect(retried.headers.get("idempotent-replayed")).toBe("true")
    expect((await ada.sheet(drafted.id)).head_sequence).toBe(sequence)
  })

  it("resumes a draft stored before such a 503 at the first retry, drafting no second contract", async () => {
    const { ada } = await twoOrgs(service.url)
    const draft = () =>
      call(service.url, "POST", "/contracts", {
        key: ada.org.keys.test,
        person: ada.person,
        body: { template_id: "tpl_mutual_nda" },
        headers: { "idempotency-key": "draft-stopped" }
      })
    stopAfterNextSave = true
    expect((await draft()).status).toBe(503)
    const contracts = (await ada.get("/contracts?limit=100")).body.data
    expect(contracts).toHaveLength(1)
    // The draft was stored with its claim: no lease to wait out, the retry answers from it.
    const retried = await draft()
    expect(retried.status).toBe(201)
    expect(retried.body.id).toBe(contracts[0].id)
    expect((await ada.get("/contracts?limit=100")).body.data).toHaveLength(1)
  })
})
