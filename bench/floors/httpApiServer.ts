// The framework floor: one trivial HttpApi endpoint on the service's own stack (@effect/platform's
// HttpApiBuilder served by NodeHttpServer, spans off as src/Server.ts turns them off, no logging
// middleware), answering the bare server's body. What a request costs through Effect and the
// HttpApi router, decoding and encoding, before any work of the service's own.
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Effect, Layer, Schema } from "effect"
import { createServer } from "node:http"

const Body = Schema.Struct({ id: Schema.String, state: Schema.String, words_hash: Schema.String, head_sequence: Schema.Number })

// A path parameter like GET /contracts/{id}'s, so the router decodes one as the service's does.
const api = HttpApi.make("floor").add(
  HttpApiGroup.make("floor").add(HttpApiEndpoint.get("get", "/floor/:id").setPath(Schema.Struct({ id: Schema.String })).addSuccess(Body))
)

const FloorLive = HttpApiBuilder.group(
  api,
  "floor",
  (handlers) => handlers.handle("get", ({ path }) => Effect.succeed({ id: path.id, state: "agreed", words_hash: "sha256:0000", head_sequence: 1 }))
)

HttpApiBuilder.serve().pipe(
  Layer.provide(HttpApiBuilder.api(api).pipe(Layer.provide(FloorLive))),
  Layer.provide(NodeHttpServer.layer(createServer, { port: Number(process.env.PORT ?? 0), host: "127.0.0.1" })),
  Layer.provide(Layer.setTracerEnabled(false)),
  Layer.launch,
  NodeRuntime.runMain
)
