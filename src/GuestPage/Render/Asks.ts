import { html } from "../Html.js"
import { redline } from "../Redline.js"
import type { AskRow, DecisionRow, SeatView } from "../SeatView.js"
import { form, type FormContext, textArea } from "./Form.js"
import { capitalised, type Names } from "./Names.js"

/** A word-level redline: deletions struck, insertions underlined, each announced to a screen reader. */
export const redlineOf = (standing: string, proposed: string) =>
  html`<p class="redline">${
    redline(standing, proposed).map((run) =>
      run.kind === "same"
        ? run.text
        : run.kind === "deleted"
        ? html`<del><span class="sr">[deleted: </span>${run.text}<span class="sr">]</span></del>`
        : html`<ins><span class="sr">[inserted: </span>${run.text}<span class="sr">]</span></ins>`
    )
  }</p>`

const decisionWords: Record<DecisionRow["type"], string> = { accept: "accept", counter: "counter", decline: "decline" }

const staged = (context: FormContext, decision: DecisionRow) =>
  html`<div class="staged"><p><strong>Your staged decision: ${decisionWords[decision.type]}.</strong> It is private to you until you send your reply.</p>
${
    form(
      context,
      "withdraw-decision",
      html`<input type="hidden" name="decision" value="${decision.id}"><button type="submit" class="secondary">Withdraw this decision</button>`
    )
  }</div>`

const decide = (context: FormContext, ask: AskRow) =>
  html`<div class="decide">
${
    form(
      context,
      "decide",
      html`<input type="hidden" name="ask" value="${ask.id}"><input type="hidden" name="type" value="accept"><button type="submit">Accept</button>`
    )
  }
<details><summary>Counter with other words</summary>
${
    form(
      context,
      "decide",
      html`<input type="hidden" name="ask" value="${ask.id}"><input type="hidden" name="type" value="counter">
${textArea(`counter-${ask.id}`, "text", "Your words", ask.proposed, { required: true, rows: 6 })}
${textArea(`counter-why-${ask.id}`, "why", "Why (the other side reads this)", "", { required: true })}
<button type="submit">Stage counter</button>`
    )
  }</details>
<details><summary>Decline</summary>
${
    form(
      context,
      "decide",
      html`<input type="hidden" name="ask" value="${ask.id}"><input type="hidden" name="type" value="decline">
${textArea(`decline-why-${ask.id}`, "why", "Why (the other side reads this)", "", { required: true })}
<button type="submit">Stage decline</button>`
    )
  }</details>
</div>`

const askCard = (view: SeatView, names: Names, context: FormContext, ask: AskRow) => {
  const mine = view.reply?.decisions.find((d) => d.ask === ask.id)
  const negotiator = view.you.capacity.includes("negotiator")
  const changes = ask.changes.length > 0 ? ask.changes : [{ block: ask.block, standing: ask.standing, proposed: ask.proposed }]
  return html`<article class="ask" aria-labelledby="ask-${ask.id}">
<h3 id="ask-${ask.id}">${capitalised(names.block(ask.block))}: proposed by ${names.party(ask.proposer)}</h3>
${
    changes.map((change) =>
      html`${changes.length > 1 ? html`<p class="label">${names.block(change.block)}</p>` : ""}${redlineOf(change.standing, change.proposed)}`
    )
  }
${ask.why === null || ask.why === "" ? "" : html`<p><span class="label">Why:</span> ${ask.why}</p>`}
<p class="tally">Agreed: ${names.list(ask.tally.agreed)}. Awaiting: ${names.list(ask.tally.awaiting)}.</p>
${mine !== undefined ? staged(context, mine) : negotiator && ask.tally.awaiting.includes(view.you.party) ? decide(context, ask) : ""}
</article>`
}

/** The open asks: each with its redline, its why and tally, and the guest's decision to make or withdraw. */
export const openAsks = (view: SeatView, names: Names, context: FormContext) => {
  const open = view.asks.filter((a) => a.state === "open")
  return html`<section aria-labelledby="asks-h">
<h2 id="asks-h">Open asks (${open.length})</h2>
${open.length === 0 ? html`<p>No ask is open.</p>` : open.map((ask) => askCard(view, names, context, ask))}
</section>`
}
