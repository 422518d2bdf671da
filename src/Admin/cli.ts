import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { parseArgs, type ParseArgsConfig } from "node:util"

// A thin client of the admin API: one subcommand per call, the JSON answer on stdout, errors on
// stderr. A mistake in the command line is one line on stderr, never a stack trace.

type Values = Record<string, string | boolean | Array<string | boolean> | undefined>

interface Command {
  readonly synopsis: string
  readonly about: string
  readonly options: NonNullable<ParseArgsConfig["options"]>
  readonly run: (values: Values) => Promise<void>
}

const environment = `environment: CONTRACTS_URL (default http://localhost:$PORT, PORT default 4000),
             ADMIN_TOKEN (default: read from $DATA_DIR/admin-token, DATA_DIR default ./data)`

const fail = (message: string): never => {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

const adminToken = () => {
  if (process.env["ADMIN_TOKEN"]) return process.env["ADMIN_TOKEN"]
  const path = join(process.env["DATA_DIR"] ?? "./data", "admin-token")
  return existsSync(path) ? readFileSync(path, "utf8").trim() : fail(`No ADMIN_TOKEN set and no ${path}: start the server once first.`)
}

const baseUrl = () => process.env["CONTRACTS_URL"] ?? `http://localhost:${process.env["PORT"] ?? 4000}`

const request = async (method: string, path: string, body?: unknown) => {
  const base = baseUrl()
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken()}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  }).catch((error: Error) => fail(`Cannot reach ${base}: ${error.message}`))
  const text = await response.text()
  if (!response.ok) fail(text)
  process.stdout.write(`${text}\n`)
}

const [name = "", ...args] = process.argv.slice(2)
const seeHelp = `(npm run admin -- ${name} --help shows its usage)`
const oneLine = (message: string) => message.trim().replace(/\s*\n\s*/g, " ").replace(/\.$/, "")
const text = (values: Values, option: string) => {
  const value = values[option]
  return typeof value === "string" ? value : undefined
}
const texts = (values: Values, option: string) => {
  const value = values[option]
  return Array.isArray(value) ? value.filter((item) => typeof item === "string") : []
}
const need = (values: Values, option: string) => text(values, option) ?? fail(`${name}: --${option} is required ${seeHelp}`)
const segment = (values: Values, option: string) => encodeURIComponent(need(values, option))

const parsePerson = (value: string) => {
  const match = /^\s*(.+?)\s*<([^>]+)>\s*$/.exec(value)
  return match === null ? fail(`${name}: --person must look like "Ada Lovelace <ada@acme.test>", got "${value}"`) : { name: match[1], email: match[2] }
}

const playbookFile = (path: string) => {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"))
  } catch (error) {
    return fail(`${name}: cannot read ${path} as JSON: ${oneLine(error instanceof Error ? error.message : String(error))}`)
  }
  return Array.isArray(parsed) ? { rules: parsed } : parsed
}

/** `?limit=…&starting_after=…` from --limit and --starting-after, or nothing. */
const pageQuery = (values: Values) => {
  const query = new URLSearchParams()
  const limit = text(values, "limit")
  const startingAfter = text(values, "starting-after")
  if (limit !== undefined) query.set("limit", limit)
  if (startingAfter !== undefined) query.set("starting_after", startingAfter)
  const search = query.toString()
  return search === "" ? "" : `?${search}`
}

