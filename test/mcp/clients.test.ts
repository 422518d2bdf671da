import { ErrorCode } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Ajv } from "ajv"
import { Ajv2020 } from "ajv/dist/2020.js"
import { issuePersonToken } from "../support/client.js"
import { databases } from "../support/databases.js"
import { beasAgentOnSentNda, foreignOrigins, inspector, postMcp, preflight } from "../support/mcp.js"
import { twoOrgs } from "../support/negotiation.js"
import { type Running, sharedService } from "../support/service.js"

// A title a person reads in a client's form: words, not an Effect filter's name ("int", "minLength(1)").
const human = /^[A-Z][a-z]*( [a-z]+)*$/
const sentence = /^[A-Z`].*\.$/

/** Every `title` in a schema, however deep. */
const titles = (schema: unknown): Array<unknown> =>
  typeof schema !== "object" || schema === null ? [] : Object.entries(schema).flatMap(([key, value]) => [
    ...(key === "title" ? [value] : []),
    ...titles(value)
  ])

const reads = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

for (const database of databases) {
  describe(`the MCP server to a real client (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    /** Bea's agent on the NDA Acme sent her, and the arguments an agent sends each tool. */
    const negotiating = async () => {
      const orgs = await beasAgentOnSentNda(service.url)
      const { agent, drafted } = orgs
      const sheet = (await orgs.bea.get(`/contracts/${drafted.id}`)).body
      const block = sheet.blocks.find((b: { kind: string }) => b.kind === "clause").id
      const counter = { contract: drafted.id, words_hash: sheet.words_hash, block_id: block, type: "counter", text: "Five years.", why: "Our standard." }
      const sent: Record<string, ReadonlyArray<Record<string, unknown>>> = {
        get_contract: [{ contract: drafted.id }],
        list_contracts: [{}, { state: "negotiating,sent", origin: "template", limit: 1 }, { limit: 100 }],
        draft_contract: [{ template_id: "tpl_mutual_nda", facts: { party_a: "Beta GmbH", term: "three (3) years" } }, {
          prompt: "A mutual NDA with legal@gamma.test."
        }],
        get_asks: [{ contract: drafted.id }, { contract: drafted.id, filter: "all" }],
        stage_decision: [counter],
        get_attention: [{}, { limit: 5 }]
      }
      return { ...orgs, agent, drafted, sent, counter }
    }

    it("describes every tool in JSON Schema that strict Ajv compiles, with human titles, and takes what agents send", async () => {
      const { agent, sent } = await negotiating()
      const { tools } = await agent.client.listTools()
      expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(sent).sort())
      for (const tool of tools) {
        expect(tool.title, tool.name).toMatch(/^[A-Z][\w ]+$/)
        expect(JSON.stringify(tool.inputSchema), tool.name).not.toMatch(/\$ref|\$defs|\$schema/)
        for (const title of titles(tool.inputSchema)) expect(title, tool.name).toMatch(human)
        for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
          expect(property, `${tool.name}.${name}`).toMatchObject({ title: expect.stringMatching(human), description: expect.stringMatching(sentence) })
        }
        // No dialect is declared, so a client may read it as draft-07 or as MCP's default 2020-12: both must hold.
        for (const ajv of [new Ajv({ strict: true }), new Ajv2020({ strict: true })]) {
          const validate = ajv.compile(tool.inputSchema)
          for (const args of sent[tool.name]!) expect(validate(args), `${tool.name} ${JSON.stringify(validate.errors)}`).toBe(true)
          expect(validate({ ...sent[tool.name]![0], confirmed_by: "per_1" }), tool.name).toBe(false)
          if ("limit" in tool.inputSchema.properties!) {
            for (const limit of [0, 101, 1.5, "10"]) expect(validate({ limit }), `${tool.name} limit ${limit}`).toBe(false)
          }
        }
        for (const args of sent[tool.name]!) {
          const answer = await agent.call(tool.name, args)
          expect(answer.isError, `${tool.name} ${JSON.stringify(answer.body)}`).toBe(false)
        }
      }
      await agent.close()
    })

    it("annotates each tool as it behaves: reads change nothing, a draft is one more, staging again replaces", async () => {
      const { agent, bea, counter, drafted, sent } = await negotiating()
      const { tools } = await agent.client.listTools()
      const writes = {
        draft_contract: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
        stage_decision: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false }
      }
      for (const tool of tools) expect(tool.annotations, tool.name).toEqual(writes[tool.name as keyof typeof writes] ?? reads)
      const world = async () => ({
        contracts: (await bea.get("/contracts?limit=100")).body,
        reply: (await bea.get(`/contracts/${drafted.id}/reply`)).body,
        outbox: (await bea.get("/sandbox/outbox")).body
      })
      const before = await world()
      for (const tool of tools.filter((tool) => tool.annotations?.readOnlyHint === true)) {
        for (const args of [...sent[tool.name]!, ...sent[tool.name]!]) await agent.call(tool.name, args)
      }
      expect(await world(), "reads").toEqual(before)

      // Not idempotent, not destructive: the same draft twice is two drafts beside what stood.
      const drafts = [await agent.call("draft_contract", sent.draft_contract![0]!), await agent.call("draft_contract", sent.draft_contract![0]!)]
      const ids = (page: { data: ReadonlyArray<{ id: string }> }) => page.data.map((row) => row.id).sort()
      expect(new Set(drafts.map((draft) => draft.body.id)).size).toBe(2)
      expect(ids((await bea.get("/contracts?limit=100")).body)).toEqual([...drafts.map((draft) => draft.body.id), ...ids(before.contracts)].sort())

      // Idempotent: the same decision twice leaves one; destructive: another on the same block replaces it.
      const staged = async (args: Record<string, unknown>) => {
        expect((await agent.call("stage_decision", args)).isError).toBe(false)
        return (await bea.get(`/contracts/${drafted.id}/reply`)).body.decisions.map((d: { type: string; text: string | null }) => [d.type, d.text])
      }
      expect(await staged(counter)).toEqual([["counter", "Five years."]])
      expect(await staged(counter)).toEqual([["counter", "Five years."]])
      expect(await staged({ ...counter, text: "Three years." })).toEqual([["counter", "Three years."]])
      // Closed world: nothing any tool did left the service.
      expect((await bea.get("/sandbox/outbox")).body).toEqual(before.outbox)
      await agent.close()
    })

    it("serves no web page by default: any Origin is 403 before the credential, none at all is served", async () => {
      const { bea } = await twoOrgs(service.url)
      const { token } = await issuePersonToken(service.url, bea.person, { mode: "test" })
      for (const origin of [inspector, ...foreignOrigins]) {
        for (const authorization of [`Bearer ${token}`, "Bearer nonsense"]) {
          const refused = await postMcp(service.url, { authorization, origin })
          expect(refused.status, origin).toBe(403)
          expect(refused.body.error).toMatchObject({ code: "insufficient_scope", param: "Origin", message: expect.stringContaining("MCP_ALLOWED_ORIGINS") })
          expect(refused.headers.get("access-control-allow-origin")).toBeNull()
        }
        expect((await preflight(service.url, origin)).status, origin).toBe(403)
      }
      expect((await postMcp(service.url, { authorization: `Bearer ${token}` })).status).toBe(200)
    })

    it("answers an unknown tool with the protocol's invalid-params error, not a tool result", async () => {
      const { agent, bea, drafted } = await negotiating()
      const refused = await agent.client.callTool({ name: "send_contract", arguments: { contract: drafted.id } }).then(() => undefined, (error) => error)
      expect(refused).toMatchObject({ code: ErrorCode.InvalidParams, message: expect.stringContaining("send_contract") })
      const token = await issuePersonToken(service.url, bea.person, { mode: "test" })
      const raw = await postMcp(service.url, { authorization: `Bearer ${token.token}` }, {
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "sign_contract", arguments: {} }
      })
      expect(raw.status).toBe(200)
      expect(raw.body).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32602 } })
      expect(raw.body.result).toBeUndefined()
      await agent.close()
    })
  })
}
