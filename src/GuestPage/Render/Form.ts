import { randomBytes } from "node:crypto"
import { type Html, html } from "../Html.js"

/** What every form of one page carries: where it posts, its form token and the words it was read against. */
export interface FormContext {
  readonly contract: string
  readonly formToken: string
  readonly wordsHash: string
  /** The log's head sequence the page was drawn at: after a `words_changed`, what came since is shown. */
  readonly seen: number
}

/**
 * A form that posts one action. Each carries its own Idempotency-Key, minted when the page is
 * drawn, so a double click or a resent post commits once; and the `words_hash` the page showed,
 * which becomes the action's `If-Match`.
 */
export const form = (context: FormContext, action: string, fields: Html, options: { readonly label?: string; readonly className?: string } = {}) =>
  html`<form method="post" action="/contracts/${context.contract}/page/${action}"${options.label === undefined ? "" : html` aria-label="${options.label}"`}${
    options.className === undefined ? "" : html` class="${options.className}"`
  }>
<input type="hidden" name="form_token" value="${context.formToken}">
<input type="hidden" name="words_hash" value="${context.wordsHash}">
<input type="hidden" name="seen" value="${context.seen}">
<input type="hidden" name="idempotency_key" value="${randomBytes(18).toString("base64url")}">
${fields}
</form>`

/** A labelled multi-line field. */
export const textArea = (
  id: string,
  name: string,
  label: string,
  value: string,
  options: { readonly required?: boolean; readonly rows?: number; readonly hint?: string } = {}
) =>
  html`<div class="field"><label for="${id}">${label}</label>${
    options.hint === undefined ? "" : html`<p class="hint" id="${id}-hint">${options.hint}</p>`
  }<textarea id="${id}" name="${name}" rows="${options.rows ?? 3}"${options.required === true ? html` required` : ""}${
    options.hint === undefined ? "" : html` aria-describedby="${id}-hint"`
  }>${value}</textarea></div>`

/** A labelled one-line field. */
export const textInput = (
  id: string,
  name: string,
  label: string,
  type: "text" | "email" = "text",
  options: { readonly required?: boolean; readonly autocomplete?: string } = {}
) =>
  html`<div class="field"><label for="${id}">${label}</label><input id="${id}" name="${name}" type="${type}"${
    options.required === true ? html` required` : ""
  }${options.autocomplete === undefined ? "" : html` autocomplete="${options.autocomplete}"`}></div>`
