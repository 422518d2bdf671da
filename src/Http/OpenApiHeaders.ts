import type { EndpointPolicy } from "./Policy.js"

type Json = Record<string, unknown>

const header = (name: string, required: boolean, description: string, schema: Json = { type: "string" }) => ({
  name,
  in: "header",
  required,
  description,
  schema
})

const ifMatchHeader = (policy: EndpointPolicy) => {
  switch (policy.ifMatch) {
    case "required":
      return [header("If-Match", true, "The `words_hash` you read (bare or quoted). Missing: `428 if_match_required`; stale: `409 words_changed`.")]
    case "ignored":
      return [header("If-Match", false, "Accepted and ignored: this call edits only your own private work.")]
    case "refused":
      return [header("If-Match", false, "Must not be sent (`400 invalid_request`): the hash this call binds travels in the body as `text_hash`.")]
    case "absent":
      return []
  }
}

/** The headers the gateway reads for a route with this policy, marked required exactly where it refuses without them. */
export const headersOf = (policy: EndpointPolicy) => [
  header(
    "Contracts-Acting-Person",
    false,
    policy.actingPerson
      ? "With an org key, required: the `per_` id of the human acting (`400 acting_person_required` without it). A guest link must not send it."
      : "With an org key, optional: read as this person's seat. A guest link must not send it."
  ),
  header("Contracts-Version", false, "A dated version (`YYYY-MM-DD`) for this call; without it, the key's pinned version.", {
    type: "string",
    pattern: "^\\d{4}-\\d{2}-\\d{2}$"
  }),
  ...(policy.idempotent
    ? [header("Idempotency-Key", true, "1 to 255 characters, one per attempt. The same key and body replay the first answer for 24 hours.", {
      type: "string",
      minLength: 1,
      maxLength: 255
    })]
    : []),
  ...ifMatchHeader(policy)
]
