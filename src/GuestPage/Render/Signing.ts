import { html } from "../Html.js"
import type { SeatView, SignerRow } from "../SeatView.js"
import { form, type FormContext, textInput } from "./Form.js"

const stateWords: Record<string, string> = {
  bound: "signed",
  held: "signed, held until the contract is agreed again",
  void: "signature void: the words changed",
  withdrawn: "withdrew their signature"
}

const signerLine = (view: SeatView, signer: SignerRow) =>
  html`<li>${signer.person === view.you.person ? `${signer.name} (you)` : signer.name}: ${
    signer.state === null ? "not signed yet" : stateWords[signer.state] ?? signer.state
  }</li>`

const signForm = (view: SeatView, context: FormContext) =>
  form(
    context,
    "sign",
    html`<p>You sign these exact words. Their hash is <code class="hash-value">${view.wordsHash}</code>; if they change before you press Sign, nothing is signed.</p>
${textInput("mark", "mark", "Your mark: type your name as you sign it (optional)", "text", { autocomplete: "name" })}
<div class="check"><input type="checkbox" id="sign-agree" name="agree" value="yes" required><label for="sign-agree">I have read these words and agree to be bound by them.</label></div>
<button type="submit">Sign</button>`,
    { label: "Sign the contract" }
  )

/** Who must sign and who has; the guest's own signature to make or withdraw; the certificate and the PDF once executed. */
export const signing = (view: SeatView, context: FormContext) => {
  if (view.state !== "agreed" && view.state !== "executed" && view.signers.every((s) => s.state === null)) return ""
  const me = view.signers.find((s) => s.person === view.you.person)
  const certificate = view.certificate
  return html`<section aria-labelledby="sign-h">
<h2 id="sign-h">${view.state === "executed" ? "Signed and executed" : "Signatures"}</h2>
<ul class="signers">${view.signers.map((s) => signerLine(view, s))}</ul>
${view.state === "agreed" && me !== undefined && me.state !== "bound" ? signForm(view, context) : ""}
${
    me?.signature !== null && me?.signature !== undefined && (me.state === "bound" || me.state === "held") && view.state !== "executed"
      ? form(
        context,
        "withdraw-signature",
        html`<input type="hidden" name="signature" value="${me.signature}"><button type="submit" class="secondary">Withdraw my signature</button>`,
        { label: "Withdraw your signature" }
      )
      : ""
  }
${
    certificate === null ? "" : html`<h3>The certificate</h3>
<p><a href="${certificate.url}">Download the signed certificate</a> or <a href="${certificate.pdf_url}" type="application/pdf">the executed contract as a PDF</a> (the links work until ${certificate.expires_at}; reload this page for fresh ones).</p>
<p>To verify it yourself:</p>
<pre class="recipe" tabindex="0" aria-label="Commands that verify the certificate"><code>${certificate.recipe.join("\n")}</code></pre>`
  }
</section>`
}
