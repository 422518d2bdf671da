import { Either, ParseResult, Schema } from "effect"
import type { Contract } from "../Contract/Contract.js"

export const pdfContractFormat = "cns-pdf-contract/1"

/**
 * What the executed PDF shows that the certificate does not hold: who the parties are, each
 * block's number, a typed mark's text. It is signed beside the certificate, so nothing the PDF
 * shows rests on an unsigned byte. Emails are left out: the PDF travels further than the contract.
 */
export const pdfContractDocument = (contract: Contract): string => {
  const document = {
    format: pdfContractFormat,
    contract: contract.id,
    parties: contract.parties.map((p) => ({ id: p.id, name: p.name, side: p.side, capacity: [...p.capacity], removed_at: p.removed_at })),
    block_numbers: contract.blocks.map((b) => b.number),
    marks: contract.signatures.map((s) => ({ signature: s.id, kind: s.mark?.kind ?? null, text: s.mark?.text ?? null }))
  }
  return `${JSON.stringify(document, null, 2)}\n`
}

const Nullable = Schema.NullOr(Schema.String)

const CertificateShape = Schema.Struct({
  key_id: Schema.String,
  contract: Schema.Struct({
    id: Schema.String,
    title: Schema.String,
    livemode: Schema.Boolean,
    version: Schema.Number,
    amends: Nullable,
    executed_at: Nullable
  }),
  words: Schema.Struct({ words_hash: Schema.String, blocks: Schema.Array(Schema.Struct({ kind: Schema.String, text: Schema.String })) }),
  letters: Schema.Array(Schema.Struct({ sequence: Schema.Number, sent_at: Schema.String, digest: Schema.String })),
  chain_head: Schema.String,
  signatures: Schema.Array(Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    party: Schema.String,
    state: Schema.String,
    bound_hash: Schema.String,
    intent: Schema.String,
    mark_checksum: Nullable,
    signed_at: Schema.String
  }))
})

const ContractShape = Schema.Struct({
  format: Schema.Literal(pdfContractFormat),
  contract: Schema.String,
  parties: Schema.Array(Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    side: Schema.String,
    capacity: Schema.Array(Schema.String),
    removed_at: Nullable
  })),
  block_numbers: Schema.Array(Schema.Number),
  marks: Schema.Array(Schema.Struct({ signature: Schema.String, kind: Nullable, text: Nullable }))
})

export interface RecordParty {
  readonly name: string
  readonly side: string
  readonly capacity: ReadonlyArray<string>
  readonly removed: boolean
}

export interface RecordSignature {
  readonly name: string
  readonly side: string
  readonly capacity: ReadonlyArray<string>
  readonly state: string
  readonly bound_hash: string
  readonly intent: string
  /** A typed mark's text, or null for a drawn mark (then `mark_checksum` names it) or none. */
  readonly mark_text: string | null
  readonly mark_checksum: string | null
  readonly signed_at: string
}

/** Everything one executed PDF shows, read from its two signed documents and nothing else. */
export interface ExecutedRecord {
  readonly contract: typeof CertificateShape.Type["contract"]
  readonly key_id: string
  readonly words_hash: string
  readonly chain_head: string
  readonly parties: ReadonlyArray<RecordParty>
  readonly blocks: ReadonlyArray<{ readonly number: number; readonly kind: string; readonly text: string }>
  readonly signatures: ReadonlyArray<RecordSignature>
  readonly letters: ReadonlyArray<{ readonly sequence: number; readonly sent_at: string; readonly digest: string }>
}

const parseJson = (text: string): Either.Either<unknown, string> => Either.try({ try: (): unknown => JSON.parse(text), catch: () => "not JSON" })

const decode = <A, I>(schema: Schema.Schema<A, I>, name: string, text: string): Either.Either<A, string> =>
  Either.flatMap(parseJson(text), Schema.decodeUnknownEither(schema)).pipe(
    Either.mapLeft((error) => `${name} is not in the expected shape: ${ParseResult.isParseError(error) ? error.message : error}`)
  )

/** The record behind the PDF, or why the two documents do not make one. */
export const executedRecord = (certificateText: string, contractText: string): Either.Either<ExecutedRecord, string> =>
  Either.gen(function*() {
    const certificate = yield* decode(CertificateShape, "certificate.json", certificateText)
    const presentation = yield* decode(ContractShape, "contract.json", contractText)
    if (presentation.contract !== certificate.contract.id) return yield* Either.left("contract.json is for another contract than certificate.json")
    if (presentation.block_numbers.length !== certificate.words.blocks.length) {
      return yield* Either.left("contract.json numbers another count of blocks than certificate.json holds")
    }
    const partyOf = new Map(presentation.parties.map((p) => [p.id, p]))
    const markOf = new Map(presentation.marks.map((m) => [m.signature, m]))
    const signatures: Array<RecordSignature> = []
    for (const s of certificate.signatures) {
      const party = partyOf.get(s.party)
      if (party === undefined) return yield* Either.left(`signature ${s.id} is by a party contract.json does not name`)
      const mark = markOf.get(s.id)
      signatures.push({
        name: s.name,
        side: party.side,
        capacity: party.capacity,
        state: s.state,
        bound_hash: s.bound_hash,
        intent: s.intent,
        mark_text: mark?.kind === "typed" ? mark.text : null,
        mark_checksum: s.mark_checksum,
        signed_at: s.signed_at
      })
    }
    return {
      contract: certificate.contract,
      key_id: certificate.key_id,
      words_hash: certificate.words.words_hash,
      chain_head: certificate.chain_head,
      parties: presentation.parties.map((p) => ({ name: p.name, side: p.side, capacity: p.capacity, removed: p.removed_at !== null })),
      blocks: certificate.words.blocks.map((b, i) => ({ number: presentation.block_numbers[i]!, kind: b.kind, text: b.text })),
      signatures,
      letters: certificate.letters.map((l) => ({ sequence: l.sequence, sent_at: l.sent_at, digest: l.digest }))
    }
  })
