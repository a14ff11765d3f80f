// What `npm start` and `npm run dev` print about the local Supabase stack: where its parts listen
// and the seed's demo logins, in one place so the two commands cannot drift apart.

/** @param {{ api: string | number, mailbox: string | number, graph: string | number }} ports */
export function localStackBanner(ports) {
  return `  Supabase  http://127.0.0.1:${ports.api}   (npm run status -w @siyakha/local-supabase for keys)
  Mailbox   http://127.0.0.1:${ports.mailbox}   (every email the stack sends; mail to support@siyakha.example comes back in as a reply)
  WhatsApp  http://127.0.0.1:${ports.graph}   (the Cloud API stand-in: what agents send; POST /_local/inbound plays a client)

  Demo logins (password Password123!):
    admin@siyakha.example        provider admin
    agent@siyakha.example        helpdesk agent
    owner@acme-clinic.example    company admin, Acme Clinic
    staff@acme-clinic.example    member, Acme Clinic
    thabo@example.co.za          customer

  Two-factor sign-in: sign in as a staff login above, open Security in the portal's menu, and scan the
  QR code with any authenticator app (or paste its key); sign out and in again to be asked for a code.
  The demo logins themselves stay without it.
`
}
