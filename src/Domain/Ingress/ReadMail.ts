import { listAttachments } from "./Attachments.js"
import { cleanLine, cleanText, cut, stringOr } from "./Clean.js"
import { contractIdsIn } from "./ContractReference.js"
import type { ForwardedMessage } from "./ForwardedHeaders.js"
import { readMailbox } from "./Addresses.js"
import { noteOf } from "./Note.js"
import { stripSubject } from "./Subject.js"
import { readThread } from "./Thread.js"

export type { ForwardedMessage } from "./ForwardedHeaders.js"

export interface ReceivedMail {
  readonly from: { readonly address: string; readonly name: string } | null
  readonly subject: string
  readonly date: string | null
  readonly messageId: string | null
  readonly inReplyTo: string | null
  readonly references: ReadonlyArray<string>
  readonly text: string
  readonly attachments: ReadonlyArray<{ readonly filename: string | null; readonly contentType: string; readonly size: number }>
}

export interface MailReading {
  readonly sender: { readonly address: string; readonly name: string | null } | null
  readonly subject: string
  readonly forwarded: ReadonlyArray<ForwardedMessage>
  readonly contractIds: ReadonlyArray<string>
  readonly attachments: ReadonlyArray<
    { readonly index: number; readonly filename: string; readonly contentType: string; readonly size: number; readonly importable: boolean }
  >
  readonly note: string | null
}

const senderOf = (from: ReceivedMail["from"]): MailReading["sender"] => {
  const mailbox = readMailbox(cleanLine(stringOr(from?.address), 320))
  if (mailbox === null) return null
  const name = cleanLine(stringOr(from?.name), 200)
  return { address: mailbox.address, name: name === "" ? mailbox.name : name }
}

// References are the thread's ancestry as the replying client kept it; a hostile list is read only so far.
const referencesOf = (mail: ReceivedMail): ReadonlyArray<string> =>
  (Array.isArray(mail.references) ? mail.references.slice(0, 500) : []).map((reference) => cut(stringOr(reference), 1000))

/** What the service learns from a mail forwarded to an org's ingress address: a pure reading of the parsed message. */
export const readMail = (mail: ReceivedMail): MailReading => {
  const text = cleanText(stringOr(mail.text))
  const thread = readThread(text)
  const subject = cut(stringOr(mail.subject), 10_000)
  return {
    sender: senderOf(mail.from),
    subject: stripSubject(subject),
    forwarded: thread.forwarded,
    contractIds: contractIdsIn([cut(stringOr(mail.inReplyTo), 1000), ...referencesOf(mail), subject, text]),
    attachments: listAttachments(Array.isArray(mail.attachments) ? mail.attachments : []),
    note: noteOf(thread)
  }
}
