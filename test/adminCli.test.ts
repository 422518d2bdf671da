import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { execFile } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { call } from "./support/client.js"
import { databases } from "./support/databases.js"
import { adminToken, type Running, sharedService } from "./support/service.js"
import { built } from "./support/builtService.js"

const run = promisify(execFile)

const cli = (url: string) => (...args: Array<string>) =>
  run(process.execPath, [built("src/Admin/cli.ts"), ...args], {
    env: { ...process.env, CONTRACTS_URL: url, ADMIN_TOKEN: adminToken }
  })

/** A refused command line: one line on stderr and no stack trace. */
const expectOneLineRefusal = (failed: { code?: number; stdout: string; stderr: string }, naming: string) => {
  expect(failed.code).not.toBe(0)
  expect(failed.stdout).toBe("")
  expect(failed.stderr.trim().split("\n")).toHaveLength(1)
  expect(failed.stderr).toContain(naming)
  expect(failed.stderr).not.toMatch(/^\s+at /m)
}

const subcommands = [
  "create-org",
  "add-person",
  "create-key",
  "list-keys",
  "create-token",
  "list-tokens",
  "revoke-token",
  "set-playbook",
  "get-playbook",
  "set-settings",
  "get-settings",
  "revoke-key"
]

// None of these reaches a server: the address is a closed port.
describe("the admin command line's usage", () => {
  const admin = cli("http://127.0.0.1:9")

  it("prints the usage for --help and -h on stdout and exits 0, for the command line and for every subcommand", async () => {
    for (const flag of ["--help", "-h"]) {
      const { stdout, stderr } = await admin(flag)
      expect(stderr).toBe("")
      expect(stdout).toMatch(/^usage: npm run admin -- <command>/)
      for (const name of subcommands) expect(stdout).toContain(name)
    }
    for (const name of subcommands) {
      const { stdout, stderr } = await admin(name, "--help")
      expect(stderr).toBe("")
      expect(stdout).toMatch(new RegExp(`^usage: npm run admin -- ${name} --`))
      expect((await admin(name, "--org", "org_x", "-h")).stdout).toBe(stdout)
    }
  })

  it("refuses an unknown option, a missing value and a missing option in one line on stderr, never a stack trace", async () => {
    expectOneLineRefusal(await admin("list-keys", "--org", "org_x", "--bogus").catch((error) => error), "--bogus")
    expectOneLineRefusal(await admin("create-org", "--nmae", "Acme").catch((error) => error), "--nmae")
    expectOneLineRefusal(await admin("list-keys", "--org").catch((error) => error), "--org")
    expectOneLineRefusal(await admin("create-org", "--name", "--person", "A <a@b.c>").catch((error) => error), "--name")
    expectOneLineRefusal(await admin("revoke-key").catch((error) => error), "--key")
    expectOneLineRefusal(await admin("revoke-key", "--key", "key_a", "stray").catch((error) => error), "stray")
  })

  it("prints the usage on stderr and exits 1 for an unknown subcommand or none", async () => {
    for (const args of [["frobnicate"], []]) {
      const failed = await admin(...args).catch((error) => error)
      expect(failed.code).toBe(1)
      expect(failed.stdout).toBe("")
      expect(failed.stderr).toContain("usage: npm run admin -- <command>")
    }
  })
})

