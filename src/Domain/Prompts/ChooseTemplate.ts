/**
 * Which kind of agreement a prompt asks for. A name for the kind ("NDA", "statement of work")
 * decides it; failing that, words typical of one kind ("deliverables", "day rate", "hosted") must
 * point to it alone. A kind the drafter has no template for ("employment contract", "lease") is
 * refused rather than drafted as something else.
 */

export type Kind = "nda" | "services" | "work" | "consulting" | "subscription"

export type Choice =
  | { readonly _tag: "Kind"; readonly kind: Kind }
  | { readonly _tag: "Unknown"; readonly refused: string | undefined; readonly between: ReadonlyArray<Kind> }

const named: ReadonlyArray<readonly [Kind, RegExp]> = [
  ["nda", /\b(?:nda|ndas|mnda|non[\s-]?disclosure|confidentiality\s(?:agreement|undertaking|deed|contract)|secrecy\sagreement)\b/gi],
  ["services", /\b(?:msa|master\s(?:services?\s)?agreement|master\sservices?|framework\s(?:agreement|contract)|services\sagreement)\b/gi],
  ["work", /\b(?:sow|sows|statement\sof\swork|work\sorder)\b/gi],
  ["consulting", /\b(?:consult(?:ing|ancy|ant)\s(?:agreement|contract|deal|engagement)|advisory\s(?:agreement|engagement|contract))\b/gi],
  ["subscription", /\b(?:saas|software\sas\sa\sservice|subscription|software\slicen[cs]e|licen[cs]e\sagreement)\b/gi]
]

const typical: ReadonlyArray<readonly [Kind, RegExp]> = [
  ["nda", /\b(?:confidential\w{0,4}|secre(?:t|ts|cy)|each\sother|one-way|two-way|unilateral)\b/gi],
  ["services", /\b(?:services|framework|managed\sservice\w?|outsourc\w{1,4})\b/gi],
  ["work", /\b(?:project|deliverables?|milestones?|fixed\s(?:price|fee))\b/gi],
  ["consulting", /\b(?:consult\w{0,6}|advis\w{1,5}|day\srate|daily\srate|per\sday|a\sday|\/day|per\sdiem)\b/gi],
  ["subscription", /\b(?:platform|hosted|software|subscri\w{1,6}|cloud|licen[cs]\w{0,4}|per\sannum|annual\sfee|seats?)\b/gi]
]

/** Agreements the drafter has no template for, as the prompt would name them. */
const refused =
  /\b(?:employment|employee|job\soffer|lease|leasing|tenancy|rental|landlord|mortgage|loan|prenup\w{0,6}|prenuptial|marriage|divorce|last\swill|testament|shareholders?'?\s?agreement|partnership\sagreement|sale\sof\sgoods|purchase\sagreement|distribution|distributor|franchise|reseller|joint\sventure|settlement|power\sof\sattorney|agency\sagreement|supply\sagreement|share\spurchase|asset\spurchase|guarantee|bill\sof\ssale|(?:buy|buying|sell|selling|purchas\w{1,3})\s(?:a|the|my|our|an)\s(?:house|home|flat|car|property|apartment|building))\b|\b(?:a|my)\swill\b(?=\s?(?:$|[.,;!?]|for\b|and\b))/i

const subordinate = /\b(?:under|pursuant\sto|per)\s(?:the\s|our\s|an?\s|existing\s|their\s){0,2}$/i

export const chooseKind = (text: string): Choice => {
  const mentions = named.flatMap(([kind, pattern]) =>
    [...text.matchAll(pattern)].map((m) => ({ kind, start: m.index, subordinate: subordinate.test(text.slice(Math.max(0, m.index - 30), m.index)) }))
  )
  // "a statement of work under our MSA": the agreement named as the frame is not the one asked for.
  const main = mentions.filter((m) => !m.subordinate)
  const first = (main.length > 0 ? main : mentions).sort((a, b) => a.start - b.start)[0]
  if (first !== undefined) return { _tag: "Kind", kind: first.kind }
  const refusal = refused.exec(text)
  if (refusal !== null) return { _tag: "Unknown", refused: refusal[0], between: [] }
  const scores = typical.map(([kind, pattern]) => ({ kind, score: [...text.matchAll(pattern)].length }))
  const best = Math.max(...scores.map((s) => s.score))
  const leaders = scores.filter((s) => s.score === best && best > 0).map((s) => s.kind)
  return leaders.length === 1 ? { _tag: "Kind", kind: leaders[0]! } : { _tag: "Unknown", refused: undefined, between: leaders }
}

const mutualWords = /\b(?:mutual|mutually|both|each\sother|two-way|two\sway|bilateral|reciprocal|exchang\w{1,4})\b/i
const oneWayWords = /\b(?:one-way|one\sway|unilateral|unilaterally|unidirectional|one-sided|one\ssided)\b/i

/** Whether the prompt says the NDA is mutual or one-way; undefined when it says neither. */
export const ndaDirection = (text: string): "mutual" | "one-way" | undefined =>
  oneWayWords.test(text) ? "one-way" : mutualWords.test(text) ? "mutual" : undefined
