import { Either, ParseResult, Schema } from "effect"
import type { Contract } from "../Contract/Contract.js"
import { blockKinds, wordsHash } from "../Words/Blocks.js"
import { renderValue } from "../Words/Fact.js"

export const filedRecordFormat = "cns-filed-record/1"

/**
 * What the service holds of a contract signed elsewhere, signed by its key: the words as filed,
 * the facts read from them, the importer's claim and the source's hash. It attests what was
 * filed and when, never that anyone signed: the service saw no signature.
 */
export const filedRecordDocument = (contract: Contract, keyId: string, sourceSha256: string | null): string => {
  const claim = contract.signed_elsewhere
  const document = {
    format: filedRecordFormat,
    key_id: keyId,
    contract: { id: contract.id, title: contract.title, livemode: contract.mode === "live", version: contract.version, amends: contract.amends },
    words: {
      words_hash: contract.words_hash,
      hash_rule: "'sha256:' + hex SHA-256 of the JSON array [[kind, text], ...] of the blocks in order",
      blocks: contract.blocks.map((b) => ({ id: b.id, number: b.number, kind: b.kind, text: b.text }))
    },
    facts: contract.facts.map((f) => ({
      name: f.name,
      label: f.label,
      kind: f.kind,
      value: renderValue(f.value),
      status: f.confirmed_at === null ? "inferred" : "confirmed",
      confirmed_at: f.confirmed_at
    })),
    signed_elsewhere: {
      claimed_by: claim?.claimed_by ?? null,
      claimed_by_name: contract.parties.find((p) => p.person === claim?.claimed_by)?.name ?? null,
      claimed_at: claim?.claimed_at ?? null
    },
    source: { import: contract.imported?.import ?? null, asset: contract.imported?.asset ?? claim?.asset ?? null, sha256: sourceSha256 },
    note: "A record of a contract filed as signed elsewhere. It is not a certificate of signing: this service saw no signature."
  }
  return `${JSON.stringify(document, null, 2)}\n`
}

const Nullable = Schema.NullOr(Schema.String)

const FiledRecordShape = Schema.Struct({
  format: Schema.Literal(filedRecordFormat),
  key_id: Schema.String,
  contract: Schema.Struct({ id: Schema.String, title: Schema.String, livemode: Schema.Boolean, version: Schema.Number, amends: Nullable }),
  words: Schema.Struct({
    words_hash: Schema.String,
    blocks: Schema.Array(Schema.Struct({ id: Schema.String, number: Schema.Number, kind: Schema.Literal(...blockKinds), text: Schema.String }))
  }),
  facts: Schema.Array(Schema.Struct({
    name: Schema.String,
    label: Schema.String,
    kind: Schema.String,
    value: Schema.String,
    status: Schema.Literal("confirmed", "inferred"),
    confirmed_at: Nullable
  })),
  signed_elsewhere: Schema.Struct({ claimed_by: Nullable, claimed_by_name: Nullable, claimed_at: Nullable }),
  source: Schema.Struct({ import: Nullable, asset: Nullable, sha256: Nullable })
})

/** Everything one filed PDF shows, read from its signed record and nothing else. */
export type FiledRecord = typeof FiledRecordShape.Type

/** The record, or why the text is not one: its shape, then its words against their hash. */
export const filedRecord = (text: string): Either.Either<FiledRecord, string> =>
  Either.try({ try: (): unknown => JSON.parse(text), catch: () => "filed-record.json is not JSON" }).pipe(
    Either.flatMap((json) =>
      Either.mapLeft(
        Schema.decodeUnknownEither(FiledRecordShape)(json),
        (error) => `filed-record.json is not in the expected shape: ${ParseResult.TreeFormatter.formatErrorSync(error)}`
      )
    ),
    Either.filterOrLeft((record) => wordsHash(record.words.blocks) === record.words.words_hash, () => "the words do not hash to words_hash")
  )
