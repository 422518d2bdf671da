import type { ApiCall } from "./InProcess.js"

/** A form's fields, and who is posting it. */
export interface Posted {
  readonly contract: string
  readonly person: string
  readonly fields: URLSearchParams
}

/** What a form post does: the API calls it makes in order (each must succeed), and what the page then says. */
export interface Action {
  readonly calls: ReadonlyArray<ApiCall>
  readonly done: string
  /** Where on the page the guest lands after it. */
  readonly anchor: string
}

/** A form that cannot be turned into calls: the page says what is missing, and nothing is called. */
export class FormProblem {
  readonly _tag = "FormProblem"
  constructor(readonly message: string) {}
}

const field = (posted: Posted, name: string) => posted.fields.get(name) ?? ""
const optional = (value: string) => (value.trim() === "" ? undefined : value)
const ifMatch = (posted: Posted) => ({ "if-match": field(posted, "words_hash") })
const idempotent = (posted: Posted) => ({ "idempotency-key": field(posted, "idempotency_key") })

/**
 * The page's forms, each a call of the public API with the guest's own token: the same checks,
 * refusals and events as any client's. `words_hash` is the page's `If-Match`, and each form's own
 * Idempotency-Key makes a second post of it a replay.
 */
export const actions: Record<string, (posted: Posted) => Action | FormProblem> = {
  decide: (posted) => {
    const type = field(posted, "type")
    const body = type === "accept"
      ? { ask_id: field(posted, "ask"), type }
      : type === "counter"
      ? { ask_id: field(posted, "ask"), type, text: field(posted, "text"), why: optional(field(posted, "why")) }
      : { ask_id: field(posted, "ask"), type, why: optional(field(posted, "why")) }
    return {
      calls: [{ method: "POST", path: `/contracts/${posted.contract}/decisions`, body, headers: ifMatch(posted) }],
      done: "decided",
      anchor: "asks-h"
    }
  },
  propose: (posted) => ({
    calls: [{
      method: "POST",
      path: `/contracts/${posted.contract}/decisions`,
      body: { block_id: field(posted, "block"), type: "counter", text: field(posted, "text"), why: optional(field(posted, "why")) },
      headers: ifMatch(posted)
    }],
    done: "proposed",
    anchor: "reply-h"
  }),
  "withdraw-decision": (posted) => ({
    calls: [{ method: "DELETE", path: `/contracts/${posted.contract}/decisions/${encodeURIComponent(field(posted, "decision"))}` }],
    done: "withdrawn",
    anchor: "asks-h"
  }),
  note: (posted) => ({
    calls: [{ method: "PATCH", path: `/contracts/${posted.contract}/reply`, body: { note: field(posted, "note") } }],
    done: "noted",
    anchor: "reply-h"
  }),
  commit: (posted) => {
    const note = optional(field(posted, "note"))
    return {
      calls: [{
        method: "POST",
        path: `/contracts/${posted.contract}/replies`,
        body: note === undefined ? {} : { note },
        headers: { ...ifMatch(posted), ...idempotent(posted) }
      }],
      done: "sent",
      anchor: "main"
    }
  },
  discard: (posted) => ({ calls: [{ method: "DELETE", path: `/contracts/${posted.contract}/reply` }], done: "discarded", anchor: "reply-h" }),
  sign: (posted) => {
    if (field(posted, "agree") !== "yes") {
      return new FormProblem("Tick the box to say you have read the words and agree to be bound by them: nothing was signed.")
    }
    const mark = optional(field(posted, "mark"))
    const sign: ApiCall = {
      method: "POST",
      path: `/contracts/${posted.contract}/signatures`,
      body: { text_hash: field(posted, "words_hash") },
      headers: idempotent(posted)
    }
    return {
      calls: mark === undefined ? [sign] : [{ method: "PUT", path: `/people/${posted.person}/mark`, body: { kind: "typed", text: mark } }, sign],
      done: "signed",
      anchor: "sign-h"
    }
  },
  "withdraw-signature": (posted) => ({
    calls: [{ method: "POST", path: `/signatures/${encodeURIComponent(field(posted, "signature"))}/withdraw`, body: {}, headers: idempotent(posted) }],
    done: "unsigned",
    anchor: "sign-h"
  }),
  invite: (posted) => ({
    calls: [{
      method: "POST",
      path: `/contracts/${posted.contract}/invite`,
      body: { email: field(posted, "email"), name: field(posted, "name"), capacity: posted.fields.getAll("capacity") }
    }],
    done: "invited",
    anchor: "people-h"
  })
}

/** What the page says after each action, by the name its redirect carries. */
export const doneNotices: Record<string, string> = {
  decided: "Your decision is staged. It stays private to you until you send your reply.",
  proposed: "Your change is staged as a new ask. It stays private to you until you send your reply.",
  withdrawn: "The staged decision is withdrawn.",
  noted: "Your note is saved. Nothing was sent.",
  sent: "Your reply was sent.",
  discarded: "Your unsent reply was discarded.",
  signed: "You signed these words.",
  unsigned: "Your signature is withdrawn.",
  invited: "The invitation is on its way."
}
