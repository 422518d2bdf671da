import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { execFile } from "node:child_process"
import { promisify } from "node:util"
import { call } from "./support/client.js"
import { databases } from "./support/databases.js"
import { adminToken, type Running, startService } from "./support/service.js"

const run = promisify(execFile)

describe("the admin command line", () => {
  let service: Running
  beforeAll(async () => {
    service = await startService(databases[0]!)
  })
  afterAll(() => service.stop())

  const admin = (...args: Array<string>) =>
    run("node", ["--import", "tsx", "src/Admin/cli.ts", ...args], {
      env: { ...process.env, CONTRACTS_URL: service.url, ADMIN_TOKEN: adminToken }
    })

  it("creates an org with people, adds a person, creates and revokes a key, printing JSON only", async () => {
    const org = JSON.parse((await admin("create-org", "--name", "Acme Ltd", "--person", "Ada Lovelace <ada@cli.test>")).stdout)
    expect(org).toMatchObject({ name: "Acme Ltd", people: [{ name: "Ada Lovelace", email: "ada@cli.test" }] })
    expect(org.keys.live).toMatch(/^sk_live_/)
    expect(org.keys.test).toMatch(/^sk_test_/)
    const person = JSON.parse((await admin("add-person", "--org", org.org_id, "--name", "Brook Taylor", "--email", "brook@cli.test")).stdout)
    expect(person.id).toMatch(/^per_/)
    const key = JSON.parse((await admin("create-key", "--org", org.org_id, "--mode", "test", "--scope", "contracts:read")).stdout)
    expect(key).toMatchObject({ mode: "test", scopes: ["contracts:read"] })
    expect((await call(service.url, "GET", "/me", { key: key.key })).body.scopes).toEqual(["contracts:read"])
    expect(JSON.parse((await admin("revoke-key", "--key", key.id)).stdout)).toEqual({ id: key.id, revoked: true })
    expect((await call(service.url, "GET", "/me", { key: key.key })).status).toBe(401)
  })

  it("exits non-zero with the error on stderr", async () => {
    const failed = await admin("add-person", "--org", "org_nope", "--name", "X", "--email", "x@y.z").catch((error) => error)
    expect(failed.code).not.toBe(0)
    expect(JSON.parse(failed.stderr).error.code).toBe("not_found")
    expect(failed.stdout).toBe("")
  })
})
