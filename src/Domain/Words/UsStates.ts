/**
 * The states of the United States by name, as contracts and prompts write them: the law a prompt
 * asks for ("Texas law") and the law an imported contract names ("Ohio law shall govern").
 */

/** The four that style themselves commonwealths: "the Commonwealth of Massachusetts". */
export const commonwealths: ReadonlyArray<string> = ["Massachusetts", "Pennsylvania", "Virginia", "Kentucky"]

/** The other forty-six: "the State of Texas". */
export const otherStates: ReadonlyArray<string> = [
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
  "Louisiana",
  "Maine",
  "Maryland",
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
  "Rhode Island",
  "South Carolina",
  "South Dakota",
  "Tennessee",
  "Texas",
  "Utah",
  "Vermont",
  "Washington",
  "West Virginia",
  "Wisconsin",
  "Wyoming"
]
