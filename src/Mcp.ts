import { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"
import { CallToolRequestSchema, type CallToolResult, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js"
import { Cause, Effect, Exit, Option, Runtime } from "effect"
import { Attention } from "./Attention.js"
import { Actor, type Caller } from "./Auth/Actor.js"
import { Contracts } from "./Contracts.js"
import { ServerConfig } from "./Config.js"
import { excerpt, internalError, reject, Rejection } from "./Domain/Contract/Rejection.js"
import { envelope } from "./Http/Envelope.js"
import { Negotiation } from "./Negotiation.js"
import { count, rateLimited } from "./Operations/Metrics.js"
import { rateBucketOf, RateLimiter } from "./RateLimit/RateLimiter.js"
import type { Tool, ToolServices } from "./Mcp/Tool.js"
import { tools } from "./Mcp/Tools.js"

// The largest JSON-RPC message an agent may send; the tools' own arguments are small.
const maxRequestBytes = 1024 * 1024

const isJsonObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)

// structuredContent is a JSON object by MCP's rule; every tool answers one (its route's response), so the text alone is a fallback.
const answer = (value: unknown): CallToolResult => ({
  content: [{ type: "text", text: JSON.stringify(value) }],
  ...(isJsonObject(value) ? { structuredContent: value } : {})
})

/**
 * The MCP server (Streamable HTTP, stateless: every request carries its person token, so any
 * process can answer it). An agent connects as the person its token names and meets that person's
 * seat through the same services as HTTP, capped at "cannot send, cannot sign": the tools read,
 * draft and stage, and none does more (src/Mcp/Tools.ts).
 */
export class Mcp extends Effect.Service<Mcp>()("Mcp", {
  dependencies: [Attention.Default, Contracts.Default, Negotiation.Default, RateLimiter.layer],
  effect: Effect.gen(function*() {
    const { docsUrl } = yield* ServerConfig
    const limiter = yield* RateLimiter
    const runtime = yield* Effect.runtime<Exclude<ToolServices, Actor>>()
    const refused = (rejection: Rejection): CallToolResult => ({ ...answer(envelope(rejection, docsUrl)), isError: true })

    /** A tool call, refused as its HTTP route would be: the scope, then the person's allowance, then the work. */
    const run = (tool: Tool, caller: Caller, args: unknown) =>
      Effect.gen(function*() {
        if (!caller.scopes.includes(tool.scope)) {
          return yield* reject("insufficient_scope", `This token lacks the '${tool.scope}' scope.`, { param: tool.scope })
        }
        // Reads were paid for by the request that carried them; a write spends from the write allowance too.
        if (tool.rate !== "read") {
          const allowance = yield* limiter.take(rateBucketOf(caller), tool.rate)
          if (!allowance.allowed) {
            yield* count(rateLimited, { rate_class: tool.rate })
            return yield* reject("rate_limited", `Too many writes; retry in ${allowance.retryAfter} seconds.`)
          }
        }
        return yield* tool.call(args)
      }).pipe(Effect.provideService(Actor, { ...caller, agent: "mcp" }))

    const serverFor = (caller: Caller) => {
      const server = new Server({ name: "contracts", version: "1.0.0" }, { capabilities: { tools: {} } })
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: tools.map(({ annotations, description, inputSchema, name, title }) => ({ name, title, description, inputSchema, annotations }))
      }))
      server.setRequestHandler(CallToolRequestSchema, async (request) => {
        const tool = tools.find((candidate) => candidate.name === request.params.name)
        // The MCP specification makes an unknown tool a protocol error, not a tool's refusal.
        if (tool === undefined) throw new McpError(ErrorCode.InvalidParams, `There is no tool '${excerpt(request.params.name)}'.`)
        const exit = await Runtime.runPromiseExit(runtime)(run(tool, caller, request.params.arguments))
        if (Exit.isSuccess(exit)) return answer(exit.value)
        const failure = Cause.failureOption(exit.cause)
        if (Option.isSome(failure) && failure.value instanceof Rejection) return refused(failure.value)
        await Runtime.runPromise(runtime)(Effect.logError("MCP tool failed", exit.cause))
        return refused(internalError)
      })
      return server
    }

    /** Answers one MCP request (a web Request) as the caller, with a server and transport made for it alone. */
    const handle = (caller: Caller, request: Request) =>
      Effect.promise(async () => {
        const server = serverFor(caller)
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
          maxRequestBodySize: maxRequestBytes
        })
        await server.connect(transport)
        try {
          return await transport.handleRequest(request)
        } finally {
          await server.close()
        }
      })

    return { handle } as const
  })
}) {}
