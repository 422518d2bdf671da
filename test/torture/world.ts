import { call, createOrg, type Org } from "../support/client.js"
import { twoOrgs } from "../support/negotiation.js"
import { adminToken } from "../support/service.js"
import { operations } from "./operations.js"

/** Who a request comes from: a credential and, for an org key, the acting person. */
export interface Seat {
  readonly key: string
  readonly person: string | undefined
  readonly admin?: boolean
}

export const credentials = (seat: Seat): Record<string, string> => ({
  authorization: `Bearer ${seat.key}`,
  ...(seat.person === undefined ? {} : { "contracts-acting-person": seat.person })
})

export type FixtureKind = "draft" | "negotiation" | "executed"

/** A contract in a known state, rebuilt whenever a successful write has moved it out of that state. */
export interface Fixture {
  readonly id: string
  readonly sheet: any
  readonly hash: string
  /** Ids a recipe needs: the open ask, the ada's signature, Brook's party, the first letter… */
  readonly ids: Record<string, string>
}

const expected: Record<FixtureKind, string> = { draft: "draft", negotiation: "negotiating", executed: "executed" }

const ok = <T extends { status: number; text: string }>(reply: T, what: string) => {
  if (reply.status >= 300) throw new Error(`setting up the fuzz world: ${what} answered ${reply.status} ${reply.text.slice(0, 300)}`)
  return reply as T & { body: any }
}

/**
 * Two orgs with a draft, a contract under negotiation (bea's counter open, ada's signature held,
 * Brook invited) and an executed one: the state every operation needs to reach its handler. In test
 * mode unless `mode` says, on new orgs unless `orgs` names them (a world per mode of the same orgs).
 */