for (const database of databases) {
  describe(`the admin command line (${database.name})`, () => {
    let service: Running
    let admin: ReturnType<typeof cli>
    beforeAll(async () => {
      service = await sharedService(database)
      admin = cli(service.url)
    })
    afterAll(() => service.stop())

    it("creates an org with people, adds a person, creates and revokes a key, printing JSON only", async () => {
      const org = JSON.parse((await admin("create-org", "--name", "Acme Ltd", "--person", "Ada Lovelace <ada@cli.test>")).stdout)
      expect(org).toMatchObject({ name: "Acme Ltd", people: [{ name: "Ada Lovelace", email: "ada@cli.test" }] })
      expect(org.keys.live).toMatch(/^sk_live_/)
      expect(org.keys.test).toMatch(/^sk_test_/)
      expect(org.key_ids.live).toMatch(/^key_/)
      const person = JSON.parse((await admin("add-person", "--org", org.org_id, "--name", "Brook Taylor", "--email", "brook@cli.test")).stdout)
      expect(person.id).toMatch(/^per_/)
      const key = JSON.parse((await admin("create-key", "--org", org.org_id, "--mode", "test", "--scope", "contracts:read")).stdout)
      expect(key).toMatchObject({ mode: "test", scopes: ["contracts:read"] })
      expect((await call(service.url, "GET", "/me", { key: key.key })).body.scopes).toEqual(["contracts:read"])
      expect(JSON.parse((await admin("revoke-key", "--key", key.id)).stdout)).toEqual({ id: key.id, revoked: true })
      expect((await call(service.url, "GET", "/me", { key: key.key })).status).toBe(401)
    })

    it("issues a person token, lists it and revokes it", async () => {
      const org = JSON.parse((await admin("create-org", "--name", "Delta Ltd", "--person", "Dee Delta <dee@cli.test>")).stdout)
      const person = org.people[0].id
      const token = JSON.parse((await admin("create-token", "--person", person, "--mode", "test", "--scope", "contracts:read")).stdout)
      expect(token).toMatchObject({ person_id: person, mode: "test", scopes: ["contracts:read"] })
      expect(token.token).toMatch(/^pt_test_/)
      expect((await call(service.url, "GET", "/me", { key: token.token })).body).toMatchObject({ person_id: person, credential: "person_token" })
      const listed = JSON.parse((await admin("list-tokens", "--person", person)).stdout)
      expect(listed.data).toEqual([expect.objectContaining({ id: token.id, object: "person_token", last4: token.token.slice(-4), revoked: false })])
      expect(JSON.parse((await admin("revoke-token", "--token", token.id)).stdout)).toEqual({ id: token.id, revoked: true })
      expect((await call(service.url, "GET", "/me", { key: token.token })).status).toBe(401)
      const refused = await admin("create-token", "--person", "per_nope").catch((error) => error)
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain("not_found")
    })

    it("lists keys and revokes one by its secret", async () => {
      const org = JSON.parse((await admin("create-org", "--name", "Beta Ltd")).stdout)
      const listed = JSON.parse((await admin("list-keys", "--org", org.org_id)).stdout)
      expect(listed).toMatchObject({ has_more: false, next_cursor: null })
      expect(listed.data.map((row: { id: string }) => row.id).sort()).toEqual([org.key_ids.live, org.key_ids.test].sort())
      const live = listed.data.find((row: { mode: string }) => row.mode === "live")
      expect(live).toMatchObject({ id: org.key_ids.live, object: "api_key", last4: org.keys.live.slice(-4), revoked: false })
      const first = JSON.parse((await admin("list-keys", "--org", org.org_id, "--limit", "1")).stdout)
      expect(first).toMatchObject({ has_more: true, next_cursor: first.data[0].id })
      const second = JSON.parse((await admin("list-keys", "--org", org.org_id, "--limit", "1", "--starting-after", first.next_cursor)).stdout)
      expect([...first.data, ...second.data]).toEqual(listed.data)

      expect((await call(service.url, "GET", "/me", { key: org.keys.live })).status).toBe(200)
      expect(JSON.parse((await admin("revoke-key", "--key", org.keys.live)).stdout)).toEqual({ id: org.key_ids.live, revoked: true })
      expect((await call(service.url, "GET", "/me", { key: org.keys.live })).status).toBe(401)
      const after = JSON.parse((await admin("list-keys", "--org", org.org_id)).stdout)
      expect(after.data.find((row: { id: string }) => row.id === org.key_ids.live)).toMatchObject({ revoked: true })
      expect(after.data.find((row: { id: string }) => row.id === org.key_ids.test)).toMatchObject({ revoked: false })
    })

    it("sets an org's playbook from a file and prints it back; a refused rule is the server's error and stores nothing", async () => {
      const org = JSON.parse((await admin("create-org", "--name", "Gamma Ltd")).stdout)
      const dir = mkdtempSync(join(tmpdir(), "cns-playbook-"))
      const rules = [{ term: "payment_terms", rule_text: "30 to 45 days.", floor: { value: 30, unit: "days" }, ceiling: { value: 45, unit: "days" } }]
      writeFileSync(join(dir, "rules.json"), JSON.stringify(rules))
      const set = JSON.parse((await admin("set-playbook", "--org", org.org_id, "--file", join(dir, "rules.json"))).stdout)
      expect(set.rules).toEqual([
        expect.objectContaining({ term: "payment_terms", source: "org_settings", preferred: null, id: expect.stringMatching(/^pbk_/) })
      ])
      expect(JSON.parse((await admin("get-playbook", "--org", org.org_id)).stdout)).toEqual(set)
      writeFileSync(join(dir, "bad.json"), JSON.stringify({ rules: [{ ...rules[0], term: "vibes" }] }))
      const refused = await admin("set-playbook", "--org", org.org_id, "--file", join(dir, "bad.json")).catch((error) => error)
      expect(JSON.parse(refused.stderr).error).toMatchObject({ code: "invalid_request", param: "rules[0].term" })
      expect(JSON.parse((await admin("get-playbook", "--org", org.org_id)).stdout)).toEqual(set)
      writeFileSync(join(dir, "broken.json"), "{ not json")
      expectOneLineRefusal(await admin("set-playbook", "--org", org.org_id, "--file", join(dir, "broken.json")).catch((error) => error), "broken.json")
    })

    it("sets an org's deadline window and prints its settings; a refused value is the server's error and changes nothing", async () => {
      const org = JSON.parse((await admin("create-org", "--name", "Theta Ltd")).stdout)
      expect(JSON.parse((await admin("get-settings", "--org", org.org_id)).stdout)).toEqual({
        object: "org_settings",
        org_id: org.org_id,
        deadline_window_days: 60
      })
      const set = JSON.parse((await admin("set-settings", "--org", org.org_id, "--deadline-window-days", "45")).stdout)
      expect(set).toEqual({ object: "org_settings", org_id: org.org_id, deadline_window_days: 45 })
      // Words go to the server as written, which refuses them by name (the API's own test covers every bad number).
      const refused = await admin("set-settings", "--org", org.org_id, "--deadline-window-days", "forty").catch((error) => error)
      expect(refused.code).not.toBe(0)
      expect(JSON.parse(refused.stderr).error).toMatchObject({ code: "invalid_request", param: "deadline_window_days" })
      expect(JSON.parse((await admin("get-settings", "--org", org.org_id)).stdout)).toEqual(set)
    })

    it("exits non-zero with the server's error on stderr", async () => {
      for (const args of [["add-person", "--org", "org_nope", "--name", "X", "--email", "x@y.z"], ["list-keys", "--org", "org_nope"]]) {
        const failed = await admin(...args).catch((error) => error)
        expect(failed.code).not.toBe(0)
        expect(JSON.parse(failed.stderr).error.code).toBe("not_found")
        expect(failed.stdout).toBe("")
      }
      const bad = await admin("list-keys", "--org", "org_nope", "--limit", "0").catch((error) => error)
      expect(JSON.parse(bad.stderr).error).toMatchObject({ code: "invalid_request", param: "limit" })
      // One email, one org person: the CLI says what the API says, naming who has the email.
      const holder = JSON.parse((await admin("create-org", "--name", "Epsilon Ltd", "--person", "Eve <eve@cli.test>")).stdout)
      const taken = await admin("create-org", "--name", "Zeta Ltd", "--person", "Eve Again <EVE@cli.test>").catch((error) => error)
      expect(taken.code).not.toBe(0)
      expect(JSON.parse(taken.stderr).error).toMatchObject({ code: "email_in_use", param: "people.0.email" })
      expect(JSON.parse(taken.stderr).error.message).toContain(`${holder.people[0].id}, a person of another org (${holder.org_id})`)
    })
  })
}
