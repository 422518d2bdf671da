import { Multipart } from "@effect/platform"
import { Context, Effect, Inspectable, Option } from "effect"
import type { Upload, UploadRule } from "./Upload.js"

/** The upload the gateway read, for the handler of a multipart endpoint. */
export class Uploaded extends Context.Tag("Http/Uploaded")<Uploaded, Upload>() {}

/**
 * The multipart record the platform's payload decoder expects, made from the upload already read:
 * the endpoint declares its parts (the OpenAPI document shows them), and the handler reads `Uploaded`.
 */
export const persistedRecord = (rule: UploadRule, upload: Upload): Multipart.Persisted => {
  const persisted: Record<string, ReadonlyArray<Multipart.PersistedFile> | string> = Object.fromEntries(upload.fields)
  persisted[rule.fileField] = upload.files.map((file): Multipart.PersistedFile => ({
    [Multipart.TypeId]: Multipart.TypeId,
    _tag: "PersistedFile",
    key: rule.fileField,
    name: file.filename,
    contentType: file.declaredType,
    path: file.path,
    toJSON: () => ({ name: file.filename }),
    toString: () => file.filename,
    [Inspectable.NodeInspectSymbol]: () => file.filename
  }))
  return persisted
}

/** The upload of this request: the gateway provides it to every multipart endpoint, so its absence is our defect. */
export const uploaded: Effect.Effect<Upload> = Effect.flatMap(
  Effect.serviceOption(Uploaded),
  Option.match({ onNone: () => Effect.dieMessage("A multipart handler ran without the gateway's upload."), onSome: Effect.succeed })
)
