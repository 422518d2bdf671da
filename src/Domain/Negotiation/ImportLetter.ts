import type { Actor, Contract } from "../Contract/Contract.js"
import type { Decided } from "../Contract/Decided.js"
import type { DomainEvent } from "../Contract/Events.js"
import { appendEvents, requireSeat } from "../Contract/Guards.js"
import type { NewId } from "../Contract/Ids.js"
import { notFound, reject, Rejection } from "../Contract/Rejection.js"
import type { ImportedLetter, LetterOrigin } from "./AsksAndLetters.js"

export const maxAuthorLength = 320
export const maxImportedNoteLength = 2000

export interface ImportLetterInput {
  readonly author: string
  /** When the original was written; null: when it is recorded. */
  readonly authoredAt: string | null
  readonly note: string | null
  readonly origin: LetterOrigin
  /** The ingress message it was read from. */
  readonly ingress: string
  readonly now: string
  readonly newId: NewId
}

/** At most `max` UTF-16 units of well-formed text, never ending in half a surrogate pair. */
const capped = (text: string, max: number): string => {
  const cut = text.slice(0, max)
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut
}

// What PostgreSQL refuses in a JSON document (NUL, lone surrogates) never reaches the letter.
// eslint-disable-next-line no-control-regex -- NUL is what it replaces
const storable = (text: string): string => text.toWellFormed().replace(/\u0000/g, "\ufffd")

// An address has no spaces or control characters; what remains is lower-cased as addresses compare.
// eslint-disable-next-line no-control-regex -- the control characters are what it drops
const addressOf = (author: string): string => capped(storable(author).replace(/[\s\u0000-\u001f\u007f\ufffd]/g, "").toLowerCase(), maxAuthorLength)

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/

/** An ISO 8601 time with its zone, as UTC; or null when it is not one. */
const instantOf = (text: string): string | null => {
  if (!isoInstant.test(text)) return null
  const at = new Date(text)
  return Number.isNaN(at.getTime()) ? null : at.toISOString()
}

/**
 * Records one letter of the mail thread that came before (forwarded mail, read by ingress) on the
 * contract: a record, not a change. It opens no ask, answers none, owes no reply and moves no
 * words, hash, state or signature, so it is refused only on a cancelled contract; an executed or
 * filed one may still gain the mail that led to it. Every seat reads it alike: it is the mail the
 * two sides wrote each other. The note is the letter's text up to 2,000 characters (the whole
 * message stays with its ingress record); the author is the sender's address, lower-cased.
 */
export const importLetter = (contract: Contract, actor: Actor, input: ImportLetterInput): Rejection | Decided<{ letter: string; sequence: number }> => {
  const seat = requireSeat(contract, actor)
  if (seat instanceof Rejection) return seat
  // Only a person of an org with a seat of their own records mail: a guest or an onlooker is not on this contract.
  if (seat.isGuest || seat.party === null) return notFound("contract", contract.id)
  if (contract.state === "cancelled") return reject("contract_cancelled", "This contract was cancelled.")
  const author = addressOf(input.author)
  if (author === "") return reject("invalid_request", "Name the letter's author: the original sender's address.", { param: "author" })
  const authoredAt = input.authoredAt === null ? input.now : instantOf(input.authoredAt)
  if (authoredAt === null) return reject("invalid_request", "authored_at must be an ISO 8601 time with its zone.", { param: "authored_at" })
  const sequence = contract.head_sequence + 1
  const letter: ImportedLetter = {
    id: input.newId("let"),
    kind: "imported",
    sequence,
    author,
    authored_at: authoredAt,
    note: input.note === null ? null : capped(storable(input.note), maxImportedNoteLength),
    origin: input.origin,
    ingress: storable(input.ingress),
    recorded_by: actor.person!.id,
    recorded_at: input.now,
    asks: [],
    decisions: []
  }
  const events: ReadonlyArray<DomainEvent> = [{
    type: "letter.imported",
    data: {
      contract: contract.id,
      letter: letter.id,
      author,
      authored_at: authoredAt,
      origin: letter.origin,
      recorded_by: letter.recorded_by,
      words_hash: contract.words_hash,
      state: contract.state
    }
  }]
  return {
    contract: appendEvents({ ...contract, letters: [...contract.letters, letter] }, events, input.now),
    events,
    result: { letter: letter.id, sequence }
  }
}
