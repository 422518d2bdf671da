import { expect } from "@effect/vitest"
import parsePrometheusTextFormat, { type Family } from "parse-prometheus-text-format"

/** One scrape of `GET /metrics`: the text as served and what the parser made of it. */
export interface Scrape {
  readonly text: string
  readonly families: ReadonlyArray<Family>
}

export const scrape = async (url: string, token: string): Promise<Scrape> => {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
  const text = await response.text()
  expect(response.status, text).toBe(200)
  expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8")
  return { text, families: parseExposition(text) }
}

/**
 * The text parsed as Prometheus would read it. The parser keys a histogram's buckets under the
 * labels of its first line and throws when an unlabelled series writes its count before its
 * buckets (as OpenTelemetry's serializer does, valid text): so each family's bucket lines go first.
 */
export const parseExposition = (text: string): Array<Family> => {
  const families: Array<Array<string>> = []
  for (const line of text.split("\n")) {
    if (line.startsWith("# HELP") || (line.startsWith("# TYPE") && !families.at(-1)?.[0]?.startsWith("# HELP"))) families.push([])
    families.at(-1)?.push(line)
  }
  const bucketsFirst = families.map((lines) => [
    ...lines.filter((line) => line.startsWith("#")),
    ...lines.filter((line) => /^\w+_bucket[{ ]/.test(line)),
    ...lines.filter((line) => !line.startsWith("#") && !/^\w+_bucket[{ ]/.test(line))
  ])
  return parsePrometheusTextFormat([...bucketsFirst.flat(), ""].join("\n"))
}

const sameLabels = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value)

/** A counter's or gauge's value for exactly these labels; a series not yet made is 0, as Prometheus's `rate` reads it. */
export const valueOf = (scraped: Scrape, name: string, labels: Record<string, string> = {}): number => {
  const family = scraped.families.find((candidate) => candidate.name === name)
  const sample = family?.metrics.find((candidate) => sameLabels(candidate.labels ?? {}, labels))
  return sample?.value === undefined ? 0 : Number(sample.value)
}

export const has = (scraped: Scrape, name: string) => scraped.families.some((family) => family.name === name)

const labelsOf = (line: string) =>
  Object.fromEntries([...(/\{(.*)\}/.exec(line)?.[1] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((match) => [match[1]!, match[2]!]))

/** The labels of every sample line, histograms' included (the parser folds those). */
export const sampleLabels = (scraped: Scrape): ReadonlyArray<readonly [name: string, labels: Record<string, string>]> =>
  scraped.text.split("\n").filter((line) => /^\w/.test(line)).map((line) => [line.split(/[{ ]/)[0]!, labelsOf(line)] as const)

export interface Histogram {
  readonly buckets: ReadonlyArray<readonly [le: number, count: number]>
  readonly count: number
  readonly sum: number
}

/**
 * One series of a labelled histogram. The parser folds every series of a family into one set of
 * buckets (it keys them by `le` alone), so it is handed this series' lines alone, labels but `le` removed.
 */
export const histogramOf = (scraped: Scrape, name: string, labels: Record<string, string>): Histogram => {
  const lines = scraped.text.split("\n").filter((line) => {
    if (!/^\w+/.test(line) || ![`${name}_bucket`, `${name}_count`, `${name}_sum`].includes(line.split(/[{ ]/)[0]!)) return false
    const { le: _le, ...rest } = labelsOf(line)
    return sameLabels(rest, labels)
  })
  if (lines.length === 0) return { buckets: [], count: 0, sum: 0 }
  // Buckets first, as client libraries write them: the parser loses buckets that follow a series' count.
  const bucketsFirst = [...lines.filter((line) => line.startsWith(`${name}_bucket`)), ...lines.filter((line) => !line.startsWith(`${name}_bucket`))]
  const unlabelled = bucketsFirst.map((line) => {
    const le = /le="[^"]*"/.exec(line)?.[0]
    return line.replace(/\{.*\}/, le === undefined ? "" : `{${le}}`)
  })
  const [family] = parsePrometheusTextFormat([`# TYPE ${name} histogram`, ...unlabelled, ""].join("\n"))
  const sample = family!.metrics[0]!
  const buckets = Object.entries(sample.buckets ?? {})
    .map(([le, count]): readonly [number, number] => [le === "+Inf" ? Infinity : Number(le), Number(count)])
    .sort((a, b) => a[0] - b[0])
  return { buckets, count: Number(sample.count ?? 0), sum: Number(sample.sum ?? 0) }
}
