import { Duration, Effect, Queue } from "effect"
import nodemailer from "nodemailer"
import { defaultIngressDomain, defaultMailFrom, ServerConfig } from "../Config.js"
import { count, mailSent } from "../Operations/Metrics.js"
import { DeliveryClock } from "../Webhooks/DeliveryClock.js"
import { type Outgoing, OutboxRepo } from "./OutboxRepo.js"

/** Attempts at one message before it is given up: about a day with the backoff below. */
export const maxMailAttempts = 30
/** Messages claimed at once, and sent side by side. */
const batch = 5
/** How long a claimed message is held from other processes: longer than the SMTP timeouts below. */
const leaseMs = 10 * 60_000
/** A look at the outbox at least this often, whether or not `wake` rang. */
const poll = Duration.seconds(1)

/** The wait after a message's `attempts`-th failure: 30 seconds, doubling, at most an hour. */
export const mailRetryDelay = (attempts: number): Duration.Duration =>
  Duration.min(Duration.times(Duration.seconds(30), 2 ** Math.min(attempts - 1, 20)), Duration.hours(1))

/** Names the message, and the contract it is about, so that a reply's In-Reply-To leads back to it. */
export const messageIdOf = (row: Pick<Outgoing, "id" | "contract_id">, domain: string) =>
  row.contract_id === null ? `<${row.id}@${domain}>` : `<${row.id}.${row.contract_id}@${domain}>`

/** The row's text, and its link on a line of its own unless the text already carries it. */
export const bodyOf = (row: Pick<Outgoing, "text" | "link">) => row.link === null || row.text.includes(row.link) ? row.text : `${row.text}\n\n${row.link}`

/** The sender: one supervised fiber that claims due rows, sends them side by side, and waits for the next look. */
const sender = (smtpUrl: string, bell: Queue.Dequeue<true>) =>
  Effect.gen(function*() {
    const config = yield* ServerConfig
    const repo = yield* OutboxRepo
    const clock = yield* DeliveryClock
    const transport = yield* Effect.acquireRelease(
      Effect.sync(() => nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 })),
      (transport) => Effect.sync(() => transport.close())
    )
    const from = config.mailFrom ?? defaultMailFrom
    const domain = config.ingressDomain ?? defaultIngressDomain

    const send = (row: Outgoing) =>
      Effect.tryPromise({
        try: () => transport.sendMail({ from, to: row.to_email, subject: row.subject, text: bodyOf(row), messageId: messageIdOf(row, domain) }),
        catch: (error) => (error instanceof Error ? error.message : String(error)).slice(0, 1000)
      }).pipe(Effect.tapBoth({ onSuccess: () => count(mailSent, { outcome: "sent" }), onFailure: () => count(mailSent, { outcome: "failed" }) }))

    const attempt = (row: Outgoing) =>
      Effect.matchEffect(send(row), {
        onSuccess: () => Effect.flatMap(clock.currentTimeMillis, (now) => repo.delivered(row, now)),
        onFailure: (error) =>
          Effect.flatMap(clock.currentTimeMillis, (now) =>
            Effect.zipRight(
              Effect.logWarning("outbound mail attempt failed", error).pipe(Effect.annotateLogs({ outbox: row.id, attempts: row.delivery_attempts })),
              repo.failed(row, error, row.delivery_attempts >= maxMailAttempts ? null : now + Duration.toMillis(mailRetryDelay(row.delivery_attempts)))
            ))
      })

    // Uninterruptible: a stop waits for the messages in hand (the SMTP timeouts bound it), so a mail
    // that left is always recorded and a restart never sends it again.
    const pass = Effect.uninterruptible(Effect.gen(function*() {
      const rows = yield* repo.claim(yield* clock.currentTimeMillis, leaseMs, batch, maxMailAttempts)
      yield* Effect.forEach(rows, attempt, { concurrency: batch, discard: true })
      return rows.length
    }))

    const cycle = Effect.flatMap(pass, (claimed) => claimed === batch ? Effect.void : Effect.asVoid(Effect.race(Queue.take(bell), Effect.sleep(poll)))).pipe(
      Effect.catchAllCause((cause) => Effect.zipRight(Effect.logError("outbound mail cycle failed", cause), Effect.sleep(poll)))
    )
    yield* Effect.forkScoped(Effect.withClock(Effect.forever(cycle), clock))
  })

/**
 * Outbound mail: with `SMTP_URL` set, live-mode outbox rows leave through the relay, each once,
 * a failure retried with backoff on the delivery clock. Test-mode rows are never claimed. Without
 * a relay nothing runs and mail stays in the outbox, to leave once one is set.
 */
export class OutboundMail extends Effect.Service<OutboundMail>()("Mail/OutboundMail", {
  dependencies: [OutboxRepo.Default],
  scoped: Effect.gen(function*() {
    const { smtpUrl } = yield* ServerConfig
    const bell = yield* Effect.acquireRelease(Queue.sliding<true>(1), Queue.shutdown)
    if (smtpUrl !== undefined) yield* sender(smtpUrl, bell)
    return {
      sending: smtpUrl !== undefined,
      /** Rings the sender: mail just stored leaves now rather than at the next look. */
      wake: Effect.asVoid(Queue.offer(bell, true))
    } as const
  })
}) {}
