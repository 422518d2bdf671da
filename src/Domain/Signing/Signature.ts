import type { SignatureId } from "../Contract/Ids.js"

export const signatureStates = ["held", "bound", "void", "withdrawn"] as const
export type SignatureState = (typeof signatureStates)[number]

/** The mark a signer had on file when they pressed the button: pinned, never re-read. */
export interface PinnedMark {
  readonly kind: "typed" | "image"
  readonly checksum: string
  /** The typed mark's text; null for an image (the checksum identifies it). */
  readonly text: string | null
}

export interface Signature {
  readonly id: SignatureId
  readonly party: string
  readonly person: string
  readonly name: string
  readonly state: SignatureState
  /** The exact words_hash the signer read and signed: never migrated to other words. */
  readonly bound_hash: string
  readonly intent: string
  readonly mark: PinnedMark | null
  readonly confirmed_by: string
  readonly signed_at: string
  /** When it became void or withdrawn. */
  readonly struck_at: string | null
}
