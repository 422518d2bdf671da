/**
 * The patterns the fact rules read with. Every quantifier is bounded and no repeated group can
 * match the same text two ways, so each runs in linear time on hostile input.
 */

const month =
  "(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\\.?|Feb\\.?|Mar\\.?|Apr\\.?|Jun\\.?|Jul\\.?|Aug\\.?|Sept?\\.?|Oct\\.?|Nov\\.?|Dec\\.?)"
/** A day as converters print it, including torn ordinals ("19t h", "1s t"). */
const day = "\\d{1,2}(?:st|nd|rd|th|s t|n d|r d|t h)?"
const year = "(?:19|20)\\d{2}"

/** "January 1, 1998", "June 1st, 2020", "May 3,2006", "March 18. 2021", "10th day of January, 2018", "2 April 2020", "1/27/2020", "3-14-18". */
export const datePattern = new RegExp(
  `\\b(?:${month}\\s{0,2}${day}\\s{0,2}[,.]?\\s{0,2}${year}|${day}\\s{0,2}(?:day\\s{1,2}of\\s{1,2})?${month}\\s{0,2},?\\s{0,2}${year}|\\d{1,2}[/-]\\d{1,2}[/-](?:${year}|\\d{2}))(?![\\d/])`,
  "gi"
)

const numberWord =
  "(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|eighteen|twenty|twenty-four|thirty|forty-five|sixty|ninety|an?|half\\sa|another|\\*)"
/** "ninety (90)", "one hundred twenty (120)", "12", "one (I)", "one", "an", "*"; only number words go before "(90)". */
const amount =
  `(?:(?:[a-z]{0,9}(?:ty|teen|red|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|and)[\\s-]){0,3}\\((?:\\d{1,3}|[IVX]{1,3})\\)|\\d{1,3}(?:\\.\\d)?|${numberWord}(?:\\s?\\((?:\\d{1,3}|[IVX]{1,3})\\))?)`
const qualifier = "(?:(?:successive|consecutive|additional|further|another|renewal|extension|like)\\s){0,2}"
const unit = "(?:calendar\\s|business\\s)?(?:years?|months?|weeks?|days?)"

/** A duration with the words that carry it: "successive one (1) year periods", "an additional month", "ninety days'". */
export const duration = `${qualifier}(?:periods?\\sof\\s)?${amount}\\s${qualifier}(?:${numberWord}[\\s-])?${unit}(?:\\s(?:periods?|terms?))?`

export const renewalPattern = new RegExp(
  `\\b(?:renew|renewed|renewal|renews|extend|extended|extends|extension|extendable)\\b[^.;]{0,120}?\\bfor\\s(?:an?\\s)?(?:additional\\s)?(?:period\\sof\\s)?(${duration})`,
  "gi"
)

/** The notice that stops a renewal, in a sentence about renewal or expiry. */
export const noticePatterns: ReadonlyArray<RegExp> = [
  new RegExp(
    `\\b(?:at\\sleast|not\\sless\\sthan|no\\sless\\sthan|minimum\\sof|within|upon)\\s(${duration})['’]?\\s(?:prior\\s|advance\\s)?(?:written\\s)?`,
    "gi"
  ),
  new RegExp(`\\b(${duration})['’]?\\s(?:prior\\s|advance\\s)?(?:written\\s)?(?:notice|notification)`, "gi"),
  new RegExp(`\\b(${duration})\\s(?:before|prior\\sto)\\s(?:the\\s)?(?:end|expiration|expiry|conclusion|termination|natural)`, "gi")
]

export const renewalContext = /\b(?:renew\w{0,5}|non-\s?renewal|extend\w{0,3}|extension|expiration|expiry|conclusion of)\b/i

const place = "[A-Z][A-Za-z'’-]{1,20}(?:\\s(?:of\\s)?[A-Z][A-Za-z'’-]{1,20}){0,4}"
const polity = "(?:[Ss]tate|STATE|[Cc]ommonwealth|[Pp]rovince|[Rr]epublic|[Kk]ingdom|[Tt]erritory)\\sof\\s"

/** "governed by … the laws of the State of Texas", "laws, other than choice of law rules, of the state of Florida". */
export const governingPattern = new RegExp(
  `\\b(?:[Gg]overn|GOVERN|[Cc]onstru|[Ii]nterpret)\\w{0,8}\\b[^.;]{0,200}?\\b(?:[Ll]aws?|LAWS?)\\b[^.;]{0,80}?\\bof\\s(?:the\\s)?((?:${polity})?${place})`,
  "g"
)
/** "accepted … in the State of Nevada and shall be governed by … the laws thereof". */
export const governingBefore = new RegExp(`\\b(${polity}${place})[^.;]{0,160}?\\b(?:[Gg]overned|[Cc]onstrued)\\b`, "g")
export const demonymLaw =
  /\b(Italian|English|German|French|Swiss|Dutch|Spanish|Chinese|Japanese|Indian|Israeli|Canadian|Irish|Scottish|Swedish|Delaware)\s(?:[Ll]aws?|LAW)\b/g

/** "$10,000", "US$ 5,000,000.00", "USD 250", "€1.5 million". */
export const moneyPattern =
  /(?:US\s?\$|U\.S\.\s?\$|\$|USD\s?|EUR\s?|€|£|CAD\s?\$?)\s?\d{1,3}(?:,\d{3}){0,6}(?:\.\d{1,2})?(?:\s(?:million|billion|thousand))?(?![\d,])/g

export const corporateSuffix =
  /^(?:Inc|INC|Incorporated|INCORPORATED|LLC|L\.L\.C|Ltd|LTD|Limited|LIMITED|Corp|CORP|Corporation|CORPORATION|Company|COMPANY|Co|CO|AG|GmbH|S\.A|SA|S\.R\.L|S\.r\.l|SRL|LLP|L\.P|LP|PLC|plc|N\.V|B\.V|Pty|PTY|Pte|SpA|S\.p\.A|Partnership|PARTNERSHIP|Trust|TRUST)\.?,?$/
