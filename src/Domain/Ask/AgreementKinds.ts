/**
 * Kinds of agreement a question may ask for ("which of our agreements are franchise
 * agreements?"), each as the words a question uses and the stem its title carries. A contract is of
 * a kind when its title says so: the title is the document's own name for itself.
 */
export interface AgreementKind {
  /** How the answer names the kind. */
  readonly name: string
  /** The question's words for it, as a pattern over lower-cased words. */
  readonly asked: string
  /** The title's words for it. */
  readonly titled: RegExp
}

export const agreementKinds: ReadonlyArray<AgreementKind> = [
  { name: "franchise", asked: "franchis\\w*", titled: /\bfranchis/i },
  { name: "distribution", asked: "distribut\\w*", titled: /\bdistribut/i },
  { name: "license", asked: "licen[cs]\\w*", titled: /\blicen[cs]/i },
  { name: "reseller", asked: "resell\\w*|resale", titled: /\bresell|\bresale|\bvar\b/i },
  { name: "supply", asked: "supply|supplies|supplier", titled: /\bsuppl(?:y|ier)/i },
  { name: "hosting", asked: "hosting", titled: /\bhosting/i },
  { name: "endorsement", asked: "endorsements?", titled: /\bendorsement/i },
  { name: "sponsorship", asked: "sponsorships?", titled: /\bsponsorship/i },
  { name: "consulting", asked: "consult\\w*", titled: /\bconsult/i },
  { name: "outsourcing", asked: "outsourc\\w*", titled: /\boutsourc/i },
  { name: "maintenance", asked: "maintenance", titled: /\bmaintenance/i },
  { name: "manufacturing", asked: "manufactur\\w*", titled: /\bmanufactur/i },
  { name: "development", asked: "development", titled: /\bdevelopment/i },
  { name: "joint venture", asked: "joint[ -]ventures?|jvs?", titled: /\bjoint[ -]venture/i },
  { name: "co-branding", asked: "co-?brand\\w*", titled: /\bco-?brand/i },
  { name: "marketing", asked: "marketing", titled: /\bmarketing/i },
  { name: "agency", asked: "agency|agencies", titled: /\bagency/i },
  { name: "promotion", asked: "promotion\\w*|promotional", titled: /\bpromotion/i },
  { name: "strategic alliance", asked: "(?:strategic )?alliances?", titled: /\balliance/i },
  { name: "service", asked: "services?", titled: /\bservices?\b/i },
  { name: "transportation", asked: "transport\\w*", titled: /\btransport/i },
  { name: "affiliate", asked: "affiliate|affiliation", titled: /\baffiliat/i },
  { name: "non-compete", asked: "non-?compet\\w*|noncompet\\w*", titled: /\bnon[- ]?compet/i },
  { name: "non-disclosure", asked: "non-?disclosure|ndas?|confidentiality", titled: /\bnon-?disclosure|\bconfidentiality|\bnda\b/i },
  { name: "cooperation", asked: "cooperation|co-operation", titled: /\bco-?operation/i },
  { name: "subscription", asked: "subscriptions?", titled: /\bsubscription/i },
  { name: "employment", asked: "employment", titled: /\bemployment/i },
  { name: "lease", asked: "leases?", titled: /\blease/i },
  { name: "loan", asked: "loans?", titled: /\bloan/i }
]

/**
 * A kind's words count only as the kind of a whole agreement: before "agreements", "contracts",
 * "deals" (one word may come between: "distribution services agreements"), or as the question's
 * last word ("do we have any joint ventures?").
 */
const kindPattern = (asked: string) =>
  new RegExp(
    `\\b(?:${asked})(?:\\s+\\w+)?\\s+(?:agreements?|contracts?|deals?|arrangements?|relationships?)\\b|\\b(?:${asked})[\\s?.!]*$`,
    "i"
  )

const patterns = agreementKinds.map((kind) => [kind, kindPattern(kind.asked)] as const)

/** The kinds of agreement a question asks for. */
export const kindsAsked = (question: string): ReadonlyArray<AgreementKind> => patterns.filter(([, pattern]) => pattern.test(question)).map(([kind]) => kind)
