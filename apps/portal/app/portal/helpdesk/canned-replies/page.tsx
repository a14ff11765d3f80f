import { cannedRepliesQuery } from '@siyakha/supabase/queries'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { requireUser, serverSupabase, staffPageAccess } from '@/lib/session'
import { AccessDenied } from '../../access-denied'
import { AddCannedReplyForm, RemoveCannedReplyButton } from './forms'

export const metadata: Metadata = { title: 'Canned replies' }

/** The answers agents share, inserted from a ticket's reply box with the placeholders filled in. */
export default async function CannedRepliesPage() {
  await requireUser('/portal/helpdesk/canned-replies')
  if (!(await staffPageAccess('/portal/helpdesk/canned-replies'))) return <AccessDenied />
  const { data: replies } = await cannedRepliesQuery(await serverSupabase())
  return (
    <Container width="3xl" className="space-y-8 py-10">
      <div>
        <Link href="/portal/helpdesk" className="text-sm text-brand-700 underline underline-offset-2">
          Helpdesk
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">Canned replies</h1>
        <p className="mt-1 text-slate-700">
          Shared with every agent. Insert one from a ticket&apos;s reply box: the placeholders are filled in
          there, so you read the final words before sending.
        </p>
      </div>
      {replies.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          No canned replies yet.
        </p>
      ) : (
        <ul className="space-y-3">
          {replies.map((reply) => (
            <li key={reply.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-3">
                <h2 className="font-semibold text-brand-900">{reply.title}</h2>
                <RemoveCannedReplyButton id={reply.id} title={reply.title} />
              </div>
              <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{reply.body}</p>
            </li>
          ))}
        </ul>
      )}
      <section
        aria-labelledby="add-canned-title"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="add-canned-title" className="text-lg font-bold text-brand-900">
          Add a canned reply
        </h2>
        <div className="mt-4">
          <AddCannedReplyForm />
        </div>
      </section>
    </Container>
  )
}
