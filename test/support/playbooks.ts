import { call, idempotencyKey } from "./client.js"
import { twoOrgs } from "./negotiation.js"
import { adminToken } from "./service.js"

export const setPlaybook = (base: string, orgId: string, rules: ReadonlyArray<Record<string, unknown>>) =>
  call(base, "PUT", `/admin/orgs/${orgId}/playbook`, { headers: { authorization: `Bearer ${adminToken}` }, body: { rules } })

export const acmeRules = [
  {
    term: "payment_terms",
    rule_text: "We pay within 45 days at the latest and ask for 30.",
    floor: { value: 15, unit: "days" },
    ceiling: { value: 45, unit: "days" },
    preferred: { value: 30, unit: "days" }
  },
  {
    term: "liability_cap",
    rule_text: "Cap liability between USD 500,000 and USD 2,000,000.",
    floor: { value: 500000, unit: "USD" },
    ceiling: { value: 2000000, unit: "USD" },
    preferred: { value: 1000000, unit: "USD" }
  },
  { term: "governing_law", rule_text: "English law, or ask the general counsel.", floor: null, ceiling: null, preferred: null }
]

type Block = { readonly id: string; readonly text: string }

/**
 * Acme drafts a master services agreement and sends it to Beta; Beta counters three clauses in
 * one round: payment in ninety days (outside Acme's playbook), a cap of USD 1,500,000 (inside it)
 * and new governing law (a prose rule: for a human). Acme holds `acmeRules`.
 */
export const msaCountered = async (base: string) => {
  const parties = await twoOrgs(base)
  const { ada, bea, acme } = parties
  await setPlaybook(base, acme.org_id, acmeRules)
  const drafted = (await call(base, "POST", "/contracts", {
    key: acme.keys.test,
    person: ada.person,
    body: {
      template_id: "tpl_master_services",
      facts: {
        customer: "Acme Ltd",
        supplier: "Beta GmbH",
        effective_date: "1 March 2027",
        governing_law: "England and Wales",
        liability_cap: "$1,000,000",
        payment_terms: "thirty (30) days"
      }
    },
    headers: { "idempotency-key": idempotencyKey() }
  })).body
  const send = await ada.send(drafted.id, drafted.words_hash, {
    recipients: [{ email: parties.beta.people[0]!.email, name: "Bea", capacity: ["negotiator", "signer"] }],
    confirmed_by: ada.person
  })
  if (send.status !== 200) throw new Error(send.text)
  const blocks: ReadonlyArray<Block> = drafted.blocks
  const find = (words: string) => blocks.find((b) => b.text.includes(words))!
  const payment = find("within thirty (30) days of receipt")
  const liability = find("is limited to $1,000,000")
  const law = find("governed by")
  const counters = [
    [payment, payment.text.replace("thirty (30) days", "ninety (90) days"), "Our cash cycle."],
    [liability, liability.text.replace("$1,000,000", "$1,500,000"), "Insurance covers this."],
    [law, law.text.replace("England and Wales", "the State of New York"), "Our courts."]
  ] as const
  const asks: Array<string> = []
  for (const [block, text, why] of counters) {
    asks.push((await bea.stage(drafted.id, drafted.words_hash, { block_id: block.id, type: "counter", text, why })).body.ask)
  }
  const committed = await bea.commit(drafted.id, drafted.words_hash)
  if (committed.status !== 200) throw new Error(committed.text)
  const [paymentAsk, liabilityAsk, lawAsk] = asks as [string, string, string]
  return { ...parties, drafted, hash: committed.body.words_hash as string, paymentAsk, liabilityAsk, lawAsk, payment, liability, law }
}

export const applyPlaybook = (
  seat: { readonly org: { readonly keys: { readonly test: string } }; readonly person: string },
  base: string,
  id: string,
  hash: string | undefined,
  body: Record<string, unknown> = {}
) =>
  call(base, "POST", `/contracts/${id}/decisions/apply-playbook`, {
    key: seat.org.keys.test,
    person: seat.person,
    body,
    headers: hash === undefined ? {} : { "if-match": hash }
  })
