import { expect } from "@effect/vitest"
import { call, idempotencyKey } from "./client.js"
import { twoOrgs } from "./negotiation.js"
import type { Received } from "./receiver.js"

/** The three event types of a contract's life after signing. */
export const lifeTypes = ["contract.deadline_approaching", "contract.renewed", "contract.expired"]

export const midnight = (date: string) => `${date}T00:00:00.000Z`

/** A receiver's answers: the verification ping echoed, every delivery taken. */
export const healthy = (r: Received) => r.json?.type === "endpoint.verification" ? { status: 200, body: r.json.data.nonce } : { status: 204 }

/**
 * Polls every 25 ms of real time, for up to 10 s, until `done` holds: the scheduler and the
 * delivery engine act on fibers of their own, so a test waits for what they recorded.
 */
export const until = async <A>(read: () => Promise<A>, done: (value: A) => boolean, what: string): Promise<A> => {
  for (let i = 0; i < 400; i++) {
    const value = await read()
    if (done(value)) return value
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`never saw ${what}`)
}

export type Parties = Awaited<ReturnType<typeof twoOrgs>>
type Reader = Pick<Parties["ada"], "get">

/**
 * A Master Services Agreement from Acme to Beta (effective 1 December 2026, one year, ninety days'
 * notice against its yearly renewal: the notice deadline is 2 September 2027), executed in `mode`.
 */
export const executedMsa = async (base: string, parties: Parties, mode: "test" | "live" = "test") => {
  const { ada, bea, beta } = mode === "test" ? parties : await twoOrgs(base, { mode, orgs: { acme: parties.acme, beta: parties.beta } })
  const drafted = (await call(base, "POST", "/contracts", {
    key: ada.org.keys[mode],
    person: ada.person,
    body: {
      template_id: "tpl_master_services",
      facts: { customer: "Acme Ltd", supplier: "Beta GmbH", effective_date: "1 December 2026", liability_cap: "$100,000", initial_term: "one (1) year" }
    },
    headers: { "idempotency-key": idempotencyKey() }
  })).body
  const recipients = [{ email: beta.people[0]!.email, name: "Bea", capacity: ["negotiator", "signer"] }]
  expect((await ada.send(drafted.id, drafted.words_hash, { recipients, confirmed_by: ada.person })).status).toBe(200)
  const agreed = (await bea.commit(drafted.id, drafted.words_hash)).body
  await ada.sign(drafted.id, agreed.words_hash)
  expect((await bea.sign(drafted.id, agreed.words_hash)).body.contract_state).toBe("executed")
  return { id: drafted.id as string, ada, bea }
}

/** The contract's life events as `reader` reads them in its log. */
export const lifeEvents = async (reader: Reader, id: string) =>
  ((await reader.get(`/contracts/${id}/events?limit=100`)).body.data as Array<{ type: string; data: Record<string, unknown> }>)
    .filter((e) => lifeTypes.includes(e.type))

/** The `deadline` rows of the reader's feed. */
export const deadlineRows = async (reader: Reader) =>
  ((await reader.get("/attention")).body.data as Array<{ rows: Array<{ kind: string; contract: string }> }>).flatMap((g) => g.rows)
    .filter((r) => r.kind === "deadline")
