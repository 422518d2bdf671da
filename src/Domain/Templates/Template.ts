import type { FactKind } from "../Words/Fact.js"

// A template is plain data: blocks whose text carries `{{key}}` placeholders for its blanks.
export interface TemplateBlank {
  readonly key: string
  readonly label: string
  readonly kind: FactKind
  readonly required: boolean
  /** The question asked when a required blank is left out on create. */
  readonly question: string
  /** Standard wording used when an optional blank is left out. Required blanks have none. */
  readonly default?: string
}

export interface TemplateBlock {
  readonly kind: "heading" | "clause" | "signature_block"
  readonly text: string
}

export interface Template {
  readonly id: `tpl_${string}`
  readonly name: string
  readonly description: string
  readonly blanks: ReadonlyArray<TemplateBlank>
  readonly blocks: ReadonlyArray<TemplateBlock>
}
