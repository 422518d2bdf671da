import type { SqlClient } from "@effect/sql"
import type { Mode } from "../Domain/Contract/Mode.js"

export interface ListFilter {
  readonly org: string
  readonly mode: Mode
  readonly states: ReadonlyArray<string> | undefined
  readonly origins: ReadonlyArray<string> | undefined
  readonly relationship: string | undefined
  readonly updatedSince: Date | undefined
  /** Key dates (`YYYY-MM-DD`): the current term ends, or notice against its renewal is due, before this day. */
  readonly expiresBefore?: string | undefined
  readonly noticeBefore?: string | undefined
  readonly after: { readonly created_at: string; readonly id: string } | undefined
  readonly limit: number
}

/** The conditions of `GET /contracts` on a contract `c`, each half of the list's walk applies them all. */
export const listConditions = (sql: SqlClient.SqlClient, filter: ListFilter) => {
  const conditions = [sql`c.mode = ${filter.mode}`]
  if (filter.states !== undefined) conditions.push(sql`c.state IN ${sql.in(filter.states)}`)
  if (filter.origins !== undefined) conditions.push(sql`c.origin IN ${sql.in(filter.origins)}`)
  if (filter.relationship !== undefined) conditions.push(sql`c.relationship_id = ${filter.relationship}`)
  if (filter.updatedSince !== undefined) conditions.push(sql`c.updated_at >= ${filter.updatedSince}`)
  if (filter.expiresBefore !== undefined) {
    conditions.push(sql`EXISTS (SELECT 1 FROM contract_deadlines d WHERE d.contract_id = c.id AND d.expiration_date < ${filter.expiresBefore})`)
  }
  if (filter.noticeBefore !== undefined) {
    conditions.push(sql`EXISTS (SELECT 1 FROM contract_deadlines d WHERE d.contract_id = c.id AND d.notice_deadline < ${filter.noticeBefore})`)
  }
  if (filter.after !== undefined) {
    conditions.push(sql`(c.created_at, c.id) < (${filter.after.created_at}::timestamptz, ${filter.after.id})`)
  }
  return conditions
}
