import { call, type Reply } from "../support/client.js"
import { upload } from "../support/imports.js"
import { operations, validBody } from "../torture/operations.js"
import { credentials, type Seat } from "../torture/world.js"
import { agreementFile, type ModeContext, type ModePrepared } from "./recipes.js"
import type { WriteRoute } from "./routes.js"

/**
 * Everything one mode's keys read that a write of the other mode could reach if a row it wrote
 * lacked a mode: both orgs' contract lists, ada's mark, endpoints, mail, org stream, outbox and
 * feeds, and one contract of this mode as both sides read it (private replies included).
 */
export const viewOf = async ({ world: w }: ModeContext, contract: string | undefined) => {
  const { ada, bea } = w.seats
  const reads: ReadonlyArray<readonly [Seat, string]> = [
    [ada, "/contracts?limit=100"],
    [bea, "/contracts?limit=100"],
    [ada, `/people/${ada.person}/mark`],
    [ada, "/webhooks/endpoints?limit=100"],
    [ada, "/ingress?limit=100"],
    [ada, "/events?limit=100"],
    [ada, "/sandbox/outbox?limit=100"],
    [ada, "/attention"],
    [bea, "/attention"],
    ...(contract === undefined ? [] : [
      [ada, `/contracts/${contract}`],
      [ada, `/contracts/${contract}/events?limit=100`],
      [ada, `/contracts/${contract}/signatures`],
      [ada, `/contracts/${contract}/assets`],
      [ada, `/contracts/${contract}/reply`],
      [bea, `/contracts/${contract}/reply`]
    ] as const)
  ]
  return Promise.all(reads.map(async ([seat, path]) => `${path} ${(await w.get(seat, path)).text}`))
}

/** Sends a prepared write as `seat`: JSON completed from the document's schema, or the multipart upload. */
export const perform = (ctx: ModeContext, route: WriteRoute, prepared: ModePrepared, seat: Seat, idempotencyKey: string): Promise<Reply> => {
  const base = ctx.world.base
  if (prepared.upload !== undefined) {
    return upload(base, prepared.upload.path, {
      key: seat.key,
      person: seat.person!,
      files: [{ path: agreementFile }],
      fields: prepared.upload.fields,
      idempotencyKey
    })
  }
  const schema = operations.find((op) => op.key === route.key)?.body
  const body = schema === undefined ? undefined : validBody(schema, prepared.body)
  const path = route.template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(prepared.path![name]!))
  return call(base, route.method, path, {
    headers: { ...credentials(seat), "idempotency-key": idempotencyKey, ...(prepared.ifMatch === undefined ? {} : { "if-match": prepared.ifMatch }) },
    ...(body === undefined ? {} : { body })
  })
}
