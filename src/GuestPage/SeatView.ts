import { Effect } from "effect"
import type { Answer, ApiCall } from "./InProcess.js"

/** The API's JSON as the page reads it: the fields it shows, nothing else assumed. */
export interface PartyRow {
  readonly id: string
  readonly person: string
  readonly name: string
  readonly side: "drafter" | "counterparty"
  readonly capacity: ReadonlyArray<string>
}
export interface BlockRow {
  readonly id: string
  readonly number: number
  readonly kind: string
  readonly text: string
}
export interface AskRow {
  readonly id: string
  readonly block: string
  readonly state: string
  readonly standing: string
  readonly proposed: string
  readonly changes: ReadonlyArray<{ readonly block: string; readonly standing: string; readonly proposed: string }>
  readonly why: string | null
  readonly proposer: string
  readonly tally: { readonly agreed: ReadonlyArray<string>; readonly awaiting: ReadonlyArray<string> }
  readonly decided_by_me: string | null
  /** The letter in which it landed or was voided. */
  readonly closed_in: string | null
}
export interface DecisionRow {
  readonly id: string
  readonly ask: string
  readonly type: "accept" | "counter" | "decline"
  readonly text: string | null
  readonly why: string | null
}
export interface LetterRow {
  readonly id: string
  readonly kind: string
  readonly sequence: number
  readonly from: string | null
  readonly note: string | null
  readonly sent_at: string | null
  readonly author: string | null
  readonly authored_at: string | null
  readonly asks: ReadonlyArray<AskRow>
  readonly decisions: ReadonlyArray<DecisionRow>
}
export interface SignerRow {
  readonly person: string
  readonly name: string
  readonly party: string
  readonly signature: string | null
  readonly state: string | null
}

/** Everything one page of the guest's seat shows, read through the API as the guest. */
export interface SeatView {
  readonly contract: string
  readonly title: string
  readonly state: string
  readonly wordsHash: string
  /** The highest sequence of the contract's log when the page was read: what a stale form was drawn against. */
  readonly headSequence: number
  readonly you: { readonly person: string; readonly party: string; readonly capacity: ReadonlyArray<string> }
  readonly parties: ReadonlyArray<PartyRow>
  readonly blocks: ReadonlyArray<BlockRow>
  readonly owed: ReadonlyArray<{ readonly party: string; readonly since: string }>
  readonly asks: ReadonlyArray<AskRow>
  readonly letters: ReadonlyArray<LetterRow>
  readonly reply: {
    readonly decisions: ReadonlyArray<DecisionRow>
    readonly note: string | null
    readonly letter_preview: { readonly asks: ReadonlyArray<string>; readonly to: ReadonlyArray<string> }
    readonly landed_if_sent: ReadonlyArray<string>
    readonly opens_if_sent: ReadonlyArray<string>
  } | null
  readonly signers: ReadonlyArray<SignerRow>
  readonly certificate: {
    readonly url: string
    readonly pdf_url: string
    readonly expires_at: string
    readonly recipe: ReadonlyArray<string>
  } | null
}

/** A read the page cannot do without failed: the page says so, never half a page. */
export class ReadFailed {
  readonly _tag = "ReadFailed"
  constructor(readonly answer: Answer) {}
}

/**
 * Reads the seat's view: the sheet, the state, every ask and letter, the unsent reply and, once
 * executed, the certificate. Each is the API's own read, so the page shows exactly what the seat
 * may see and nothing the counterparty keeps private.
 */
export const readSeat = (api: (call: ApiCall) => Effect.Effect<Answer>, contract: string) =>
  Effect.gen(function*() {
    const read = (path: string) =>
      Effect.flatMap(api({ method: "GET", path }), (answer) => answer.status === 200 ? Effect.succeed(answer.body) : Effect.fail(new ReadFailed(answer)))
    const everyPage = (path: string) =>
      Effect.gen(function*() {
        let rows: ReadonlyArray<any> = []
        let after: string | null = null
        do {
          const page: any = yield* read(`${path}${path.includes("?") ? "&" : "?"}limit=100${after === null ? "" : `&starting_after=${after}`}`)
          rows = rows.concat(page.data)
          after = page.has_more === true ? page.next_cursor ?? rows.at(-1)?.id ?? null : null
        } while (after !== null)
        return rows
      })
    const base = `/contracts/${contract}`
    // Reads that wait on nothing of each other's, so they go at once.
    const [sheet, state, asks, letters, reply] = yield* Effect.all([
      read(base),
      read(`${base}/state`),
      everyPage(`${base}/asks?filter=all`),
      everyPage(`${base}/letters`),
      read(`${base}/reply`)
    ], { concurrency: "unbounded" })
    const certificate = sheet.state === "executed" ? yield* read(`${base}/certificate`) : null
    return {
      contract,
      title: sheet.title,
      state: sheet.state,
      wordsHash: sheet.words_hash,
      headSequence: sheet.head_sequence,
      you: sheet.you,
      parties: sheet.parties,
      blocks: sheet.blocks,
      owed: state.owed,
      asks,
      letters,
      reply,
      signers: state.signatures.required_signers,
      certificate
    } satisfies SeatView
  })
