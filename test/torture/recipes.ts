import type { FixtureKind, Seat, World } from "./world.js"

/**
 * A valid request for one operation, before any hostile value goes in: the seat that may make
 * it, real ids in its path, valid query values, the body's valid values (the schema completes
 * and checks them), the contract's current hash where If-Match belongs, and how to read back
 * what a successful write stored.
 */
export interface Prepared {
  readonly seat: Seat
  readonly path?: Record<string, string>
  readonly query?: Record<string, string>
  readonly body?: unknown
  readonly ifMatch?: string
  /** The contract whose state the fingerprint watches. */
  readonly contract?: string
  /** A fixture a successful write moves out of its state. */
  readonly consumes?: FixtureKind
  /** After a successful write: each stored field as a read returns it, by its dotted body path. */
  readonly echo?: (answer: any) => Promise<Record<string, unknown>>
}

export interface Recipe {
  readonly variants: number
  readonly prepare: (world: World, variant: number) => Promise<Prepared>
}

const one = (prepare: (world: World) => Promise<Prepared>): Recipe => ({ variants: 1, prepare })
const facts = { party_a: "Acme Ltd", party_b: "Beta GmbH", effective_date: "1 March 2027", governing_law: "England and Wales" }
// Enough of a PNG for the mark's check of its first bytes.
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]).toString("base64")

/** A GET on the negotiation's contract or one of its parts, as ada, with real ids for every path parameter. */
const negotiationRead = (query: (ids: Record<string, string>) => Record<string, string> = () => ({})): Recipe =>
  one(async (w) => {
    const n = await w.fixture("negotiation")
    const ids = { ...n.ids, block_id: n.ids["clause"]!, letter_id: n.ids["letter"]!, signature_id: n.ids["signature"]! }
    return { seat: w.seats.ada, path: ids, query: { limit: "5", ...query(n.ids) }, contract: n.id }
  })

const ownMark = one(async (w) => ({ seat: w.seats.ada, path: { id: w.seats.ada.person! } }))

const letterNote = (w: World, contract: string, letter: string) => w.get(w.seats.ada, `/contracts/${contract}/letters/${letter}`).then((r) => r.body?.note)

