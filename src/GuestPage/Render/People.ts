import { html } from "../Html.js"
import type { SeatView } from "../SeatView.js"
import { form, type FormContext, textInput } from "./Form.js"

const sides = [["drafter", "The side that drafted it"], ["counterparty", "The other side"]] as const

/** Both sides' parties with their capacities, and an invitation on the guest's own side at no more than their own capacity. */
export const people = (view: SeatView, context: FormContext) => {
  const mySide = view.parties.find((p) => p.id === view.you.party)?.side
  const canInvite = view.state !== "executed" && view.state !== "cancelled" && view.state !== "filed"
  return html`<section aria-labelledby="people-h">
<h2 id="people-h">People</h2>
${
    sides.map(([side, label]) =>
      html`<h3>${side === mySide ? `${label} (your side)` : label}</h3><ul>${
        view.parties.filter((p) => p.side === side).map((p) =>
          html`<li>${p.id === view.you.party ? `${p.name} (you)` : p.name}: ${p.capacity.join(" and ")}</li>`
        )
      }</ul>`
    )
  }
${
    canInvite
      ? html`<details><summary>Invite someone on your side</summary>${
        form(
          context,
          "invite",
          html`${textInput("invite-name", "name", "Their name", "text", { required: true })}
${textInput("invite-email", "email", "Their email", "email", { required: true })}
<fieldset><legend>What they may do (no more than you may)</legend>${
            view.you.capacity.map((c) =>
              html`<div class="check"><input type="checkbox" id="invite-${c}" name="capacity" value="${c}"><label for="invite-${c}">${c}</label></div>`
            )
          }</fieldset>
<button type="submit">Send the invitation</button>`,
          { label: "Invite someone on your side" }
        )
      }</details>`
      : ""
  }
</section>`
}
