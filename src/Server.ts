import { HttpApiBuilder, HttpApiScalar, HttpRouter, HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { AdminHttp } from "./Admin/Http.js"
import { ClusterLive } from "./Cluster/ClusterLive.js"
import { ClusterSignals } from "./Cluster/Signals.js"
import { Ask } from "./Ask.js"
import { Answerer } from "./Ask/Answerer.js"
import { AskHttp } from "./Ask/Http.js"
import { Assets } from "./Assets.js"
import { AssetStore } from "./Assets/AssetStore.js"
import { AssetsHttp } from "./Assets/Http.js"
import { Imports } from "./Imports.js"
import { OutboundMail } from "./Mail/Outbound.js"
import { ImportsHttp } from "./Imports/Http.js"
import { ImportParser } from "./Imports/Parser.js"
import { ImportWorker } from "./Imports/Worker.js"
import { Ingress } from "./Ingress.js"
import { IngressHttp } from "./Ingress/Http.js"
import { IngressListener } from "./Ingress/SmtpListener.js"
import { Attention } from "./Attention.js"
import { Certificates } from "./Certificates.js"
import { Contracts } from "./Contracts.js"
import { Mcp } from "./Mcp.js"
import { McpRoutes } from "./Mcp/Http.js"
import { Me } from "./Me.js"
import { Negotiation } from "./Negotiation.js"
import { Parties } from "./Parties.js"
import { Relationships } from "./Relationships.js"
import { Marks } from "./Marks.js"
import { Signatures } from "./Signatures.js"
import { AdminRepo } from "./Admin/Repo.js"
import { AdminToken } from "./Admin/AdminToken.js"
import { AttentionHttp } from "./Attention/Http.js"
import { CertificateRoutes, CertificatesHttp } from "./Certificates/Http.js"
import { SigningKey } from "./Certificates/SigningKey.js"
import { Api } from "./Api.js"
import { Authenticate } from "./Auth/Authenticate.js"
import { AuthCache } from "./Auth/Cache.js"
import { ServerConfig } from "./Config.js"
import { ContractLive } from "./Engine/EntityLive.js"
import { ContractsHttp } from "./Contracts/Http.js"
import { PromptDrafter } from "./Contracts/PromptDrafter.js"
import { ContractStore } from "./Engine/ContractStore.js"
import { LiveContracts } from "./Engine/LiveContracts.js"
import { ContractsRepo } from "./Engine/Repo.js"
import { WriteProbe } from "./Engine/WriteProbe.js"
import { AdminAdmittedLive } from "./Http/AdminAdmitted.js"
import { AuthenticatedLive } from "./Http/Authenticated.js"
import { ErrorDocsRoutes } from "./Http/ErrorDocs.js"
import { GatewayLive } from "./Gateway.js"
import { guestPages } from "./GuestPage/Pages.js"
import { BackupRoutes } from "./Operations/BackupRoute.js"
import { operationsFront } from "./Operations/Front.js"
import { LoggingLive } from "./Operations/Logging.js"
import { TracingLive } from "./Operations/Tracing.js"
import { Readiness } from "./Operations/Readiness.js"
import { Listener, listenerOf, ReadyUntilShutdown } from "./Operations/Shutdown.js"
import { startingServer } from "./Gateway/StartingServer.js"
import { routeTable } from "./Http/RouteTable.js"
import { IdempotencyRepo } from "./Idempotency/Repo.js"
import { MeHttp } from "./Me/Http.js"
import { NegotiationHttp } from "./Negotiation/Http.js"
import { PartiesHttp } from "./Parties/Http.js"
import { Playbooks } from "./Playbooks.js"
import { PlaybooksHttp } from "./Playbooks/Http.js"
import { RelationshipsHttp } from "./Relationships/Http.js"
import { SignaturesHttp } from "./Signatures/Http.js"
import { MarksHttp } from "./Marks/Http.js"
import { RateLimiter } from "./RateLimit/RateLimiter.js"
import { DatabaseLive } from "./Sql/Database.js"
import { MigrationsLive } from "./Sql/Migrations.js"
import { TemplatesHttp } from "./Templates/Http.js"
import { Appended } from "./Doorbells/Appended.js"
import { Webhooks } from "./Webhooks.js"
import { DeliveryAttempt } from "./Webhooks/Attempt.js"
import { DeliveryClock } from "./Webhooks/DeliveryClock.js"
import { DeadlineClock } from "./Deadlines/DeadlineClock.js"
import { DeadlineScheduler } from "./Deadlines/Scheduler.js"
import { OrgSettings } from "./Deadlines/OrgSettings.js"
import { DatesMoved } from "./Doorbells/DatesMoved.js"
import { Sandbox } from "./Sandbox.js"
import { SandboxHttp } from "./Sandbox/Http.js"
import { SandboxClocks } from "./Sandbox/SandboxClocks.js"
import { WebhookEngine } from "./Webhooks/Engine.js"
import { WebhooksHttp } from "./Webhooks/Http.js"

/** Every declared route, read once: the gateway's rules and the operator's route templates. */
const routes = routeTable(Api)

/** The database, migrated before anything else may use it. */
const Database = Layer.provideMerge(MigrationsLive, DatabaseLive)

/**
 * The contract entities, on this process alone or spread over several runners (src/Cluster/ClusterLive.ts).
 * They keep the services' own LiveContracts and doorbells: a layer is built once per build however
 * many `dependencies` name it (test/layerGraph.test.ts).
 */
const Cluster = ContractLive.pipe(
  Layer.provide(Layer.mergeAll(ContractsRepo.Default, LiveContracts.Default, Appended.Default, DatesMoved.Default)),
  Layer.provideMerge(ClusterLive)
)

/**
 * What the handlers and the gateway (its idempotency store) read themselves; the services name
 * their own. The engine's repository also serves the attention feed's backfill
 * (src/Engine/AttentionBackfill.ts), which a capability may not name (test/structure.test.ts).
 */
const Repos = Layer.mergeAll(
  AuthCache.Default,
  ContractsRepo.Default,
  AdminRepo.Default,
  IdempotencyRepo.Default,
  SigningKey.Default,
  AssetStore.Default,
  SandboxClocks.Default,
  OrgSettings.Default
)

/**
 * A service per capability, each naming in its `dependencies` the services it uses; listed here are
 * those the handlers call and those that run on their own (workers, schedulers, listeners).
 */
const Services = Layer.mergeAll(
  Contracts.Default,
  Parties.Default,
  Signatures.Default,
  Certificates.Default,
  Attention.Default,
  Me.Default,
  Ask.Default,
  OutboundMail.Default,
  IngressListener.Default,
  DeadlineScheduler.Default,
  Sandbox.Default,
  Ingress.Default,
  Imports.Default,
  ImportWorker.Default,
  Negotiation.Default,
  Webhooks.Default,
  WebhookEngine.Default,
  DeliveryAttempt.Default,
  Relationships.Default,
  Marks.Default,
  Playbooks.Default,
  Assets.Default,
  ContractStore.Default
)

const ApiLive = HttpApiBuilder.api(Api).pipe(
  Layer.provide([
    ContractsHttp,
    TemplatesHttp,
    MeHttp,
    NegotiationHttp,
    PlaybooksHttp,
    PartiesHttp,
    RelationshipsHttp,
    SignaturesHttp,
    MarksHttp,
    CertificatesHttp,
    AttentionHttp,
    ImportsHttp,
    AssetsHttp,
    IngressHttp,
    WebhooksHttp,
    AskHttp,
    SandboxHttp,
    AdminHttp
  ]),
  Layer.provide([AuthenticatedLive, AdminAdmittedLive])
)

/**
 * The API as `HttpApiBuilder.serve` makes it, with the guest's pages in front. The pages call the
 * API in-process as the guest (src/GuestPage/Pages.ts), so they need the app before it is bound
 * to a socket: serve's own middleware would get an app that writes every answer to the client.
 */
const served = HttpApiBuilder.httpApp.pipe(
  // Ready only once served; on shutdown, the drain runs before serve's own finalizer and every service's.
  Effect.map((app) => Layer.flatMap(HttpServer.serve(operationsFront(routes)(guestPages(app))), () => ReadyUntilShutdown)),
  Layer.unwrapEffect,
  Layer.provide([HttpApiBuilder.Router.Live, HttpApiBuilder.Middleware.layer])
)

const HttpLive = served.pipe(
  Layer.provide(HttpApiScalar.layer({ path: "/docs" })),
  Layer.provide(ErrorDocsRoutes),
  Layer.provide(HttpApiBuilder.middlewareOpenApi({ path: "/openapi.json" })),
  Layer.provide(GatewayLive(routes)),
  Layer.provide(CertificateRoutes),
  Layer.provide(BackupRoutes),
  Layer.provide(McpRoutes),
  Layer.provide(ApiLive),
  HttpServer.withLogAddress,
  // One of each for HTTP and MCP alike (Mcp names the same limiter): a person's allowance is one
  // allowance whichever way they come.
  Layer.provide(Layer.mergeAll(Mcp.Default, Authenticate.Default, RateLimiter.layer)),
  // Paths are compared exactly, as the gateway compares them: `/ME` is no route (one reading decides).
  Layer.provide(HttpRouter.setRouterConfig({ caseSensitive: true }))
)

/** The whole service on any HTTP server layer; config, the write probe, the delivery and deadline clocks and the answerer come from outside. */
export const ServiceLive = HttpLive.pipe(
  // The services stay in the output, so a test can reach the entity the way a service does (test/support/service.ts `run`).
  Layer.provideMerge(Services),
  Layer.provide(Repos),
  Layer.provideMerge(Readiness.Default),
  // What the root chooses for every layer above: the entities and the sharding they run on, the
  // admin token, and the one rules implementation of each drafting seam.
  Layer.provide(Layer.mergeAll(Cluster, AdminToken.layer, ImportParser.rules, PromptDrafter.rules)),
  // Below everything that reads it (the doorbells, the auth cache): a reference with a default, so
  // a layer built without it would quietly keep its state to this runner alone.
  Layer.provide(ClusterSignals.layer),
  // Merged, so a test reads the database the way the service does (test/support/service.ts `run`).
  Layer.provideMerge(Database),
  // Spans only when an OTLP endpoint is set: making them costs a third of a commit's CPU
  // (docs/performance.md, src/Operations/Tracing.ts). Layers built below inherit the setting.
  Layer.provide(TracingLive)
)

/** The service on a real port, configured from the environment. */
export const ServerLive = Layer.unwrapEffect(
  Effect.map(
    ServerConfig,
    (config) => {
      const server = startingServer(config.docsUrl, config.clientTimeoutSeconds)()
      // The service's own server, so a shutdown can stop it taking connections before anything else closes.
      return ServiceLive.pipe(
        Layer.provide(NodeHttpServer.layer(() => server, { port: config.port })),
        Layer.provide(Layer.succeed(Listener, listenerOf(server)))
      )
    }
  )
).pipe(
  Layer.provide(WriteProbe.passThrough),
  Layer.provide(DeliveryClock.live),
  Layer.provide(DeadlineClock.live),
  Layer.provide(Answerer.extractive),
  // Built first, so every line the service writes, from its first, is JSON at LOG_LEVEL.
  Layer.provide(LoggingLive),
  Layer.provide(ServerConfig.fromEnv)
)
