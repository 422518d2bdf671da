import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { ErrorCode } from "../../src/Domain/Api/ErrorCodes.js"
import { sampleAgreement } from "../support/imports.js"
import { mailer } from "../support/mail.js"
import { type Prepared, recipes } from "../torture/recipes.js"
import type { World } from "../torture/world.js"

/** One mode's half of the test: its world (the same orgs, this mode's keys) and what its recipes need. */
export interface ModeContext {
  readonly mode: "live" | "test"
  readonly world: World
  /** Where this mode's webhook endpoints point. */
  readonly hookUrl: string
  readonly smtpPort: number
  /** A webhook endpoint of this mode, made on first need. */
  endpoint?: string
}

export interface ModePrepared extends Prepared {
  /** A multipart upload of the sample agreement, sent instead of a JSON body. */
  readonly upload?: { readonly path: string; readonly fields: Readonly<Record<string, string>> }
  /** Waits for what the write set going in the background (an import), so it lands inside this check. */
  readonly settle?: (answer: any) => Promise<void>
  /** Where the test cannot make this mode's write succeed, the refusal it answers instead. */
  readonly refused?: ErrorCode
}

export interface ModeRecipe {
  readonly prepare: (ctx: ModeContext) => Promise<ModePrepared>
  /** The write names an object of a mode, so the other mode's key must find nothing there. */
  readonly crossReach: boolean
}

export const agreementFile = join(mkdtempSync(join(tmpdir(), "cns-modes-")), "consulting.txt")
writeFileSync(agreementFile, sampleAgreement.join("\n\n"))

const torture = (key: string, crossReach = true): ModeRecipe => ({ prepare: (ctx) => recipes[key]!.prepare(ctx.world, 0), crossReach })

