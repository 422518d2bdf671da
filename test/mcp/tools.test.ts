import { ErrorCode } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { call, idempotencyKey, issuePersonToken } from "../support/client.js"
import { databases } from "../support/databases.js"
import { beasAgentOnSentNda, connectAgent, guestTokenOf, postMcp } from "../support/mcp.js"
import { twoOrgs } from "../support/negotiation.js"
import { type Running, sharedService, startService } from "../support/service.js"

const toolNames = ["draft_contract", "get_asks", "get_attention", "get_contract", "list_contracts", "stage_decision"]

for (const database of databases) {
  describe(`the MCP server (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    const negotiating = () => beasAgentOnSentNda(service.url)

    it("lists six tools, each with closed arguments, and none that sends or signs", async () => {
      const { agent } = await negotiating()
      const { tools } = await agent.client.listTools()
      expect(tools.map((tool) => tool.name).sort()).toEqual(toolNames)
      for (const tool of tools) {
        expect(tool.inputSchema, tool.name).toMatchObject({ type: "object", additionalProperties: false })
        expect(tool.description, tool.name).toMatch(/\w{3,}/)
        expect(tool.name).not.toMatch(/send|sign|commit|reply|withdraw/)
      }
      await agent.close()
    })

    it("answers each read exactly as the person's own GET does", async () => {
      const { agent, bea, drafted } = await negotiating()
      const pairs: Array<[string, Record<string, unknown>, string]> = [
        ["get_contract", { contract: drafted.id }, `/contracts/${drafted.id}`],
        ["list_contracts", {}, "/contracts"],
        ["list_contracts", { state: "negotiating", limit: 1 }, "/contracts?state=negotiating&limit=1"],
        ["get_asks", { contract: drafted.id, filter: "all" }, `/contracts/${drafted.id}/asks?filter=all`],
        ["get_attention", {}, "/attention"]
      ]
      for (const [tool, args, path] of pairs) {
        const viaAgent = await agent.call(tool, args)
        const viaHttp = await bea.get(path)
        expect(viaHttp.status, path).toBe(200)
        expect(viaAgent, tool).toEqual({ isError: false, body: viaHttp.body })
      }
      await agent.close()
    })

    it("drafts with origin mcp and stages a private decision, and nothing leaves", async () => {
      const { ada, agent, bea, drafted } = await negotiating()
      const outboxBefore = (await bea.get("/sandbox/outbox")).body.data
      const made = await agent.call("draft_contract", { template_id: "tpl_mutual_nda", facts: { party_a: "Beta GmbH" } })
      expect(made.isError, JSON.stringify(made.body)).toBe(false)
      expect(made.body).toMatchObject({ state: "draft", origin: "mcp" })
      expect((await bea.get(`/contracts/${made.body.id}`)).body).toMatchObject({ origin: "mcp", state: "draft" })
      const prompted = await agent.call("draft_contract", { prompt: "A mutual NDA with legal@gamma.test, governed by the laws of England and Wales." })
      expect(prompted.body).toMatchObject({ origin: "mcp", state: "draft", proposed_recipients: [{ email: "legal@gamma.test" }] })

      const sheet = (await bea.get(`/contracts/${drafted.id}`)).body
      const block = sheet.blocks.find((b: { kind: string }) => b.kind === "clause")
      const staged = await agent.call("stage_decision", {
        contract: drafted.id,
        words_hash: sheet.words_hash,
        block_id: block.id,
        type: "counter",
        text: "Each party keeps the other's information confidential for five years.",
        why: "Five years is our standard."
      })
      expect(staged.isError, JSON.stringify(staged.body)).toBe(false)
      expect(staged.body).toMatchObject({ object: "decision", state: "staged", type: "counter" })
      // Bea's own seat sees her staged decision; Acme sees nothing, and no letter went anywhere.
      expect((await bea.get(`/contracts/${drafted.id}/reply`)).body.decisions.map((d: { id: string }) => d.id)).toContain(staged.body.id)
      expect((await ada.get(`/contracts/${drafted.id}/letters`)).body.data).toHaveLength(1)
      expect((await bea.get(`/contracts/${drafted.id}/letters`)).body.data).toHaveLength(1)
      expect((await bea.get("/sandbox/outbox")).body.data).toEqual(outboxBefore)
      await agent.close()
    })

    it("cannot be made to send, commit, sign or withdraw by any tool or argument", async () => {
      const { ada, agent, bea, drafted, token } = await negotiating()
      const before = await bea.get(`/contracts/${drafted.id}/state`)
      const outboxBefore = (await bea.get("/sandbox/outbox")).body.data
      const sheet = (await bea.get(`/contracts/${drafted.id}`)).body
      const block = sheet.blocks.find((b: { kind: string }) => b.kind === "clause")
      const base = { contract: drafted.id, words_hash: sheet.words_hash, block_id: block.id, type: "accept" }
      for (const extra of [{ confirmed_by: bea.person }, { send: true }, { commit: true }, { note: "Sending now." }, { text_hash: sheet.words_hash }]) {
        const refused = await agent.call("stage_decision", { ...base, ...extra })
        expect(refused.isError, JSON.stringify(extra)).toBe(true)
        expect(refused.body.error).toMatchObject({ code: "invalid_request", param: Object.keys(extra)[0] })
      }
      for (const name of ["send_contract", "commit_reply", "sign_contract", "withdraw_signature", "post"]) {
        const refused = await agent.call(name, { contract: drafted.id, confirmed_by: bea.person }).then(() => undefined, (error: unknown) => error)
        expect(refused, name).toMatchObject({ code: ErrorCode.InvalidParams })
      }
      const draftSend = await agent.call("draft_contract", { template_id: "tpl_mutual_nda", recipients: [{ email: "x@y.test" }] })
      expect(draftSend.body.error).toMatchObject({ code: "invalid_request", param: "recipients" })
      // Nothing moved: the same state, no letter, no signature, no reply staged, nothing in the outbox.
      expect((await bea.get(`/contracts/${drafted.id}/state`)).body).toEqual(before.body)
      expect((await ada.get(`/contracts/${drafted.id}/letters`)).body.data).toHaveLength(1)
      expect((await bea.get(`/contracts/${drafted.id}/signatures`)).body.data).toEqual([])
      expect((await bea.get(`/contracts/${drafted.id}/reply`)).body.decisions).toEqual([])
      expect((await bea.get("/sandbox/outbox")).body.data).toEqual(outboxBefore)
      // The same token over HTTP still needs a human's confirmed_by to commit.
      const commit = await call(service.url, "POST", `/contracts/${drafted.id}/replies`, {
        key: token.token,
        body: {},
        headers: { "if-match": sheet.words_hash, "idempotency-key": idempotencyKey() }
      })
      expect(commit.status).toBe(409)
      expect(commit.body.error.code).toBe("confirmation_required")
      await agent.close()
    })

    it("answers hostile arguments with a refusal naming them, never a failure of its own, and changes nothing", async () => {
      const { agent, bea, drafted, token } = await negotiating()
      const before = await bea.get(`/contracts/${drafted.id}/state`)
      const outboxBefore = (await bea.get("/sandbox/outbox")).body.data
      // As deep as the SDK's client will still serialise; deeper still goes raw below.
      let deep: unknown = "x"
      for (let i = 0; i < 1000; i++) deep = [deep]
      const hostile: ReadonlyArray<unknown> = ["\u0000", "\ud800", "a".repeat(300_000), deep, { $ref: "#" }, -0, 1e308, null, true, []]
      const { tools } = await agent.client.listTools()
      for (const tool of tools) {
        const names = Object.keys((tool.inputSchema as { properties?: Record<string, unknown> }).properties ?? {})
        for (const name of [...names, "__proto__", "constructor"]) {
          for (const value of hostile) {
            const answer = await agent.call(tool.name, { contract: drafted.id, [name]: value })
            if (answer.isError) expect(answer.body.error.code, `${tool.name}.${name}`).not.toBe("api_error")
          }
        }
      }
      const depth = 200_000
      const raw = await call(service.url, "POST", "/mcp", {
        headers: { authorization: `Bearer ${token.token}`, accept: "application/json, text/event-stream" },
        raw: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_contract","arguments":{"contract":${"[".repeat(depth)}${"]".repeat(depth)}}}}`
      })
      expect(raw.status).toBe(200)
      expect(JSON.parse(raw.body.result.content[0].text).error).toMatchObject({ code: "invalid_request", message: expect.stringMatching(/nested deeper/) })
      const notJson = await call(service.url, "POST", "/mcp", {
        headers: { authorization: `Bearer ${token.token}`, accept: "application/json, text/event-stream" },
        raw: "\u0000{not json"
      })
      expect(notJson.status).toBeLessThan(500)
      // Drafts an agent made along the way are its own; the negotiated contract and the outbox did not move.
      expect((await bea.get(`/contracts/${drafted.id}/state`)).body).toEqual(before.body)
      expect((await bea.get("/sandbox/outbox")).body.data).toEqual(outboxBefore)
      await agent.close()
    })

    it("sees no more than its person: another org's contract is not found, as over HTTP", async () => {
      const { agent, drafted } = await negotiating()
      const stranger = await twoOrgs(service.url)
      const theirs = (await stranger.ada.draft()).body
      const refused = await agent.call("get_contract", { contract: theirs.id })
      expect(refused.isError).toBe(true)
      expect(refused.body.error.code).toBe("not_found")
      const listed = await agent.call("list_contracts", {})
      expect(listed.body.data.map((row: { id: string }) => row.id)).toEqual([drafted.id])
      const asks = await agent.call("get_asks", { contract: theirs.id })
      expect(asks.body.error.code).toBe("not_found")
      await agent.close()
    })

    it("holds only its token's scopes", async () => {
      const { bea, drafted } = await negotiating()
      const reader = await issuePersonToken(service.url, bea.person, { mode: "test", scopes: ["contracts:read"] })
      const agent = await connectAgent(service.url, reader.token)
      expect((await agent.call("get_contract", { contract: drafted.id })).isError).toBe(false)
      const sheet = (await bea.get(`/contracts/${drafted.id}`)).body
      const stage = await agent.call("stage_decision", { contract: drafted.id, words_hash: sheet.words_hash, block_id: sheet.blocks[0].id, type: "accept" })
      expect(stage.body.error).toMatchObject({ code: "insufficient_scope", param: "decisions:write" })
      const draft = await agent.call("draft_contract", { template_id: "tpl_mutual_nda" })
      expect(draft.body.error).toMatchObject({ code: "insufficient_scope", param: "contracts:write" })
      await agent.close()
    })

    it("refuses an org key, a guest link, a revoked token and no credential, before any tool", async () => {
      const { acme, drafted, token } = await negotiating()
      const post = (authorization?: string) => postMcp(service.url, authorization === undefined ? {} : { authorization })
      for (const authorization of [undefined, `Bearer ${acme.keys.test}`, "Token gtk_notreal", "Bearer nonsense"]) {
        const refused = await post(authorization)
        expect(refused.status, authorization).toBe(401)
        expect(refused.body.error.code).toBe("unauthorized")
      }
      const guestToken = await guestTokenOf(service.url, acme, drafted.id)
      expect((await post(`Token ${guestToken}`)).status).toBe(401)
      expect((await post(`Bearer ${token.token}`)).status).toBe(200)
      await call(service.url, "DELETE", `/admin/tokens/${token.id}`, { headers: { authorization: "Bearer adm_test_token_for_the_suite" } })
      expect((await post(`Bearer ${token.token}`)).status).toBe(401)
    })

    it("spends the acting person's allowance: reads per request, writes per tool", async () => {
      const limited = await startService(database, { rateLimits: { readsPerMinute: 6, writesPerMinute: 1 } })
      try {
        const orgs = await twoOrgs(limited.url)
        const token = await issuePersonToken(limited.url, orgs.bea.person, { mode: "test" })
        const agent = await connectAgent(limited.url, token.token)
        const first = await agent.call("draft_contract", { template_id: "tpl_mutual_nda" })
        expect(first.isError).toBe(false)
        const second = await agent.call("draft_contract", { template_id: "tpl_mutual_nda" })
        expect(second.body.error.code).toBe("rate_limited")
        // The org's key still has its own allowance: the agent spent Bea's.
        expect((await orgs.bea.draft()).status).toBe(201)
        let refused = false
        for (let i = 0; i < 8 && !refused; i++) refused = await agent.client.listTools().then(() => false, () => true)
        expect(refused).toBe(true)
        await agent.close().catch(() => undefined)
      } finally {
        await limited.stop()
      }
    })
  })
}
