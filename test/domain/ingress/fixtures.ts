import type { ReceivedMail } from "../../../src/Domain/Ingress/ReadMail.js"

export const conA = "con_A1b2C3d4E5f6G7h8I9j0"
export const conB = "con_Zz9Yy8Xx7Ww6Vv5Uu4Tt"
export const conC = "con_0000000000aaaaaaaaaa"
export const conD = "con_QqRrSsTtUuVvWwXxYyZz"

/** A mail as the shell hands it over, forwarded by Ada unless a test says otherwise. */
export const mail = (fields: Partial<ReceivedMail> = {}): ReceivedMail => ({
  from: { address: "Ada@Acme.test", name: "Ada Acme" },
  subject: "Fwd: Mutual NDA",
  date: "2026-11-16T11:00:00.000Z",
  messageId: "<CAF=ada-1@mail.acme.test>",
  inReplyTo: null,
  references: [],
  text: "",
  attachments: [],
  ...fields
})

const crlf = (text: string) => text.replace(/\n/g, "\r\n")

/** Gmail, plain text: a forward of Bea's reply, which quotes Ada's first mail. */
export const gmailForwardOfReply = `Please import this one, the signed copy is attached.

Ada

---------- Forwarded message ---------
From: Bea Beta <bea@beta.test>
Date: Mon, 16 Nov 2026 at 10:12
Subject: Re: Mutual NDA
To: Ada Acme <ada@acme.test>
Cc: Carl Counsel <carl@beta.test>


Hi Ada,

We are happy with the NDA as drafted, apart from the term in clause 7.
Could we make it three years rather than five?

Best,
Bea

On Sun, 15 Nov 2026 at 09:00, Ada Acme <ada@acme.test> wrote:

> Hi Bea,
>
> Please find our mutual NDA attached for review.
>
> Thanks,
> Ada
`

/** Outlook for Windows, plain text: "-----Original Message-----", the mailto form, Sent, CRLF line ends. */
export const outlookOriginalMessage = crlf(`FYI - their redline.

-----Original Message-----
From: Beta, Bea [mailto:Bea.Beta@Beta.test] 
Sent: Monday, November 16, 2026 10:12 AM
To: Acme, Ada <ada@acme.test>
Subject: RE: Master services agreement

Ada,

Attached is our markup of the MSA. The only open point is the liability cap.

Regards
Bea Beta | Legal | Beta Ltd
`)

/**
 * Outlook's HTML as a converter writes it: a rule, bold labels as `*From:*`, a blank line after every header line,
 * and the whole older message quoted with ">".
 */
export const outlookBoldBareBlocks = crlf(`Forwarding for the record.

________________________________

*From:* Dan Delta <dan@delta.test>

*Sent:* Tuesday, November 17, 2026 4:05 PM

*To:* Ada Acme <ada@acme.test>

*Subject:* RE: SaaS subscription


Agreed on all points, please send the final version.

Dan

> *From:* Ada Acme <ada@acme.test>
> *Sent:* Monday, November 16, 2026 9:30 AM
> *To:* Dan Delta <dan@delta.test>
> *Subject:* SaaS subscription
>
> Dan, the draft is at https://app.test/contracts/${conB}
> Ada
`)

/** Apple Mail: "Begin forwarded message:", a quoted display name with a comma, Apple's own date. */
export const appleForward = `Sent from my iPhone

Begin forwarded message:

> From: "Beta, Bea Jr." <bea@beta.test>
> Subject: Consulting agreement
> Date: 16 November 2026 at 10:12:00 GMT
> To: Ada Acme <ada@acme.test>
>
> Ada, here is the consulting agreement we discussed. Day rate as agreed.
>
> Bea
`

/** Thunderbird: Subject first, a tab after each label, an RFC 2822 date with its offset. */
export const thunderbirdForward = `Can we sign this week?

-------- Forwarded Message --------
Subject:\tStatement of work
Date:\tMon, 16 Nov 2026 10:12:00 +0100
From:\tErin Echo <erin@echo.test>
To:\tAda Acme <ada@acme.test>



Hello Ada,

The statement of work for phase two is attached.

Erin
`

/** A reply whose attribution line the client wrapped, quoting a reply in turn. */
export const wrappedReplyQuotes = `Thanks, forwarding to the ingress box.

On Mon, Nov 16, 2026 at 10:12 AM Bea Beta <
bea@beta.test> wrote:
> Countersigned, see attached.
>
> On Sun, 15 Nov 2026, at 09:00, Ada Acme <ada@acme.test> wrote:
> > Here it is for signature.
`
