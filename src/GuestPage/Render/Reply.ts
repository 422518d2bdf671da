import { excerpt } from "../../Domain/Contract/Rejection.js"
import { html } from "../Html.js"
import type { SeatView } from "../SeatView.js"
import { form, type FormContext, textArea } from "./Form.js"
import { type Names, replyable } from "./Names.js"

const numbers = (names: Names, blocks: ReadonlyArray<string>) => blocks.map((b) => names.block(b)).join(", ")

/**
 * The guest's unsent reply: what is staged, the letter it would make and what would change, and
 * the one button that sends it. The preview is the API's own (`GET /reply`), computed by the
 * logic that decides the real commit.
 */
export const yourReply = (view: SeatView, names: Names, context: FormContext) => {
  const reply = view.reply
  if (reply === null || !replyable(view)) return ""
  // Agreed, there is nothing to answer: the section returns once the guest stages a new question.
  if (view.state === "agreed" && reply.decisions.length === 0 && reply.note === null) return ""
  const preview = reply.letter_preview
  return html`<section aria-labelledby="reply-h">
<h2 id="reply-h">Your reply</h2>
${
    reply.decisions.length === 0
      ? html`<p>You have staged no decision yet. Decide on the open asks above, or propose a change to a clause below.</p>`
      : html`<ul class="staged-list">${
        reply.decisions.map((d) => {
          const answering = view.asks.find((a) => a.id === d.ask)
          // A staged change to a clause opens an ask nobody has seen yet: its words say what it is.
          const what = answering === undefined
            ? html`New words proposed: <q>${excerpt(d.text ?? "", 120)}</q>`
            : html`${d.type === "accept" ? "Accept" : d.type === "counter" ? "Counter" : "Decline"} on ${names.block(answering.block)}`
          return html`<li>${what}${
            form(
              context,
              "withdraw-decision",
              html`<input type="hidden" name="decision" value="${d.id}"><button type="submit" class="secondary">Withdraw</button>`,
              { label: "Withdraw this staged decision", className: "inline" }
            )
          }</li>`
        })
      }</ul>`
  }
<div class="preview" role="group" aria-labelledby="preview-h">
<h3 id="preview-h">If you send now</h3>
<p>A letter goes to ${names.list(preview.to)}, with ${preview.asks.length} ${preview.asks.length === 1 ? "ask" : "asks"}.</p>
<p>${reply.landed_if_sent.length === 0 ? "No clause would change." : `These would change at once: ${numbers(names, reply.landed_if_sent)}.`}</p>
<p>${reply.opens_if_sent.length === 0 ? "No new question would open." : `These would become open questions: ${numbers(names, reply.opens_if_sent)}.`}</p>
<p class="assure"><strong>Nothing leaves until you press “Send reply”.</strong></p>
</div>
${
    form(
      context,
      "commit",
      html`${textArea("reply-note", "note", "Covering note (optional)", reply.note ?? "", { rows: 3 })}
<div class="buttons"><button type="submit">Send reply</button>
<button type="submit" class="secondary" formaction="/contracts/${context.contract}/page/note">Save the note without sending</button></div>`,
      { label: "Send your reply" }
    )
  }
${
    reply.decisions.length === 0 && reply.note === null
      ? ""
      : form(context, "discard", html`<button type="submit" class="secondary">Discard this reply</button>`, { label: "Discard your reply" })
  }
</section>`
}
