import nodemailer from 'nodemailer'

export interface OutgoingMail {
  to: string
  subject: string
  html: string
  text: string
}

export interface MailSender {
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

/** Real SMTP, to the local mailbox by default or to `[auth.email.smtp]` when configured. */
export function createMailSender(options: {
  host: string
  port: number
  user?: string
  pass?: string
  from: string
}): MailSender {
  const transport = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: false,
    ignoreTLS: options.host === '127.0.0.1' || options.host === 'localhost',
    auth: options.user ? { user: options.user, pass: options.pass ?? '' } : undefined,
  })
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail })
    },
    close: () => transport.close(),
  }
}
