/** Jurisdictions compared as contracts and CUAD's annotators write them (the governing law). */

const demonyms: Record<string, string> = {
  italian: "italy",
  english: "england",
  german: "germany",
  french: "france",
  swiss: "switzerland",
  dutch: "netherlands",
  spanish: "spain",
  chinese: "china",
  japanese: "japan",
  indian: "india",
  israeli: "israel",
  canadian: "canada",
  irish: "ireland"
}

/** A place name: "the State of New York" → "new york", "laws of the Province of British Columbia" → "british columbia". */
export const normalisePlace = (value: string): string => {
  let text = value.toLowerCase().replace(/[^a-z\s]/g, " ").replace(/\s+/g, " ").trim()
  text = text.replace(/^.*\blaws? of\b/, "").trim()
  text = text.replace(/^(?:the )?(?:state|commonwealth|province|republic|kingdom|territory) of /, "").replace(/^the /, "")
  text = text.replace(/ of america$/, "").replace(/ (?:law|laws)$/, "").trim()
  return demonyms[text] ?? text
}

const countries = new Set(["united states", "usa", "u s a", "canada", "australia", "united kingdom", "england", "china"])

/**
 * The same jurisdiction, written as the contract writes it or as CUAD's annotators do: each
 * jurisdiction of the label ("England, United Kingdom; Wales, United Kingdom") by its first name,
 * every one of them named in the prediction ("England and Wales"), the first one first; a country
 * after a state or province ("Victoria, Australia", "British Columbia, Canada") may be left out.
 */
export const placesMatch = (predicted: string, label: string): boolean => {
  const wanted = label.split(";").map((part) => normalisePlace(part.split(",")[0]!))
  const named = predicted.split(/,|\band\b/).map(normalisePlace).filter((name) => name.length > 0)
  const alias = (name: string) => name === "prc" || name === "people s republic of china" ? "china" : name
  const given = named.map(alias)
  return given[0] === alias(wanted[0]!) && wanted.every((name) => given.includes(alias(name))) &&
    given.every((name) => wanted.map(alias).includes(name) || countries.has(name))
}
