import { html } from "../Html.js"
import type { BlockRow, SeatView } from "../SeatView.js"
import { form, type FormContext, textArea } from "./Form.js"
import { replyable } from "./Names.js"

const propose = (context: FormContext, block: BlockRow) =>
  html`<details class="propose"><summary>Propose a change to clause ${block.number}</summary>
${
    form(
      context,
      "propose",
      html`<input type="hidden" name="block" value="${block.id}">
${textArea(`propose-${block.id}`, "text", "New words", block.text, { required: true, rows: 6 })}
${textArea(`propose-why-${block.id}`, "why", "Why (the other side reads this)", "", { required: true })}
<button type="submit">Stage this change</button>`
    )
  }</details>`

const kindNames: Record<string, string> = { heading: "Heading", signature_block: "Signature block", exhibit: "Exhibit" }

/** The words as they stand, block by block with clause numbers, each clause with its history and a way to propose. */
export const theWords = (view: SeatView, context: FormContext) => {
  const canPropose = replyable(view)
  const open = new Set(view.asks.filter((a) => a.state === "open").flatMap((a) => [a.block, ...a.changes.map((c) => c.block)]))
  return html`<section aria-labelledby="words-h">
<h2 id="words-h">The words</h2>
<p class="hash">Words hash: <code>${view.wordsHash}</code></p>
<ol class="words">${
    view.blocks.map((block) =>
      html`<li id="block-${block.number}" class="block ${block.kind}">
<p class="label">${`${block.kind === "clause" ? "Clause" : kindNames[block.kind] ?? "Block"} ${block.number}`}${
        open.has(block.id) ? html` <span class="badge">open ask</span>` : ""
      }</p>
<p class="text">${block.text}</p>
${block.kind === "clause" ? html`<p class="links"><a href="/contracts/${view.contract}/page/blocks/${block.id}">History of clause ${block.number}</a></p>` : ""}
${canPropose && block.kind === "clause" && !open.has(block.id) ? propose(context, block) : ""}
</li>`
    )
  }</ol>
</section>`
}
