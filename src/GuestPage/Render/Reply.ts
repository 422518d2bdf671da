import { html } from "../Html.js"
import type { SeatView } from "../SeatView.js"
import { form, type FormContext, textArea } from "./Form.js"
import type { Names } from "./Names.js"

const numbers = (names: Names, blocks: ReadonlyArray<string>) => blocks.map((b) => names.block(b)).join(", ")

/**
 * The guest's unsent reply: what is staged, the letter it would make and what would change, and
 * the one button that sends it. The preview is the API's own (`GET /reply`), computed by the
 * logic that decides the real commit.
 */
export const yourReply = (view: SeatView, names: Names, context: FormContext) => {
  const reply = view.reply
  const open = view.state === "sent" || view.state === "negotiating"
  if (reply === null || !open || !view.you.capacity.includes("negotiator")) return ""
  const preview = reply.letter_preview
  return html`<section aria-labelledby="reply-h">
<h2 id="reply-h">Your reply</h2>
${
    reply.decisions.length === 0
      ? html`<p>You have staged no decision yet. Decide on the open asks above, or propose a change to a clause below.</p>`
      : html`<ul class="staged-list">${
        reply.decisions.map((d) =>
          html`<li>${d.type === "accept" ? "Accept" : d.type === "counter" ? "Counter" : "Decline"} on ${
            names.block(view.asks.find((a) => a.id === d.ask)?.block ?? "")
          }</li>`
        )
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
