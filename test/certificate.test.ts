import { SqlClient } from "@effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Option, TestClock } from "effect"
import { execFile } from "node:child_process"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { SigningKey } from "../src/Certificates/SigningKey.js"
import { ServerConfig } from "../src/Config.js"
import { DatabaseLive } from "../src/Sql/Database.js"
import { MigrationsLive } from "../src/Sql/Migrations.js"
import { databases } from "./support/databases.js"
import { executedNda, twoOrgs } from "./support/negotiation.js"
import { type Running, sharedService, testSettings } from "./support/service.js"
import { built } from "./support/builtService.js"

const fetchBytes = async (url: string) => {
  const response = await fetch(url)
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }
}

/**
 * A command's exit code and what it said. Run without blocking: the service runs in this process,
 * and a loop blocked for seconds (npx under load) let its idle keep-alive sockets time out under
 * the client's feet, so the next test's first request failed with "fetch failed".
 */
const run = (command: string, args: ReadonlyArray<string>) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(command, args, { encoding: "utf8" }, (error, stdout, stderr) => {
      resolve({ status: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr })
    })
  })

/** The project's verify command as `npm run verify` runs it (from the run's build): its exit code and what it said. */
const verifyCommand = (dir: string) =>
  run(process.execPath, [built("src/Certificates/verify.ts"), join(dir, "certificate.json"), join(dir, "certificate.sig"), join(dir, "signing-key.pem")])

const openssl = (dir: string) =>
  run("openssl", [
    "pkeyutl",
    "-verify",
    "-pubin",
    "-inkey",
    join(dir, "signing-key.pem"),
    "-rawin",
    "-in",
    join(dir, "certificate.json"),
    "-sigfile",
    join(dir, "certificate.sig")
  ])

for (const database of databases) {
  describe(`certificates (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    const executed = async () => {
      const signed = await executedNda(service.url)
      expect(signed.signatures[1].contract_state).toBe("executed")
      return signed
    }

    it("signs a document anyone can verify offline with openssl and the verify command, and a tampered copy fails both", async () => {
      const { ada, bea, drafted, agreed, signatures } = await executed()
      const link = await bea.get(`/contracts/${drafted.id}/certificate`)
      expect(link.status).toBe(200)
      expect(link.body).toMatchObject({ object: "certificate", contract: drafted.id, algorithm: "Ed25519" })
      const expiresIn = Date.parse(link.body.expires_at) - Date.now()
      expect(expiresIn).toBeGreaterThan(14 * 60_000)
      expect(expiresIn).toBeLessThanOrEqual(15 * 60_000)
      const url = link.body.url.replace("http://localhost", service.url)
      const document = await fetchBytes(url)
      const signature = await fetchBytes(link.body.signature_url.replace("http://localhost", service.url))
      const key = await fetchBytes(`${service.url}/certificates/signing-key.pem`)
      expect([document.status, signature.status, key.status]).toEqual([200, 200, 200])
      expect(key.bytes.toString()).toBe(link.body.public_key)

      const cert = JSON.parse(document.bytes.toString())
      expect(cert.words.words_hash).toBe(agreed.words_hash)
      expect(cert.key_id).toBe(link.body.key_id)
      expect(cert.letters.map((l: { id: string }) => l.id)).toEqual((await ada.state(drafted.id)).letters.map((l: { id: string }) => l.id))
      for (const [i, letter] of cert.letters.entries()) if (i > 0) expect(letter.previous).toBe(cert.letters[i - 1].digest)
      expect(cert.signatures).toHaveLength(2)
      expect(cert.signatures[0]).toMatchObject({
        id: signatures[0].id,
        person: ada.person,
        confirmed_by: ada.person,
        bound_hash: agreed.words_hash,
        state: "bound"
      })
      expect(cert.signatures[0].mark_checksum).toMatch(/^sha256:/)
      expect(cert.signatures[1]).toMatchObject({ person: bea.person, mark_checksum: null })

      const dir = mkdtempSync(join(tmpdir(), "cert-"))
      writeFileSync(join(dir, "certificate.json"), document.bytes)
      writeFileSync(join(dir, "certificate.sig"), signature.bytes)
      writeFileSync(join(dir, "signing-key.pem"), key.bytes)
      expect((await openssl(dir)).stdout).toContain("Signature Verified Successfully")
      const good = await verifyCommand(dir)
      expect(good.status, good.stderr).toBe(0)

      // One altered byte in the words: the signature no longer matches.
      const tampered = readFileSync(join(dir, "certificate.json"), "utf8").replace("Beta's clause.", "Beta's clause!")
      writeFileSync(join(dir, "certificate.json"), tampered)
      expect((await openssl(dir)).status).not.toBe(0)
      const bad = await verifyCommand(dir)
      expect(bad.status).toBe(1)
      expect(bad.stderr).toContain("FAILED")
    })

    it("has no certificate before execution, refuses forged links, and is the same document on every read", async () => {
      const { ada, bea, drafted } = await executed()
      const first = (await ada.get(`/contracts/${drafted.id}/certificate`)).body
      const second = (await bea.get(`/contracts/${drafted.id}/certificate`)).body
      expect(second.document_sha256).toBe(first.document_sha256)
      const forged = first.url.replace("http://localhost", service.url).replace(/token=[0-9a-f]+/, `token=${"0".repeat(64)}`)
      const refused = await fetch(forged)
      expect(refused.status).toBe(401)
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("unauthorized")
      const otherContract = first.url.replace("http://localhost", service.url).replace(drafted.id, "con_other")
      expect((await fetch(otherContract)).status).toBe(401)

      const fresh = await twoOrgs(service.url)
      const { drafted: unsigned } = await fresh.sent()
      const none = await fresh.ada.get(`/contracts/${unsigned.id}/certificate`)
      expect(none.status).toBe(404)
      expect(none.body.error.code).toBe("not_found")
    })

    it.scoped("keeps one signing key across restarts, and a link works for 15 minutes, then never", () =>
      Effect.gen(function*() {
        const { url, drop } = yield* Effect.promise(() => database.create())
        yield* Effect.addFinalizer(() => Effect.promise(drop))
        const storage = Layer.provideMerge(MigrationsLive, DatabaseLive).pipe(
          Layer.provide(Layer.succeed(ServerConfig, testSettings({ databaseUrl: Option.some(url) })))
        )
        const sql = Context.get(yield* Layer.build(storage), SqlClient.SqlClient)
        // Each build is a fresh start of the service on the same database.
        const keyOnce = Effect.provide(SigningKey, SigningKey.Default.pipe(Layer.provide(Layer.succeed(SqlClient.SqlClient, sql))))
        const key = yield* keyOnce
        const link = yield* key.link("con_x")
        expect(yield* key.linkOpen("con_x", link.expires, link.token)).toBe(true)
        expect(yield* key.linkOpen("con_y", link.expires, link.token)).toBe(false)
        expect(yield* key.linkOpen("con_x", link.expires + 60, link.token)).toBe(false)
        yield* TestClock.adjust("15 minutes")
        expect(yield* key.linkOpen("con_x", link.expires, link.token)).toBe(true)
        yield* TestClock.adjust("1 second")
        expect(yield* key.linkOpen("con_x", link.expires, link.token)).toBe(false)
        const again = yield* keyOnce
        expect(again.keyId).toBe(key.keyId)
        expect(again.publicPem).toBe(key.publicPem)
      }))
  })
}
