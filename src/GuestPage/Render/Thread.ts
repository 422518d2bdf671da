import { html } from "../Html.js"
import { redlineOf } from "./Asks.js"
import { layout } from "./Layout.js"
import { dateOf } from "./Names.js"

interface Move {
  readonly type: string
  readonly at: string
  readonly person: string
  readonly from: string
  readonly to: string
}

/** One clause's history: every move on it with its redline, and what was said. */
export const threadPage = (
  contract: string,
  number: number,
  thread: { readonly moves: ReadonlyArray<Move>; readonly talk: ReadonlyArray<{ readonly at: string; readonly person: string; readonly text: string }> },
  nameOf: (person: string) => string
) =>
  layout(
    `History of clause ${number}`,
    html`<p><a href="/contracts/${contract}#block-${number}">Back to the contract</a></p>
<h1>History of clause ${number}</h1>
<section aria-labelledby="moves-h"><h2 id="moves-h">Moves (${thread.moves.length})</h2>${
      thread.moves.length === 0 ?
        html`<p>Nobody has asked to change this clause.</p>` :
        html`<ol class="moves">${
          thread.moves.map((m) => html`<li><p><strong>${nameOf(m.person)}</strong>: ${m.type}, ${dateOf(m.at)}</p>${redlineOf(m.from, m.to)}</li>`)
        }</ol>`
    }</section>
<section aria-labelledby="talk-h"><h2 id="talk-h">What was said</h2>${
      thread.talk.length === 0 ?
        html`<p>Nothing was said about this clause.</p>` :
        html`<ol class="talk">${
          thread.talk.map((t) => html`<li><p><strong>${nameOf(t.person)}</strong>, ${dateOf(t.at)}</p><blockquote>${t.text}</blockquote></li>`)
        }</ol>`
    }</section>`
  )
