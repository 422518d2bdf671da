/**
 * Places whose law a prompt may name, as the words the prompt uses and the value the templates
 * write after "the laws of". Names that cover more than one system of contract law ("UK",
 * "US", "Australian") are left out on purpose: the question is asked instead.
 */
import { commonwealths, otherStates } from "../Words/UsStates.js"

const countries: ReadonlyArray<readonly [ReadonlyArray<string>, string]> = [
  [["English", "England", "England and Wales", "English and Welsh", "Welsh", "Wales"], "England and Wales"],
  [["Scots", "Scottish", "Scotland"], "Scotland"],
  [["Northern Irish", "Northern Ireland"], "Northern Ireland"],
  [["Irish", "Ireland", "Republic of Ireland"], "Ireland"],
  [["German", "Germany"], "Germany"],
  [["French", "France"], "France"],
  [["Dutch", "Netherlands", "the Netherlands"], "the Netherlands"],
  [["Belgian", "Belgium"], "Belgium"],
  [["Luxembourg"], "Luxembourg"],
  [["Spanish", "Spain"], "Spain"],
  [["Portuguese", "Portugal"], "Portugal"],
  [["Italian", "Italy"], "Italy"],
  [["Swiss", "Switzerland"], "Switzerland"],
  [["Austrian", "Austria"], "Austria"],
  [["Swedish", "Sweden"], "Sweden"],
  [["Danish", "Denmark"], "Denmark"],
  [["Norwegian", "Norway"], "Norway"],
  [["Finnish", "Finland"], "Finland"],
  [["Polish", "Poland"], "Poland"],
  [["Czech", "Czech Republic"], "the Czech Republic"],
  [["Greek", "Greece"], "Greece"],
  [["Japanese", "Japan"], "Japan"],
  [["Chinese", "PRC", "China"], "the People's Republic of China"],
  [["Singapore", "Singaporean"], "Singapore"],
  [["Hong Kong"], "Hong Kong"],
  [["Indian", "India"], "India"],
  [["Israeli", "Israel"], "Israel"],
  [["Brazilian", "Brazil"], "Brazil"],
  [["Mexican", "Mexico"], "Mexico"],
  [["South African", "South Africa"], "South Africa"],
  [["New Zealand"], "New Zealand"],
  [["Jersey"], "Jersey"],
  [["Guernsey"], "Guernsey"],
  [["Ontario"], "the Province of Ontario"],
  [["British Columbia"], "the Province of British Columbia"],
  [["Quebec", "Québec"], "the Province of Quebec"],
  [["Alberta"], "the Province of Alberta"],
  [["New South Wales", "NSW"], "New South Wales"],
  [["Queensland"], "Queensland"],
  [["District of Columbia", "Washington D.C.", "Washington DC", "D.C."], "the District of Columbia"]
]

/** "Washington State" as prompts say it, to tell the state from the capital. */
const states = [...otherStates, "Washington State"]

const stateName = (name: string): string => name.replace(/ State$/, "")

/** Lower-cased words of a place → the value written after "the laws of". */
export const jurisdictionValues: ReadonlyMap<string, string> = new Map([
  ...countries.flatMap(([names, value]) => names.map((name) => [name.toLowerCase(), value] as const)),
  ...commonwealths.map((name) => [name.toLowerCase(), `the Commonwealth of ${name}`] as const),
  ...states.map((name) => [name.toLowerCase(), `the State of ${stateName(name)}`] as const)
])

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Every place name, longest first so "New Jersey" wins over "Jersey" and "West Virginia" over "Virginia". */
export const placeAlternation: string = [...jurisdictionValues.keys()]
  .sort((a, b) => b.length - a.length)
  .map((name) => escape(name).replace(/ /g, "\\s"))
  .join("|")
