import { writeFileSync } from "node:fs"
import type http from "node:http"
import { PGlite } from "@electric-sql/pglite"
import Pg from "pg"
import { searchTerms } from "../../src/Domain/Ask/Question.js"
import { cpuMsOf } from "../lib/child.js"
import { expectJson, keepAliveAgent, request } from "../lib/http.js"
import { type LoadResult, runLoad } from "../lib/load.js"
import { connectionPool } from "../lib/rawClient.js"
import { quantile, round } from "../lib/stats.js"
import { createOrg, type Seat } from "./actors.js"
import { planAll, planBeforeAnalyze, type Run } from "./askPlans.js"
import { askQuestions, seed, streamedQuestion, type Template } from "./askSeed.js"

import { type Service, type ServiceOptions, startService } from "./service.js"

export interface AskSettings {
  /** Contracts of the asking org, drafted before any question. */
  readonly contracts: number
  /** Contracts of a second org in the same mode: in the index, never to be cited. */
  readonly otherContracts: number
  /** Drafting clients for the seed. */
  readonly clients: number
  /** Sequential questions timed, round-robin over the question set. */
  readonly sequential: number
  /** Closed-loop clients of the concurrent run. */
  readonly concurrentClients: number
  readonly durationMs: number
  /** Timed streamed answers of one question. */
  readonly streamRuns: number
}

/** One question's part of the sequential run (or its one probe, when the run was not measured), and its search plan. */
export interface QuestionResult {
  readonly question: string
  readonly terms: ReadonlyArray<string>
  readonly requests: number
  readonly p50Ms: number
  readonly maxMs: number
  /** Citations in its answers (the same every time: the answer is deterministic). */
  readonly citations: number
  readonly plan?: PlanSummary
}

export interface PlanSummary {
  /** EXPLAIN ANALYZE (the statement ran) or EXPLAIN alone (the planner's choice and estimates only). */
  readonly analyzed: boolean
  /** The plan on one line: each node, rows (and loops) for scans, children in brackets. */
  readonly nodes: string
  readonly usesWordsIndex: boolean
  /** How many times the GIN index was scanned: more than once is a nested loop, one index scan per contract. */
  readonly wordsIndexLoops: number
  /** Rows of the org's matching blocks that the sort reads (ts_rank is computed for each); estimated when not analyzed. */
  readonly rankedRows: number
  readonly planningMs: number
  readonly executionMs: number
  readonly sharedHit: number
  readonly sharedRead: number
}

export interface AskResults {
  readonly contracts: number
  readonly otherContracts: number
  /** Blocks in the asking org's drafts (one index row each), from the drafts' answers. */
  readonly blocks: number
  readonly otherBlocks: number
  readonly seedSeconds: number
  readonly draftsPerSecond: number
  readonly idleSeconds: number
  /**
   * Set when one answer of the probe (each question once, first thing) took longer than the
   * budget: the runs below were then not made, since hundreds of such answers would take hours.
   */
  readonly tooSlow?: {
    readonly question: string
    /** How long it took, or how long the bench waited before giving up on it (`answered` false). */
    readonly ms: number
    readonly answered: boolean
    readonly budgetMs: number
  }
  readonly sequential?: {
    readonly requests: number
    readonly p50Ms: number
    readonly p90Ms: number
    readonly p99Ms: number
    readonly maxMs: number
    readonly serverCpuMsPerAnswer: number
  }
  readonly questions: ReadonlyArray<QuestionResult>
  readonly concurrent?: LoadResult
  readonly stream?: {
    readonly question: string
    readonly runs: number
    /** fetch resolving: the status line and headers read. */
    readonly headersP50Ms: number
    readonly firstEventP50Ms: number
    readonly firstEventMaxMs: number
    readonly doneP50Ms: number
    readonly doneMaxMs: number
    /** The same question with `stream: false`, asked between the streamed runs: the control. */
    readonly jsonP50Ms: number
  }
  /** Answers checked, and citations of a contract not the asker's own: the flow throws before this could be more than 0. */
  readonly answersChecked: number
  readonly crossOrgCitations: number
  /**
   * Right after the seed, before the bench runs ANALYZE (PostgreSQL) or ever (embedded: PGlite has
   * no autovacuum and the service never runs ANALYZE, so its statistics are never taken): what the
   * planner believed, pg_class.reltuples (-1: never analyzed) against the rows there were, and its plan.
   */
  readonly beforeAnalyze?: {
    readonly question: string
    readonly blockSearchEstimate: number
    readonly blockSearchRows: number
    readonly contractsEstimate: number
    readonly contractsRows: number
    readonly plan: PlanSummary
  }
}

