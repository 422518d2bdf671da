import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { Browser, Page } from "playwright-core"
import { call } from "../support/client.js"
import { databases } from "../support/databases.js"
import { expectAccessible, launchBrowser, openContext, screenshot, tabTo } from "../support/browser.js"
import { apiHand, type GuestHand, pageHand, proposeOnPage } from "../support/guestHands.js"
import { removeGuest, sentToGuest } from "../support/guestPage.js"
import { type Running, sharedService } from "../support/service.js"

type Guest = Awaited<ReturnType<typeof sentToGuest>>

/** Acme's side of the flow, through the API: three asks to open the negotiation, then accepting what the guest sent back. */
const drafterSide = (guest: Guest) => {
  const { ada, drafted } = guest
  const hash = async () => (await ada.sheet(drafted.id)).words_hash as string
  return {
    /** Three asks on clauses 3, 4 and 5, in one letter to the guest. */
    openThreeAsks: async () => {
      const sheet = await ada.sheet(drafted.id)
      for (const number of [3, 4, 5]) {
        const block = sheet.blocks.find((b: { number: number }) => b.number === number)
        const staged = await ada.stage(drafted.id, sheet.words_hash, {
          block_id: block.id,
          type: "counter",
          text: `${block.text} (as amended by Acme)`,
          why: `Acme's change to clause ${number}`
        })
        expect(staged.status, staged.text).toBe(201)
      }
      const sent = await ada.commit(drafted.id, sheet.words_hash, { confirmed_by: ada.person, note: "Three changes from Acme." })
      expect(sent.status, sent.text).toBe(200)
    },
    acceptEverythingOpen: async () => {
      const current = await hash()
      const open = (await ada.get(`/contracts/${drafted.id}/asks`)).body.data
      for (const ask of open) expect((await ada.stage(drafted.id, current, { ask_id: ask.id, type: "accept" })).status).toBe(201)
      const sent = await ada.commit(drafted.id, current, { confirmed_by: ada.person, note: "Agreed." })
      expect(sent.body.state).toBe("agreed")
    },
    sign: async () => expect((await ada.sign(drafted.id, await hash())).body.contract_state).toBe("executed")
  }
}

/** The guest's part of the whole flow: three decisions, a reply, then (after Acme agrees) a signature. */
const guestFlow = async (guest: Guest, hand: GuestHand, between: { readonly agreed: () => Promise<void> }) => {
  await hand.accept(3)
  await hand.counter(4, "4. The Recipient keeps the information for five years, not longer.", "Five years is our policy.")
  await hand.decline(5, "We cannot accept this change.")
  await hand.send("Our answers to your three changes.")
  await between.agreed()
  await hand.sign("Gail G.")
  void guest
}

/** What the flow left, as the API reads it, with ids and times taken out: two runs of the same flow must leave the same. */
const outcome = async (base: string, guest: Guest) => {
  const as = { headers: { authorization: `Token ${guest.token}` } }
  const read = async (path: string) => (await call(base, "GET", path, as)).body
  const sheet = await read(`/contracts/${guest.drafted.id}`)
  const numberOf = new Map(sheet.blocks.map((b: { id: string; number: number }) => [b.id, b.number]))
  const sideOf = new Map(sheet.parties.map((p: { id: string; side: string }) => [p.id, p.side]))
  const letters = (await read(`/contracts/${guest.drafted.id}/letters?limit=100`)).data.map((l: any) => ({
    from: sideOf.get(l.from),
    note: l.note,
    asks: l.asks.map((a: any) => ({ clause: numberOf.get(a.block), type: a.type, state: a.state, standing: a.standing, proposed: a.proposed, why: a.why })),
    decisions: l.decisions.map((d: any) => ({ type: d.type, text: d.text, why: d.why }))
  }))
  const events = (await read(`/contracts/${guest.drafted.id}/events?limit=100`)).data.map((e: { type: string }) => e.type)
  const signatures = (await read(`/contracts/${guest.drafted.id}/signatures`)).data.map((s: any) => ({
    name: s.name,
    state: s.state,
    intent: s.intent,
    mark: s.mark?.text ?? null
  }))
  const certificate = await call(base, "GET", `/contracts/${guest.drafted.id}/certificate`, as)
  return { state: sheet.state, words: sheet.blocks.map((b: { text: string }) => b.text), letters, events, signatures, certificate: certificate.status }
}