export const makeWorld = async (
  base: string,
  options: { readonly mode?: "live" | "test"; readonly orgs?: { readonly acme: Org; readonly beta: Org; readonly spare: Org } } = {}
) => {
  const { acme, beta, ada, bea, sent } = await twoOrgs(base, options)
  const spare = options.orgs?.spare ?? await createOrg(base, "Spare Ltd")
  const mode = options.mode ?? "test"
  const seats = {
    ada: { key: acme.keys[mode], person: ada.person } as Seat,
    bea: { key: beta.keys[mode], person: bea.person } as Seat,
    admin: { key: adminToken, person: undefined, admin: true } as Seat
  }
  const get = (seat: Seat, path: string) => call(base, "GET", path, { headers: credentials(seat) })
  const write = (seat: Seat, method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    call(base, method, path, { headers: { ...credentials(seat), ...headers }, body })
  let setupWrites = 0
  /** A write that prepares the world rather than one under test: it bumps the version fingerprints are cached by. */
  const setup = async <T extends { status: number; text: string }>(what: string, write: Promise<T>) => {
    setupWrites++
    return ok(await write, what)
  }

  const build: Record<FixtureKind, () => Promise<Record<string, string>>> = {
    draft: async () => ({ id: (await setup("draft", ada.draft())).body.id }),
    negotiation: async () => {
      setupWrites++
      const { drafted, send } = await sent()
      const clauses = drafted.blocks.filter((b: { kind: string }) => b.kind === "clause")
      const ask =
        (await setup("counter", bea.stage(drafted.id, drafted.words_hash, { block_id: clauses[0].id, type: "counter", text: "Q.", why: "w" }))).body.ask
      await setup("commit", bea.commit(drafted.id, drafted.words_hash))
      const brook = acme.people[1]!
      const invited = await setup(
        "invite",
        ada.post(`/contracts/${drafted.id}/invite`, { email: brook.email, name: brook.name, capacity: ["negotiator", "signer"] })
      )
      const hash = (await ada.sheet(drafted.id)).words_hash
      const signature = (await setup("sign", ada.sign(drafted.id, hash))).body.id
      return {
        id: drafted.id,
        clause: clauses[0].id,
        otherClause: clauses[1].id,
        ask,
        signature,
        brookParty: invited.body.party,
        letter: send.letter,
        relationship: send.relationship
      }
    },
    executed: async () => {
      setupWrites++
      const { drafted } = await sent()
      await setup("agree", bea.commit(drafted.id, drafted.words_hash, { confirmed_by: bea.person }))
      await setup("ada signs", ada.sign(drafted.id, drafted.words_hash))
      await setup("bea signs", bea.sign(drafted.id, drafted.words_hash))
      return { id: drafted.id }
    }
  }

  /** The negotiation is usable while bea's ask is open, ada's signature held and Brook on the contract. */
  const usable = async (kind: FixtureKind, sheet: any, ids: Record<string, string>) => {
    if (sheet?.state !== expected[kind]) return false
    if (kind !== "negotiation") return true
    const state = (await get(seats.ada, `/contracts/${ids["id"]}/state`)).body
    return state.asks_open.some((a: { id: string }) => a.id === ids["ask"]) && state.signatures.held.includes(ids["signature"]) &&
      sheet.parties.some((p: { id: string }) => p.id === ids["brookParty"])
  }
  const live: Partial<Record<FixtureKind, Record<string, string>>> = {}
  const fixture = async (kind: FixtureKind): Promise<Fixture> => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const ids = live[kind] ?? (live[kind] = await build[kind]())
      const sheet = (await get(seats.ada, `/contracts/${ids["id"]}`)).body
      if (await usable(kind, sheet, ids)) return { id: ids["id"]!, sheet, hash: sheet.words_hash, ids }
      delete live[kind]
    }
    throw new Error(`the ${kind} fixture would not reach state ${expected[kind]}`)
  }
  const retire = (kind: FixtureKind) => {
    delete live[kind]
  }

  const hasAdminKeys = operations.some((op) => op.key === "GET /admin/orgs/{org_id}/keys")
  const rows = async (seat: Seat) =>
    ((await get(seat, "/contracts?limit=20")).body?.data ?? []).map((c: any) => [c.id, c.state, c.head_sequence, c.words_hash, c.updated_at])
  /** What a refused write must leave exactly as it was: everything the writes under test can touch. */
  const fingerprint = async (contract: string | undefined) => {
    const reads = [
      rows(seats.ada),
      rows(seats.bea),
      get(seats.ada, `/people/${seats.ada.person}/mark`).then((r) => r.text),
      get(seats.bea, `/people/${seats.bea.person}/mark`).then((r) => r.text),
      get(seats.ada, "/sandbox/outbox?limit=20").then((r) => r.text),
      ...(hasAdminKeys ? [get(seats.admin, `/admin/orgs/${spare.org_id}/keys?limit=100`).then((r) => r.text)] : []),
      // Ada's view of the contract, and bea's private reply: the one thing of hers ada cannot read.
      ...(contract === undefined ? [] : [
        `/contracts/${contract}`,
        `/contracts/${contract}/reply`,
        `/contracts/${contract}/signatures`,
        `/contracts/${contract}/asks?filter=all`
      ].map((path) => get(seats.ada, path).then((r) => r.text))),
      ...(contract === undefined ? [] : [get(seats.bea, `/contracts/${contract}/reply`).then((r) => r.text)])
    ]
    return JSON.stringify(await Promise.all(reads))
  }

  let counter = 0
  return {
    base,
    acme,
    beta,
    spare,
    seats,
    get,
    write,
    setup,
    fixture,
    retire,
    fingerprint,
    /** Bumped by every setup write, so a cached fingerprint is known to be stale. */
    version: () => setupWrites,
    /** A fresh, unused email address, for invites and admin people. */
    freshEmail: () => `fuzz${++counter}.${Math.random().toString(36).slice(2, 8)}@example.test`
  }
}

export type World = Awaited<ReturnType<typeof makeWorld>>
