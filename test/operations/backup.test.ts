import { afterAll, describe, expect, it } from "@effect/vitest"
import { execFile } from "node:child_process"
import type { ChildProcess } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { verifyCertificate } from "../../src/Certificates/verify.js"
import { call, createOrg, idempotencyKey } from "../support/client.js"
import { freePort, killed, launch } from "../support/childService.js"
import { makeTxt } from "../support/documents.js"
import { upload } from "../support/imports.js"
import { allLetters, twoOrgs } from "../support/negotiation.js"
import { databases } from "../support/databases.js"
import { adminToken, sharedService } from "../support/service.js"
import { seededDataDir } from "../support/seededDataDir.js"
import { built } from "../support/builtService.js"

/** The admin command line as an operator runs it: its exit code and what it wrote. */
const admin = (url: string, ...args: Array<string>) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [built("src/Admin/cli.ts"), ...args], {
      env: { ...process.env, CONTRACTS_URL: url, ADMIN_TOKEN: adminToken },
      encoding: "utf8"
    }, (error, stdout, stderr) => resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr }))
  })

const bytesAt = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer())

type Parties = Awaited<ReturnType<typeof twoOrgs>>

/** Drafted, countered, agreed, marked and signed by both sides: executed, with a certificate. */
const executed = async (base: string, parties: Parties) => {
  const { drafted } = await parties.sent()
  const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
  const ask = (await parties.bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "Beta's clause.", why: "Ours" })).body.ask
  await parties.bea.commit(drafted.id, drafted.words_hash)
  await parties.ada.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "accept" })
  const agreed = (await parties.ada.commit(drafted.id, drafted.words_hash)).body
  await call(base, "PUT", `/people/${parties.ada.person}/mark`, {
    key: parties.ada.org.keys.test,
    person: parties.ada.person,
    body: { kind: "typed", text: "A. Lovelace" }
  })
  for (const seat of [parties.ada, parties.bea]) expect((await seat.sign(drafted.id, agreed.words_hash)).status).toBe(201)
  return drafted.id as string
}

/** Everything either side reads of a contract, and its certificate: what must come back identically. */
const readBack = async (base: string, parties: Parties, id: string) => {
  const link = (await parties.ada.get(`/contracts/${id}/certificate`)).body
  // The link itself expires and differs on every read; the rest, and the document it leads to, may not.
  const certificate = {
    contract: link.contract,
    algorithm: link.algorithm,
    key_id: link.key_id,
    public_key: link.public_key,
    document_sha256: link.document_sha256
  }
  return {
    ada: { sheet: await parties.ada.sheet(id), state: await parties.ada.state(id), events: await parties.ada.events(id) },
    bea: { sheet: await parties.bea.sheet(id), events: await parties.bea.events(id) },
    letters: await allLetters(parties.ada, id),
    signatures: (await parties.ada.get(`/contracts/${id}/signatures`)).body,
    certificate,
    document: (await bytesAt(link.url.replace("http://localhost", base))).toString("utf8"),
    signature: (await bytesAt(link.signature_url.replace("http://localhost", base))).toString("base64")
  }
}

