import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer } from "effect"
import { ServerConfig } from "../../src/Config.js"
import { call, issuePersonToken } from "../support/client.js"
import { databases } from "../support/databases.js"
import { connectAgent, foreignOrigins, guestTokenOf, inspector, postMcp, preflight } from "../support/mcp.js"
import { twoOrgs } from "../support/negotiation.js"
import { type Running, startService } from "../support/service.js"

describe("MCP_ALLOWED_ORIGINS", () => {
  it.effect("is a comma list, blanks dropped, and none when unset", () =>
    Effect.gen(function*() {
      const read = (env: Record<string, string>) =>
        Effect.provide(ServerConfig, Layer.provide(ServerConfig.fromEnv, Layer.setConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env))))))
      expect((yield* read({ MCP_ALLOWED_ORIGINS: ` ${inspector} , https://app.example.com/,,` })).mcpAllowedOrigins).toEqual([
        inspector,
        "https://app.example.com/"
      ])
      expect((yield* read({})).mcpAllowedOrigins).toEqual([])
    }))
})

for (const database of databases) {
  describe(`who may reach /mcp (${database.name})`, () => {
    let open: Running
    beforeAll(async () => {
      // Written as an operator might: a trailing slash, capitals.
      open = await startService(database, { mcpAllowedOrigins: [`${inspector}/`, "https://App.Example.com"] })
    })
    afterAll(() => open.stop())

    it("lets a browser client of an allowed origin connect: preflight, answers and refusals it can read", async () => {
      const orgs = await twoOrgs(open.url)
      const { token } = await issuePersonToken(open.url, orgs.bea.person, { mode: "test" })
      for (const origin of [inspector, "https://app.example.com"]) {
        const answered = await preflight(open.url, origin)
        expect(answered.status, origin).toBe(204)
        expect(answered.headers.get("access-control-allow-origin")).toBe(origin)
        expect(answered.headers.get("access-control-allow-methods")?.split(", ")).toEqual(expect.arrayContaining(["GET", "POST", "DELETE"]))
        expect(answered.headers.get("access-control-allow-headers")?.split(", ")).toEqual(
          expect.arrayContaining(["authorization", "content-type", "mcp-session-id", "mcp-protocol-version", "last-event-id"])
        )
        expect(answered.headers.get("access-control-expose-headers")).toContain("mcp-session-id")
        expect(answered.headers.get("vary")).toContain("Origin")
      }
      // The SDK's client, sending the page's Origin as a browser does: let in from the allowed page only.
      const agent = await connectAgent(open.url, token, { origin: inspector })
      expect((await agent.client.listTools()).tools.length).toBe(6)
      await agent.close()
      await expect(connectAgent(open.url, token, { origin: foreignOrigins[0]! })).rejects.toThrow(/MCP_ALLOWED_ORIGINS/)
      const served = await postMcp(open.url, { authorization: `Bearer ${token}`, origin: inspector })
      expect(served.status).toBe(200)
      expect(served.headers.get("access-control-allow-origin")).toBe(inspector)
      expect(served.headers.get("access-control-expose-headers")).toContain("mcp-session-id")
      const unauthorized = await postMcp(open.url, { origin: inspector })
      expect(unauthorized.status).toBe(401)
      expect(unauthorized.headers.get("access-control-allow-origin")).toBe(inspector)
      for (const origin of foreignOrigins) {
        expect((await postMcp(open.url, { authorization: `Bearer ${token}`, origin })).status, origin).toBe(403)
        const refused = await preflight(open.url, origin)
        expect(refused.status, origin).toBe(403)
        expect(refused.headers.get("access-control-allow-origin"), origin).toBeNull()
      }
    })

    it("tells a guest link, however it is sent, that guests get no MCP connection", async () => {
      const { acme, sent } = await twoOrgs(open.url)
      const { drafted } = await sent()
      const guest = await guestTokenOf(open.url, acme, drafted.id)
      const answers = [
        await postMcp(open.url, { authorization: `Bearer ${guest}` }),
        await postMcp(open.url, { authorization: `Token ${guest}` }),
        await call(open.url, "POST", `/mcp?t=${guest}`, { headers: { accept: "application/json, text/event-stream" }, body: {} }),
        await call(open.url, "GET", `/mcp?t=${guest}`, { headers: { accept: "text/event-stream" } })
      ]
      for (const answer of answers) {
        expect(answer.status).toBe(401)
        expect(answer.body.error).toMatchObject({ code: "unauthorized", message: expect.stringMatching(/^Guest links get no MCP connection/) })
      }
    })
  })
}