// An answer slower than this in the probe stops the flow for that database; one the bench waits
// for no longer than the cap (the service is then stopped, by SIGKILL if a search holds its event loop).
const answerBudgetMs = 5_000
const answerWaitCapMs = 60_000

// Read with contracts at rest: an org's archive is mostly passivated, and a read of a passivated
// contract is a query and a parse where a live one is its entity's copy. Five seconds, and the
// reaper's two sweeps of five, are waited out after the seed.
const idleSeconds = 5
const passivationMs = idleSeconds * 1000 + 2 * 5000 + 2000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Citation {
  readonly contract: string
}

/** Throws unless every citation is of one of the asker's own contracts: above all, never the other org's. */
const checkCitations = (
  citations: ReadonlyArray<Citation>,
  own: ReadonlySet<string>,
  other: ReadonlySet<string>,
  question: string,
  who: string
): number => {
  for (const { contract } of citations) {
    if (other.has(contract)) throw new Error(`POST /ask as ${who}, "${question}": cited ${contract}, a contract of the other org`)
    if (!own.has(contract)) throw new Error(`POST /ask as ${who}, "${question}": cited ${contract}, not one of its own contracts`)
  }
  if (citations.length === 0) throw new Error(`POST /ask as ${who}, "${question}": no citation at all over ${own.size} contracts`)
  if (citations.length > 10) throw new Error(`POST /ask as ${who}, "${question}": ${citations.length} citations, more than the default limit of 10`)
  return citations.length
}

/**
 * POST /ask on a service of its own: one org's `contracts` contracts and a second org's
 * `otherContracts` in the full-text index, all at rest, then the eight questions sequentially
 * (latency), from `concurrentClients` loops (throughput), and one question streamed (time to the
 * first event and to `done`). EXPLAIN of the search statement for each question: with `pg` on the
 * bench database, or, embedded, with PGlite on the service's data directory once it has stopped.
 * The plans' text goes to `explainFile`.
 */
export const askFlow = async (
  options: Omit<ServiceOptions, "idleSeconds" | "preload" | "onLine">,
  settings: AskSettings,
  explainFile: string,
  log: (line: string) => void
): Promise<AskResults> => {
  const started = performance.now()
  const at = () => `[${round((performance.now() - started) / 1000, 1)} s]`
  const service = await startService({ ...options, idleSeconds })
  const agent = keepAliveAgent(settings.clients)
  const explained: Array<string> = []
  let measured: { results: AskResults; sample: string }
  try {
    measured = await measure(service, options.databaseUrl, agent, settings, explained, log, at)
  } finally {
    agent.destroy()
    await service.child.stop()
  }
  let results = measured.results
  if (options.databaseUrl === undefined) {
    // The service has stopped: its data directory is the bench's to open, as the service opens it.
    const db = await PGlite.create(options.dataDir)
    try {
      const run = async (sql: string, params: ReadonlyArray<unknown>) => (await db.query<Record<string, string>>(sql, [...params])).rows
      results = await planAll(run, measured.sample, results, explained, "embedded PGlite", log, at)
    } finally {
      await db.close()
    }
  }
  writeFileSync(explainFile, explained.join("\n"))
  return results
}

