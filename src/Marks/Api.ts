import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { Authenticated } from "../Http/Authenticated.js"
import { Policy } from "../Http/Policy.js"
import { Body } from "../Http/Schemas.js"

export const markImageTypes = ["image/png", "image/jpeg"] as const

export const MarkRequest = Schema.Union(
  Body({ kind: Schema.Literal("typed"), text: Schema.Trim.pipe(Schema.minLength(1), Schema.maxLength(200)) }),
  Body({
    kind: Schema.Literal("image"),
    content_type: Schema.Literal(...markImageTypes),
    // 256 KB of image, base64-encoded.
    data: Schema.String.pipe(Schema.minLength(4), Schema.maxLength(349_528))
  })
).annotations({ identifier: "MarkRequest" })

export const Mark = Schema.Struct({
  object: Schema.Literal("mark"),
  person: Schema.String,
  kind: Schema.Literal("typed", "image"),
  text: Schema.NullOr(Schema.String),
  content_type: Schema.NullOr(Schema.String),
  data: Schema.NullOr(Schema.String),
  checksum: Schema.String,
  updated_at: Schema.String
}).annotations({ identifier: "Mark" })

const personPath = Schema.Struct({ id: Schema.String })

export class MarksApi extends HttpApiGroup.make("marks")
  .add(
    HttpApiEndpoint.get("get", "/people/:id/mark").setPath(personPath).addSuccess(Mark)
      .annotate(Policy, Policy.read(null))
      .annotate(OpenApi.Summary, "Read your mark")
      .annotate(OpenApi.Description, "The person's own mark (typed or image) with its checksum. Only the person themself reaches it.")
  )
  .add(
    HttpApiEndpoint.put("put", "/people/:id/mark").setPath(personPath).setPayload(MarkRequest).addSuccess(Mark)
      .annotate(Policy, Policy.write(null))
      .annotate(OpenApi.Summary, "Set your mark")
      .annotate(OpenApi.Description, "Sets the mark later signatures pin at press time: typed text, or a PNG or JPEG image (base64).")
  )
  .add(
    HttpApiEndpoint.del("remove", "/people/:id/mark").setPath(personPath)
      .addSuccess(Schema.Struct({ object: Schema.Literal("mark"), person: Schema.String, deleted: Schema.Literal(true) }))
      .annotate(Policy, Policy.write(null))
      .annotate(OpenApi.Summary, "Delete your mark")
      .annotate(OpenApi.Description, "Deletes the mark; signatures already made keep the one they pinned.")
  )
  .middleware(Authenticated)
{}
