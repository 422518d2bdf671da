import { Cause, ConfigError, Console, Effect, Option } from "effect"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { isPostgresUrl } from "../Sql/DatabaseUrl.js"

export const runnerNeedsPostgres =
  "RUNNER_ADDRESS needs DATABASE_URL=postgres://…: the embedded database is one process's own, so it serves one runner only. Set DATABASE_URL to a PostgreSQL database, or unset RUNNER_ADDRESS."

/** The settings a start is refused over, as read from the environment. */
export interface CheckedSettings {
  readonly port: number
  readonly databaseUrl: Option.Option<string>
  readonly dataDir: string
  readonly publicUrl: string
  readonly runnerAddress?: string | undefined
}

const codeOf = (error: unknown) => (error instanceof Error && "code" in error ? String(error.code) : String(error))

// Its value is never repeated: a connection URL holds a password.
const databaseUrlProblem = (url: string) => {
  if (url === "memory://") return undefined
  if (!isPostgresUrl(url)) {
    return "is not a database the service reads; set it to postgres://user:password@host:5432/database, or memory://, or unset it for the embedded database in DATA_DIR."
  }
  try {
    const parsed = new URL(url)
    if (parsed.hostname === "" && !parsed.searchParams.has("host")) return "names no host; write it as postgres://user:password@host:5432/database."
    return undefined
  } catch {
    return "is not a URL; write it as postgres://user:password@host:5432/database (a password's special characters %-encoded)."
  }
}

const publicUrlProblem = (url: string) => {
  try {
    const parsed = new URL(url)
    return parsed.protocol === "http:" || parsed.protocol === "https:"
      ? undefined
      : `is '${url}'; it must be an http:// or https:// address, as clients reach the service (https://contracts.example.com).`
  } catch {
    return `is '${url}', not a URL; set it to the address clients reach the service at (https://contracts.example.com).`
  }
}

// Made and written to, as the database will: permissions, a read-only mount or a file in the path all show here.
const dataDirProblem = (dir: string) => {
  try {
    mkdirSync(dir, { recursive: true })
    const probe = join(dir, `.write-check-${process.pid}`)
    writeFileSync(probe, "")
    rmSync(probe)
    return undefined
  } catch (error) {
    return `'${dir}' cannot be used (${codeOf(error)}): make it a directory this user may write, or point DATA_DIR at one.`
  }
}

const problems = (settings: CheckedSettings): ReadonlyArray<readonly [string, string | undefined]> => [
  ["PORT", Number.isInteger(settings.port) && settings.port >= 0 && settings.port <= 65535 ? undefined : `is ${settings.port}; it must be 0 to 65535.`],
  ["DATABASE_URL", Option.match(settings.databaseUrl, { onNone: () => undefined, onSome: databaseUrlProblem })],
  ["RUNNER_ADDRESS", settings.runnerAddress !== undefined && !Option.exists(settings.databaseUrl, isPostgresUrl) ? runnerNeedsPostgres : undefined],
  ["PUBLIC_URL", publicUrlProblem(settings.publicUrl)],
  ["DATA_DIR", Option.isNone(settings.databaseUrl) ? dataDirProblem(settings.dataDir) : undefined]
]

/** The first setting the service cannot start with, as the ConfigError Effect's own readers give for a malformed value. */
export const checkSettings = (settings: CheckedSettings): Effect.Effect<void, ConfigError.ConfigError> =>
  Effect.suspend(() => {
    for (const [setting, problem] of problems(settings)) {
      if (problem !== undefined) return Effect.fail(ConfigError.InvalidData([setting], problem))
    }
    return Effect.void
  })

const line = (setting: string, problem: string) => `Cannot start: ${problem.startsWith(setting) ? problem : `${setting} ${problem}`}`

const configLine = (error: ConfigError.ConfigError): string => {
  switch (error._op) {
    case "And":
    case "Or":
      return configLine(error.left)
    case "InvalidData":
    case "MissingData": {
      const setting = error.path.join("_")
      // Effect's own readers say what they expected; ours already say what to do.
      return /\.$/.test(error.message) ? line(setting, error.message) : line(setting, `is invalid: ${error.message}; fix it, or unset it for its default.`)
    }
    default:
      return `Cannot start: ${error.message}`
  }
}

// A listener's port in use: the one mistake Node reports only when the service tries it.
const listenLine = (error: unknown, setting: string) => {
  const cause = error instanceof Error ? error.cause : undefined
  if (codeOf(cause) !== "EADDRINUSE") return undefined
  const port = cause instanceof Error && "port" in cause ? ` ${String(cause.port)}` : ""
  return `Cannot start: ${setting}${port} is in use by another process; stop that process, or set ${setting} to a free port.`
}

// Node's and PostgreSQL's codes for a database that cannot be reached or will not let us in.
const unreachable = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "28P01", "28000", "3D000"])
const causeCodes = (error: unknown): ReadonlyArray<string> =>
  error instanceof Error ? ["code" in error ? String(error.code) : "", ...causeCodes(error.cause)] : []

const databaseLine = (error: Error) => {
  const code = causeCodes(error).find((code) => unreachable.has(code))
  return code === undefined
    ? undefined
    : `Cannot start: DATABASE_URL names a database that did not let the service in (${code}); check that it runs, and its host, port, user, password and database name.`
}

const refusalLine = (error: unknown): string | undefined => {
  if (ConfigError.isConfigError(error)) return configLine(error)
  if (!(error instanceof Error)) return undefined
  if ("_tag" in error && error._tag === "ServeError") return listenLine(error, "PORT")
  if ("_tag" in error && error._tag === "SocketServerError") return listenLine(error, "RUNNER_LISTEN_ADDRESS (or RUNNER_ADDRESS)")
  if ("_tag" in error && error._tag === "SqlError") return databaseLine(error)
  // Already one line saying what to do (src/Cluster/DatabaseLocks.ts).
  if (error.name === "AnotherProcessServes" || error.constructor.name === "AnotherProcessServes") return `Cannot start: ${error.message}`
  return undefined
}

/** The one line a start refused over a setting prints, or none for anything else (which keeps its full report). */
export const refusalOf = (cause: Cause.Cause<unknown>): Option.Option<string> =>
  Option.firstSomeOf([...Cause.failures(cause), ...Cause.defects(cause)].map((error) => Option.fromNullable(refusalLine(error))))

/**
 * What a failed start or run prints, in place of `NodeRuntime.runMain`'s own report (src/main.ts
 * turns that off): a start refused over a setting, one line naming it and what to do, no stack;
 * anything else, the full cause as the runtime logs it; a shutdown, nothing. The process exits
 * non-zero on a failure either way (the runtime's teardown).
 */
export const reportingFailures = <A, E, R>(launch: Effect.Effect<A, E, R>) =>
  Effect.tapErrorCause(launch, (cause) =>
    Cause.isInterruptedOnly(cause) ? Effect.void : Option.match(refusalOf(cause), {
      onNone: () => Effect.logError(cause),
      onSome: (refusal) => Console.error(refusal)
    }))