const measure = async (
  service: Service,
  databaseUrl: string | undefined,
  agent: http.Agent,
  settings: AskSettings,
  explained: Array<string>,
  log: (line: string) => void,
  at: () => string
): Promise<{ results: AskResults; sample: string }> => {
  const base = service.url
  const acme = await createOrg(base, agent, "Acme Ltd", "Ada Lovelace")
  const umbrella = await createOrg(base, agent, "Umbrella Corp", "Una Umber")
  const templates = (await expectJson<{ data: Array<Template> }>(200, request(base, "/templates", { agent, headers: acme.headers }), "templates")).data
  const began = performance.now()
  const own = await seed(base, agent, acme, "Acme Ltd", templates, settings.contracts, settings.clients, 0)
  const other = await seed(base, agent, umbrella, "Umbrella Corp", templates, settings.otherContracts, settings.clients, 1_000_003)
  const seedSeconds = (performance.now() - began) / 1000
  const drafted = settings.contracts + settings.otherContracts
  log(
    `  ${at()} drafted ${settings.contracts} contracts (${own.blocks} blocks) of ${templates.length} templates, and ${settings.otherContracts} (${other.blocks} blocks) for another org, in ${
      round(seedSeconds, 1)
    } s (${round(drafted / seedSeconds, 1)}/s)`
  )
  const sample = [...own.ids][0]!
  const seeded = {
    contracts: settings.contracts,
    otherContracts: settings.otherContracts,
    blocks: own.blocks,
    otherBlocks: other.blocks,
    seedSeconds: round(seedSeconds, 2),
    draftsPerSecond: round(drafted / seedSeconds, 1),
    idleSeconds
  }

  let client: Pg.Client | undefined
  let beforeAnalyze: AskResults["beforeAnalyze"]
  if (databaseUrl !== undefined) {
    client = new Pg.Client({ connectionString: databaseUrl })
    await client.connect()
    const run: Run = async (sql, params) => (await client!.query(sql, [...params])).rows
    beforeAnalyze = await planBeforeAnalyze(run, sample, explained, "PostgreSQL", true, log, at)
    // What autovacuum does a minute or so after the seed (it is off on some servers): fresh statistics for every measurement that follows.
    await client.query("ANALYZE block_search, contracts, contract_parties")
  }
  try {
    await sleep(passivationMs)
    log(`  ${at()} waited ${passivationMs / 1000} s for every contract to passivate (CONTRACT_IDLE_SECONDS=${idleSeconds})`)
    const answered = await answer(service, acme, umbrella, own.ids, other.ids, settings, log, at)
    let results: AskResults = { ...seeded, ...answered, crossOrgCitations: 0, ...(beforeAnalyze === undefined ? {} : { beforeAnalyze }) }
    if (client !== undefined) {
      const run: Run = async (sql, params) => (await client!.query(sql, [...params])).rows
      results = await planAll(run, sample, results, explained, "PostgreSQL", log, at)
    }
    return { results, sample }
  } finally {
    await client?.end()
  }
}