describe("backup of a running embedded node, and restore on a stopped one (pglite)", () => {
  const dirs: Array<string> = []
  const children: Array<ChildProcess> = []
  const freshDir = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), `cns-${name}-`))
    dirs.push(dir)
    return dir
  }
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) await killed(child)
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it("backs up under writes, restores into a fresh directory, and every contract, letter, signature, certificate and asset reads back", async () => {
    const dataDir = seededDataDir("cns-backup-source-")
    dirs.push(dataDir)
    const port = await freePort()
    const base = `http://127.0.0.1:${port}`
    children.push(await launch(port, { DATA_DIR: dataDir }))
    const parties = await twoOrgs(base)
    const ids = await Promise.all([executed(base, parties), executed(base, parties)])
    const file = makeTxt("Schedule of rates, kept beside the contract.\n", "rates.txt")
    const asset = await upload(base, "/assets", {
      key: parties.ada.org.keys.test,
      person: parties.ada.person,
      files: [{ path: file }],
      fields: { contract_id: ids[0]! }
    })
    expect(asset.status).toBe(201)
    const before = await Promise.all(ids.map((id) => readBack(base, parties, id)))

    // Another org keeps drafting while the backup is taken: none of its writes may fail. It drafts
    // at an operator's pace (a pause of 50 ms after each answer), not as fast as it can: a flood of
    // 1,200 drafts kept both cores busy and made the backup take 46 s where it takes 8.
    const loader = await createOrg(base, "Load Ltd")
    let writing = true
    const statuses: Array<number> = []
    const writes = (async () => {
      while (writing) {
        const drafted = await call(base, "POST", "/contracts", {
          key: loader.keys.live,
          person: loader.people[0]!.id,
          body: { template_id: "tpl_mutual_nda", facts: {} },
          headers: { "idempotency-key": idempotencyKey() }
        })
        statuses.push(drafted.status)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    const archive = join(freshDir("backup-file"), "node.tar.gz")
    const backup = await admin(base, "backup", "--to", archive)
    writing = false
    await writes
    expect(backup.code, backup.stderr).toBe(0)
    const manifest = JSON.parse(backup.stdout)
    expect(manifest).toMatchObject({ format: "contracts-backup/1", migration: expect.any(Number) })
    expect(manifest.counts.contracts).toBeGreaterThanOrEqual(ids.length)
    expect(manifest.counts.assets).toBe(1)
    expect(statuses.length).toBeGreaterThan(0)
    expect(new Set(statuses)).toEqual(new Set([201]))
    await killed(children[0]!)

    const restored = join(freshDir("restore-parent"), "data")
    const restore = await admin(base, "restore", "--from", archive, "--data-dir", restored)
    expect(restore.code, restore.stderr).toBe(0)
    expect(JSON.parse(restore.stdout)).toEqual(manifest)
    const checksum = (asset.body.checksum as string).slice("sha256:".length)
    expect(readFileSync(join(restored, "assets", checksum.slice(0, 2), checksum))).toEqual(readFileSync(file))

    // The restored directory is no longer empty: a second restore into it refuses, in one line.
    const again = await freePort()
    const [restarted, refused] = await Promise.all([launch(again, { DATA_DIR: restored }), admin(base, "restore", "--from", archive, "--data-dir", restored)])
    children.push(restarted)
    expect(refused.code).not.toBe(0)
    expect(refused.stderr.trim().split("\n")).toHaveLength(1)
    expect(refused.stderr).toContain("is not empty")
    const restoredBase = `http://127.0.0.1:${again}`
    // The same orgs, keys and people, now at the restored node.
    const sameParties = await twoOrgs(restoredBase, { orgs: { acme: parties.acme, beta: parties.beta } })
    const after = await Promise.all(ids.map((id) => readBack(restoredBase, sameParties, id)))
    expect(after).toEqual(before)
    for (const read of after) {
      const problems = verifyCertificate(Buffer.from(read.document), Buffer.from(read.signature, "base64"), read.certificate.public_key)
      expect(problems).toEqual([])
    }
    const assets = await call(restoredBase, "GET", `/contracts/${ids[0]}/assets`, { key: parties.ada.org.keys.test, person: parties.ada.person })
    expect(assets.body.data.map((a: { id: string }) => a.id)).toEqual([asset.body.id])
  }, 300_000)
})

// The embedded node's feature: on PostgreSQL the command says what to use instead.
for (const database of databases.filter((d) => d.name === "postgres")) {
  describe("backup on PostgreSQL", () => {
    it("refuses in one line, naming pg_dump and ASSET_DIR", async () => {
      const service = await sharedService(database)
      try {
        const refused = await admin(service.url, "backup", "--to", join(tmpdir(), `never-${Date.now()}.tar.gz`))
        expect(refused.code).not.toBe(0)
        expect(refused.stderr.trim().split("\n")).toHaveLength(1)
        expect(refused.stderr).toContain("pg_dump")
        expect(refused.stderr).toContain("ASSET_DIR")
      } finally {
        await service.stop()
      }
    })
  })
}
