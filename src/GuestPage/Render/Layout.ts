import { type Html, html } from "../Html.js"

/** A whole page: one stylesheet of our own, no script, the skip link first in the focus order. */
export const layout = (title: string, body: Html, head: Html | null = null) =>
  html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<link rel="stylesheet" href="/guest/page.css">
${head}
</head>
<body>
<a class="skip" href="#main">Skip to the contract</a>
<header class="banner"><p>Contract negotiation</p></header>
<main id="main" tabindex="-1">
${body}
</main>
<footer class="footer"><p>This page is for you alone: it holds your seat on this contract. Do not forward it.</p></footer>
</body>
</html>`

/** The page for a link that does not (or no longer) work: what happened and what to do, never an error dump. */
export const linkDead = (reason: "unknown" | "missing") =>
  layout(
    "This link no longer works",
    html`<h1>This link no longer works</h1>
<p>${
      reason === "missing"
        ? "This page opens from the link in the email you were sent. Open that link again to continue."
        : "The link you followed is unknown, has expired, or was withdrawn (for instance because you were removed from the contract)."
    }</p>
<p>Ask the person who sent you the contract to invite you again: a new email with a fresh link will reach you.</p>`
  )

/** Seen for an instant on the first visit: the token leaves the address bar, and the cookie rides on a same-site request. */
export const opening = (target: string) =>
  layout(
    "Opening the contract",
    html`<h1>Opening the contract…</h1><p><a href="${target}">Continue to the contract</a></p>`,
    html`<meta http-equiv="refresh" content="0; url=${target}">`
  )