/** The questions asked: a probe, then, unless an answer was too slow, warm-up, sequential, concurrent and streamed runs. */
const answer = async (
  service: Service,
  acme: Seat,
  umbrella: Seat,
  own: ReadonlySet<string>,
  other: ReadonlySet<string>,
  settings: AskSettings,
  log: (line: string) => void,
  at: () => string
): Promise<Omit<AskResults, keyof Seeded | "crossOrgCitations" | "beforeAnalyze">> => {
  const base = service.url
  const askHeaders = (seat: Seat) => ({ authorization: seat.headers.authorization! })
  const one = keepAliveAgent(1)
  const ask = async (seat: Seat, question: string) =>
    expectJson<{ answer: string; citations: Array<Citation> }>(
      200,
      request(base, "/ask", { agent: one, method: "POST", headers: askHeaders(seat), body: { question, stream: false } }),
      `POST /ask "${question}"`
    )
  let answersChecked = 0
  const checked = (citations: ReadonlyArray<Citation>, question: string) => {
    answersChecked++
    return checkCitations(citations, own, other, question, "Acme")
  }
  try {
    // The probe: each question once, timed, given at most the cap.
    const probe: Array<QuestionResult> = []
    for (const question of askQuestions) {
      const t0 = performance.now()
      const asked = ask(acme, question)
      asked.catch(() => {})
      const answered = await Promise.race([asked, sleep(answerWaitCapMs).then(() => undefined)])
      const ms = round(performance.now() - t0, 2)
      const citations = answered === undefined ? 0 : checked(answered.citations, question)
      probe.push({ question, terms: searchTerms(question), requests: 1, p50Ms: ms, maxMs: ms, citations })
      log(`    probe "${question}": ${answered === undefined ? `no answer after ${ms} ms` : `${ms} ms, ${citations} citations`}`)
      if (answered === undefined || ms > answerBudgetMs) {
        const tooSlow = { question, ms, answered: answered !== undefined, budgetMs: answerBudgetMs }
        const took = `${answered === undefined ? "longer than " : ""}${round(ms / 1000, 1)} s`
        log(`  ${at()} one answer took ${took}, over the ${answerBudgetMs / 1000} s budget: not measured further`)
        // The questions not asked still get their plans.
        const unasked = askQuestions.slice(probe.length).map((q) => ({ question: q, terms: searchTerms(q), requests: 0, p50Ms: NaN, maxMs: NaN, citations: 0 }))
        return { tooSlow, questions: [...probe, ...unasked], answersChecked }
      }
    }

    // Warm-up: every question twice more, and each once as the other org, which must cite only its own.
    for (let pass = 0; pass < 2; pass++) for (const question of askQuestions) checked((await ask(acme, question)).citations, question)
    for (const question of askQuestions) {
      checkCitations((await ask(umbrella, question)).citations, other, own, question, "Umbrella")
      answersChecked++
    }

    // Sequential: one request at a time, each answer checked.
    const latencies: Array<number> = []
    const perQuestion = askQuestions.map(() => ({ latencies: [] as Array<number>, citations: 0 }))
    const cpuBefore = cpuMsOf(service.child.pid)
    for (let n = 0; n < settings.sequential; n++) {
      const index = n % askQuestions.length
      const question = askQuestions[index]!
      const t0 = performance.now()
      const answered = await ask(acme, question)
      const ms = performance.now() - t0
      perQuestion[index]!.citations = checked(answered.citations, question)
      latencies.push(ms)
      perQuestion[index]!.latencies.push(ms)
    }
    const serverCpuMsPerAnswer = round((cpuMsOf(service.child.pid) - cpuBefore) / settings.sequential, 2)
    const sorted = Float64Array.from(latencies).sort()
    const sequential = {
      requests: settings.sequential,
      p50Ms: round(quantile(sorted, 0.5), 2),
      p90Ms: round(quantile(sorted, 0.9), 2),
      p99Ms: round(quantile(sorted, 0.99), 2),
      maxMs: round(quantile(sorted, 1), 2),
      serverCpuMsPerAnswer
    }
    log(
      `  ${at()} sequential: ${sequential.requests} answers, p50 ${sequential.p50Ms} ms, p90 ${sequential.p90Ms} ms, p99 ${sequential.p99Ms} ms, max ${sequential.maxMs} ms, server CPU ${serverCpuMsPerAnswer} ms/answer`
    )
    const questions: Array<QuestionResult> = askQuestions.map((question, index) => {
      const mine = Float64Array.from(perQuestion[index]!.latencies).sort()
      return {
        question,
        terms: searchTerms(question),
        requests: mine.length,
        p50Ms: round(quantile(mine, 0.5), 2),
        maxMs: round(quantile(mine, 1), 2),
        citations: perQuestion[index]!.citations
      }
    })
    for (const q of questions) log(`    "${q.question}" [${q.terms.join(" ")}]: p50 ${q.p50Ms} ms, max ${q.maxMs} ms, ${q.citations} citations`)

    // Concurrent: closed loops on the raw client, the questions in turn (their answers were checked above).
    const pool = connectionPool(base, settings.concurrentClients)
    const bodies = askQuestions.map((question) => JSON.stringify({ question, stream: false }))
    let next = 0
    const concurrent = await service.profiled("ask", () =>
      runLoad({
        clients: settings.concurrentClients,
        durationMs: settings.durationMs,
        serverPid: service.child.pid,
        op: (client) => pool.at(client).request("POST", "/ask", askHeaders(acme), bodies[next++ % bodies.length])
      }))
    pool.close()
    log(
      `  ${at()} concurrent at ${concurrent.clients}: ${concurrent.medianRate} answers/s, p50 ${concurrent.p50Ms} ms, p99 ${concurrent.p99Ms} ms, server CPU ${concurrent.serverCpuMsPerOp} ms/answer`
    )
    if (concurrent.errors > 0 || Object.keys(concurrent.allStatuses).some((s) => s !== "200")) {
      throw new Error(`concurrent POST /ask: statuses ${JSON.stringify(concurrent.allStatuses)}, ${concurrent.errors} errors ${concurrent.firstError ?? ""}`)
    }

    const stream = await streamed(base, askHeaders(acme), own, other, settings.streamRuns, async () => {
      checked((await ask(acme, streamedQuestion)).citations, streamedQuestion)
    })
    answersChecked += stream.runs + 1
    log(
      `  ${at()} streamed "${stream.question}", ${stream.runs} times: headers p50 ${stream.headersP50Ms} ms, first event p50 ${stream.firstEventP50Ms} ms (max ${stream.firstEventMaxMs}), done p50 ${stream.doneP50Ms} ms (max ${stream.doneMaxMs}); the same question with stream: false between them, p50 ${stream.jsonP50Ms} ms`
    )
    return { sequential, questions, concurrent, stream, answersChecked }
  } finally {
    one.destroy()
  }
}

