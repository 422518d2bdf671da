/**
 * The places whose law a contract may name by the place's name alone, before "law" ("Ohio law", "NEW YORK LAW", "Singapore law"):
 * the US states and the District of Columbia, and the countries and provinces whose name is also their law's name. Only a place named in full counts,
 * so "applicable law", "Federal law" or "Patent Law" never read as a place.
 */
import { commonwealths, otherStates } from "../Words/UsStates.js"

const states = [...commonwealths, ...otherStates, "District of Columbia"]

/** Countries, provinces and city-states a contract names its law by: "Singapore law", "Ontario law". */
const otherPlaces = ["Singapore", "Hong Kong", "Israel", "Ontario", "Quebec", "British Columbia", "Alberta"]

/** Each name as a contract writes it, in title case or in capitals, spaces matched as one whitespace character. */
export const namedLawPlaces = [...states, ...otherPlaces]
  .flatMap((name) => [name, name.toUpperCase()])
  .map((name) => name.replace(/\s/g, "\\s"))
  .join("|")
