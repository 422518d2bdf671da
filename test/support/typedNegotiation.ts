import { Effect } from "effect"
import { apiClient, type ApiClient, type CreatedOrg, newOrg, seatOf } from "./apiClient.js"

/** One side's seat: its org, the person acting, and the typed API as that person on the org's test key. */
export interface Side {
  readonly org: CreatedOrg
  readonly person: string
  readonly api: ApiClient
}

export const ndaFacts = { party_a: "Acme Ltd", party_b: "Beta GmbH", effective_date: "1 March 2027", governing_law: "England and Wales" }

const sideOf = (baseUrl: string, org: CreatedOrg, person = org.people[0]!.id) =>
  Effect.map(apiClient(baseUrl, seatOf(org, { person, mode: "test" })), (api): Side => ({ org, person, api }))

/** Two orgs in test mode and a way to put a drafted NDA before Beta: the typed twin of negotiation.ts. */
export const typedParties = (baseUrl: string) =>
  Effect.gen(function*() {
    const acme = yield* newOrg(baseUrl, "Acme Ltd")
    const beta = yield* newOrg(baseUrl, "Beta GmbH")
    const ada = yield* sideOf(baseUrl, acme)
    const bea = yield* sideOf(baseUrl, beta)
    const draft = ada.api.contracts.draft({ payload: { template_id: "tpl_mutual_nda", facts: ndaFacts } })
    const sent = Effect.gen(function*() {
      const drafted = yield* draft
      const send = yield* ada.api.negotiation.send({
        path: { id: drafted.id },
        headers: { "if-match": drafted.words_hash },
        payload: {
          recipients: [{ email: beta.people[0]!.email, name: "Ada Lovelace", capacity: ["negotiator", "signer"] }],
          confirmed_by: ada.person
        }
      })
      return { drafted, send }
    })
    return { acme, beta, ada, bea, draft, sent, as: (org: CreatedOrg, person?: string) => sideOf(baseUrl, org, person) }
  })

interface DraftedWords<B> {
  readonly id: string
  readonly words_hash: string
  readonly blocks: ReadonlyArray<B>
}

/** `side` counters the contract's first clause and commits that round: the clause, the ask it opened, the round. */
export const counterFirstClause = <B extends { readonly id: string; readonly kind: string }>(
  side: Side,
  contract: DraftedWords<B>,
  counter: { readonly text: string; readonly why: string }
) =>
  Effect.gen(function*() {
    const path = { id: contract.id }
    const headers = { "if-match": contract.words_hash }
    const clause = contract.blocks.find((b) => b.kind === "clause")!
    const { ask } = yield* side.api.negotiation.stage({ path, headers, payload: { block_id: clause.id, type: "counter", ...counter } })
    const committed = yield* side.api.negotiation.commit({ path, headers, payload: { confirmed_by: side.person } })
    return { clause, ask, committed }
  })
