import { Context, Duration, Effect, Layer, Option } from "effect"
import type { Server } from "node:http"
import { Server as NetServer, type Socket } from "node:net"
import { defaultShutdownGraceSeconds, ServerConfig } from "../Config.js"
import { Readiness } from "./Readiness.js"

/** The node:http server the service listens with and its connections, when the service made it; a test's own server is not drained. */
export class Listener extends Context.Tag("Operations/Listener")<Listener, {
  readonly server: Server
  readonly open: ReadonlySet<Socket>
}>() {}

/** The server as a Listener, its connections counted from before it listens. */
export const listenerOf = (server: Server): Listener["Type"] => {
  const open = new Set<Socket>()
  server.on("connection", (socket: Socket) => {
    open.add(socket)
    socket.once("close", () => open.delete(socket))
  })
  return { server, open }
}

/**
 * How long, once nothing is in flight, a drain waits for the connections it still has to close:
 * each is answered `Connection: close` on its next request, so a busy client's goes at once, and
 * one made just before the listener closed brings its request (on a busy event loop that can
 * take a while). A connection quiet for longer (a balancer's idle pool, a browser's preconnect)
 * is closed as idle, which races only a request sent in that very instant.
 */
const connectionsWait = Duration.seconds(2)

const turnOfTheLoop = Effect.async<void>((resume) => void setImmediate(() => setImmediate(() => resume(Effect.void))))

/**
 * The listener stops taking connections and keeps the ones it has. `http.Server.close` would also
 * drop every connection without a request in progress at once, among them one just accepted whose
 * request is still on its way: that client would read a reset for a request it had sent. A turn
 * of the event loop first accepts what the kernel has queued; what it queues after is refused
 * with the socket (docs: a balancer stops sending once `/readyz` says draining).
 */
const stopAccepting = ({ server }: Listener["Type"]) => Effect.zipRight(turnOfTheLoop, Effect.sync(() => NetServer.prototype.close.call(server)))

/** Done when nothing is in flight and every connection has closed, polled: both change on Node's events. */
const quiet = (readiness: Readiness, open: ReadonlySet<Socket>) =>
  Effect.gen(function*() {
    for (;;) {
      yield* readiness.settled
      if (open.size === 0) return
      yield* Effect.sleep(Duration.millis(25))
    }
  })

/**
 * The first step of a shutdown, taken before any other layer closes: `/readyz` turns `503
 * draining`, the listener stops taking connections, and the requests in flight finish, each
 * answered with `Connection: close`, for at most the grace. Only then are idle connections closed
 * and the rest of the service stopped, in the reverse order of its start (workers, entities,
 * the cluster's shards, the database).
 */
const drain = Effect.gen(function*() {
  const readiness = yield* Readiness
  const grace = Duration.seconds((yield* ServerConfig).shutdownGraceSeconds ?? defaultShutdownGraceSeconds)
  const listener = yield* Effect.serviceOption(Listener)
  // Closed before the answers say `Connection: close`: a client told so connects again, and is refused rather than queued and reset.
  yield* Option.match(listener, { onNone: () => Effect.void, onSome: stopAccepting })
  yield* readiness.markDraining
  yield* Effect.logInfo(`draining: no new connections; ${yield* readiness.inFlight} requests in flight, ${Duration.format(grace)} to finish`)
  const finished = yield* Effect.timeout(readiness.settled, grace).pipe(Effect.as(true), Effect.orElseSucceed(() => false))
  if (!finished) yield* Effect.logWarning(`drained after ${Duration.format(grace)} with ${yield* readiness.inFlight} requests unfinished; they are cut`)
  if (Option.isNone(listener)) return
  if (finished) yield* Effect.timeout(quiet(readiness, listener.value.open), connectionsWait).pipe(Effect.ignore)
  listener.value.server.closeIdleConnections()
})

/** Built after everything else, so the service turns ready last and its drain is the first thing a shutdown does. */
export const ReadyUntilShutdown = Layer.scopedDiscard(Effect.acquireRelease(Effect.flatMap(Readiness, (r) => r.markReady), () => drain))
