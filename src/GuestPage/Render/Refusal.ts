import { html } from "../Html.js"
import type { Answer } from "../InProcess.js"
import type { SeatView } from "../SeatView.js"
import { redlineOf } from "./Asks.js"
import type { Notice } from "./ContractPage.js"
import { capitalised, namesOf } from "./Names.js"

/** A refusal's own message, as the API wrote it for a person. */
export const messageOf = (answer: Answer) => String(answer.body?.error?.message ?? "The service could not do that just now; try again.")

/** What changed since a page drawn at log sequence `seen`: the letters that came, and each clause they landed. */
const sinceSeen = (view: SeatView, seen: number) => {
  const names = namesOf(view)
  const letters = view.letters.filter((l) => l.sequence > seen)
  const landed = view.asks.filter((a) => a.state === "landed" && letters.some((l) => l.id === a.closed_in))
  if (letters.length === 0) return html`<p>Look over the open asks and the words again, then send your reply.</p>`
  return html`<p>Since your page was drawn:</p><ul>${letters.map((l) => html`<li>a letter came from ${names.party(l.from)}</li>`)}</ul>${
    landed.map((a) => html`<p class="label">${capitalised(names.block(a.block))} now reads:</p>${redlineOf(a.standing, a.proposed)}`)
  }`
}

/**
 * What a refused call tells the guest. A stale page (`words_changed`) says plainly that nothing
 * was sent, shows what changed since the page was drawn, and keeps every staged decision: the
 * page is drawn again from the words that stand.
 */
export const refusalNotice = (answer: Answer, seen: number) => (view: SeatView): Notice => {
  if (answer.body?.error?.code !== "words_changed") return { kind: "problem", text: messageOf(answer) }
  const reAsked: ReadonlyArray<unknown> = answer.body.error.details?.re_asked ?? []
  return {
    kind: "problem",
    text: "The words changed while you were reading: nothing was sent. This page now shows the words as they stand.",
    details: html`${sinceSeen(view, Number.isFinite(seen) ? seen : view.headSequence)}${
      reAsked.length === 0 ?
        "" :
        html`<p>Your ${reAsked.length} staged ${
          reAsked.length === 1 ? "decision is" : "decisions are"
        } still staged below: check each against the words as they stand before you send.</p>`
    }`
  }
}