for (const database of databases) {
  describe(`the guest's page in Chromium (${database.name})`, () => {
    let service: Running
    let browser: Browser
    beforeAll(async () => {
      ;[service, browser] = await Promise.all([sharedService(database), launchBrowser()])
    })
    afterAll(async () => {
      await browser.close()
      await service.stop()
    })

    /** A page that fails the test on any script dialog: nothing the other side wrote may run. */
    const pageFor = async (options: { readonly javaScript: boolean; readonly viewport: "phone" | "desktop" }) => {
      const context = await openContext(browser, options)
      const page = await context.newPage()
      const dialogs: Array<string> = []
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.message())
        void dialog.dismiss()
      })
      return { page, dialogs, close: () => context.close() }
    }

    /** Draws the page again, standing at `anchor`, as a person coming back to sign would look. */
    const reloadAt = async (page: Page, anchor: string) => {
      await page.reload()
      await page.locator(anchor).scrollIntoViewIfNeeded()
    }

    /** Opens the guest's link from the sandbox outbox, as a click in their mail would. */
    const openLink = async (page: Page, guest: Guest) => {
      await page.goto(guest.link)
      await page.waitForURL(`${service.url}/contracts/${guest.drafted.id}`)
      expect(page.url()).not.toContain("t=")
    }

    for (const javaScript of [true, false]) {
      const viewport = javaScript ? "desktop" : "phone"
      it(
        `runs the whole flow from the mail to the certificate, JavaScript ${javaScript ? "on" : "off"} (${viewport}), and leaves what the API leaves`,
        async () => {
          const shots = (name: string) => `${viewport}-${name}`
          const viaPage = await sentToGuest(service.url)
          const viaApi = await sentToGuest(service.url)
          const { page, dialogs, close } = await pageFor({ javaScript, viewport })
          const check = async (step: string) => {
            await expectAccessible(page, step)
            await screenshot(page, shots(step))
          }
          const drafter = drafterSide(viaPage)
          await drafter.openThreeAsks()
          await openLink(page, viaPage)
          await expect.poll(() => page.getByRole("region", { name: "Waiting on you" }).textContent()).toContain("3 open asks wait for your decision.")
          await check("open-asks")
          // The redline of Acme's first change: its words inserted, nothing deleted.
          expect(await page.getByRole("article", { name: /^Clause 3:/ }).locator("ins").first().textContent()).toContain("(as amended by Acme)")
          await guestFlow(viaPage, pageHand(page, check), {
            agreed: async () => {
              // The clause the guest countered has a history of two moves: Acme's ask, then the guest's counter.
              await page.getByRole("link", { name: /^Clause 4: history/ }).click()
              await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Clause 4")
              expect(await page.getByRole("region", { name: /^History/ }).locator("li").count()).toBe(2)
              await check("clause-history")
              await page.getByRole("link", { name: "Back to the contract" }).click()
              await drafter.acceptEverythingOpen()
              await reloadAt(page, "#sign-h")
              await check("agreed")
            }
          })
          await drafter.sign()
          await reloadAt(page, "#sign-h")
          const certificate = page.getByRole("link", { name: "Download the signed certificate" })
          expect(await page.locator("pre.recipe").textContent()).toContain("openssl")
          await check("executed")
          // The signed URL names PUBLIC_URL, which the test service leaves at its default host.
          const signed = new URL((await certificate.getAttribute("href"))!)
          const document = await page.request.get(`${service.url}${signed.pathname}${signed.search}`)
          expect(document.status()).toBe(200)
          expect((await document.json()).contract.id).toBe(viaPage.drafted.id)
          expect(dialogs).toEqual([])
          await close()

          // The same flow through the API leaves the same letters, events, signatures and certificate.
          const mirror = drafterSide(viaApi)
          await mirror.openThreeAsks()
          await guestFlow(viaApi, apiHand(service.url, viaApi.drafted.id, viaApi.token), { agreed: mirror.acceptEverythingOpen })
          await mirror.sign()
          const [byPage, byApi] = await Promise.all([outcome(service.url, viaPage), outcome(service.url, viaApi)])
          expect(byPage.state).toBe("executed")
          expect(byPage).toEqual(byApi)
        },
        90_000
      )
    }

    it("can be used with the keyboard alone, in reading order", async () => {
      const guest = await sentToGuest(service.url)
      await drafterSide(guest).openThreeAsks()
      const { page, close } = await pageFor({ javaScript: false, viewport: "desktop" })
      await openLink(page, guest)
      expect(await tabTo(page, (f) => f.name === "Skip to the contract", 1)).toBe(1)
      await page.keyboard.press("Enter")
      // The first Accept is clause 3's, the first ask on the page.
      await tabTo(page, (f) => f.tag === "button" && f.name === "Accept")
      await page.keyboard.press("Enter")
      await expect.poll(() => page.getByRole("status").textContent()).toContain("Your decision is staged")
      // Focus moves down the page in the order it reads: each stop is later in the document than the
      // last, until it wraps round to the top.
      const order: Array<number> = []
      for (let i = 0; i < 200; i++) {
        await page.keyboard.press("Tab")
        const at = await page.evaluate(() => {
          const document = (globalThis as any).document
          return Array.from(document.querySelectorAll("*")).indexOf(document.activeElement)
        })
        if (order.length > 0 && at <= order.at(-1)!) break
        order.push(at)
      }
      expect(order.length).toBeGreaterThan(20)
      await page.keyboard.press("Shift+Tab")
      await tabTo(page, (f) => f.tag === "button" && f.name === "Send reply")
      await page.keyboard.press("Enter")
      await expect.poll(() => page.getByRole("status").textContent()).toContain("Your reply was sent.")
      await close()
    }, 60_000)

    it("keeps the guest's staged decisions when the words move while the page is open, and says so", async () => {
      const guest = await sentToGuest(service.url)
      const { page, close } = await pageFor({ javaScript: true, viewport: "desktop" })
      await openLink(page, guest)
      // The guest proposes a change and sends it; then stages another, still unsent.
      await proposeOnPage(page, 3, "3. Shorter words for clause three.", "Clearer.")
      await page.getByRole("button", { name: "Send reply" }).click()
      await expect.poll(() => page.getByRole("status").textContent()).toContain("Your reply was sent.")
      await proposeOnPage(page, 6, "6. Shorter words for clause six.", "Clearer.")
      // Acme accepts the first change meanwhile: clause 3's words land, and the hash the page shows is stale.
      await drafterSide(guest).acceptEverythingOpen()
      await page.getByRole("button", { name: "Send reply" }).click()
      await expect.poll(() => page.getByRole("alert").textContent()).toContain("The words changed while you were reading: nothing was sent.")
      // What changed is shown: the letter that came, and clause 3's new words as a redline.
      const alert = page.getByRole("alert")
      expect(await alert.textContent()).toContain("a letter came from Ada Lovelace")
      expect(await alert.textContent()).toContain("Clause 3 now reads:")
      expect(await alert.locator("ins").first().textContent()).toContain("Shorter")
      expect(await page.getByRole("region", { name: "Your reply" }).textContent()).toContain("New words proposed: 6. Shorter words for clause six.")
      await expectAccessible(page, "words changed")
      await screenshot(page, "desktop-words-changed")
      // The page now holds the new words: the same button sends.
      await page.getByRole("button", { name: "Send reply" }).click()
      await expect.poll(() => page.getByRole("status").textContent()).toContain("Your reply was sent.")
      const last = (await guest.ada.get(`/contracts/${guest.drafted.id}/letters/latest`)).body
      expect(last.asks.map((a: { proposed: string }) => a.proposed)).toEqual(["6. Shorter words for clause six."])
      await close()
    }, 60_000)

    it("shows a removed guest a page that says the link no longer works", async () => {
      const guest = await sentToGuest(service.url)
      const { page, close } = await pageFor({ javaScript: true, viewport: "phone" })
      await openLink(page, guest)
      await removeGuest(service.url, guest)
      const answer = await page.reload()
      expect(answer?.status()).toBe(401)
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("This link no longer works")
      await expectAccessible(page, "link no longer works")
      await screenshot(page, "phone-link-dead")
      await close()
    }, 60_000)

    it("arrives from a link on another site with the token gone from the address bar and the history", async () => {
      const guest = await sentToGuest(service.url)
      // A mail client on another site (localhost is another site than 127.0.0.1) with the link in it.
      const mail: Server = createServer((_, response) => {
        response.writeHead(200, { "content-type": "text/html" })
        response.end(`<!doctype html><title>Mail</title><a href="${guest.link}">Open the contract</a>`)
      })
      await new Promise<void>((resolve) => mail.listen(0, "127.0.0.1", resolve))
      const { page, close } = await pageFor({ javaScript: true, viewport: "desktop" })
      await page.goto(`http://localhost:${(mail.address() as AddressInfo).port}/`)
      await page.getByRole("link", { name: "Open the contract" }).click()
      await page.waitForURL(`${service.url}/contracts/${guest.drafted.id}`)
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Mutual Non-Disclosure Agreement")
      await page.goBack()
      expect(page.url()).not.toContain("t=")
      await close()
      mail.close()
    }, 60_000)

    it("runs nothing the other side wrote: scripts in clause text, a why, a note and a name stay text", async () => {
      const hostile = "<script>alert('clause')</script><img src=x onerror=\"alert('img')\"><a href=\"javascript:alert('link')\">click me</a>"
      const guest = await sentToGuest(service.url, { name: `Gail <b onmouseover=alert(1)>`, note: `Note ${hostile}` })
      const { ada, drafted, clauses } = guest
      const sheet = await ada.sheet(drafted.id)
      expect(
        (await ada.stage(drafted.id, sheet.words_hash, { block_id: clauses[2].id, type: "counter", text: `Words ${hostile}`, why: `Why ${hostile}` })).status
      ).toBe(201)
      expect((await ada.commit(drafted.id, sheet.words_hash, { confirmed_by: ada.person, note: `Letter ${hostile}` })).status).toBe(200)
      const { page, dialogs, close } = await pageFor({ javaScript: true, viewport: "desktop" })
      await openLink(page, guest)
      const card = page.getByRole("article", { name: /^Clause 4:/ })
      expect(await card.locator("ins").first().textContent()).toContain("<script>alert('clause')</script>")
      expect(await page.locator("blockquote.note").last().textContent()).toBe(`Letter ${hostile}`)
      expect(await page.locator("script").count()).toBe(0)
      expect(await page.locator("main a[href^='javascript:']").count()).toBe(0)
      await card.getByText("Why", { exact: false }).first().hover()
      await page.getByText("Gail <b onmouseover=alert(1)>", { exact: false }).first().hover()
      await expectAccessible(page, "hostile text")
      expect(dialogs).toEqual([])
      await close()
    }, 60_000)

    it("ignores a form another site posts, and commits a double-clicked send once", async () => {
      const guest = await sentToGuest(service.url)
      const { page, close } = await pageFor({ javaScript: true, viewport: "desktop" })
      await openLink(page, guest)
      const attacker: Server = createServer((_, response) => {
        response.writeHead(200, { "content-type": "text/html" })
        response.end(
          `<!doctype html><title>Win</title><form method="post" action="${service.url}/contracts/${guest.drafted.id}/page/commit"><input name="note" value="forged"><button>Win a prize</button></form>`
        )
      })
      await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve))
      const other = await page.context().newPage()
      await other.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/`)
      await other.getByRole("button", { name: "Win a prize" }).click()
      await other.waitForLoadState()
      expect(await other.textContent("h1")).toBe("This link no longer works")
      await expectAccessible(other, "another site's post")
      attacker.close()
      await proposeOnPage(page, 3, "3. Words sent once.", "Once.")
      await page.getByRole("button", { name: "Send reply" }).dblclick()
      await expect.poll(() => page.getByRole("status").textContent()).toContain("Your reply was sent.")
      const letters = (await guest.ada.get(`/contracts/${guest.drafted.id}/letters`)).body.data
      expect(letters.map((l: { note: string | null }) => l.note)).toEqual([null, null])
      expect(letters.filter((l: { asks: ReadonlyArray<unknown> }) => l.asks.length === 1)).toHaveLength(1)
      await close()
    }, 60_000)
  })
}
