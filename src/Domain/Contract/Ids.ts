import { Schema } from "effect"

export const idPrefixes = [
  "con",
  "blk",
  "fct",
  "q",
  "ask",
  "dec",
  "let",
  "sig",
  "ast",
  "imp",
  "imb",
  "pbk",
  "tpl",
  "rel",
  "per",
  "pty",
  "org",
  "thr",
  "atn",
  "evt",
  "gtk",
  "key",
  "we",
  "whd",
  "whsec",
  "msg",
  "ptk",
  "ing"
] as const
export type IdPrefix = (typeof idPrefixes)[number]

/**
 * Where a write's new ids come from, passed in as `now` is: the shell passes a random source
 * (src/RandomIds.ts), a test a counter, so the core stays a function of its input.
 */
export type NewId = <P extends IdPrefix>(prefix: P) => IdOf<P>

// Each record's id is its own type, so the compiler keeps a party's id out of a contract's place.
export const ContractId = Schema.String.pipe(Schema.brand("ContractId"))
export type ContractId = typeof ContractId.Type
export const PartyId = Schema.String.pipe(Schema.brand("PartyId"))
export type PartyId = typeof PartyId.Type
export const AskId = Schema.String.pipe(Schema.brand("AskId"))
export type AskId = typeof AskId.Type
export const DecisionId = Schema.String.pipe(Schema.brand("DecisionId"))
export type DecisionId = typeof DecisionId.Type
export const LetterId = Schema.String.pipe(Schema.brand("LetterId"))
export type LetterId = typeof LetterId.Type
export const SignatureId = Schema.String.pipe(Schema.brand("SignatureId"))
export type SignatureId = typeof SignatureId.Type
export const BlockId = Schema.String.pipe(Schema.brand("BlockId"))
export type BlockId = typeof BlockId.Type
export const FactId = Schema.String.pipe(Schema.brand("FactId"))
export type FactId = typeof FactId.Type

interface BrandedIds {
  readonly con: ContractId
  readonly pty: PartyId
  readonly ask: AskId
  readonly dec: DecisionId
  readonly let: LetterId
  readonly sig: SignatureId
  readonly blk: BlockId
  readonly fct: FactId
}

/** The type of an id with this prefix: branded for the aggregate's records, a tagged string otherwise. */
export type IdOf<P extends IdPrefix> = P extends keyof BrandedIds ? BrandedIds[P] : `${P}_${string}`

/**
 * Gives a string the kind its prefix names: where ids are minted (an id source) or enter from
 * outside (an entity's address). A brand is a promise the compiler cannot check, so this is the one
 * place it is made.
 */
export const asId = <P extends IdPrefix>(_prefix: P, value: string): IdOf<P> =>
  // cast: the one place a string becomes a branded id (see above)
  value as IdOf<P>

export const hasPrefix = (prefix: IdPrefix, value: string): boolean => value.startsWith(`${prefix}_`) && /^[0-9A-Za-z_]+$/.test(value) && value.length <= 64
