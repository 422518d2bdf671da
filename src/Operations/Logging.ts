import { Cause, Effect, HashMap, Inspectable, Layer, Logger, LogLevel } from "effect"
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

/**
 * One event as one line of JSON: when, how bad, what, then the annotations the fiber carried
 * (the request id, the route…), then the cause, pretty, when there is one. Annotations never
 * replace the first three.
 */
export const jsonLine = ({ annotations, cause, date, logLevel, message }: Logger.Logger.Options<unknown>): string => {
  const line: Record<string, unknown> = {
    time: date.toISOString(),
    level: logLevel.label,
    message: (Array.isArray(message) ? message : [message]).map(textOf).join(" ")
  }
  for (const [key, value] of HashMap.toEntries(annotations)) {
    if (!(key in line)) line[key] = value
  }
  if (!Cause.isEmpty(cause)) line["cause"] = Cause.pretty(cause, { renderErrorCause: true })
  return JSON.stringify(line)
}

/** Every log line as JSON to `write`, from `level` up: the process's stdout, or a test's collector. */
export const loggingTo = (write: (line: string) => void, level: LogLevel.LogLevel) =>
  Layer.merge(
    Logger.replace(Logger.defaultLogger, Logger.map(Logger.make(jsonLine), write)),
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
