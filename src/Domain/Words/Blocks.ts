import { createHash } from "node:crypto"
import type { BlockId } from "../Contract/Ids.js"

export const blockKinds = ["clause", "signature_block", "heading", "exhibit"] as const
export type BlockKind = (typeof blockKinds)[number]

export interface Block {
  readonly id: BlockId
  readonly number: number
  readonly kind: BlockKind
  readonly text: string
}

export const sha256 = (data: string | Uint8Array): string => `sha256:${createHash("sha256").update(data).digest("hex")}`

// Only kind and text carry meaning: ids and numbers never change the hash (SEMANTICS.md).
export const wordsHash = (blocks: ReadonlyArray<Block>): string => sha256(JSON.stringify(blocks.map((block) => [block.kind, block.text])))

export const renumber = (blocks: ReadonlyArray<Omit<Block, "number">>): ReadonlyArray<Block> => blocks.map((block, index) => ({ ...block, number: index + 1 }))
