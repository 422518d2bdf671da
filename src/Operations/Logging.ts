import { Cause, Context, Effect, FiberRef, FiberRefs, HashMap, HashSet, Inspectable, Layer, Logger, LogLevel, Option, Tracer } from "effect"
import { ServerConfig } from "../Config.js"

const levels: Record<string, LogLevel.LogLevel> = {
  all: LogLevel.All,
  trace: LogLevel.Trace,
  debug: LogLevel.Debug,
  info: LogLevel.Info,
  warning: LogLevel.Warning,
  warn: LogLevel.Warning,
  error: LogLevel.Error,
  fatal: LogLevel.Fatal,
  none: LogLevel.None
}

/** The least level `LOG_LEVEL` names, or null when it names none. */
export const logLevelOf = (name: string): LogLevel.LogLevel | null => levels[name.trim().toLowerCase()] ?? null

const textOf = (part: unknown) => typeof part === "string" ? part : part instanceof Error ? part.message : Inspectable.toStringUnknown(part, 0)

/** The span the line was logged in, when spans are exported: a line of a contract's entity finds its request's trace. */
const traced = (context: FiberRefs.FiberRefs) => {
  const span = Context.getOption(FiberRefs.getOrDefault(context, FiberRef.currentContext), Tracer.ParentSpan)
  return Option.isSome(span) && span.value.sampled && FiberRefs.getOrDefault(context, FiberRef.currentTracerEnabled)
    ? { trace_id: span.value.traceId, span_id: span.value.spanId }
    : {}
}

/**
 * One event as one line of JSON: when, how bad, what, then the annotations the fiber carried
 * (the request id, the route…), the trace and span when traced, then the cause, pretty, when
 * there is one. Annotations never replace the first three.
 */
export const jsonLine = ({ annotations, cause, context, date, logLevel, message }: Logger.Logger.Options<unknown>): string => {
  const line: Record<string, unknown> = {
    time: date.toISOString(),
    level: logLevel.label,
    message: (Array.isArray(message) ? message : [message]).map(textOf).join(" ")
  }
  for (const [key, value] of [...HashMap.toEntries(annotations), ...Object.entries(traced(context))]) {
    if (!(key in line)) line[key] = value
  }
  if (!Cause.isEmpty(cause)) line["cause"] = Cause.pretty(cause, { renderErrorCause: true })
  return JSON.stringify(line)
}

/**
 * Every log line as JSON to `write`, from `level` up: the process's stdout, or a test's collector.
 * It takes the place of Effect's default logger and of the pretty one `runMain` swaps in for it;
 * any other (the tracer's, which makes log lines span events) stays.
 */
export const loggingTo = (write: (line: string) => void, level: LogLevel.LogLevel) =>
  Layer.merge(
    Layer.scopedDiscard(Effect.locallyScopedWith(FiberRef.currentLoggers, (loggers) =>
      loggers.pipe(
        HashSet.remove(Logger.defaultLogger),
        HashSet.remove(Logger.prettyLoggerDefault),
        HashSet.add(Logger.map(Logger.make(jsonLine), write))
      ))),
    Logger.minimumLogLevel(level)
  )

const stdoutLine = (line: string) => void process.stdout.write(`${line}\n`)

/** The process's log: JSON lines on stdout, from `LOG_LEVEL` up. Layers built below inherit it. */
export const LoggingLive = Layer.unwrapEffect(Effect.gen(function*() {
  const { logLevel = "info" } = yield* ServerConfig
  const level = logLevelOf(logLevel)
  if (level === null) return yield* Effect.dieMessage(`LOG_LEVEL must be one of ${Object.keys(levels).join(", ")}; it is "${logLevel}".`)
  return loggingTo(stdoutLine, level)
}))
