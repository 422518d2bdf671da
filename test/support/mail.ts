import nodemailer from "nodemailer"

/** A real SMTP client (nodemailer) delivering to the ingress listener on 127.0.0.1, plain, as an MX is reached. */
export const mailer = (port: number) => nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true })

/** A thread forwarded as Gmail writes one: the forwarder's line, then the quoted message with its header block. */
export const forwardedThread = (original: { from: string; name: string; date: string; subject: string; body: string }, note = "Please file this.") =>
  [
    note,
    "",
    "---------- Forwarded message ---------",
    `From: ${original.name} <${original.from}>`,
    `Date: ${original.date}`,
    `Subject: ${original.subject}`,
    "To: Ada Lovelace <ada@acme.test>",
    "",
    original.body
  ].join("\n")