const until = async (what: string, done: () => Promise<boolean>) => {
  for (let i = 0; i < 400; i++) {
    if (await done()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`${what} did not happen within 10 s`)
}

const endpointOf = async (ctx: ModeContext, fresh = false) => {
  if (!fresh && ctx.endpoint !== undefined) return ctx.endpoint
  const w = ctx.world
  const made = await w.setup("endpoint", w.write(w.seats.ada, "POST", "/webhooks/endpoints", { url: ctx.hookUrl, events: ["import.failed"] }))
  if (!fresh) ctx.endpoint = made.body.id
  return made.body.id as string
}

// A live endpoint needs a public https receiver, which a test cannot offer: it stays `pending`.
const onEndpoint = (fresh: boolean, body?: () => unknown, livePending?: ErrorCode): ModeRecipe => ({
  crossReach: true,
  prepare: async (ctx) => ({
    seat: ctx.world.seats.ada,
    path: { id: await endpointOf(ctx, fresh) },
    body: body?.(),
    ...(ctx.mode === "live" && livePending !== undefined ? { refused: livePending } : {})
  })
})

let mails = 0
/** A forwarded mail with the agreement attached, received by this mode's ingress address. */
const mailIn = async (ctx: ModeContext) => {
  const w = ctx.world
  const address = (await w.get(w.seats.ada, "/ingress/address")).body.address
  const subject = `Consulting agreement ${++mails}`
  await w.setup(
    "mail",
    mailer(ctx.smtpPort).sendMail({
      from: w.acme.people[0]!.email,
      to: address,
      subject: `Fwd: ${subject}`,
      text: "Please file this.",
      attachments: [{ filename: "consulting.txt", content: sampleAgreement.join("\n\n") }]
    })
      .then(() => ({ status: 250, text: "" }))
  )
  return ((await w.get(w.seats.ada, "/ingress?limit=100")).body.data as Array<{ id: string; subject: string }>).find((m) => m.subject === subject)!.id
}

const importDone = (w: World, id: string) => async () => ["parsed", "failed"].includes((await w.get(w.seats.ada, `/imports/${id}`)).body?.state)

/** A recipe per write route: the valid write this mode's key makes on this mode's own objects. */
export const modeRecipes: Record<string, ModeRecipe> = {
  ...Object.fromEntries(
    [
      "POST /contracts/{id}/amend",
      "POST /contracts/{id}/facts/{fact_id}",
      "POST /contracts/{id}/facts/{fact_id}/confirm",
      "POST /contracts/{id}/send",
      "POST /contracts/{id}/decisions",
      "DELETE /contracts/{id}/decisions/{decision_id}",
      "PATCH /contracts/{id}/reply",
      "POST /contracts/{id}/replies",
      "POST /contracts/{id}/invite",
      "DELETE /contracts/{id}/parties/{party_id}",
      "POST /contracts/{id}/cancel",
      "POST /asks/{ask_id}/withdraw",
      "POST /contracts/{id}/signatures",
      "POST /signatures/{signature_id}/withdraw"
    ].map((key) => [key, torture(key)])
  ),
  // These name no object of a mode: a new contract, the caller's own person, a new endpoint.
  "POST /contracts": torture("POST /contracts", false),
  "PUT /people/{id}/mark": torture("PUT /people/{id}/mark", false),
  "DELETE /people/{id}/mark": {
    crossReach: false,
    prepare: async (ctx) => {
      const w = ctx.world
      await w.setup("mark", w.write(w.seats.ada, "PUT", `/people/${w.seats.ada.person}/mark`, { kind: "typed", text: `Ada ${ctx.mode}` }))
      return { seat: w.seats.ada, path: { id: w.seats.ada.person! } }
    }
  },
  "DELETE /contracts/{id}/reply": {
    crossReach: true,
    prepare: async ({ world: w }) => ({ seat: w.seats.ada, path: { id: (await w.fixture("negotiation")).id } })
  },
  "POST /contracts/{id}/decisions/apply-playbook": {
    crossReach: true,
    prepare: async ({ world: w }) => {
      const n = await w.fixture("negotiation")
      return { seat: w.seats.ada, path: { id: n.id }, body: {}, ifMatch: n.hash, contract: n.id }
    }
  },
  "POST /contracts/{id}/blocks/{block_id}/confirm": {
    crossReach: true,
    prepare: async ({ world: w }) => {
      const d = await w.fixture("draft")
      return { seat: w.seats.ada, path: { id: d.id, block_id: d.sheet.blocks[0].id }, body: {}, ifMatch: d.hash, contract: d.id }
    }
  },
  "POST /imports": {
    crossReach: false,
    prepare: async ({ world: w }) => ({
      seat: w.seats.ada,
      upload: { path: "/imports", fields: {} },
      settle: (answer) => until("the import", importDone(w, answer.imports[0].id))
    })
  },
  "POST /assets": {
    crossReach: true,
    prepare: async ({ world: w }) => {
      const d = await w.fixture("draft")
      return { seat: w.seats.ada, upload: { path: "/assets", fields: { contract_id: d.id, role: "exhibit" } }, contract: d.id }
    }
  },
  "POST /ingress/{id}/accept": {
    crossReach: true,
    prepare: async (ctx) => ({
      seat: ctx.world.seats.ada,
      path: { id: await mailIn(ctx) },
      body: {},
      settle: (answer) => until("the accepted mail's import", importDone(ctx.world, answer.import))
    })
  },
  "POST /ingress/{id}/reject": { crossReach: true, prepare: async (ctx) => ({ seat: ctx.world.seats.ada, path: { id: await mailIn(ctx) }, body: {} }) },
  // A live key has no sandbox clock: it finds nothing, and the test clock stays where it was.
  "POST /sandbox/clock": {
    crossReach: false,
    prepare: async (ctx) => ({ seat: ctx.world.seats.ada, body: { advance_by: 60 }, ...(ctx.mode === "live" ? { refused: "not_found" as const } : {}) })
  },
  "POST /webhooks/endpoints": {
    crossReach: false,
    prepare: async (ctx) => ({ seat: ctx.world.seats.ada, body: { url: ctx.hookUrl, events: ["import.failed"] } })
  },
  "DELETE /webhooks/endpoints/{id}": onEndpoint(true),
  "POST /webhooks/endpoints/{id}/rotate": onEndpoint(false),
  "POST /webhooks/endpoints/{id}/verify": onEndpoint(false),
  "POST /webhooks/endpoints/{id}/test": onEndpoint(false, undefined, "endpoint_pending"),
  "POST /webhooks/endpoints/{id}/replay": onEndpoint(false, () => ({ since: new Date(Date.now() - 3_600_000).toISOString() }), "endpoint_pending")
}