export const recipes: Record<string, Recipe> = {
  "POST /contracts": one(async (w) => ({
    seat: w.seats.ada,
    body: { template_id: "tpl_mutual_nda", facts },
    echo: async (answer) => {
      const sheet = (await w.get(w.seats.ada, `/contracts/${answer.id}`)).body
      return Object.fromEntries(sheet.facts.map((f: { name: string; value: unknown }) => [`facts.${f.name}`, f.value]))
    }
  })),
  "GET /contracts": one(async (w) => {
    const n = await w.fixture("negotiation")
    return {
      seat: w.seats.ada,
      query: {
        origin: "template",
        state: "negotiating",
        relationship: n.ids["relationship"]!,
        updated_since: "2020-01-01T00:00:00.000Z",
        starting_after: n.id,
        limit: "5"
      }
    }
  }),
  "POST /contracts/{id}/amend": one(async (w) => {
    const e = await w.fixture("executed")
    return { seat: w.seats.ada, path: { id: e.id }, body: { note: "Amending the deal." }, contract: e.id }
  }),
  "POST /contracts/{id}/facts/{fact_id}": {
    variants: 2,
    prepare: async (w, variant) => {
      const f = await w.fixture(variant % 2 === 0 ? "draft" : "negotiation")
      const fact = f.sheet.facts.find((x: { name: string }) => x.name === (variant % 2 === 0 ? "party_b" : "governing_law"))
      return {
        seat: w.seats.ada,
        path: { id: f.id, fact_id: fact.id },
        body: { value: variant % 2 === 0 ? "Beta GmbH" : "Scotland" },
        ifMatch: f.hash,
        contract: f.id,
        ...(variant % 2 === 0
          ? { echo: async () => ({ value: (await w.get(w.seats.ada, `/contracts/${f.id}`)).body.facts.find((x: { id: string }) => x.id === fact.id).value }) }
          : {})
      }
    }
  },
  "POST /contracts/{id}/facts/{fact_id}/confirm": one(async (w) => {
    const d = await w.fixture("draft")
    return { seat: w.seats.ada, path: { id: d.id, fact_id: d.sheet.facts[0].id }, contract: d.id }
  }),
  "GET /templates/{id}": one(async (w) => ({ seat: w.seats.ada, path: { id: "tpl_mutual_nda" } })),
  "GET /me": negotiationRead((ids) => ({ starting_after: ids["brookParty"]! })),
  "POST /contracts/{id}/send": one(async (w) => {
    const d = await w.fixture("draft")
    return {
      seat: w.seats.ada,
      path: { id: d.id },
      ifMatch: d.hash,
      contract: d.id,
      consumes: "draft",
      body: {
        recipients: [{ email: w.beta.people[0]!.email, name: "Bea Example", capacity: ["negotiator", "signer"] }],
        note: "Please review.",
        confirmed_by: w.seats.ada.person
      },
      echo: async (answer) => ({ note: await letterNote(w, d.id, answer.letter) })
    }
  }),
  "POST /contracts/{id}/decisions": {
    variants: 4,
    prepare: async (w, variant) => {
      const n = await w.fixture("negotiation")
      const bodies = [
        { ask_id: n.ids["ask"], type: "counter", text: "Counter words.", why: "Because." },
        { ask_id: n.ids["ask"], type: "accept" },
        { block_id: n.ids["otherClause"], type: "counter", text: "New words.", why: "Clearer." },
        { ask_id: n.ids["ask"], type: "decline", why: "No." }
      ]
      return {
        seat: w.seats.ada,
        path: { id: n.id },
        body: bodies[variant % bodies.length],
        ifMatch: n.hash,
        contract: n.id,
        echo: async (answer) => {
          const decision = (await w.get(w.seats.ada, `/contracts/${n.id}/reply`)).body.decisions.find((d: { id: string }) => d.id === answer.id)
          return { text: decision?.text, why: decision?.why }
        }
      }
    }
  },
  "DELETE /contracts/{id}/decisions/{decision_id}": one(async (w) => {
    const n = await w.fixture("negotiation")
    let staged = (await w.get(w.seats.ada, `/contracts/${n.id}/reply`)).body.decisions[0]?.id
    if (staged === undefined) {
      const stage = w.write(w.seats.ada, "POST", `/contracts/${n.id}/decisions`, { ask_id: n.ids["ask"], type: "accept" }, { "if-match": n.hash })
      staged = (await w.setup("stage", stage)).body.id
    }
    return { seat: w.seats.ada, path: { id: n.id, decision_id: staged }, contract: n.id }
  }),
  "PATCH /contracts/{id}/reply": one(async (w) => {
    const n = await w.fixture("negotiation")
    return {
      seat: w.seats.ada,
      path: { id: n.id },
      body: { note: "Our note." },
      contract: n.id,
      echo: async () => ({ note: (await w.get(w.seats.ada, `/contracts/${n.id}/reply`)).body.note })
    }
  }),
  "POST /contracts/{id}/replies": one(async (w) => {
    const n = await w.fixture("negotiation")
    return {
      seat: w.seats.ada,
      path: { id: n.id },
      body: { note: "Here is our reply.", confirmed_by: w.seats.ada.person },
      ifMatch: n.hash,
      contract: n.id,
      consumes: "negotiation",
      echo: async (answer) => ({ note: await letterNote(w, n.id, answer.letter) })
    }
  }),
  "GET /contracts/{id}/asks": negotiationRead(() => ({ filter: "all" })),
  "GET /contracts/{id}/letters": negotiationRead((ids) => ({ starting_after: ids["letter"]! })),
  "GET /contracts/{id}/blocks/{block_id}/thread": negotiationRead((ids) => ({ starting_after: ids["letter"]! })),
  "GET /contracts/{id}/events": negotiationRead(() => ({ starting_after: "1" })),
  "POST /contracts/{id}/invite": one(async (w) => {
    const n = await w.fixture("negotiation")
    return {
      seat: w.seats.ada,
      path: { id: n.id },
      body: { email: w.freshEmail(), name: "Gus Guest", capacity: ["negotiator"] },
      contract: n.id,
      echo: async (answer) => ({ name: (await w.get(w.seats.ada, `/contracts/${n.id}`)).body.parties.find((p: { id: string }) => p.id === answer.party)?.name })
    }
  }),
  "DELETE /contracts/{id}/parties/{party_id}": one(async (w) => {
    const n = await w.fixture("negotiation")
    return { seat: w.seats.ada, path: { id: n.id, party_id: n.ids["brookParty"]! }, contract: n.id, consumes: "negotiation" }
  }),
  "POST /contracts/{id}/cancel": one(async (w) => {
    const d = await w.fixture("draft")
    return {
      seat: w.seats.ada,
      path: { id: d.id },
      body: { reason: "No longer needed." },
      contract: d.id,
      consumes: "draft",
      echo: async (answer) => ({ reason: await letterNote(w, d.id, answer.letter) })
    }
  }),
  "POST /asks/{ask_id}/withdraw": one(async (w) => {
    const n = await w.fixture("negotiation")
    return { seat: w.seats.bea, path: { ask_id: n.ids["ask"]! }, contract: n.id, consumes: "negotiation" }
  }),
  "GET /relationships/{id}": one(async (w) => {
    const n = await w.fixture("negotiation")
    return { seat: w.seats.ada, path: { id: n.ids["relationship"]! } }
  }),
  "POST /contracts/{id}/signatures": one(async (w) => {
    const n = await w.fixture("negotiation")
    return {
      seat: w.seats.bea,
      path: { id: n.id },
      body: { text_hash: n.hash, confirmed_by: w.seats.bea.person, intent: "I agree to these words." },
      contract: n.id,
      consumes: "negotiation",
      echo: async (answer) => ({ intent: (await w.get(w.seats.bea, `/signatures/${answer.id}`)).body?.intent })
    }
  }),
  "POST /signatures/{signature_id}/withdraw": one(async (w) => {
    const n = await w.fixture("negotiation")
    return {
      seat: w.seats.ada,
      path: { signature_id: n.ids["signature"]! },
      body: { confirmed_by: w.seats.ada.person },
      contract: n.id,
      consumes: "negotiation"
    }
  }),
  "PUT /people/{id}/mark": {
    variants: 2,
    prepare: async (w, variant) => ({
      seat: w.seats.ada,
      path: { id: w.seats.ada.person! },
      body: variant % 2 === 0 ? { kind: "typed", text: "Ada L." } : { kind: "image", content_type: "image/png", data: png },
      echo: async () => {
        const mark = (await w.get(w.seats.ada, `/people/${w.seats.ada.person}/mark`)).body
        return { text: mark?.text, data: mark?.data }
      }
    })
  },
  "GET /people/{id}/mark": ownMark,
  "DELETE /people/{id}/mark": ownMark,
  "GET /contracts/{id}/certificate": one(async (w) => {
    const e = await w.fixture("executed")
    return { seat: w.seats.ada, path: { id: e.id }, contract: e.id }
  }),
  "GET /attention": one(async (w) => {
    const first = (await w.get(w.seats.ada, "/attention?limit=1")).body?.data?.[0]?.rows?.[0]?.id
    return { seat: w.seats.ada, query: { limit: "5", ...(first === undefined ? {} : { starting_after: first }) } }
  }),
  // The admin API, where the document describes it.
  "POST /admin/orgs": one(async (w) => ({ seat: w.seats.admin, body: { name: "Fuzz Org", people: [{ name: "Pat Doe", email: w.freshEmail() }] } })),
  "POST /admin/orgs/{org_id}/people": one(async (w) => ({
    seat: w.seats.admin,
    path: { org_id: w.spare.org_id },
    body: { name: "Pat Doe", email: w.freshEmail() }
  })),
  "POST /admin/orgs/{org_id}/keys": one(async (w) => ({
    seat: w.seats.admin,
    path: { org_id: w.spare.org_id },
    body: { mode: "test", scopes: ["contracts:read"] }
  })),
  "GET /admin/orgs/{org_id}/keys": one(async (w) => ({ seat: w.seats.admin, path: { org_id: w.spare.org_id }, query: { limit: "5" } })),
  "DELETE /admin/keys/{key_id}": one(async (w) => ({ seat: w.seats.admin, path: { key_id: await spareKey(w) } })),
  "POST /admin/keys/revoke": one(async (w) => ({ seat: w.seats.admin, body: { key: await spareKey(w) } }))
}

/** A fresh key of the spare org, for the admin calls that revoke one. */
const spareKey = async (w: World): Promise<string> =>
  (await w.setup("admin key", w.write(w.seats.admin, "POST", `/admin/orgs/${w.spare.org_id}/keys`, { mode: "test", scopes: ["contracts:read"] }))).body.id

/**
 * An operation no recipe knows yet still gets fuzzed: as ada on the negotiation, each path
 * parameter given the id of that name if one exists, and the body generated from its schema.
 */
export const fallback = (admin: boolean): Recipe =>
  one(async (w) => {
    const n = await w.fixture("negotiation")
    return { seat: admin ? w.seats.admin : w.seats.ada, path: { id: n.id, org_id: w.spare.org_id, ...n.ids }, contract: n.id }
  })

/** GETs on the negotiation need nothing beyond its ids. */
export const recipeFor = (key: string, admin: boolean): Recipe => recipes[key] ?? (key.startsWith("GET ") && !admin ? negotiationRead() : fallback(admin))
