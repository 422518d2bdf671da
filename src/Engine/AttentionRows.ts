import { keptPerSnapshot } from "../Domain/Contract/KeptPerSnapshot.js"
import type { Contract, Party } from "../Domain/Contract/Contract.js"
import { type AttentionRow, byUrgency, counterpartyOf, rowsFor, urgencyRank, type Waiting, waitingOnThem } from "../Domain/Views/Attention.js"

/**
 * What one party's feed holds of one contract, as stored in `attention_items`: its rows and the
 * contract if it waits on the other side. Every value comes from the contract alone (no clock, no
 * other table), so the statement that saves the contract keeps it exact. A removed party's seat
 * is gone, so its item is empty. Stored items follow the rules of src/Domain/Views/Attention.ts as
 * they were when each was written: a change to those rules comes with a migration that queues every
 * contract in `attention_pending` again (src/Engine/AttentionBackfill.ts).
 */
export type AttentionItem = {
  readonly contract_id: string
  readonly party_id: string
  readonly person_id: string
  readonly mode: string
  readonly relationship: string | null
  readonly counterparty: string
  readonly rows: ReadonlyArray<AttentionRow>
  readonly waiting: Waiting | null
  readonly open: boolean
  /** The item's most urgent row, as the feed's indexes order items and their groups; null without rows. */
  readonly best_rank: number | null
  readonly best_since: string | null
  readonly best_id: string | null
  /** Its rows' ids, so a cursor (a row's id) finds its item. */
  readonly row_ids: ReadonlyArray<string>
}

export const attentionColumns =
  "contract_id text, party_id text, person_id text, mode text, relationship text, counterparty text, rows jsonb, waiting jsonb, open boolean, " +
  "best_rank smallint, best_since text, best_id text, row_ids text[]"

export const attentionItemOf = (contract: Contract, party: Party): AttentionItem => {
  const rows = party.removed_at === null ? rowsFor(contract, party) : []
  const waiting = party.removed_at === null ? waitingOnThem(contract, party) : null
  const best = rows.reduce<AttentionRow | undefined>((most, row) => (most === undefined || byUrgency(row, most) < 0 ? row : most), undefined)
  return {
    contract_id: contract.id,
    party_id: party.id,
    person_id: party.person,
    mode: contract.mode,
    relationship: contract.relationship,
    counterparty: counterpartyOf(contract, party.side),
    rows,
    waiting,
    open: rows.length > 0 || waiting !== null,
    best_rank: best === undefined ? null : urgencyRank(best.kind),
    best_since: best?.since ?? null,
    best_id: best?.id ?? null,
    row_ids: rows.map((row) => row.id)
  }
}

// The copy one save stores is the copy the next save starts from (the entity keeps it), so its
// items are computed once, not again as the next save's `previous`.
const itemsOf: (contract: Contract) => ReadonlyArray<AttentionItem> = keptPerSnapshot((contract) =>
  contract.parties.map((party) => attentionItemOf(contract, party))
)

/** Every item of a contract that has something in a feed: what a contract stored before the table gets. */
export const openItemsOf = (contract: Contract): ReadonlyArray<AttentionItem> => itemsOf(contract).filter((item) => item.open)

export const attentionOnConflict = `ON CONFLICT (contract_id, party_id) DO UPDATE SET relationship = excluded.relationship,
  counterparty = excluded.counterparty, rows = excluded.rows, waiting = excluded.waiting, open = excluded.open,
  best_rank = excluded.best_rank, best_since = excluded.best_since, best_id = excluded.best_id, row_ids = excluded.row_ids`

/**
 * The items one save changes. An item is written when it opens or changes while open, and once
 * more when it closes, so a party that never had anything has no row and a closed one leaves the
 * feed's index (`WHERE open`). Comparing with the items of the previous copy leaves untouched the
 * parties a write did not concern.
 */
export const changedAttentionItems = (previous: Contract | null, next: Contract): ReadonlyArray<AttentionItem> => {
  const before = new Map((previous === null ? [] : itemsOf(previous)).map((item) => [item.party_id, item]))
  return itemsOf(next).filter((item) => {
    const old = before.get(item.party_id)
    return old === undefined ? item.open : (old.open || item.open) && JSON.stringify(old) !== JSON.stringify(item)
  })
}
