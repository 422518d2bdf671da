import type { Contract } from "./Contract.js"

/** What each way of making a contract decides; the rest starts empty. */
export type NewContract =
  & Pick<Contract, "id" | "mode" | "org" | "title" | "state" | "origin" | "template" | "amends" | "blocks" | "facts" | "parties" | "words_hash">
  & Partial<Pick<Contract, "version" | "carried" | "signed_elsewhere" | "imported">>

/**
 * A contract as drafting, amending and importing start one: no relationship until its first
 * Send, and no asks, replies, letters, signatures or events yet.
 */
export const newContract = (fields: NewContract, now: string): Contract => ({
  relationship: null,
  asks: [],
  replies: [],
  letters: [],
  baseline: null,
  cancelled: null,
  signatures: [],
  executed_at: null,
  version: 1,
  carried: null,
  head_sequence: 0,
  created_at: now,
  updated_at: now,
  ...fields
})
