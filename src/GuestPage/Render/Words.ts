import { html } from "../Html.js"
import type { SeatView } from "../SeatView.js"
import { replyable } from "./Names.js"

const kindNames: Record<string, string> = { heading: "Heading", signature_block: "Signature block", exhibit: "Exhibit" }

/** The words as they stand, block by block with clause numbers, each clause linking to its own page (history, a change to propose). */
export const theWords = (view: SeatView) => {
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
${
        block.kind === "clause"
          ? html`<p class="links"><a href="/contracts/${view.contract}/page/blocks/${block.id}">Clause ${block.number}: history${
            replyable(view) && !open.has(block.id) ? " and propose a change" : ""
          }</a></p>`
          : ""
      }
</li>`
    )
  }</ol>
</section>`
}
