import { searchParameters, searchSettings, searchStatement } from "../../src/Ask/SearchStatement.js"
import type { Mode } from "../../src/Domain/Contract/Mode.js"
import { searchTerms } from "../../src/Domain/Ask/Question.js"
import { round } from "../lib/stats.js"
import type { AskResults, PlanSummary, QuestionResult } from "./ask.js"
import { streamedQuestion } from "./askSeed.js"

// src/Ask.ts cites 10 contracts by default.
export const searchLimit = 10

export type Run = (sql: string, params: ReadonlyArray<unknown>) => Promise<ReadonlyArray<Record<string, unknown>>>

interface PlanLine {
  readonly depth: number
  readonly label: string
  /** Actual rows per loop when analyzed, else the planner's estimate. */
  readonly rows: number
  readonly loops: number
  readonly details: Array<string>
  readonly children: Array<PlanLine>
}

const nodeLine =
  /^(\s*)(?:->\s+)?(.+?)\s+\(cost=[\d.]+\.\.[\d.]+ rows=(\d+) width=\d+\)(?:\s+\(actual time=[\d.]+\.\.[\d.]+ rows=([\d.]+) loops=(\d+)\)|\s+\((never executed)\))?/

/** The text of EXPLAIN [(ANALYZE, BUFFERS)], as a tree of its nodes with their detail lines. */
const parsePlan = (lines: ReadonlyArray<string>): PlanLine => {
  const stack: Array<PlanLine> = []
  let root: PlanLine | undefined
  for (const line of lines) {
    const m = nodeLine.exec(line)
    if (m === null) {
      stack.at(-1)?.details.push(line.trim())
      continue
    }
    const [rows, loops] = m[6] !== undefined ? [0, 0] : m[4] !== undefined ? [Number(m[4]), Number(m[5])] : [Number(m[3]), 1]
    const node: PlanLine = { depth: m[1]!.length, label: m[2]!, rows, loops, details: [], children: [] }
    while (stack.length > 0 && stack.at(-1)!.depth >= node.depth) stack.pop()
    if (stack.length === 0) root = node
    else stack.at(-1)!.children.push(node)
    stack.push(node)
  }
  if (root === undefined) throw new Error(`no plan in ${lines.join("\n").slice(0, 300)}`)
  return root
}

const nodesOf = (node: PlanLine): Array<PlanLine> => [node, ...node.children.flatMap(nodesOf)]

/** One line: each node, its rows (and loops when repeated) for scans, children in brackets. */
const compact = (node: PlanLine, analyzed: boolean): string => {
  const sortMethod = node.details.find((d) => d.startsWith("Sort Method:"))?.replace(/^Sort Method: (\S+(?: \S+)?).*/, " ($1)") ?? ""
  const counted = /Scan/.test(node.label) ? ` (${analyzed ? "" : "est. "}rows=${node.rows}${node.loops > 1 ? ` loops=${node.loops}` : ""})` : ""
  const own = `${node.label}${sortMethod}${counted}`
  if (node.children.length === 0) return own
  if (node.children.length === 1) return `${own} < ${compact(node.children[0]!, analyzed)}`
  return `${own} [${node.children.map((c) => compact(c, analyzed)).join("; ")}]`
}

/** EXPLAIN of the search statement as the org for the terms, with ANALYZE and BUFFERS when `analyze`: the summary and the text. */
const planOf = async (
  run: Run,
  org: string,
  mode: string,
  terms: ReadonlyArray<string>,
  analyze: boolean
): Promise<{ plan: PlanSummary; text: Array<string> }> => {
  // The service's own statement, with the setting it runs under (src/Ask/SearchStatement.ts).
  await run("BEGIN", [])
  await run(searchSettings, [])
  const rows = await run(`EXPLAIN ${analyze ? "(ANALYZE, BUFFERS) " : ""}${searchStatement}`, searchParameters(org, mode as Mode, terms, searchLimit, true))
  await run("COMMIT", [])
  const text = rows.map((r) => String(r["QUERY PLAN"]))
  const root = parsePlan(text)
  const nodes = nodesOf(root)
  const wordsIndex = nodes.find((n) => / on block_search_words\b/.test(n.label))
  // The rows ranked (ts_rank is computed for each): what the innermost Sort, DISTINCT ON's, reads.
  const sort = nodes.filter((n) => n.label.startsWith("Sort")).at(-1)
  const buffers = /shared hit=(\d+)(?: read=(\d+))?/.exec(root.details.find((d) => d.startsWith("Buffers:")) ?? "")
  const timing = (name: string) => Number(/: ([\d.]+) ms/.exec(text.find((l) => l.startsWith(name)) ?? "")?.[1] ?? NaN)
  return {
    plan: {
      analyzed: analyze,
      nodes: compact(root, analyze),
      usesWordsIndex: wordsIndex !== undefined,
      wordsIndexLoops: wordsIndex?.loops ?? 0,
      rankedRows: sort === undefined ? NaN : sort.children.reduce((sum, c) => sum + c.rows * c.loops, 0),
      planningMs: round(timing("Planning Time"), 2),
      executionMs: round(timing("Execution Time"), 2),
      sharedHit: Number(buffers?.[1] ?? 0),
      sharedRead: Number(buffers?.[2] ?? 0)
    },
    text
  }
}

