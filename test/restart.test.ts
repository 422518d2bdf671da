import { describe, expect, it } from "@effect/vitest"
import { mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { call, createOrg, idempotencyKey, seat } from "./support/client.js"
import { databases } from "./support/databases.js"
import { type ServiceOptions, startService } from "./support/service.js"

// Writes, restarts the service on the same storage, and reads everything back.
const survivesRestart = async (database: (typeof databases)[number], first: ServiceOptions, again: (url: string | undefined) => ServiceOptions) => {
  const before = await startService(database, first)
  const org = await createOrg(before.url)
  const s = seat(before.url, org)
  const drafted = (await s.draft()).body
  const fact = drafted.facts[0]
  const edited = await s.post(`/contracts/${drafted.id}/facts/${fact.id}`, { value: "Restart Holdings Ltd" }, { "if-match": drafted.words_hash })
  const key = idempotencyKey()
  const keyed = await call(before.url, "POST", "/contracts", {
    key: org.keys.live,
    person: org.people[0]!.id,
    body: { template_id: "tpl_consulting" },
    headers: { "idempotency-key": key }
  })
  await before.stopServerOnly()
  const after = await startService(database, again(before.databaseUrl))
  try {
    const sheet = (await seat(after.url, org).get(`/contracts/${drafted.id}`)).body
    expect(sheet.words_hash).toBe(edited.body.words_hash)
    expect(sheet.facts[0].value).toBe("Restart Holdings Ltd")
    expect((await seat(after.url, org).get(`/contracts/${drafted.id}/events`)).body.head_sequence).toBe(2)
    const replay = await call(after.url, "POST", "/contracts", {
      key: org.keys.live,
      person: org.people[0]!.id,
      body: { template_id: "tpl_consulting" },
      headers: { "idempotency-key": key }
    })
    expect(replay.text).toBe(keyed.text)
    expect(replay.headers.get("idempotent-replayed")).toBe("true")
    const edit = await seat(after.url, org).post(`/contracts/${drafted.id}/facts/${fact.id}`, { value: "After Ltd" }, {
      "if-match": sheet.words_hash
    })
    expect(edit.status).toBe(200)
  } finally {
    await after.stop()
    await before.stop()
  }
}

for (const database of databases) {
  describe(`restarting on the same storage keeps everything (${database.name})`, () => {
    it(database.name === "pglite" ? "on the embedded database in a data directory" : "on PostgreSQL", async () => {
      if (database.name === "postgres") return survivesRestart(database, {}, (url) => ({ databaseUrl: url! }))
      const dataDir = mkdtempSync(join(tmpdir(), "cns-data-"))
      try {
        await survivesRestart(database, { dataDir }, () => ({ dataDir }))
        expect(statSync(join(dataDir, "PG_VERSION")).isFile()).toBe(true)
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
    })
  })
}
