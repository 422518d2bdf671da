import type { SqlClient } from "@effect/sql"

/**
 * The request a contract write runs under: its idempotency key, and, when the write's result is
 * the request's whole answer, that result as its message's schema encodes it, in JSON.
 */
export interface RequestOfWrite {
  readonly scope: string
  readonly key: string
  readonly answer: string | null
}

const claimOf = (sql: SqlClient.SqlClient, request: RequestOfWrite) => sql`scope = ${request.scope} AND key = ${request.key} AND status IS NULL`

// The status is the one the HTTP edge put on the claim when it made it: its route's for a success.
const answerColumns = (sql: SqlClient.SqlClient, answer: string) => sql`status = success_status, body = ${answer}, locked_until = NULL`

/**
 * A part of the save's statement (Engine/Repo.ts), run only if its contract row was written
 * (`saved` holds it): the claim learns that the write is stored and its result, so a retry whose
 * answer was lost resumes from it; and, when the result is the whole answer, the claim is
 * finished with it, so the request keeps nothing after (Idempotency.settle).
 */
export const writeOnClaim = (sql: SqlClient.SqlClient, request: RequestOfWrite, contract: string, result: string) => {
  const answer = request.answer === null ? sql`` : sql`${answerColumns(sql, request.answer)}, `
  return sql`request_stored AS (
    UPDATE idempotency_keys SET ${answer}contract_id = ${contract}, result = ${result}::jsonb
    WHERE ${claimOf(sql, request)} AND EXISTS (SELECT 1 FROM saved))`
}

/** The answer alone, for a write that stored nothing else (it changed nothing). */
export const answerOnClaim = (sql: SqlClient.SqlClient, request: RequestOfWrite, answer: string) =>
  sql`UPDATE idempotency_keys SET ${answerColumns(sql, answer)} WHERE ${claimOf(sql, request)}`
