import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { escapeText } from "../../src/GuestPage/Html.js"
import { call } from "../support/client.js"
import { databases } from "../support/databases.js"
import { formFields, type PageAnswer, pageClient, proposeForm, removeGuest, sentToGuest } from "../support/guestPage.js"
import { sampleAgreement, settledBatch, upload } from "../support/imports.js"
import { type Running, sharedService } from "../support/service.js"

const expectPageHeaders = (answer: PageAnswer) => {
  const csp = answer.headers.get("content-security-policy") ?? ""
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toContain("default-src 'none'")
  expect(csp).not.toContain("unsafe-inline")
  expect(csp).not.toMatch(/https?:/)
  expect(answer.headers.get("referrer-policy")).toBe("no-referrer")
  expect(answer.headers.get("x-content-type-options")).toBe("nosniff")
  expect(answer.headers.get("cache-control")).toBe("no-store")
}

for (const database of databases) {
  describe(`the guest's page over HTTP (${database.name})`, () => {
    let service: Running
    beforeAll(async () => {
      service = await sharedService(database)
    })
    afterAll(() => service.stop())

    /** A guest who has opened their link: the page client holds the session cookie. */
    const opened = async (options: Parameters<typeof sentToGuest>[1] = {}) => {
      const guest = await sentToGuest(service.url, options)
      const browser = pageClient(service.url)
      const first = await browser.get(guest.link)
      expect(first.status).toBe(200)
      const page = await browser.get(`/contracts/${guest.drafted.id}`)
      expect(page.status).toBe(200)
      return { ...guest, browser, page }
    }
    const asGuest = (token: string) => ({ authorization: `Token ${token}` })
    const replyOf = async (contract: string, token: string) =>
      (await call(service.url, "GET", `/contracts/${contract}/reply`, { headers: asGuest(token) })).body

    it("keeps JSON for API clients, and answers a browser's link with a page that moves the token into a cookie", async () => {
      const guest = await sentToGuest(service.url)
      for (const accept of [undefined, "*/*", "application/json", "application/json, text/html"]) {
        const json = await fetch(guest.link, { headers: accept === undefined ? {} : { accept } })
        expect(json.headers.get("content-type")).toContain("application/json")
        expect(((await json.json()) as { you: { is_guest: boolean } }).you.is_guest).toBe(true)
      }
      const withKey = await call(service.url, "GET", `/contracts/${guest.drafted.id}`, {
        key: guest.acme.keys.test,
        person: guest.ada.person,
        headers: { accept: "text/html" }
      })
      expect(withKey.body.id).toBe(guest.drafted.id)

      const browser = pageClient(service.url)
      const first = await browser.get(guest.link)
      expect(first.status).toBe(200)
      expect(first.headers.get("content-type")).toBe("text/html; charset=utf-8")
      expectPageHeaders(first)
      const cookie = first.headers.get("set-cookie")!
      expect(cookie).toBe(`cns_guest=${guest.token}; Path=/contracts/${guest.drafted.id}; HttpOnly; SameSite=Strict`)
      // The page it answers sends the browser on without the token, and never echoes it.
      expect(first.text).toContain(`<meta http-equiv="refresh" content="0; url=/contracts/${guest.drafted.id}">`)
      expect(first.text).not.toContain(guest.token)
      const page = await browser.get(`/contracts/${guest.drafted.id}`)
      expect(page.status).toBe(200)
      expectPageHeaders(page)
      expect(page.text).toContain("<h1>Mutual Non-Disclosure Agreement</h1>")
      expect(page.text).not.toContain(guest.token)
      const head = await fetch(`${service.url}/contracts/${guest.drafted.id}`, { method: "HEAD", headers: { accept: "text/html", cookie: browser.cookie! } })
      expect(head.status).toBe(200)
      expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8")
    })

    it("answers an unknown, malformed or missing link with a page that says whom to ask, never JSON", async () => {
      const guest = await sentToGuest(service.url)
      for (const link of [`${service.url}/contracts/${guest.drafted.id}?t=gtk_unknown000`, `${service.url}/contracts/${guest.drafted.id}?t=<script>`]) {
        const dead = await pageClient(service.url).get(link)
        expect(dead.status).toBe(401)
        expect(dead.headers.get("content-type")).toBe("text/html; charset=utf-8")
        expect(dead.headers.get("set-cookie")).toBeNull()
        expectPageHeaders(dead)
        expect(dead.text).toContain("This link no longer works")
        expect(dead.text).toContain("Ask the person who sent you the contract")
        expect(dead.text).not.toContain("<script>")
      }
      const none = await pageClient(service.url).get(`/contracts/${guest.drafted.id}`)
      expect(none.status).toBe(401)
      expect(none.text).toContain("Open that link again")
    })

    it("shows a removed guest the dead-link page at once, and clears the cookie", async () => {
      const guest = await opened()
      const { drafted, browser, token } = guest
      await removeGuest(service.url, guest)
      const after = await browser.get(`/contracts/${drafted.id}`)
      expect(after.status).toBe(401)
      expect(after.text).toContain("This link no longer works")
      expect(after.headers.get("set-cookie")).toContain("Max-Age=0")
      expect((await pageClient(service.url).get(`${service.url}/contracts/${drafted.id}?t=${token}`)).status).toBe(401)
    })

    it("changes nothing on a post without the page's form token, with another contract's, or without the cookie", async () => {
      const first = await opened()
      const second = await opened()
      const fields: Record<string, string> = {
        ...(await proposeForm(first.browser, first.drafted.id, first.clauses[1].id)),
        text: "Changed words.",
        why: "Because"
      }
      const other = formFields(second.page.text, "commit").form_token!
      for (const form_token of [undefined, "", other, fields.form_token!.slice(1)]) {
        const { form_token: _drop, ...rest } = fields
        const posted = await first.browser.post(first.drafted.id, "propose", form_token === undefined ? rest : { ...rest, form_token })
        expect(posted.status).toBe(403)
        expectPageHeaders(posted)
        expect(posted.text).toContain("Nothing was changed")
      }
      const noCookie = await pageClient(service.url).post(first.drafted.id, "propose", fields)
      expect(noCookie.status).toBe(401)
      expect((await replyOf(first.drafted.id, first.token)).decisions).toHaveLength(0)
      // The same form with its token goes through: the refusals above were the token's.
      const posted = await first.browser.post(first.drafted.id, "propose", fields)
      expect(posted.status).toBe(303)
      expect(posted.headers.get("location")).toBe(`/contracts/${first.drafted.id}?done=proposed#reply-h`)
      expect((await replyOf(first.drafted.id, first.token)).decisions).toHaveLength(1)
    })

    it("refuses a form that is not urlencoded UTF-8 or is too large, with nothing changed", async () => {
      const { drafted, browser, clauses, token } = await opened()
      const fields = { ...(await proposeForm(browser, drafted.id, clauses[1].id)), why: "Because" }
      const form = new URLSearchParams({ ...fields, text: "x" }).toString()
      const cases: ReadonlyArray<[RequestInit, number]> = [
        [{ headers: { "content-type": "application/json", cookie: browser.cookie! }, body: JSON.stringify(fields) }, 415],
        [{
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: browser.cookie! },
          body: Buffer.concat([Buffer.from(form), Buffer.from([0xff, 0xfe])])
        }, 400],
        [{ headers: { "content-type": "application/x-www-form-urlencoded", cookie: browser.cookie! }, body: `${form}&text=${"a".repeat(1_100_000)}` }, 400]
      ]
      for (const [init, status] of cases) {
        const posted = await fetch(`${service.url}/contracts/${drafted.id}/page/propose`, { method: "POST", redirect: "manual", ...init })
        expect(posted.status).toBe(status)
        expect(posted.headers.get("content-type")).toBe("text/html; charset=utf-8")
      }
      expect((await browser.post(drafted.id, "no-such-form", fields)).status).toBe(404)
      expect((await replyOf(drafted.id, token)).decisions).toHaveLength(0)
    })

    it("commits once when the same send is posted twice (a double click), and a refused form keeps the page", async () => {
      const { drafted, browser, clauses, ada } = await opened()
      const staged = await browser.post(drafted.id, "propose", {
        ...(await proposeForm(browser, drafted.id, clauses[1].id)),
        text: "Guest words.",
        why: "Mine"
      })
      expect(staged.status).toBe(303)
      const withReply = await browser.get(staged.headers.get("location")!)
      expect(withReply.text).toContain("Your change is staged as a new ask")
      expect(withReply.text).toContain("Nothing leaves until you press “Send reply”.")
      const send = { ...formFields(withReply.text, "commit"), note: "Our one change." }
      const [one, two] = await Promise.all([browser.post(drafted.id, "commit", send), browser.post(drafted.id, "commit", send)])
      expect([one.status, two.status]).toEqual([303, 303])
      const letters = (await ada.get(`/contracts/${drafted.id}/letters`)).body.data
      expect(letters.filter((l: { note: string }) => l.note === "Our one change.")).toHaveLength(1)
      // A decline without a why is the API's refusal, shown on the page, with the status the API gave.
      const declined = await browser.post(drafted.id, "propose", { ...(await proposeForm(browser, drafted.id, clauses[2].id)), text: "x", why: "" })
      expect(declined.status).toBe(400)
      expect(declined.text).toContain("role=\"alert\"")
    })

    it("invites on the guest's side at no more than their capacity, withdraws a staged decision, signs and withdraws a signature", async () => {
      const { drafted, browser, page, clauses, ada, token } = await opened({ capacity: ["negotiator"] })
      // The invitation form offers only the guest's own capacity; asking for more is the API's refusal.
      expect(page.text).toContain("name=\"capacity\" value=\"negotiator\"")
      expect(page.text).not.toContain("name=\"capacity\" value=\"signer\"")
      const invite = formFields(page.text, "invite")
      const higher = await browser.post(drafted.id, "invite", { ...invite, name: "Sam", email: "sam@outside.test", capacity: ["negotiator", "signer"] })
      expect(higher.status).toBeGreaterThanOrEqual(400)
      expect(higher.text).toContain("role=\"alert\"")
      const invited = await browser.post(drafted.id, "invite", { ...invite, name: "Sam", email: "sam@outside.test", capacity: ["negotiator"] })
      expect(invited.status).toBe(303)
      const parties = (await ada.sheet(drafted.id)).parties
      expect(parties.find((p: { email: string }) => p.email === "sam@outside.test")).toMatchObject({ side: "counterparty", capacity: ["negotiator"] })

      // A staged decision withdrawn from the page is gone from the reply.
      await browser.post(drafted.id, "propose", { ...(await proposeForm(browser, drafted.id, clauses[1].id)), text: "Other words.", why: "Mine" })
      const staged = (await replyOf(drafted.id, token)).decisions
      expect(staged).toHaveLength(1)
      const withReply = await browser.get(`/contracts/${drafted.id}`)
      const withdrawn = await browser.post(drafted.id, "withdraw-decision", formFields(withReply.text, "withdraw-decision", { decision: staged[0].id }))
      expect(withdrawn.status).toBe(303)
      expect((await replyOf(drafted.id, token)).decisions).toHaveLength(0)
    })

    it("signs with a typed mark against the hash shown, refuses a stale one, and withdraws the signature", async () => {
      const { drafted, browser, ada, token, clauses } = await opened()
      // The guest proposes one change and sends it; Acme accepts it, and the contract is agreed.
      await browser.post(drafted.id, "propose", { ...(await proposeForm(browser, drafted.id, clauses[1].id)), text: "Agreed words.", why: "Ours" })
      expect((await browser.post(drafted.id, "commit", formFields((await browser.get(`/contracts/${drafted.id}`)).text, "commit"))).status).toBe(303)
      const sheet = await ada.sheet(drafted.id)
      const [ask] = (await ada.get(`/contracts/${drafted.id}/asks`)).body.data
      expect((await ada.stage(drafted.id, sheet.words_hash, { ask_id: ask.id, type: "accept" })).status).toBe(201)
      expect((await ada.commit(drafted.id, sheet.words_hash)).body.state).toBe("agreed")
      const ready = await browser.get(`/contracts/${drafted.id}`)
      expect(ready.text).toContain("Agreed: ready to sign")
      const sign = formFields(ready.text, "sign")
      const unticked = await browser.post(drafted.id, "sign", { ...sign, mark: "Gail G." })
      expect(unticked.status).toBe(400)
      expect(unticked.text).toContain("Tick the box")
      const stale = await browser.post(drafted.id, "sign", { ...sign, words_hash: "sha256:00", agree: "yes" })
      expect(stale.status).toBe(409)
      // The page drawn with the refusal carries fresh keys (the refused post's key stays spent on its body).
      const signed = await browser.post(drafted.id, "sign", { ...formFields(stale.text, "sign"), mark: "Gail G.", agree: "yes" })
      expect(signed.status, signed.text.match(/role="alert"><p>([^<]*)/)?.[1]).toBe(303)
      const signatures = (await call(service.url, "GET", `/contracts/${drafted.id}/signatures`, { headers: asGuest(token) })).body.data
      expect(signatures).toHaveLength(1)
      expect(signatures[0]).toMatchObject({ state: "bound", bound_hash: sign.words_hash, mark: { kind: "typed", text: "Gail G." } })
      const afterSign = await browser.get(`/contracts/${drafted.id}`)
      const withdrawn = await browser.post(drafted.id, "withdraw-signature", formFields(afterSign.text, "withdraw-signature", { signature: signatures[0].id }))
      expect(withdrawn.status).toBe(303)
      const after = (await call(service.url, "GET", `/signatures/${signatures[0].id}`, { headers: asGuest(token) })).body
      expect(after.state).toBe("withdrawn")
    })

    it("shows a clause's history: every move with its redline, and what was said", async () => {
      const { drafted, browser, clauses } = await opened()
      await browser.post(drafted.id, "propose", {
        ...(await proposeForm(browser, drafted.id, clauses[1].id)),
        text: "Words <b>changed</b>.",
        why: "We <i>prefer</i> these."
      })
      await browser.post(drafted.id, "commit", formFields((await browser.get(`/contracts/${drafted.id}`)).text, "commit"))
      const history = await browser.get(`/contracts/${drafted.id}/page/blocks/${clauses[1].id}`)
      expect(history.status).toBe(200)
      expect(history.text).toContain("<h1>Clause 3</h1>")
      expect(history.text).toContain("<ins><span class=\"sr\">[inserted: </span>Words &lt;b&gt;changed&lt;/b&gt;.")
      expect(history.text).toContain("We &lt;i&gt;prefer&lt;/i&gt; these.")
      expect((await pageClient(service.url).get(`/contracts/${drafted.id}/page/blocks/${clauses[1].id}`)).status).toBe(401)
    })

    it("renders everything the other side wrote as inert text, a 50,000-character imported clause included", async () => {
      const hostile = [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "<a href=\"javascript:alert(1)\">click</a>",
        "\"><svg onload=alert(1)>",
        "</textarea><script>alert(2)</script>",
        "<style>body{display:none}</style>"
      ].join(" ")
      const long = `7. Notices. ${"Long clause words. ".repeat(2_700)}${hostile}`
      const dir = mkdtempSync(join(tmpdir(), "cns-page-"))
      const file = join(dir, "agreement.txt")
      writeFileSync(file, [...sampleAgreement.slice(0, -3), long, ...sampleAgreement.slice(-3)].join("\n\n"))
      const imported = async (ada: { org: { keys: { test: string } }; person: string; sheet: (id: string) => Promise<any> }) => {
        const batch = await upload(service.url, "/imports", { key: ada.org.keys.test, person: ada.person, files: [{ path: file }] })
        const [row] = await settledBatch(service.url, ada.org.keys.test, batch.body.batch)
        expect(row.state).toBe("parsed")
        return ada.sheet(row.contract)
      }
      const { drafted, browser, ada, clauses } = await opened({ name: `Gail ${hostile}`, note: hostile, draft: imported })
      rmSync(dir, { recursive: true, force: true })
      // The import keeps blocks under 6,000 characters: the 51,501 arrive as consecutive blocks, hostile tail included.
      const texts: ReadonlyArray<string> = drafted.blocks.map((b: { text: string }) => b.text)
      expect(texts.filter((t) => t.includes("Long clause words.")).join(" ").length).toBeGreaterThan(50_000)
      expect(texts.some((t) => t.includes("<script>alert(1)</script>"))).toBe(true)
      const sheet = await ada.sheet(drafted.id)
      const staged = await ada.stage(drafted.id, sheet.words_hash, {
        block_id: clauses[1].id,
        type: "counter",
        text: `${hostile} ${"x ".repeat(9_000)}`,
        why: hostile
      })
      expect(staged.status, staged.text).toBe(201)
      expect((await ada.commit(drafted.id, sheet.words_hash, { confirmed_by: ada.person, note: hostile })).status).toBe(200)
      const page = await browser.get(`/contracts/${drafted.id}`)
      expect(page.status).toBe(200)
      for (const live of ["<script", "<img", "<svg", "<style", "href=\"javascript:"]) expect(page.text).not.toContain(live)
      // No tag of the page carries a handler: the handlers written above are text between tags.
      expect(page.text).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i)
      expect(page.text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;")
      for (const text of texts) expect(page.text).toContain(escapeText(text))
    })
  })
}
