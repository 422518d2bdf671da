/**
 * The places whose law a contract may name by the place's name alone, before "law" ("Ohio law", "NEW YORK LAW", "Singapore law"):
 * the US states and the District of Columbia, and the countries and provinces whose name is also their law's name. Only a place named in full counts,
 * so "applicable law", "Federal law" or "Patent Law" never read as a place.
 */

const states = [
  "Alabama",
  "Alaska",
  "Arizona",
  "Arkansas",
  "California",
  "Colorado",
  "Connecticut",
  "Delaware",
  "Florida",
  "Georgia",
  "Hawaii",
  "Idaho",
  "Illinois",
  "Indiana",
  "Iowa",
  "Kansas",
  "Kentucky",
  "Louisiana",
  "Maine",
  "Maryland",
  "Massachusetts",
  "Michigan",
  "Minnesota",
  "Mississippi",
  "Missouri",
  "Montana",
  "Nebraska",
  "Nevada",
  "New Hampshire",
  "New Jersey",
  "New Mexico",
  "New York",
  "North Carolina",
  "North Dakota",
  "Ohio",
  "Oklahoma",
  "Oregon",
  "Pennsylvania",
  "Rhode Island",
  "South Carolina",
  "South Dakota",
  "Tennessee",
  "Texas",
  "Utah",
  "Vermont",
  "Virginia",
  "Washington",
  "West Virginia",
  "Wisconsin",
  "Wyoming",
  "District of Columbia"
]

/** Countries, provinces and city-states a contract names its law by: "Singapore law", "Ontario law". */
const otherPlaces = ["Singapore", "Hong Kong", "Israel", "Ontario", "Quebec", "British Columbia", "Alberta"]

/** Each name as a contract writes it, in title case or in capitals, spaces matched as one whitespace character. */
export const namedLawPlaces = [...states, ...otherPlaces]
  .flatMap((name) => [name, name.toUpperCase()])
  .map((name) => name.replace(/\s/g, "\\s"))
  .join("|")
