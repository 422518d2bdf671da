import { html } from "../Html.js"
import type { SeatView } from "../SeatView.js"
import { dateOf, type Names } from "./Names.js"

/** The letters in order, each with its note and what it carried. */
export const theLetters = (view: SeatView, names: Names) =>
  html`<section aria-labelledby="letters-h">
<h2 id="letters-h">Letters (${view.letters.length})</h2>
<ol class="letters">${
    view.letters.map((letter) =>
      html`<li><h3 class="letter-head">${
        letter.kind === "imported" ? `Imported mail from ${letter.author ?? "an unknown sender"}` : `From ${names.party(letter.from)}`
      }, ${dateOf(letter.sent_at ?? letter.authored_at)}</h3>
${
        letter.note === null || letter.note === ""
          ? html`<p class="muted">No covering note.</p>`
          : html`<blockquote class="note">${letter.note}</blockquote>`
      }
<p class="muted">${letter.asks.length} ${letter.asks.length === 1 ? "ask" : "asks"}, ${letter.decisions.length} ${
        letter.decisions.length === 1 ? "decision" : "decisions"
      }${letter.asks.length === 0 ? "" : html`: ${letter.asks.map((a) => names.block(a.block)).join(", ")}`}.</p></li>`
    )
  }</ol>
</section>`
