import { jurisdictionValues, placeAlternation } from "../Prompts/Jurisdictions.js"

/**
 * The jurisdictions a text names, each as one canonical value ("the State of New York"), in the
 * order written: "the laws of the State of New York" and "New York law" name the same place, and
 * "Italian law" names Italy. Longer names win ("West Virginia" over "Virginia").
 */
const placeWords = new RegExp(`(?<![\\p{L}])(?:${placeAlternation})(?![\\p{L}])`, "giu")

/** Two-letter state codes a question may use before "law" ("NY law", "Delaware or DE law"): capitals only. */
const stateCodes: Record<string, string> = {
  NY: "new york",
  CA: "california",
  TX: "texas",
  DE: "delaware",
  FL: "florida",
  IL: "illinois",
  NV: "nevada",
  NJ: "new jersey",
  MA: "massachusetts",
  WA: "washington",
  GA: "georgia",
  PA: "pennsylvania",
  OH: "ohio",
  MI: "michigan",
  CO: "colorado",
  VA: "virginia",
  MN: "minnesota",
  AZ: "arizona",
  NC: "north carolina",
  UT: "utah"
}
const codeBeforeLaw = new RegExp(`\\b(${Object.keys(stateCodes).join("|")})(?= (?:law|laws|governing law)\\b)`, "g")

export const placesIn = (text: string): ReadonlyArray<string> => {
  const found: Array<readonly [number, string]> = []
  for (const match of text.matchAll(placeWords)) {
    const value = jurisdictionValues.get(match[0].toLowerCase().replace(/\s+/g, " "))
    if (value !== undefined) found.push([match.index, value])
  }
  for (const match of text.matchAll(codeBeforeLaw)) found.push([match.index, jurisdictionValues.get(stateCodes[match[1]!]!)!])
  return [...new Set(found.sort((a, b) => a[0] - b[0]).map(([, value]) => value))]
}

/** Every way a text may name the place ("New York"; "England", "English", "Wales" …), lower-cased: what a stored fact is first narrowed by. */
export const aliasesOf = (place: string): ReadonlyArray<string> => [...jurisdictionValues].filter(([, value]) => value === place).map(([alias]) => alias)

/** How an answer names a place: "the State of New York" is "New York". */
export const placeName = (value: string): string => value.replace(/^the (?:State|Commonwealth|Province) of /, "")

/**
 * Whether a governing-law fact names the place: its first jurisdiction is the law, later ones are
 * courts or countries ("the State of New York, United States"), so only the first one counts.
 */
export const lawIs = (factValue: string, place: string): boolean => placesIn(factValue)[0] === place