const commands: Record<string, Command> = {
  "create-org": {
    synopsis: `--name NAME [--person "Name <email>"]...`,
    about:
      "Creates an org with its people, and a live and a test key holding every scope.\nPrints the org, each key's secret (shown this once) and each key's id.",
    options: { name: { type: "string" }, person: { type: "string", multiple: true } },
    run: (values) => request("POST", "/admin/orgs", { name: need(values, "name"), people: texts(values, "person").map(parsePerson) })
  },
  "add-person": {
    synopsis: "--org ORG_ID --name NAME --email EMAIL",
    about: "Adds a person to an org; prints the person with their id.",
    options: { org: { type: "string" }, name: { type: "string" }, email: { type: "string" } },
    run: (values) => request("POST", `/admin/orgs/${segment(values, "org")}/people`, { name: need(values, "name"), email: need(values, "email") })
  },
  "create-key": {
    synopsis: "--org ORG_ID --mode test|live [--scope SCOPE]...",
    about: "Creates an API key for an org, with the given scopes (every scope when none is given).\nPrints its id and its secret, shown this once.",
    options: { org: { type: "string" }, mode: { type: "string" }, scope: { type: "string", multiple: true } },
    run: (values) =>
      request("POST", `/admin/orgs/${segment(values, "org")}/keys`, {
        mode: need(values, "mode"),
        ...(values["scope"] === undefined ? {} : { scopes: values["scope"] })
      })
  },
  "list-keys": {
    synopsis: "--org ORG_ID [--limit N] [--starting-after KEY_ID]",
    about:
      "Lists an org's keys, oldest first, revoked ones included: id, mode, scopes, created, the\nsecret's last four characters and whether it is revoked. Never a secret. One page of at most\n--limit keys (1 to 100, default 10); pass the answer's next_cursor as --starting-after for the next.",
    options: { org: { type: "string" }, limit: { type: "string" }, "starting-after": { type: "string" } },
    run: (values) => request("GET", `/admin/orgs/${segment(values, "org")}/keys${pageQuery(values)}`)
  },
  "create-token": {
    synopsis: "--person PERSON_ID [--mode live|test] [--scope SCOPE]...",
    about:
      "Issues a person token (pt_…) that acts as the person, for an app or an MCP agent: live mode and\nevery scope but webhooks:manage unless given. Prints its id and its secret, shown this once.",
    options: { person: { type: "string" }, mode: { type: "string" }, scope: { type: "string", multiple: true } },
    run: (values) =>
      request("POST", `/admin/people/${segment(values, "person")}/tokens`, {
        ...(values["mode"] === undefined ? {} : { mode: need(values, "mode") }),
        ...(values["scope"] === undefined ? {} : { scopes: values["scope"] })
      })
  },
  "list-tokens": {
    synopsis: "--person PERSON_ID [--limit N] [--starting-after TOKEN_ID]",
    about: "Lists a person's tokens, oldest first, revoked ones included; never a secret.",
    options: { person: { type: "string" }, limit: { type: "string" }, "starting-after": { type: "string" } },
    run: (values) => request("GET", `/admin/people/${segment(values, "person")}/tokens${pageQuery(values)}`)
  },
  "revoke-token": {
    synopsis: "--token TOKEN_ID",
    about: "Revokes a person token by its id (ptk_…); its next request answers 401.",
    options: { token: { type: "string" } },
    run: (values) => request("DELETE", `/admin/tokens/${segment(values, "token")}`)
  },
  "set-playbook": {
    synopsis: "--org ORG_ID --file RULES.json",
    about:
      "Replaces the org's playbook with the rules in the file: {\"rules\":[…]} or a bare array of rules,\neach {\"term\",\"rule_text\",\"floor\",\"ceiling\",\"preferred\"} (amounts are {\"value\",\"unit\"}).\nPrints the playbook as stored, each rule with its id.",
    options: { org: { type: "string" }, file: { type: "string" } },
    run: (values) => request("PUT", `/admin/orgs/${segment(values, "org")}/playbook`, playbookFile(need(values, "file")))
  },
  "get-playbook": {
    synopsis: "--org ORG_ID",
    about: "Prints the org's playbook, each rule with its id.",
    options: { org: { type: "string" } },
    run: (values) => request("GET", `/admin/orgs/${segment(values, "org")}/playbook`)
  },
  "set-settings": {
    synopsis: "--org ORG_ID --deadline-window-days DAYS",
    about: "Changes the org's settings: how many days (8 to 365) before a notice deadline the first warning comes.\nPrints the settings as they stand.",
    options: { org: { type: "string" }, "deadline-window-days": { type: "string" } },
    run: (values) => {
      const days = need(values, "deadline-window-days")
      // A number as a number; anything else as written, for the server to refuse by name.
      return request("PUT", `/admin/orgs/${segment(values, "org")}/settings`, { deadline_window_days: /^\d+$/.test(days) ? Number(days) : days })
    }
  },
  "get-settings": {
    synopsis: "--org ORG_ID",
    about: "Prints the org's settings, each at its default where the org set none.",
    options: { org: { type: "string" } },
    run: (values) => request("GET", `/admin/orgs/${segment(values, "org")}/settings`)
  },
  "revoke-key": {
    synopsis: "--key KEY_ID|SECRET",
    about:
      "Revokes a key, named by its id (key_…) or its secret (sk_…); its next request answers 401.\nThe secret travels in the request body, never in a URL.",
    options: { key: { type: "string" } },
    run: (values) => request("POST", "/admin/keys/revoke", { key: need(values, "key") })
  },
  backup: {
    synopsis: "--to FILE",
    about:
      "Takes a consistent backup of the running embedded node (its database and asset bytes) into FILE,\na new gzipped tar, while it keeps serving; writes wait while the database files are copied.\nPrints the backup's manifest. On PostgreSQL it refuses: use pg_dump and copy ASSET_DIR (docs/operations.md).",
    options: { to: { type: "string" } },
    run: async (values) => {
      // Loaded only here: backup and restore bring the migrations and tar, which every other command can do without.
      const { downloadBackup } = await import("../Operations/BackupFiles.js")
      const manifest = await downloadBackup(baseUrl(), adminToken(), need(values, "to"))
      process.stdout.write(`${JSON.stringify(manifest)}\n`)
    }
  },
  restore: {
    synopsis: "--from FILE --data-dir DIR [--asset-dir DIR]",
    about:
      "Restores a backup into DIR, which must be absent or empty, with the node stopped: the archive is\nread whole, unpacked beside DIR and renamed into place. The asset bytes go to DIR/assets, or to\n--asset-dir (absent or empty too) when the node runs with ASSET_DIR. Prints the backup's manifest.\nStart the node on DIR afterwards; it keeps its ADMIN_TOKEN, or makes a new admin-token file.",
    options: { from: { type: "string" }, "data-dir": { type: "string" }, "asset-dir": { type: "string" } },
    run: async (values) => {
      const { restoreBackup } = await import("../Operations/Restore.js")
      const manifest = await restoreBackup(need(values, "from"), need(values, "data-dir"), text(values, "asset-dir"))
      process.stdout.write(`${JSON.stringify(manifest)}\n`)
    }
  }
}

const usage = [
  "usage: npm run admin -- <command> [options]",
  ...Object.entries(commands).map(([command, { synopsis }]) => `  ${command.padEnd(12)}  ${synopsis}`),
  "npm run admin -- <command> --help describes a command.",
  environment
].join("\n")

const isHelp = (arg: string) => arg === "--help" || arg === "-h"
const command = commands[name]

if (isHelp(name)) {
  process.stdout.write(`${usage}\n`)
} else if (command === undefined) {
  fail(name === "" ? usage : `Unknown command '${name}'.\n${usage}`)
} else if (args.some(isHelp)) {
  process.stdout.write(`usage: npm run admin -- ${name} ${command.synopsis}\n${command.about}\n${environment}\n`)
} else {
  let values: Values = {}
  try {
    values = parseArgs({ args, options: command.options, strict: true, allowPositionals: false }).values
  } catch (error) {
    fail(`${name}: ${oneLine(error instanceof Error ? error.message : String(error))} ${seeHelp}`)
  }
  await command.run(values).catch((error: Error) => fail(`${name}: ${oneLine(error.message)}`))
}
