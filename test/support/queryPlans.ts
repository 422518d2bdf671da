import { expect } from "@effect/vitest"
import { SqlClient, Statement } from "@effect/sql"
import { Effect } from "effect"

// The tables whose size grows with history: a read of one page must never scan one whole.
const grown = ["contracts", "contract_parties", "contract_events", "contract_letters", "attention_items"]

interface PlanNode {
  readonly "Node Type": string
  readonly "Relation Name"?: string
  readonly Plans?: ReadonlyArray<PlanNode>
}

const nodesOf = (node: PlanNode): ReadonlyArray<PlanNode> => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

/** Every statement an effect runs, compiled exactly as the driver receives it, and what the effect answered. */
const statementsOf = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const seen: Array<readonly [string, ReadonlyArray<unknown>]> = []
    const result = yield* Statement.withTransformer(effect, (statement) => {
      seen.push(statement.compile())
      return Effect.succeed(statement)
    })
    return { statements: seen, result }
  })

/** The seq scans of grown tables in the plans of every statement the effect runs. */
export const seqScansOf = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const { result, statements } = yield* statementsOf(effect)
    expect(statements.length).toBeGreaterThan(0)
    const scans: Array<string> = []
    for (const [text, params] of statements) {
      const [row] = yield* sql.unsafe<{ "QUERY PLAN": unknown }>(`EXPLAIN (FORMAT JSON) ${text}`, params)
      const plan = (typeof row!["QUERY PLAN"] === "string" ? JSON.parse(row!["QUERY PLAN"]) : row!["QUERY PLAN"]) as ReadonlyArray<{ Plan: PlanNode }>
      for (const node of nodesOf(plan[0]!.Plan)) {
        if (node["Node Type"] === "Seq Scan" && grown.includes(node["Relation Name"] ?? "")) scans.push(`${node["Relation Name"]} in: ${text}`)
      }
    }
    return { result, scans }
  })
