import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { modes } from "../Domain/Contract/Mode.js"
import { personScopes, scopes } from "../Domain/Api/Scopes.js"
import { Body, Page } from "../Http/Schemas.js"
import { Policy } from "../Http/Policy.js"
import { Refusals } from "../Http/Refusals.js"
import { AdminAdmitted } from "../Http/AdminAdmitted.js"
import { Playbook, PlaybookInput } from "../Playbooks/Schemas.js"
import { OrgSettingsInput, OrgSettingsView } from "../Deadlines/Schemas.js"

const Text = (max: number) => Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(max))
const Email = Schema.Trim.pipe(Schema.pattern(/^[^\s@]+@[^\s@]+$/), Schema.maxLength(320))
const Scopes = Schema.Array(Schema.Literal(...scopes))
const ByMode = Schema.Struct({ live: Schema.String, test: Schema.String })

export const NewPerson = Body({ name: Text(200), email: Email }).annotations({ identifier: "AdminNewPerson" })
const PersonView = Schema.Struct({ id: Schema.String, name: Schema.String, email: Schema.String })
  .annotations({ identifier: "AdminPerson" })

export const CreateOrg = Body({
  name: Text(200),
  people: Schema.optionalWith(Schema.Array(NewPerson), { default: () => [] })
}).annotations({ identifier: "AdminCreateOrg" })

const OrgCreated = Schema.Struct({
  org_id: Schema.String,
  name: Schema.String,
  keys: ByMode.annotations({ description: "Each key's secret, shown this once." }),
  key_ids: ByMode.annotations({ description: "Each key's id, to list or revoke it later." }),
  people: Schema.Array(PersonView)
}).annotations({ identifier: "AdminOrg" })

export const CreateKey = Body({
  mode: Schema.Literal(...modes),
  scopes: Schema.optionalWith(Scopes, { default: () => scopes })
}).annotations({ identifier: "AdminCreateKey" })

const KeyCreated = Schema.Struct({ id: Schema.String, key: Schema.String, mode: Schema.Literal(...modes), scopes: Scopes })
  .annotations({ identifier: "AdminKeyCreated" })

export const ApiKey = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal("api_key"),
  mode: Schema.Literal(...modes),
  scopes: Schema.Array(Schema.String),
  created: Schema.String,
  last4: Schema.NullOr(Schema.String).annotations({ description: "The secret's last four characters; null for keys made before they were kept." }),
  revoked: Schema.Boolean,
  revoked_at: Schema.NullOr(Schema.String)
}).annotations({ identifier: "AdminApiKey" })

const KeyQuery = Schema.Struct({ limit: Schema.optional(Schema.String), starting_after: Schema.optional(Schema.String) })

export const RevokeKey = Body({
  key: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(200)).annotations({ description: "A key id (`key_…`) or a secret (`sk_…`)." })
}).annotations({ identifier: "AdminRevokeKey" })

const KeyRevoked = Schema.Struct({ id: Schema.String, revoked: Schema.Literal(true) }).annotations({ identifier: "AdminKeyRevoked" })

export const CreatePersonToken = Body({
  mode: Schema.optionalWith(Schema.Literal(...modes), { default: () => "live" as const }).annotations({
    description: "The mode the token acts in; `live` when left out."
  }),
  scopes: Schema.optionalWith(Schema.Array(Schema.Literal(...personScopes)), { default: () => personScopes }).annotations({
    description: "Every scope but `webhooks:manage` (an endpoint belongs to an org key) when left out."
  })
}).annotations({ identifier: "AdminCreatePersonToken" })

const PersonTokenCreated = Schema.Struct({
  id: Schema.String,
  token: Schema.String.annotations({ description: "The secret, shown this once." }),
  person_id: Schema.String,
  mode: Schema.Literal(...modes),
  scopes: Schema.Array(Schema.String)
}).annotations({ identifier: "AdminPersonTokenCreated" })

