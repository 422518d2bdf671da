import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { call, issuePersonToken, type Org } from "./client.js"
import { twoOrgs } from "./negotiation.js"

/**
 * The SDK's own MCP client, connected over real HTTP with a credential, as a desktop client would
 * be; `headers` adds what a browser would send (its page's `Origin`).
 */
export const connectAgent = async (base: string, credential: string, headers: Record<string, string> = {}) => {
  const client = new Client({ name: "test-agent", version: "1.0.0" })
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: { headers: { ...headers, authorization: `Bearer ${credential}` } }
  })
  await client.connect(transport)
  /** A tool's answer: its JSON, and whether it was refused. */
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = await client.callTool({ name, arguments: args })
    const content = result.content as Array<{ type: string; text: string }>
    return { isError: result.isError === true, body: JSON.parse(content[0]!.text) }
  }
  return { client, call, close: () => client.close() }
}

/** A real guest link's token: Acme invites someone outside the server, and reads it from the mail. */
export const guestTokenOf = async (base: string, acme: Org, contract: string) => {
  const person = acme.people[0]!.id
  const invited = await call(base, "POST", `/contracts/${contract}/invite`, {
    key: acme.keys.test,
    person,
    body: { email: "outside@guest.test", name: "Outside", capacity: ["negotiator"] }
  })
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${invited.text}`)
  const link = (await call(base, "GET", "/sandbox/outbox", { key: acme.keys.test, person })).body.data
    .map((message: { link: string | null }) => message.link).find((url: string | null) => url?.includes("t=gtk_"))
  return new URL(link).searchParams.get("t")!
}

/** A raw JSON-RPC request to `/mcp`, for what an SDK client would not send or would not show. */
export const postMcp = (base: string, headers: Record<string, string>, body: unknown = { jsonrpc: "2.0", id: 1, method: "tools/list" }) =>
  call(base, "POST", "/mcp", { headers: { accept: "application/json, text/event-stream", ...headers }, body })

// The MCP Inspector's own page, from which its direct mode connects; and pages no one allowed.
export const inspector = "http://localhost:6274"
export const foreignOrigins = ["http://evil.example", "http://localhost:6274.evil.example", "https://localhost:6274", "null"]

/** A browser's CORS preflight before it POSTs a token and JSON to `/mcp`. */
export const preflight = (base: string, origin: string) =>
  call(base, "OPTIONS", "/mcp", {
    headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type, mcp-protocol-version" }
  })

/** Acme drafts and sends an NDA to Beta; Bea connects her agent with a test-mode person token. */
export const beasAgentOnSentNda = async (base: string) => {
  const orgs = await twoOrgs(base)
  const { drafted } = await orgs.sent()
  const token = await issuePersonToken(base, orgs.bea.person, { mode: "test" })
  const agent = await connectAgent(base, token.token)
  return { ...orgs, drafted, token, agent }
}
