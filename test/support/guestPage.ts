import { expect } from "@effect/vitest"
import { call } from "./client.js"
import { twoOrgs } from "./negotiation.js"

/** An NDA Acme sent to someone outside any org: their guest link, as the mail in the sandbox outbox carries it. */
export const sentToGuest = async (
  base: string,
  options: {
    readonly name?: string
    readonly capacity?: ReadonlyArray<string>
    readonly note?: string
    /** A contract drafted some other way (an import, say), to send instead of a fresh NDA. */
    readonly draft?: (ada: Awaited<ReturnType<typeof twoOrgs>>["ada"]) => Promise<any>
  } = {}
) => {
  const orgs = await twoOrgs(base)
  const { ada } = orgs
  const drafted = options.draft === undefined ? (await ada.draft()).body : await options.draft(ada)
  const email = `gail.${Math.random().toString(36).slice(2)}@outside.test`
  const sent = await ada.send(drafted.id, drafted.words_hash, {
    recipients: [{ email, name: options.name ?? "Gail Guest", capacity: options.capacity ?? ["negotiator", "signer"] }],
    confirmed_by: ada.person,
    ...(options.note === undefined ? {} : { note: options.note })
  })
  expect(sent.status).toBe(200)
  const mail = (await ada.get("/sandbox/outbox")).body.data.find((m: { to: string }) => m.to === email)
  const link = new URL(mail.link)
  const token = link.searchParams.get("t")!
  return {
    ...orgs,
    drafted,
    email,
    token,
    link: `${base}${link.pathname}${link.search}`,
    clauses: drafted.blocks.filter((b: { kind: string }) => b.kind === "clause")
  }
}

/** The hidden fields of the page's first form that posts `action` and holds every given field. */
export const formFields = (page: string, action: string, holding: Record<string, string> = {}): Record<string, string> => {
  for (const form of page.matchAll(/<form method="post" action="[^"]*\/page\/([a-z-]+)"[^>]*>([\s\S]*?)<\/form>/g)) {
    if (form[1] !== action) continue
    const fields = Object.fromEntries([...form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]))
    if (Object.entries(holding).every(([k, v]) => fields[k] === v)) return fields
  }
  throw new Error(`no form for ${action} holding ${JSON.stringify(holding)}`)
}

export interface PageAnswer {
  readonly status: number
  readonly headers: Headers
  readonly text: string
}

/** A browser's requests without a browser: `Accept: text/html`, one cookie jar, redirects left to the caller. */
export const pageClient = (base: string) => {
  let cookie: string | null = null
  const answer = async (response: Response): Promise<PageAnswer> => {
    const set = response.headers.get("set-cookie")
    if (set !== null) cookie = /Max-Age=0/.test(set) ? null : set.split(";")[0]!
    return { status: response.status, headers: response.headers, text: await response.text() }
  }
  const headers = () => ({ accept: "text/html,application/xhtml+xml,*/*;q=0.8", ...(cookie === null ? {} : { cookie }) })
  return {
    get cookie() {
      return cookie
    },
    get: async (path: string) => answer(await fetch(path.startsWith("http") ? path : `${base}${path}`, { headers: headers(), redirect: "manual" })),
    /** Posts a form as a browser does: urlencoded, the page's own hidden fields first. */
    post: async (contract: string, action: string, fields: Record<string, string | ReadonlyArray<string>>, extra: RequestInit = {}) => {
      const body = new URLSearchParams()
      for (const [name, value] of Object.entries(fields)) for (const v of typeof value === "string" ? [value] : value) body.append(name, v)
      return answer(
        await fetch(`${base}/contracts/${contract}/page/${action}`, {
          method: "POST",
          redirect: "manual",
          headers: { ...headers(), "content-type": "application/x-www-form-urlencoded" },
          body,
          ...extra
        })
      )
    }
  }
}

/** The hidden fields of a clause page's form that proposes new words for it. */
export const proposeForm = async (browser: ReturnType<typeof pageClient>, contract: string, block: string) =>
  formFields((await browser.get(`/contracts/${contract}/page/blocks/${block}`)).text, "propose", { block })

/** Acme takes the guest off the contract: outside counsel comes onto that side first, since a side keeps a negotiator. */
export const removeGuest = async (base: string, guest: Awaited<ReturnType<typeof sentToGuest>>) => {
  const { ada, drafted } = guest
  const party = (await ada.sheet(drafted.id)).parties.find((p: { email: string }) => p.email === guest.email)
  const counsel = { email: `counsel.${Date.now()}@outside.test`, name: "Counsel", capacity: ["negotiator", "signer"], side: "counterparty" }
  expect((await ada.post(`/contracts/${drafted.id}/invite`, counsel)).status).toBe(201)
  expect((await call(base, "DELETE", `/contracts/${drafted.id}/parties/${party.id}`, { key: ada.org.keys.test, person: ada.person })).status).toBe(200)
}
