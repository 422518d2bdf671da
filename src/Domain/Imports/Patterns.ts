/**
 * The patterns the fact rules read with. Every quantifier is bounded and no repeated group can
 * match the same text two ways, so each runs in linear time on hostile input.
 */

/** A number in words up to ninety-nine ("forty-eight", "seventeen"); the tens and teens are tried before the units they start with. */
const numberWord =
  "(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?|eleven|twelve|thirteen|fourteen|" +
  "fifteen|sixteen|seventeen|eighteen|nineteen|one|two|three|four|five|six|seven|eight|nine|ten|an?|half\\sa|another|\\*)"
/** "ninety (90)", "one hundred twenty (120)", "12", "one (I)", "one", "an", "*"; only number words go before "(90)". */
const amount =
  `(?:(?:[a-z]{0,9}(?:ty|teen|red|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|and)[\\s-]){0,3}\\((?:\\d{1,3}|[IVX]{1,3})\\)|\\d{1,3}(?:\\.\\d)?|${numberWord}(?:\\s?\\((?:\\d{1,3}|[IVX]{1,3})\\))?)`
const qualifier = "(?:(?:successive|consecutive|subsequent|succeeding|additional|further|another|renewal|extension|like)\\s){0,2}"
const unit = "(?:calendar\\s|business\\s|contract\\s)?(?:years?|months?|weeks?|days?)"

/** A duration with the words that carry it: "successive one (1) year periods", "an additional month", "ninety days'". */
export const duration = `${qualifier}(?:periods?\\sof\\s)?${amount}(?:\\s-?|-)${qualifier}(?:${numberWord}[\\s-])?${unit}(?:\\s(?:periods?|terms?))?`

/** "$10,000", "US$ 5,000,000.00", "USD 250", "€1.5 million". */
export const moneyPattern =
  /(?:US\s?\$|U\.S\.\s?\$|\$|USD\s?|EUR\s?|€|£|CAD\s?\$?)\s?\d{1,3}(?:,\d{3}){0,6}(?:\.\d{1,2})?(?:\s(?:million|billion|thousand))?(?![\d,])/g

export const corporateSuffix =
  /^(?:Inc|INC|Incorporated|INCORPORATED|LLC|L\.L\.C|Ltd|LTD|Limited|LIMITED|Corp|CORP|Corporation|CORPORATION|Company|COMPANY|Co|CO|AG|GmbH|S\.A|SA|S\.R\.L|S\.r\.l|SRL|LLP|L\.P|LP|PLC|plc|N\.V|B\.V|Pty|PTY|Pte|SpA|S\.p\.A|Partnership|PARTNERSHIP|Trust|TRUST)\.?,?$/