export const PersonToken = Schema.Struct({
  id: Schema.String,
  object: Schema.Literal("person_token"),
  person_id: Schema.String,
  mode: Schema.Literal(...modes),
  scopes: Schema.Array(Schema.String),
  created: Schema.String,
  last4: Schema.String,
  revoked: Schema.Boolean,
  revoked_at: Schema.NullOr(Schema.String)
}).annotations({ identifier: "AdminPersonToken" })

const TokenRevoked = Schema.Struct({ id: Schema.String, revoked: Schema.Literal(true) }).annotations({ identifier: "AdminTokenRevoked" })

const orgPath = Schema.Struct({ org_id: Schema.String })
const personPath = Schema.Struct({ person_id: Schema.String })

/** The operator's API of SEMANTICS.md "Bootstrap": the gateway checks the admin token (its policy) before a body is read. */
export class AdminApi extends HttpApiGroup.make("admin")
  .add(
    HttpApiEndpoint.post("createOrg", "/admin/orgs")
      .setPayload(CreateOrg)
      .addSuccess(OrgCreated, { status: 201 })
      .annotate(OpenApi.Summary, "Create an org")
      .annotate(
        OpenApi.Description,
        "Creates an org with its people, and one live and one test key holding every scope. The keys' secrets are shown only in this answer; `key_ids` name them for listing and revoking. An email a person of any org already has (in any case) is refused with `409 email_in_use` and nothing is made; one given twice is `400`."
      )
      .annotate(Refusals, ["not_found", "email_in_use"])
  )
  .add(
    HttpApiEndpoint.post("addPerson", "/admin/orgs/:org_id/people")
      .setPath(orgPath)
      .setPayload(NewPerson)
      .addSuccess(PersonView, { status: 201 })
      .annotate(OpenApi.Summary, "Add a person to an org")
      .annotate(
        OpenApi.Description,
        "Adds a person who can then act for the org (`Contracts-Acting-Person`). A person belongs to at most one org: an email a person of any org already has (in any case) is refused with `409 email_in_use`, `param: email`, naming who has it."
      )
      .annotate(Refusals, ["not_found", "email_in_use"])
  )
  .add(
    HttpApiEndpoint.post("createKey", "/admin/orgs/:org_id/keys")
      .setPath(orgPath)
      .setPayload(CreateKey)
      .addSuccess(KeyCreated, { status: 201 })
      .annotate(OpenApi.Summary, "Create an API key")
      .annotate(
        OpenApi.Description,
        "Creates a live or test key for the org with the given scopes (every scope when `scopes` is left out). The secret is shown only in this answer."
      )
  )
  .add(
    HttpApiEndpoint.get("listKeys", "/admin/orgs/:org_id/keys")
      .setPath(orgPath)
      .setUrlParams(KeyQuery)
      .addSuccess(Page(ApiKey))
      .annotate(OpenApi.Summary, "List an org's API keys")
      .annotate(
        OpenApi.Description,
        "The org's keys, revoked ones included, oldest first, paged by `limit` (1 to 100, default 10) and `starting_after` (a key id of this org). Secrets and their hashes are never listed; `last4` tells keys apart."
      )
  )
  .add(
    HttpApiEndpoint.del("revokeKey", "/admin/keys/:key_id")
      .setPath(Schema.Struct({ key_id: Schema.String }))
      .addSuccess(KeyRevoked)
      .annotate(OpenApi.Summary, "Revoke an API key by id")
      .annotate(OpenApi.Description, "Revokes the key at once: its next request answers `401`. Revoking a revoked key answers the same.")
  )
  .add(
    HttpApiEndpoint.post("revokeKeyBySecret", "/admin/keys/revoke")
      .setPayload(RevokeKey)
      .addSuccess(KeyRevoked)
      .annotate(OpenApi.Summary, "Revoke an API key by id or secret")
      .annotate(
        OpenApi.Description,
        "Revokes the key named by its id or by its secret, which travels in the body so that it never lands in an access log. Answers as `DELETE /admin/keys/{key_id}` does."
      )
  )
  .add(
    HttpApiEndpoint.post("createPersonToken", "/admin/people/:person_id/tokens")
      .setPath(personPath)
      .setPayload(CreatePersonToken)
      .addSuccess(PersonTokenCreated, { status: 201 })
      .annotate(OpenApi.Summary, "Issue a person token")
      .annotate(
        OpenApi.Description,
        "Issues a token that acts as this person (`Authorization: Bearer pt_…`), for an app or an MCP agent: the token is the seat, so it needs no `Contracts-Acting-Person`. The secret is shown only in this answer and stored hashed. A person of no org (a guest) holds no token."
      )
  )
  .add(
    HttpApiEndpoint.get("listPersonTokens", "/admin/people/:person_id/tokens")
      .setPath(personPath)
      .setUrlParams(KeyQuery)
      .addSuccess(Page(PersonToken))
      .annotate(OpenApi.Summary, "List a person's tokens")
      .annotate(
        OpenApi.Description,
        "The person's tokens, revoked ones included, oldest first, paged by `limit` (1 to 100, default 10) and `starting_after` (a token id of this person). Never a secret; `last4` tells them apart."
      )
  )
  .add(
    HttpApiEndpoint.del("revokePersonToken", "/admin/tokens/:token_id")
      .setPath(Schema.Struct({ token_id: Schema.String }))
      .addSuccess(TokenRevoked)
      .annotate(OpenApi.Summary, "Revoke a person token")
      .annotate(
        OpenApi.Description,
        "Revokes the token at once: its next request, and its agent's next MCP call, answer `401`. Revoking a revoked token answers the same."
      )
  )
  .add(
    HttpApiEndpoint.put("setPlaybook", "/admin/orgs/:org_id/playbook")
      .setPath(orgPath)
      .setPayload(PlaybookInput)
      .addSuccess(Playbook)
      .annotate(OpenApi.Summary, "Set an org's playbook")
      .annotate(
        OpenApi.Description,
        "Replaces the org's whole playbook (both modes) with `rules`, in order. A rule naming the `id` of one already in the playbook keeps that id; any other gets a new one. Every rule is checked before anything is stored: one refusal, named by `param`, leaves the old playbook whole. `rules: []` empties it."
      )
  )
  .add(
    HttpApiEndpoint.get("getPlaybook", "/admin/orgs/:org_id/playbook")
      .setPath(orgPath)
      .addSuccess(Playbook)
      .annotate(OpenApi.Summary, "Read an org's playbook")
      .annotate(OpenApi.Description, "The org's rules, in order.")
  )
  .add(
    HttpApiEndpoint.put("setSettings", "/admin/orgs/:org_id/settings")
      .setPath(orgPath)
      .setPayload(OrgSettingsInput)
      .addSuccess(OrgSettingsView)
      .annotate(OpenApi.Summary, "Change an org's settings")
      .annotate(
        OpenApi.Description,
        "Changes the settings given and leaves the rest (`{}` reads them). `deadline_window_days`: how long before a notice deadline against a renewal the first warning comes, for every contract the org drafted, in both modes; a contract already warned keeps its warning."
      )
  )
  .add(
    HttpApiEndpoint.get("getSettings", "/admin/orgs/:org_id/settings")
      .setPath(orgPath)
      .addSuccess(OrgSettingsView)
      .annotate(OpenApi.Summary, "Read an org's settings")
      .annotate(OpenApi.Description, "Every setting, its default where the org set none.")
  )
  .middleware(AdminAdmitted)
  .annotate(Policy, Policy.admin())
  .annotate(Refusals, ["not_found"])
  .annotate(
    OpenApi.Description,
    "The operator's API, guarded by the admin token: it makes orgs, people and keys. It is not part of the public interface, and a client's API key never opens it."
  )
{}
