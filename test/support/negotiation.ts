import { type Base, baseUrl, call, createOrg, idempotencyKey, type Org, seat } from "./client.js"

/**
 * Two orgs in test mode (or `mode`, on orgs already made), a drafted NDA, and the calls a
 * negotiation makes, as each side's seat.
 */
export const twoOrgs = async (base: Base, options: { readonly mode?: "live" | "test"; readonly orgs?: { readonly acme: Org; readonly beta: Org } } = {}) => {
  const acme = options.orgs?.acme ?? await createOrg(baseUrl(base), "Acme Ltd")
  const beta = options.orgs?.beta ?? await createOrg(baseUrl(base), "Beta GmbH")
  const mode = options.mode ?? "test"
  const as = (org: Org, person = org.people[0]!.id) => {
    const key = org.keys[mode]
    const s = seat(base, org, person, key)
    return {
      org,
      person,
      ...s,
      draft: () =>
        call(baseUrl(base), "POST", "/contracts", {
          key,
          person,
          body: {
            template_id: "tpl_mutual_nda",
            facts: { party_a: "Acme Ltd", party_b: "Beta GmbH", effective_date: "1 March 2027", governing_law: "England and Wales" }
          },
          headers: { "idempotency-key": idempotencyKey() }
        }),
      send: (id: string, hash: string, body: Record<string, unknown>) =>
        call(baseUrl(base), "POST", `/contracts/${id}/send`, {
          key,
          person,
          body,
          headers: { "if-match": hash, "idempotency-key": idempotencyKey() }
        }),
      stage: (id: string, hash: string, body: Record<string, unknown>) =>
        call(baseUrl(base), "POST", `/contracts/${id}/decisions`, { key, person, body, headers: { "if-match": hash } }),
      sign: (id: string, hash: string, body: Record<string, unknown> = {}) =>
        call(baseUrl(base), "POST", `/contracts/${id}/signatures`, {
          key,
          person,
          body: { text_hash: hash, confirmed_by: person, ...body },
          headers: { "idempotency-key": idempotencyKey() }
        }),
      commit: (id: string, hash: string, body: Record<string, unknown> = { confirmed_by: person }) =>
        call(baseUrl(base), "POST", `/contracts/${id}/replies`, {
          key,
          person,
          body,
          headers: { "if-match": hash, "idempotency-key": idempotencyKey() }
        }),
      sheet: async (id: string) => (await s.get(`/contracts/${id}`)).body,
      state: async (id: string) => (await s.get(`/contracts/${id}/state`)).body,
      events: async (id: string) => (await s.get(`/contracts/${id}/events`)).body
    }
  }
  const ada = as(acme)
  const bea = as(beta)
  const sent = async () => {
    const drafted = (await ada.draft()).body
    const reply = await ada.send(drafted.id, drafted.words_hash, {
      recipients: [{ email: beta.people[0]!.email, name: "Ada Lovelace", capacity: ["negotiator", "signer"] }],
      confirmed_by: ada.person
    })
    if (reply.status !== 200) throw new Error(`send failed: ${reply.text}`)
    return { drafted, send: reply.body }
  }
  return { acme, beta, ada, bea, as, sent }
}

/** Every letter of a contract, oldest first, through as many pages as it takes. */
export const allLetters = async (reader: { readonly get: (path: string) => Promise<{ readonly body: any }> }, id: string) => {
  let page = (await reader.get(`/contracts/${id}/letters?limit=100`)).body
  const letters = [...page.data]
  while (page.has_more) {
    page = (await reader.get(`/contracts/${id}/letters?limit=100&starting_after=${page.next_cursor}`)).body
    letters.push(...page.data)
  }
  return letters
}

/** Everything the other side can read about a contract: what privacy tests compare before and after. */
export const everythingVisible = async (reader: Awaited<ReturnType<typeof twoOrgs>>["ada"], id: string) => ({
  sheet: await reader.sheet(id),
  state: await reader.state(id),
  events: await reader.events(id),
  asks: (await reader.get(`/contracts/${id}/asks?filter=all`)).body,
  letters: (await reader.get(`/contracts/${id}/letters`)).body,
  list: (await reader.get(`/contracts?limit=100`)).body
})

interface ReplayBlock {
  readonly id: string
  readonly kind: string
  readonly text: string
}

/**
 * The fold as a client can do it: the words at Send, then each letter's landed asks in letter
 * order. Tests compare it with the stored words to show no round was lost or half-applied.
 */
export const replayLetters = <B extends ReplayBlock>(
  drafted: ReadonlyArray<B>,
  letters: ReadonlyArray<{ readonly id: string }>,
  asks: ReadonlyArray<
    { readonly state: string; readonly closed_in: string | null; readonly changes: ReadonlyArray<{ readonly block: string; readonly proposed: string }> }
  >
): ReadonlyArray<B> => {
  let blocks = drafted
  for (const letter of letters) {
    for (const ask of asks.filter((a) => a.state === "landed" && a.closed_in === letter.id)) {
      blocks = blocks.map((b) => {
        const change = ask.changes.find((c) => c.block === b.id)
        return change === undefined ? b : { ...b, text: change.proposed }
      })
    }
  }
  return blocks
}

/**
 * An NDA sent by Ada, countered by Bea on one clause and accepted by Ada, then signed by both
 * (Ada with a typed mark): executed, with a round of letters in its chain.
 */
export const executedNda = async (base: string) => {
  const parties = await twoOrgs(base)
  const { drafted } = await parties.sent()
  const clause = drafted.blocks.find((b: { kind: string }) => b.kind === "clause")
  const ask = (await parties.bea.stage(drafted.id, drafted.words_hash, { block_id: clause.id, type: "counter", text: "Beta's clause.", why: "Ours" })).body.ask
  await parties.bea.commit(drafted.id, drafted.words_hash)
  await parties.ada.stage(drafted.id, drafted.words_hash, { ask_id: ask, type: "accept" })
  const agreed = (await parties.ada.commit(drafted.id, drafted.words_hash)).body
  await call(base, "PUT", `/people/${parties.ada.person}/mark`, {
    key: parties.ada.org.keys.test,
    person: parties.ada.person,
    body: { kind: "typed", text: "A. Lovelace" }
  })
  const signatures = []
  for (const seat of [parties.ada, parties.bea]) signatures.push((await seat.sign(drafted.id, agreed.words_hash)).body)
  return { ...parties, drafted, agreed, signatures }
}
