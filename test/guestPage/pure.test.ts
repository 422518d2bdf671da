import { describe, expect, it } from "@effect/vitest"
import { escapeText, html, Html } from "../../src/GuestPage/Html.js"
import { redline } from "../../src/GuestPage/Redline.js"
import { formToken, formTokenFits, sessionCookie, tokenOf, wantsPage } from "../../src/GuestPage/Session.js"

const apply = (runs: ReturnType<typeof redline>, side: "standing" | "proposed") =>
  runs.filter((r) => r.kind === "same" || r.kind === (side === "standing" ? "deleted" : "inserted")).map((r) => r.text).join("")

describe("the redline", () => {
  it("marks the words that changed, and only those", () => {
    const runs = redline("The Recipient shall keep it secret for two years.", "The Recipient shall keep it strictly secret for three years.")
    expect(runs).toEqual([
      { kind: "same", text: "The Recipient shall keep it " },
      { kind: "inserted", text: "strictly " },
      { kind: "same", text: "secret for " },
      { kind: "deleted", text: "two" },
      { kind: "inserted", text: "three" },
      { kind: "same", text: " years." }
    ])
  })

  it("keeps a word that new words follow: only what was added is marked", () => {
    expect(redline("software and know-how.", "software and know-how. (as amended by Acme)")).toEqual([
      { kind: "same", text: "software and know-how." },
      { kind: "inserted", text: " (as amended by Acme)" }
    ])
  })

  it("reads a rewrite as one deletion and one insertion, not word by word around shared spaces", () => {
    expect(redline("1. Confidential means secret.", "3. Shorter words here.")).toEqual([
      { kind: "deleted", text: "1. Confidential means secret." },
      { kind: "inserted", text: "3. Shorter words here." }
    ])
  })

  it("always rebuilds both texts exactly, whatever they hold", () => {
    const samples = ["", " ", "a", "a  b\n\nc", "<script>alert(1)</script> x", "\u0000\ud800 lone", "word ".repeat(300), "x".repeat(5000)]
    for (const a of samples) {
      for (const b of samples) {
        const runs = redline(a, b)
        expect(apply(runs, "standing")).toBe(a)
        expect(apply(runs, "proposed")).toBe(b)
      }
    }
  })

  it("bounds its cost: a huge rewrite shows as one deletion and one insertion", () => {
    const a = Array.from({ length: 4000 }, (_, i) => `a${i}`).join(" ")
    const b = Array.from({ length: 4000 }, (_, i) => `b${i}`).join(" ")
    const runs = redline(`Same start. ${a} same end.`, `Same start. ${b} same end.`)
    expect(runs.map((r) => r.kind)).toEqual(["same", "deleted", "inserted", "same"])
  })
})

describe("escaping by default", () => {
  it("renders every value as text unless it is Html the module built", () => {
    const hostile = "<script>alert(1)</script><a href=\"javascript:x\" onclick='y'>&amp;"
    const out = html`<p title="${hostile}">${hostile}${html`<b>kept</b>`}</p>`.text
    expect(out).toBe(
      "<p title=\"&lt;script&gt;alert(1)&lt;/script&gt;&lt;a href=&quot;javascript:x&quot; onclick=&#39;y&#39;&gt;&amp;amp;\">&lt;script&gt;alert(1)&lt;/script&gt;&lt;a href=&quot;javascript:x&quot; onclick=&#39;y&#39;&gt;&amp;amp;<b>kept</b></p>"
    )
  })

  it("replaces NUL, other controls and lone surrogates, keeps tabs and line breaks", () => {
    expect(escapeText("a\u0000b\u0007c\td\ne\ud800f")).toBe("a\ufffdb\ufffdc\td\ne\ufffdf")
  })

  it("renders nothing for false, null and undefined, and joins arrays", () => {
    expect(html`${false}${null}${undefined}${["<", html`<i>`]}`.text).toBe("&lt;<i>")
    expect(Html.empty.text).toBe("")
  })
})

describe("the guest's session", () => {
  it("asks for a page only when a browser ranks HTML above JSON", () => {
    expect(wantsPage("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")).toBe(true)
    expect(wantsPage("text/html")).toBe(true)
    for (const apiAccept of [undefined, "", "*/*", "application/json", "application/json, text/html", "text/html;q=0.5, application/json", "text/html;q=0"]) {
      expect(wantsPage(apiAccept)).toBe(false)
    }
  })

  it("scopes the cookie to one contract, HttpOnly and SameSite=Strict, Secure on https", () => {
    expect(sessionCookie("con_1", "gtk_abc", false)).toBe("cns_guest=gtk_abc; Path=/contracts/con_1; HttpOnly; SameSite=Strict")
    expect(sessionCookie("con_1", "gtk_abc", true)).toContain("; Secure")
    expect(tokenOf("a=b; cns_guest=gtk_abc; c=d")).toBe("gtk_abc")
    expect(tokenOf("cns_guest=sk_live_x")).toBeNull()
    expect(tokenOf(undefined)).toBeNull()
  })

  it("fits a form token only to its own session and contract", () => {
    const token = formToken("gtk_abc", "con_1")
    expect(formTokenFits("gtk_abc", "con_1", token)).toBe(true)
    expect(formTokenFits("gtk_abd", "con_1", token)).toBe(false)
    expect(formTokenFits("gtk_abc", "con_2", token)).toBe(false)
    expect(formTokenFits("gtk_abc", "con_1", null)).toBe(false)
    expect(formTokenFits("gtk_abc", "con_1", "")).toBe(false)
  })
})
