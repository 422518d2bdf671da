import type http from "node:http"
import { expectJson, request } from "../lib/http.js"
import { adminToken } from "./service.js"

export interface Person {
  readonly id: string
  readonly email: string
  readonly name: string
}

/** One person acting with their org's test key: the headers every call of theirs carries. */
export interface Seat {
  readonly person: Person
  readonly headers: Record<string, string>
}

let unique = 0
/** Idempotency keys unique within the run and across runs on the same database. */
export const freshKey = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++unique}`

/** An org in test mode with one person, through the admin API: the seat of that person with its test key. */
export const createOrg = async (base: string, agent: http.Agent, name: string, personName: string): Promise<Seat> => {
  const slug = `${name.toLowerCase().replace(/[^a-z]+/g, "")}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const org = await expectJson(
    201,
    request(base, "/admin/orgs", {
      agent,
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}` },
      body: { name, people: [{ name: personName, email: `${personName.split(" ")[0]!.toLowerCase()}@${slug}.test` }] }
    }),
    "create org"
  )
  const person = org.people[0] as Person
  return { person, headers: { authorization: `Bearer ${org.keys.test}`, "contracts-acting-person": person.id } }
}

/** Two orgs in test mode, one negotiator each, as in the README walkthrough. */
export const twoSides = async (base: string, agent: http.Agent) => ({
  ada: await createOrg(base, agent, "Acme Ltd", "Ada Lovelace"),
  bea: await createOrg(base, agent, "Beta GmbH", "Bea Schmidt")
})

export const ndaFacts = { party_a: "Acme Ltd", party_b: "Beta GmbH", effective_date: "1 March 2027", governing_law: "England and Wales" }

/** The drafting body. */
export const draftBody = { template_id: "tpl_mutual_nda", facts: ndaFacts }

/** POST /contracts with the drafting body and a fresh Idempotency-Key. */
export const draftRequest = (base: string, agent: http.Agent, seat: Seat) =>
  request(base, "/contracts", { agent, method: "POST", headers: { ...seat.headers, "idempotency-key": freshKey("draft") }, body: draftBody })

export interface SentContract {
  readonly id: string
  readonly wordsHash: string
}

/** Drafts an NDA as Ada and sends it to Bea: the state every reply flow starts from. */
export const draftAndSend = async (base: string, agent: http.Agent, ada: Seat, bea: Seat): Promise<SentContract> => {
  const drafted = await expectJson(201, draftRequest(base, agent, ada), "draft")
  const sent = await expectJson(
    200,
    request(base, `/contracts/${drafted.id}/send`, {
      agent,
      method: "POST",
      headers: { ...ada.headers, "if-match": drafted.words_hash, "idempotency-key": freshKey("send") },
      body: {
        recipients: [{ email: bea.person.email, name: bea.person.name, capacity: ["negotiator", "signer"] }],
        confirmed_by: ada.person.id
      }
    }),
    "send"
  )
  return { id: drafted.id, wordsHash: sent.words_hash }
}
