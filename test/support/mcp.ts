import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"

/** The SDK's own MCP client, connected over real HTTP with a credential, as a desktop client would be. */
export const connectAgent = async (base: string, credential: string) => {
  const client = new Client({ name: "test-agent", version: "1.0.0" })
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${credential}` } }
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
