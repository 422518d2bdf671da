import { jurisdictionValues } from "./Jurisdictions.js"

/** The words a party name can end on, as a company writes them ("Inc.", "S.A.", "GmbH", "plc"). */
export const legalSuffix =
  /^(?:Inc|INC|Incorporated|Ltd|LTD|Limited|LIMITED|LLC|L\.L\.C|LLP|LP|L\.P|PLC|plc|Plc|Corp|CORP|Corporation|Co|CO|Company|GmbH|GMBH|AG|S\.A|SA|S\.L|SL|SAS|SARL|S\.A\.R\.L|S\.r\.l|SRL|S\.p\.A|SpA|B\.V|BV|N\.V|NV|AB|ASA|Oy|Oyj|ApS|Pty|PTY|Pte|PTE|KK|K\.K|KG|ULC|PLLC|Lda|Bhd|Sdn)\.?$/

/** A capitalised word that starts a sentence or names a thing, never a party. */
const ordinary: ReadonlyArray<string> = `
  i we us our you your they them their he she it its the a an this that these those please pls draft prepare create write
  make set put need needs want wants send email e-mail hire engage retain sell buy use let lets can could would should
  will shall may quick hi hello hey thanks ok okay also then and or but so if for with between new another some mutual
  one-way two-way unilateral nda ndas mnda msa sow sows saas non-disclosure nondisclosure confidentiality confidential
  master services service statement framework consulting consultancy advisory subscription software agreement contract
  deal project effective starting start from legal contact governing governed law laws notice term net payment fees fee
  price total duration annual daily liability cap renewal acceptance initial today tomorrow next note re subject cc attn
  dear january february march april june july august september october november december monday tuesday wednesday thursday
  friday saturday sunday usd gbp eur chf cad aud sgd jpy inr uk us usa eu american british australian european ceo cfo cto
  coo gc hr ip crm erp api rate timeline either neither side sides both each client customer supplier provider consultant
  vendor date budget scope cost deadline company team signatory signer negotiator counterparty party parties there here
  what who which when how why yes no my me
`.trim().split(/\s+/)

const notNames: ReadonlySet<string> = new Set([...ordinary, ...jurisdictionValues.keys()])

export const isOrdinaryWord = (word: string): boolean => notNames.has(word.toLowerCase())

/** Words that, just before a capitalised word, say a party's name follows. */
export const nameCue =
  /^(?:with|between|and|engage|engaging|engaged|hire|hiring|hired|retain|retaining|appoint|appointing|client|customer|supplier|vendor|provider|partner|counterparty|consultant|adviser|advisor|subscriber|licensee|for)$/i

/** Words that, just after a capitalised word, say it was a party acting. */
export const actingCue = /^(?:will|wants|want|is|are|needs|has|have|would|shall|hires|subscribes|provides|supplies|shares|discloses|as)$/i

export const nameKey = (name: string): string => name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "")

/** A name without its legal suffixes: "Globex Inc." → "Globex". */
export const nameCore = (name: string): string => {
  const words = name.split(" ")
  while (words.length > 1 && legalSuffix.test(words.at(-1)!.replace(/,$/, ""))) words.pop()
  return words.join(" ")
}
