import { Effect, Option } from "effect"
import { Actor, orgOf } from "../Auth/Actor.js"
import { ContractStore } from "../Engine/ContractStore.js"
import { type AboutContract, composeAboutAnswer } from "../Domain/Ask/AboutAnswer.js"
import type { Passage } from "../Domain/Ask/Compose.js"
import { composeFactAnswer, type Evidence, type Shown } from "../Domain/Ask/FactAnswer.js"
import { contractsOf, type FactMatch, matchFilters, pagedMatches, type Titled } from "../Domain/Ask/FactMatch.js"
import type { AboutOne, Filter, QuestionReading } from "../Domain/Ask/Reading.js"
import { distinctiveWords, namedContracts } from "../Domain/Ask/TitleMatch.js"
import { exactInSql } from "./FactStatements.js"
import { AskRepo } from "./Repo.js"

/**
 * Answers from the facts the service holds: the fact index finds every contract the caller can see
 * that meets the question (so the count is whole), and each one named is read back through the
 * contract's own GET visibility before its words are quoted.
 */
export const factAnswers = Effect.gen(function*() {
  const repo = yield* AskRepo
  const store = yield* ContractStore

  /** The contract as the caller's GET shows it now; none when it is no longer visible. */
  const seen = (id: string) => Effect.map(Effect.option(store.visible(id)), Option.map(({ contract }) => contract))

  /** The words a shown contract is quoted from: its fact's first span, or the block holding its title. */
  const evidenceOf = (match: FactMatch) =>
    Effect.map(seen(match.contract), (contract): Option.Option<Shown> => {
      if (Option.isNone(contract)) return Option.none()
      const { blocks, facts } = contract.value
      const span = match.shown === null ? undefined : facts.find((fact) => fact.id === match.shown!.fact)?.spans[0]
      const block = span === undefined ? undefined : blocks.find((b) => b.id === span.block)
      if (span !== undefined && block !== undefined) {
        return Option.some({ match, evidence: { block: block.id, text: block.text, start: span.start, end: span.end } })
      }
      const titled = blocks.find((b) => b.text.includes(match.title))
      const evidence: Evidence | null = titled === undefined ? null : {
        block: titled.id,
        text: titled.text,
        start: titled.text.indexOf(match.title),
        end: titled.text.indexOf(match.title) + match.title.length
      }
      return Option.some({ match, evidence })
    })

  /** Every visible contract that meets the filters, counted; the first `limit` by title named and quoted. */
  const filtered = Effect.fnUntraced(function*(filters: ReadonlyArray<Filter>, limit: number) {
    const caller = yield* Actor
    const org = orgOf(caller).id
    // One filter SQL states exactly is counted and paged there; otherwise each filter over facts
    // narrows the index in SQL and the rows that may answer are matched whole.
    const [only] = filters
    if (filters.length === 1 && only !== undefined && exactInSql(only)) {
      const { rows, total } = yield* repo.factPage(org, caller.mode, only, limit)
      return yield* answered(filters, total, pagedMatches(only, rows), limit)
    }
    const overFacts = filters.filter((filter): filter is Exclude<Filter, { kind: "agreement_kind" }> => filter.kind !== "agreement_kind")
    const read = yield* Effect.forEach(overFacts, (filter) => repo.facts(org, caller.mode, filter))
    const facts = [...new Map(read.flat().map((row) => [row.fact, row])).values()]
    const contracts: ReadonlyArray<Titled> = overFacts.length === 0 ? yield* repo.titles(org, caller.mode) : contractsOf(facts)
    const matches = matchFilters(filters, contracts, facts)
    return yield* answered(filters, matches.length, matches, limit)
  })

  /** The first `limit` matches named and quoted, each read through the caller's GET. */
  const answered = Effect.fnUntraced(function*(filters: ReadonlyArray<Filter>, count: number, matches: ReadonlyArray<FactMatch>, limit: number) {
    const shown = (yield* Effect.forEach(matches.slice(0, limit), evidenceOf, { concurrency: 8 })).flatMap(Option.toArray)
    const passages = shown.flatMap(({ evidence, match }): ReadonlyArray<Passage> =>
      evidence === null ? [] : [{ contract: match.contract, title: match.title, state: match.state, block: evidence.block, text: evidence.text }]
    )
    return { passages, pieces: composeFactAnswer(filters, count, shown) }
  })

  /** The answer about the contracts the question names by title; none when no title is like the name. */
  const about = Effect.fnUntraced(function*(question: AboutOne, limit: number) {
    const caller = yield* Actor
    const org = orgOf(caller)
    const candidates = yield* repo.titlesHolding(org.id, caller.mode, distinctiveWords(question.name))
    const named = namedContracts(question.name, candidates).slice(0, limit)
    if (named.length === 0) return Option.none()
    const contracts = yield* Effect.forEach(named, (titled) => seen(titled.contract), { concurrency: 8 })
    const visible: ReadonlyArray<AboutContract> = contracts.flatMap(Option.toArray)
    const passages = visible.flatMap((contract) =>
      contract.blocks.map((block): Passage => ({ contract: contract.id, title: contract.title, state: contract.state, block: block.id, text: block.text }))
    )
    return Option.some({ passages, pieces: composeAboutAnswer(question.wants, question.counterparty, org.name, visible, question.name.join(" ")) })
  })

  /**
   * The answer from facts, when the question is about one: a contract it names by title first,
   * then its filters. None leaves the question to full-text search.
   */
  const answer = Effect.fnUntraced(function*(reading: QuestionReading, limit: number) {
    const named = reading.about === null ? Option.none() : yield* about(reading.about, limit)
    if (Option.isSome(named) || reading.filters.length === 0) return named
    return Option.some(yield* filtered(reading.filters, limit))
  })

  return { answer } as const
})
