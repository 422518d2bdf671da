import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { parseArgs } from "node:util"

// A thin client of the admin API: one subcommand per call, the JSON answer on stdout, errors on stderr.

const usage = `usage: npm run admin -- <command> [options]
  create-org  --name NAME [--person "Name <email>"]...
  add-person  --org ORG_ID --name NAME --email EMAIL
  create-key  --org ORG_ID --mode test|live [--scope SCOPE]...
  revoke-key  --key KEY_ID
environment: CONTRACTS_URL (default http://localhost:$PORT, PORT default 4000),
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

const parsePerson = (value: string) => {
  const match = /^\s*(.+?)\s*<([^>]+)>\s*$/.exec(value)
  return match === null ? fail(`--person must look like "Ada Lovelace <ada@acme.test>", got "${value}"`) : { name: match[1], email: match[2] }
}

const request = async (method: string, path: string, body?: unknown) => {
  const base = process.env["CONTRACTS_URL"] ?? `http://localhost:${process.env["PORT"] ?? 4000}`
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken()}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  }).catch((error: Error) => fail(`Cannot reach ${base}: ${error.message}`))
  const text = await response.text()
  if (!response.ok) fail(text)
  process.stdout.write(`${text}\n`)
}

const [command, ...rest] = process.argv.slice(2)
const { values } = parseArgs({
  args: rest,
  options: {
    name: { type: "string" },
    person: { type: "string", multiple: true },
    org: { type: "string" },
    email: { type: "string" },
    mode: { type: "string" },
    scope: { type: "string", multiple: true },
    key: { type: "string" }
  }
})
const need = (name: keyof typeof values) => (values[name] as string | undefined) ?? fail(`--${name} is required\n${usage}`)

switch (command) {
  case "create-org":
    await request("POST", "/admin/orgs", { name: need("name"), people: (values.person ?? []).map(parsePerson) })
    break
  case "add-person":
    await request("POST", `/admin/orgs/${need("org")}/people`, { name: need("name"), email: need("email") })
    break
  case "create-key":
    await request("POST", `/admin/orgs/${need("org")}/keys`, {
      mode: need("mode"),
      ...(values.scope === undefined ? {} : { scopes: values.scope })
    })
    break
  case "revoke-key":
    await request("DELETE", `/admin/keys/${need("key")}`)
    break
  default:
    fail(usage)
}
