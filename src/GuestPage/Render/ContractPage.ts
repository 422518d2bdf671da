import { type Html, html } from "../Html.js"
import type { SeatView } from "../SeatView.js"
import { openAsks } from "./Asks.js"
import type { FormContext } from "./Form.js"
import { layout } from "./Layout.js"
import { theLetters } from "./Letters.js"
import { namesOf } from "./Names.js"
import { people } from "./People.js"
import { yourReply } from "./Reply.js"
import { signing } from "./Signing.js"
import { theWords } from "./Words.js"

/** What the last action came to: done (a status), or a problem the guest must see (an alert). */
export interface Notice {
  readonly kind: "done" | "problem"
  readonly text: string
  readonly details?: Html
}

const stateWords: Record<string, string> = {
  draft: "Draft",
  sent: "Sent to you",
  negotiating: "Negotiating",
  agreed: "Agreed: ready to sign",
  executed: "Executed",
  cancelled: "Cancelled",
  filed: "Filed"
}

const waiting = (view: SeatView) => {
  const owedByMe = view.owed.some((o) => o.party === view.you.party)
  const undecided = view.asks.filter((a) =>
    a.state === "open" && a.tally.awaiting.includes(view.you.party) && !view.reply?.decisions.some((d) => d.ask === a.id)
  )
  const mustSign = view.state === "agreed" && view.signers.some((s) => s.person === view.you.person && s.state !== "bound")
  const items = [
    owedByMe ? "The other side is waiting for your reply." : null,
    undecided.length > 0 ? `${undecided.length} open ${undecided.length === 1 ? "ask waits" : "asks wait"} for your decision.` : null,
    mustSign ? "Everyone agreed: your signature is awaited." : null
  ].filter((i) => i !== null)
  return html`<section aria-labelledby="waiting-h" class="waiting"><h2 id="waiting-h">Waiting on you</h2>${
    items.length === 0 ? html`<p>Nothing is waiting on you right now.</p>` : html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>`
  }</section>`
}

const notice = (given: Notice | null) =>
  given === null
    ? ""
    : given.kind === "done"
    ? html`<div class="notice done" role="status"><p>${given.text}</p>${given.details}</div>`
    : html`<div class="notice problem" role="alert"><p>${given.text}</p>${given.details}</div>`

/** The guest's whole seat on one page, in reading order: what waits, the asks, the reply, signing, the words, the letters, the people. */
export const contractPage = (view: SeatView, context: FormContext, given: Notice | null) => {
  const names = namesOf(view)
  const me = view.parties.find((p) => p.id === view.you.party)
  return layout(
    `${view.title}: ${stateWords[view.state] ?? view.state}`,
    html`<h1>${view.title}</h1>
<p class="state">State: <strong>${stateWords[view.state] ?? view.state}</strong>. You are ${me?.name ?? "a guest"} (${view.you.capacity.join(" and ")}).</p>
${notice(given)}
${waiting(view)}
${openAsks(view, names, context)}
${yourReply(view, names, context)}
${signing(view, context)}
${theWords(view)}
${theLetters(view, names)}
${people(view, context)}`
  )
}
