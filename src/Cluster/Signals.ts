import { PgClient } from "@effect/sql-pg"
import { Context, Data, Duration, Effect, Layer, Option, Queue, type Scope, Stream, SubscriptionRef } from "effect"
import { ServerConfig, type Settings } from "../Config.js"
import { randomToken } from "../RandomIds.js"
import { isPostgresUrl } from "../Sql/DatabaseUrl.js"

/**
 * The one PostgreSQL channel the runners of a database talk on. A payload is `kind:sender`, the
 * sender being the process's id: one LISTEN per process (the library's listens would otherwise
 * run concurrently on its one listen connection), and every runner hears its own notices too.
 */
export const signalChannel = "cns_signals"

const kinds = {
  credentialsRevoked: "credentials_revoked",
  appended: "appended",
  /** A process's own ping, proving its listen connection still hears. */
  alive: "alive"
} as const
type Kind = typeof kinds[keyof typeof kinds]

/** One kind of news the runners tell each other. */
export interface Signal {
  /** Tells every other runner, waiting until the NOTIFY is sent. Never fails: a lost one is logged. */
  readonly publish: Effect.Effect<void>
  /**
   * Tells every other runner without waiting: at most one NOTIFY of this kind is in flight per
   * process, and whatever is published meanwhile is folded into one more after it.
   */
  readonly publishSoon: Effect.Effect<void>
  /**
   * Runs `handler` on each notice from another runner (never this process's own), and once more
   * whenever the listen connection is (re)made, since anything sent while it was down is lost.
   */
  readonly onHeard: (handler: Effect.Effect<void>) => Effect.Effect<void, never, Scope.Scope>
}

export interface Signals {
  /** Whether this process tells and hears other runners: a cluster runner on PostgreSQL. */
  readonly acrossRunners: boolean
  /** An API key or person token was revoked: forget the cached ones. */
  readonly credentialsRevoked: Signal
  /** A log was appended to (src/Doorbells/Appended.ts): ring the local bell. */
  readonly appended: Signal
  /** Waits until this process hears the others (its own ping came back); at once when alone. */
  readonly hearing: Effect.Effect<void>
}

const silent: Signal = { publish: Effect.void, publishSoon: Effect.void, onHeard: () => Effect.void }

/** One process: nothing to tell, nobody to hear, no connection held. */
export const alone: Signals = { acrossRunners: false, credentialsRevoked: silent, appended: silent, hearing: Effect.void }

export interface SignalTimings {
  /** How often a process checks that its listen connection still hears (its own ping). */
  readonly heartbeat: Duration.DurationInput
  /** How long a ping may take to come back before the listen connection is judged lost and remade. */
  readonly pingTimeout: Duration.DurationInput
  /** The pause before listening again after a lost connection. */
  readonly relistenAfter: Duration.DurationInput
  /** The longest a NOTIFY is waited for; past it the receivers' own expiry has done the job anyway. */
  readonly publishTimeout: Duration.DurationInput
}

export const defaultSignalTimings: SignalTimings = {
  heartbeat: Duration.seconds(30),
  pingTimeout: Duration.seconds(5),
  relistenAfter: Duration.seconds(2),
  publishTimeout: Duration.seconds(5)
}

class ListenLost extends Data.TaggedError("ListenLost")<{ readonly message: string }> {}

/** Whether these settings make a runner of a cluster on PostgreSQL: the case that shares what one process keeps (signals, rate limits, copies). */
export const runsAcrossRunners = (settings: Settings) => settings.runnerAddress !== undefined && Option.exists(settings.databaseUrl, isPostgresUrl)

/**
 * `publish` as a sliding doorbell with one fiber sending: one publish in flight, and any number
 * asked for meanwhile become exactly one more once it is done (never folded into the one already
 * sent, which may have reached the others before the news it would stand for was committed).
 */
export const coalesced = (publish: Effect.Effect<void>): Effect.Effect<Effect.Effect<void>, never, Scope.Scope> =>
  Effect.gen(function*() {
    const pending = yield* Queue.sliding<true>(1)
    yield* Effect.forkScoped(Effect.forever(Effect.zipRight(Queue.take(pending), publish)))
    return Effect.asVoid(Queue.offer(pending, true))
  })

