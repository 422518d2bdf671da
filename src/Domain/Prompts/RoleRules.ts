import { anyMarker } from "./PromptParties.js"

/**
 * The phrases that give a party its side, read over the marked prompt (see PromptParties): `X`
 * is a marker for one party, `\u0001S` the caller or `\u0001P0`… another. Each rule names the side
 * its marker takes; the other party takes the opposite side.
 */

export type Family = "disclosure" | "services" | "consulting" | "subscription"

export interface RoleRule {
  readonly pattern: RegExp
  /** 0: the template's first party blank (discloser, customer, client, provider); 1: the second. */
  readonly side: 0 | 1
}

const party = `(${anyMarker})`
const owner = `(?:${anyMarker}'s\\s)`
const helpers =
  "(?:,?\\swho)?\\s(?:(?:will|shall|would|can|could|is|are|am|be|being|to|going|want|wants|need|needs|has|have|must|also|then|only|happy|plan|plans|about|currently|now)\\s){0,4}"
const notOwner = "(?!'s)"
const hiring = "(?:hir|engag|retain|appoint|commission|bring\\w{0,5}\\sin)\\w{0,4}"
// "X is the supplier", "X, who will be our IT provider", and the verb left out: "Globex Inc the discloser".
const as = "(?:,?\\swho)?\\s(?:(?:is|are|will\\sbe|as|being|acts\\sas|acting\\sas)\\s(?:the\\s|a\\s|an\\s|" + owner + ")?|the\\s)(?:[a-z-]{1,20}\\s){0,2}"
const named = "s?(?:\\sis|\\swill\\sbe|:|,)?\\s"

const rule = (source: string, side: 0 | 1): RoleRule => ({ pattern: new RegExp(source, "gi"), side })

/** The subject doing the verb: "`X` will provide", "`X`, who will deliver". */
const acts = (verbs: string, side: 0 | 1) => rule(`${party}${helpers}(?:${verbs})\\w{0,6}\\b`, side)
/** The party described by a noun: "`X` as supplier", "`X` is the client". */
const isA = (nouns: string, side: 0 | 1) => rule(`${party}${as}(?:${nouns})s?\\b`, side)
/** The noun before the party: "our client `X`", "customer is `X`". */
const aNamed = (nouns: string, side: 0 | 1) => rule(`\\b${owner}?(?:${nouns})${named}${party}${notOwner}`, side)
/** The party a verb is done for or to: "provide services to `X`". */
const receives = (verbs: string, side: 0 | 1, preps = "to|for") => rule(`\\b(?:${verbs})\\w{0,6}\\s[^.;]{0,60}?\\b(?:${preps})\\s${party}${notOwner}`, side)
const hired = (side: 0 | 1) => rule(`\\b${hiring}\\s(?:the\\s)?${party}${notOwner}`, side)

const supplierNouns = "supplier|vendor|contractor|provider|agency|developer|outsourcer"
const customerNouns = "customer|client|buyer|purchaser"

export const roleRules: Readonly<Record<Family, ReadonlyArray<RoleRule>>> = {
  services: [
    acts("suppl|provid|deliver|perform|build|develop|implement|design|run|carry\\sout|handl|manag|maintain|creat|do", 1),
    hired(1),
    acts(hiring, 0),
    isA(supplierNouns, 1),
    aNamed(supplierNouns, 1),
    isA(customerNouns, 0),
    aNamed(customerNouns, 0),
    receives("provid|suppl|deliver|perform|sell|build|develop|offer", 0),
    rule(`\\b(?:buy|bought|purchas|procur|sourc|order)\\w{0,4}\\s[^.;]{0,40}?\\bfrom\\s${party}${notOwner}`, 1),
    acts("buy|bought|purchas|procur|order", 0)
  ],
  consulting: [
    acts("consult|advis|advic|coach|mentor", 1),
    hired(1),
    acts(hiring, 0),
    isA("consultant|adviser|advisor|contractor|expert|coach", 1),
    aNamed("consultant|adviser|advisor", 1),
    isA("client|customer", 0),
    aNamed("client|customer", 0),
    rule(`\\b(?:consult|advis|work)\\w{0,4}\\s(?:for|to)\\s${party}${notOwner}`, 0),
    rule(`\\b(?:advis|coach|mentor)\\w{0,4}\\s${party}${notOwner}`, 0)
  ],
  subscription: [
    acts("provid|host|sell|offer|operat|suppl|deliver", 0),
    rule(
      `${party}'s\\s(?:[\\w-]{1,20}\\s){0,3}(?:platform|software|saas|service|app|application|product|system|tool|solution|crm|cloud|api|portal|suite)s?\\b`,
      0
    ),
    rule(`\\bsubscri\\w{0,6}\\s(?:to|from|with)\\s${party}`, 0),
    rule(`\\b(?:licen[cs]|buy|purchas|subscri)\\w{0,6}\\s[^.;]{0,40}?\\bfrom\\s${party}${notOwner}`, 0),
    isA("provider|vendor|supplier|licensor|host", 0),
    aNamed("provider|vendor|supplier|licensor", 0),
    acts("subscrib|pay|buy|purchas|use|sign\\w{0,3}\\sup", 1),
    receives("sell|provid|offer|licen[cs]|suppl|deliver", 1),
    isA("customer|client|subscriber|licensee|user", 1),
    aNamed("customer|client|subscriber|licensee", 1)
  ],
  disclosure: [
    acts("shar|disclos|show|giv|send|provid|reveal|hand|pass|demo|present", 0),
    receives("shar|disclos|show|giv|send|provid|reveal|hand|pass|present", 1, "to|with"),
    rule(`\\b(?:show|giv|send|hand|pass)\\w{0,4}\\s${party}${notOwner}`, 1),
    acts("receiv|evaluat|see|get|access", 1),
    isA("discloser|disclosing\\sparty", 0),
    isA("recipient|receiving\\sparty", 1),
    rule(
      `${party}'s\\s(?:[\\w-]{1,20}\\s){0,2}(?:designs?|code|source|data|information|roadmaps?|prototypes?|specs?|specifications?|plans?|secrets?|know-how|technology|formulas?|customer\\slists?|financials|pricing)\\b`,
      0
    )
  ]
}
