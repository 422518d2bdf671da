import type { QuantityKind } from "./Units.js"

/**
 * The closed list of terms a playbook rule can speak to, each with the kind of amount it is
 * measured in. A rule for any other term is refused, so nothing is written that never applies.
 */
export const playbookTerms = [
  "payment_terms",
  "notice_period",
  "renewal_notice",
  "liability_cap",
  "term",
  "renewal_term",
  "confidentiality_period",
  "acceptance_period",
  "fees",
  "governing_law"
] as const
export type PlaybookTerm = (typeof playbookTerms)[number]

export const isPlaybookTerm = (term: string): term is PlaybookTerm => playbookTerms.some((known) => known === term)

export const termKinds: Readonly<Record<PlaybookTerm, QuantityKind>> = {
  payment_terms: "duration",
  notice_period: "duration",
  renewal_notice: "duration",
  liability_cap: "money",
  term: "duration",
  renewal_term: "duration",
  confidentiality_period: "duration",
  acceptance_period: "duration",
  fees: "money",
  governing_law: "prose"
}

/** The facts of the templates and of imports, by the term each one states. */
export const factTerms: Readonly<Record<string, PlaybookTerm>> = {
  payment_terms: "payment_terms",
  notice_period: "notice_period",
  renewal_notice: "renewal_notice",
  liability_cap: "liability_cap",
  term: "term",
  initial_term: "term",
  subscription_term: "term",
  engagement_term: "term",
  duration: "term",
  renewal_term: "renewal_term",
  confidentiality_period: "confidentiality_period",
  acceptance_period: "acceptance_period",
  fees: "fees",
  daily_rate: "fees",
  annual_fee: "fees",
  governing_law: "governing_law"
}

export const termOfFactName = (name: string): PlaybookTerm | null => (Object.hasOwn(factTerms, name) ? factTerms[name]! : null)

const sum = /(?:[$£€¥]|\b(?:USD|GBP|EUR|CAD|AUD|CHF)\b)\s?\d/

/**
 * Words that name a term, most specific first: a clause about liability that mentions fees is
 * about the cap, and a renewal clause that mentions notice is about the notice that stops it.
 */
const keywords: ReadonlyArray<readonly [PlaybookTerm, (text: string) => boolean]> = [
  ["governing_law", (t) => /\b(?:governed\s(?:by|in\saccordance\swith)|governing\slaw|construed\s(?:in\saccordance\swith|under))\b/i.test(t)],
  ["liability_cap", (t) => /\bliabilit(?:y|ies)\b/i.test(t) && /\b(?:exceed|limited\sto|cap(?:ped)?|maximum|aggregate)\b/i.test(t)],
  ["renewal_notice", (t) => /\bnon-?\s?renewal\b/i.test(t) || (/\brenew/i.test(t) && /\bnotice\b/i.test(t))],
  ["renewal_term", (t) => /\b(?:renew(?:s|ed|al)?|auto-?renew\w{0,5})\b/i.test(t)],
  ["confidentiality_period", (t) => /\bconfidential/i.test(t) && /\b(?:surviv\w{0,4}|for\sa\speriod\sof|continue\w?\sfor)\b/i.test(t)],
  ["acceptance_period", (t) => /\b(?:deemed\saccepted|acceptance\speriod)\b/i.test(t)],
  ["payment_terms", (t) => /\b(?:payment\s(?:is\s|shall\sbe\s)?due|payable\swithin|invoices?\b[^.;]{0,60}?\bwithin|net\s?\d{1,3}\b)/i.test(t)],
  ["fees", (t) => /\b(?:fees?|daily\srate|price|charges?)\b/i.test(t) && sum.test(t)],
  ["notice_period", (t) => /\bnotice\b/i.test(t) && /\bterminat/i.test(t)],
  ["term", (t) => /\b(?:initial\sterm|term\sof\sthis|continues?\sfor|runs?\sfor|remains?\sin\s(?:full\s)?(?:force|effect)\sfor)\b/i.test(t)]
]

/** The term these words speak to, by keyword, or null. */
export const termOfWords = (text: string): PlaybookTerm | null => keywords.find(([, speaks]) => speaks(text))?.[0] ?? null