const overPostgres = (pg: PgClient.PgClient, timings: SignalTimings) =>
  Effect.gen(function*() {
    const self = randomToken(16)
    const handlers = { credentialsRevoked: new Set<Effect.Effect<void>>(), appended: new Set<Effect.Effect<void>>() }
    const runAll = (set: ReadonlySet<Effect.Effect<void>>) => Effect.forEach([...set], (handler) => handler, { discard: true })
    const hearing = yield* SubscriptionRef.make(false)

    // `NOTIFY channel, $1` is no statement PostgreSQL prepares (the library's own `notify` fails so); pg_notify is.
    const send = (kind: Kind) => pg`SELECT pg_notify(${signalChannel}, ${`${kind}:${self}`})`
    const notify = (kind: Kind) =>
      send(kind).pipe(
        Effect.timeout(timings.publishTimeout),
        Effect.catchAllCause((cause) => Effect.logWarning(`could not tell the other runners (${kind})`, cause))
      )

    /**
     * One listen connection's life: LISTEN, ping until the first ping comes back, catch up, then
     * ping every heartbeat. It fails when a ping is not heard in time: the library swallows the
     * listen connection's errors, so a dropped one would otherwise go unnoticed for good.
     */
    const session = Effect.gen(function*() {
      const ownPings = yield* Queue.sliding<true>(1)
      const heard = (payload: string) => {
        const at = payload.lastIndexOf(":")
        const kind = payload.slice(0, at)
        const fromSelf = payload.slice(at + 1) === self
        if (kind === kinds.alive) return fromSelf ? Queue.offer(ownPings, true) : Effect.void
        if (fromSelf) return Effect.void
        if (kind === kinds.credentialsRevoked) return runAll(handlers.credentialsRevoked)
        if (kind === kinds.appended) return runAll(handlers.appended)
        return Effect.void
      }
      const listening = pg.listen(signalChannel).pipe(Stream.runForEach(heard))
      const ping = (within: Duration.DurationInput) =>
        Effect.zipRight(
          // A ping heard late, after its try gave up, proves nothing about now.
          Effect.zipRight(Queue.takeAll(ownPings), send(kinds.alive)),
          Effect.timeoutFail(Queue.take(ownPings), {
            duration: within,
            onTimeout: () => new ListenLost({ message: "this runner's own ping was not heard back" })
          })
        )
      const watch = Effect.gen(function*() {
        // The LISTEN runs beside this: the first pings may go out before it is in place.
        const tries = Math.max(1, Math.ceil(Duration.toMillis(timings.pingTimeout) / 250))
        yield* Effect.retry(ping(Duration.millis(250)), { times: tries })
        // Whatever the others said before now never reached this process: act as if it had.
        yield* runAll(handlers.credentialsRevoked)
        yield* runAll(handlers.appended)
        yield* SubscriptionRef.set(hearing, true)
        return yield* Effect.forever(Effect.zipRight(Effect.sleep(timings.heartbeat), ping(timings.pingTimeout)))
      })
      yield* Effect.all([listening, watch], { concurrency: "unbounded", discard: true })
    }).pipe(Effect.ensuring(SubscriptionRef.set(hearing, false)))

    yield* Effect.forkScoped(Effect.forever(
      session.pipe(
        Effect.catchAllCause((cause) => Effect.logWarning("lost the listen connection to the other runners; listening again", cause)),
        Effect.zipRight(Effect.sleep(timings.relistenAfter))
      )
    ))

    const signal = (kind: Kind, set: Set<Effect.Effect<void>>) =>
      Effect.map(coalesced(notify(kind)), (publishSoon): Signal => ({
        publish: notify(kind),
        publishSoon,
        onHeard: (handler) => Effect.asVoid(Effect.acquireRelease(Effect.sync(() => set.add(handler)), () => Effect.sync(() => set.delete(handler))))
      }))

    return {
      acrossRunners: true,
      credentialsRevoked: yield* signal(kinds.credentialsRevoked, handlers.credentialsRevoked),
      appended: yield* signal(kinds.appended, handlers.appended),
      hearing: hearing.changes.pipe(Stream.filter((on) => on), Stream.take(1), Stream.runDrain)
    } satisfies Signals
  })

/**
 * What the runners of one cluster tell each other over PostgreSQL LISTEN/NOTIFY, so that state a
 * process keeps in memory follows a change made on another: a revoked key (src/Auth/Cache.ts) and
 * a commit to the logs (src/Doorbells/Appended.ts). A runner holds one listen connection, checked
 * by a ping to itself every heartbeat and remade when one goes unheard. Not provided (the default
 * value), or alone (no RUNNER_ADDRESS, or PGlite, which is one process's own and whose
 * node-postgres bridge is not relied on to LISTEN), it does nothing and holds no connection.
 */
export class ClusterSignals extends Context.Reference<ClusterSignals>()("Cluster/Signals", {
  defaultValue: (): Signals => alone
}) {
  static readonly layerWith = (timings: SignalTimings) =>
    Layer.scoped(
      ClusterSignals,
      Effect.gen(function*() {
        const settings = yield* ServerConfig
        if (!runsAcrossRunners(settings)) return alone
        return yield* overPostgres(yield* PgClient.PgClient, timings)
      })
    )

  /** The signals these settings call for; needs the database's PgClient. */
  static readonly layer = ClusterSignals.layerWith(defaultSignalTimings)
}