/** The plan's one-line summary, for the log and the report. */
export const planLine = (plan: PlanSummary) =>
  `${plan.usesWordsIndex ? "uses" : "does NOT use"} block_search_words${plan.wordsIndexLoops > 1 ? ` (scanned ${plan.wordsIndexLoops} times)` : ""}; ${
    plan.analyzed
      ? `${plan.rankedRows} rows ranked; execution ${plan.executionMs} ms (planning ${plan.planningMs}); buffers hit ${plan.sharedHit}, read ${plan.sharedRead}`
      : `${plan.rankedRows} rows to rank by the planner's estimate; not executed`
  }; ${plan.nodes}`

const orgOf = async (run: Run, sample: string) => {
  const row = (await run("SELECT org_id, mode FROM contracts WHERE id = $1", [sample]))[0]!
  return { org: String(row.org_id), mode: String(row.mode) }
}

/** The plan of the streamed question with the statistics as they are (never taken since the seed, on this bench's databases). */
export const planBeforeAnalyze = async (
  run: Run,
  sample: string,
  explained: Array<string>,
  db: string,
  analyze: boolean,
  log: (line: string) => void,
  at: () => string
): Promise<NonNullable<AskResults["beforeAnalyze"]>> => {
  const { mode, org } = await orgOf(run, sample)
  const count = async (table: string) => {
    const row = (await run(`SELECT (SELECT reltuples FROM pg_class WHERE relname = $1) AS estimate, (SELECT count(*) FROM ${table}) AS actual`, [table]))[0]!
    return { estimate: Number(row.estimate), actual: Number(row.actual) }
  }
  const [blockSearch, contracts] = [await count("block_search"), await count("contracts")]
  const { plan, text } = await planOf(run, org, mode, searchTerms(streamedQuestion), analyze)
  const believed = `block_search ${blockSearch.estimate} rows of ${blockSearch.actual}, contracts ${contracts.estimate} of ${contracts.actual}`
  explained.push(
    `-- ${db}, the statistics as they were after the seed (${believed}), as org ${org} (${mode}), limit ${searchLimit}`,
    `-- "${streamedQuestion}"`,
    ...text,
    ""
  )
  log(`  ${at()} EXPLAIN${analyze ? " ANALYZE" : ""} before ANALYZE (planner's estimate: ${believed}), "${streamedQuestion}": ${planLine(plan)}`)
  return {
    question: streamedQuestion,
    blockSearchEstimate: blockSearch.estimate,
    blockSearchRows: blockSearch.actual,
    contractsEstimate: contracts.estimate,
    contractsRows: contracts.actual,
    plan
  }
}

/**
 * Each question's plan beside its timings. On PostgreSQL the statistics are fresh (the bench ran
 * ANALYZE); embedded, they never are, so the plan before ANALYZE is also the plan the service ran.
 * EXPLAIN ANALYZE runs the statement: when the probe found it too slow, EXPLAIN alone.
 */
export const planAll = async (
  run: Run,
  sample: string,
  results: AskResults,
  explained: Array<string>,
  db: string,
  log: (line: string) => void,
  at: () => string
): Promise<AskResults> => {
  const analyze = results.tooSlow === undefined
  const embedded = db !== "PostgreSQL"
  const beforeAnalyze = embedded ? await planBeforeAnalyze(run, sample, explained, db, analyze, log, at) : results.beforeAnalyze
  const { mode, org } = await orgOf(run, sample)
  explained.push(`-- ${db}, ${embedded ? "never analyzed" : "after ANALYZE"}, as org ${org} (${mode}), limit ${searchLimit}`, "")
  const questions: Array<QuestionResult> = []
  for (const q of results.questions) {
    const { plan, text } = await planOf(run, org, mode, q.terms, analyze)
    explained.push(`-- "${q.question}": ${q.terms.join(" ")}`, ...text, "")
    questions.push({ ...q, plan })
    log(`    EXPLAIN${analyze ? " ANALYZE" : ""} "${q.question}": ${planLine(plan)}`)
  }
  return { ...results, questions, ...(beforeAnalyze === undefined ? {} : { beforeAnalyze }) }
}
