import { createHash } from "node:crypto"
import type { BlockId } from "../Contract/Ids.js"

export const blockKinds = ["clause", "signature_block", "heading", "exhibit"] as const
export type BlockKind = (typeof blockKinds)[number]

export const verifications = ["verified", "unverified"] as const
export type Verification = (typeof verifications)[number]

/** Where an imported block was read from: offsets into its asset's text layer (docs/gaps.md). */
export interface BlockSource {
  readonly asset: string
  readonly page: number
  readonly offset_start: number
  readonly offset_end: number
}

export interface Block {
  readonly id: BlockId
  readonly number: number
  readonly kind: BlockKind
  readonly text: string
  /** Imported blocks only: the parser's confidence, 0 to 1. */
  readonly confidence?: number
  /** Imported blocks only: `unverified` under the threshold until a person confirms the block. */
  readonly verification?: Verification
  readonly source_span?: BlockSource
  /** Imported blocks only: the readings the parse proposed for the span; a confirm before Send may pick one. */
  readonly candidates?: ReadonlyArray<string>
}

export const sha256 = (data: string | Uint8Array): string => `sha256:${createHash("sha256").update(data).digest("hex")}`

// Only kind and text carry meaning: ids and numbers never change the hash (SEMANTICS.md).
export const wordsHash = (blocks: ReadonlyArray<Pick<Block, "kind" | "text">>): string =>
  sha256(JSON.stringify(blocks.map((block) => [block.kind, block.text])))

export const renumber = (blocks: ReadonlyArray<Omit<Block, "number">>): ReadonlyArray<Block> => blocks.map((block, index) => ({ ...block, number: index + 1 }))
