import { Effect, Option, Runtime } from "effect"
import { SMTPServer } from "smtp-server"
import { defaultIngressMaxBytes, ServerConfig } from "../Config.js"
import { Ingress } from "../Ingress.js"
import { countNow, mailReceived } from "../Operations/Metrics.js"

/** An SMTP refusal: smtp-server answers with the error's `responseCode` and message; counted by `outcome`. */
const smtpError = (responseCode: number, message: string, outcome: "unknown_recipient" | "too_large" | "failed" = "failed") => {
  countNow(mailReceived, { outcome })
  return Object.assign(new Error(message), { responseCode })
}

/**
 * The mail ingress listener on `INGRESS_SMTP_PORT` (none when unset): plain SMTP, no AUTH, as an MX
 * receives. A recipient that is no org's ingress address is refused at `RCPT TO` (550), a message
 * over the size limit at `DATA` (552); an accepted message is kept and read before the final `250`,
 * so a sender that was told yes can count on it.
 */
export class IngressListener extends Effect.Service<IngressListener>()("Ingress/IngressListener", {
  dependencies: [Ingress.Default],
  scoped: Effect.gen(function*() {
    const config = yield* ServerConfig
    const ingress = yield* Ingress
    const runtime = yield* Effect.runtime<never>()
    if (config.ingressSmtpPort === undefined) return { port: null }
    const maxBytes = config.ingressMaxBytes ?? defaultIngressMaxBytes
    const run = <A>(effect: Effect.Effect<A>) => Runtime.runPromise(runtime)(effect)

    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["AUTH", "STARTTLS"],
      size: maxBytes,
      banner: "contracts ingress",
      logger: false,
      onRcptTo: (address, _session, callback) => {
        run(ingress.ownerOf(address.address)).then(
          (owner) => callback(Option.isSome(owner) ? null : smtpError(550, "No such ingress address here.", "unknown_recipient")),
          () => callback(smtpError(451, "Try again later."))
        )
      },
      onData: (stream, session, callback) => {
        const chunks: Array<Buffer> = []
        let size = 0
        // A sender that goes away mid-DATA ends the stream with an error: nothing is kept, and no
        // 'error' goes unheard (one would stop the process).
        stream.on("error", () => callback(smtpError(451, "The message did not arrive whole; try again.")))
        stream.on("data", (chunk: Buffer) => {
          size += chunk.length
          // Past the limit nothing more is kept; smtp-server marks the stream and the answer is 552.
          if (size <= maxBytes) chunks.push(chunk)
        })
        stream.on("end", () => {
          if (stream.sizeExceeded || size > maxBytes) return callback(smtpError(552, `Message exceeds the ${maxBytes} byte limit.`, "too_large"))
          const from = session.envelope.mailFrom === false ? null : session.envelope.mailFrom.address || null
          const recipients = session.envelope.rcptTo.map((to) => to.address)
          run(Effect.gen(function*() {
            const owners = yield* Effect.forEach(recipients, (to) => ingress.ownerOf(to))
            return yield* ingress.receive(owners.flatMap(Option.toArray), from, Buffer.concat(chunks))
          })).then(
            () => {
              countNow(mailReceived, { outcome: "accepted" })
              callback(null)
            },
            () => callback(smtpError(451, "The message could not be stored; try again later."))
          )
        })
      }
    })
    yield* Effect.acquireRelease(
      Effect.async<void, Error>((resume) => {
        let listening = false
        // Before it listens, an error (the port taken) fails the start; after, it is one
        // connection's (a client reset), logged, and the listener serves on.
        server.on("error", (error) => listening ? run(Effect.logInfo("ingress SMTP connection failed", error.message)) : resume(Effect.fail(error)))
        server.listen(config.ingressSmtpPort, () => {
          listening = true
          resume(Effect.void)
        })
      }),
      () => Effect.async<void>((resume) => server.close(() => resume(Effect.void)))
    ).pipe(Effect.orDie)
    const address = server.server.address()
    return { port: address !== null && typeof address === "object" ? address.port : null }
  })
}) {}
