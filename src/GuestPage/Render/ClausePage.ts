import { html } from "../Html.js"
import type { BlockRow, SeatView } from "../SeatView.js"
import { redlineOf } from "./Asks.js"
import { form, type FormContext, textArea } from "./Form.js"
import { layout } from "./Layout.js"
import { dateOf, replyable } from "./Names.js"

/** A clause thread as the API reads it: each move on the block, and what was said. */
export interface Thread {
  readonly moves: ReadonlyArray<{ readonly type: string; readonly at: string; readonly person: string; readonly from: string; readonly to: string }>
  readonly talk: ReadonlyArray<{ readonly at: string; readonly person: string; readonly text: string }>
}

const propose = (context: FormContext, block: BlockRow) =>
  html`<section aria-labelledby="propose-h"><h2 id="propose-h">Propose a change</h2>
<p>Your words are staged as a new ask in your reply, private to you until you send it.</p>
${
    form(
      context,
      "propose",
      html`<input type="hidden" name="block" value="${block.id}">
${textArea(`propose-${block.id}`, "text", "New words", block.text, { required: true, rows: 8 })}
${textArea(`propose-why-${block.id}`, "why", "Why (the other side reads this)", "", { required: true })}
<button type="submit">Stage this change</button>`
    )
  }</section>`

/**
 * One clause on a page of its own: its words, a change to propose (when the seat may and no ask
 * is open on it), every move on it with its redline, and what was said.
 */
export const clausePage = (view: SeatView, block: BlockRow, thread: Thread, context: FormContext) => {
  const people = new Map(view.parties.map((p) => [p.person, p.person === view.you.person ? "You" : p.name]))
  const nameOf = (person: string) => people.get(person) ?? "A former party"
  const openAsk = view.asks.some((a) => a.state === "open" && (a.block === block.id || a.changes.some((c) => c.block === block.id)))
  return layout(
    `Clause ${block.number}: ${view.title}`,
    html`<p><a href="/contracts/${view.contract}#block-${block.number}">Back to the contract</a></p>
<h1>Clause ${block.number}</h1>
<p class="block-text">${block.text}</p>
${
      openAsk
        ? html`<p>An ask is open on this clause: <a href="/contracts/${view.contract}#asks-h">decide on it on the contract's page</a>.</p>`
        : replyable(view) && block.kind === "clause"
        ? propose(context, block)
        : ""
    }
<section aria-labelledby="moves-h"><h2 id="moves-h">History (${thread.moves.length} ${thread.moves.length === 1 ? "move" : "moves"})</h2>${
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
}