type Seeded = Pick<AskResults, "contracts" | "otherContracts" | "blocks" | "otherBlocks" | "seedSeconds" | "draftsPerSecond" | "idleSeconds">

/**
 * One question as Server-Sent Events, read with fetch as its bytes arrive: from the call to the
 * first whole event, and to the whole `done` event. One untimed
 * run first opens the connection; `jsonOnce` asks the same with `stream: false` after each run.
 */
const streamed = async (
  base: string,
  headers: Record<string, string>,
  own: ReadonlySet<string>,
  other: ReadonlySet<string>,
  runs: number,
  jsonOnce: () => Promise<void>
): Promise<NonNullable<AskResults["stream"]>> => {
  const once = async () => {
    const t0 = performance.now()
    const response = await fetch(`${base}/ask`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify({ question: streamedQuestion })
    })
    const headersAt = performance.now() - t0
    if (response.status !== 200 || !(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
      throw new Error(`streamed POST /ask: ${response.status} ${response.headers.get("content-type")} ${(await response.text()).slice(0, 300)}`)
    }
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let text = ""
    let firstEvent: number | undefined
    let done: { at: number; data: string } | undefined
    for (;;) {
      const chunk = await reader.read()
      if (chunk.done) break
      text += decoder.decode(chunk.value, { stream: true })
      const now = performance.now()
      if (firstEvent === undefined && text.includes("\n\n")) firstEvent = now - t0
      const events = text.split("\n\n").slice(0, -1)
      const last = events.at(-1)
      if (done === undefined && last?.startsWith("event: done\n") === true) done = { at: now - t0, data: last.slice(last.indexOf("data: ") + 6) }
      const failed = events.find((e) => e.startsWith("event: error\n"))
      if (failed !== undefined) throw new Error(`streamed POST /ask: ${failed}`)
    }
    if (firstEvent === undefined || done === undefined) throw new Error(`streamed POST /ask: no done event in ${text.slice(0, 300)}`)
    checkCitations((JSON.parse(done.data) as { citations: Array<Citation> }).citations, own, other, streamedQuestion, "Acme, streamed")
    return { headers: headersAt, firstEvent, done: done.at }
  }
  await once()
  const heads: Array<number> = []
  const firsts: Array<number> = []
  const dones: Array<number> = []
  const jsons: Array<number> = []
  for (let n = 0; n < runs; n++) {
    const { done, firstEvent, headers } = await once()
    heads.push(headers)
    firsts.push(firstEvent)
    dones.push(done)
    const t0 = performance.now()
    await jsonOnce()
    jsons.push(performance.now() - t0)
  }
  const p = (values: Array<number>, q: number) => round(quantile(Float64Array.from(values).sort(), q), 2)
  return {
    question: streamedQuestion,
    runs,
    headersP50Ms: p(heads, 0.5),
    firstEventP50Ms: p(firsts, 0.5),
    firstEventMaxMs: p(firsts, 1),
    doneP50Ms: p(dones, 0.5),
    doneMaxMs: p(dones, 1),
    jsonP50Ms: p(jsons, 0.5)
  }
}
