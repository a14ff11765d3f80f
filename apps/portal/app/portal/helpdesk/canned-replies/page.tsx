import { CANNED_SCOPE_LABELS, type CannedScope } from '@siyakha/schemas/helpdesk'
import { cannedRepliesQuery } from '@siyakha/supabase/queries'
import { Container } from '@siyakha/ui/container'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { isProviderAdmin, requireUser, serverSupabase, staffPageAccess } from '@/lib/session'
import { AccessDenied } from '../../access-denied'
import { AddCannedReplyForm, EditCannedReplyForm, RemoveCannedReplyButton } from './forms'

export const metadata: Metadata = { title: 'Canned replies' }

const PATH = '/portal/helpdesk/canned-replies'
const SHOWS = [
  ['all', 'All'],
  ['team', 'Team'],
  ['personal', 'Personal'],
] as const
type Show = (typeof SHOWS)[number][0]

/**
 * The answers agents insert from a ticket's reply box, with the placeholders filled in: the team's
 * and the agent's own. Filtered by who sees them and by words in the title or text (a GET form, so
 * the filter is a link to share and works without JavaScript); each reply edits in place.
 */
export default async function CannedRepliesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const user = await requireUser(PATH)
  if (!(await staffPageAccess(PATH))) return <AccessDenied />
  const params = await searchParams
  const show: Show = SHOWS.find(([value]) => value === params.show)?.[0] ?? 'all'
  const words = (typeof params.q === 'string' ? params.q : '').trim().slice(0, 100)
  const [{ data: replies }, admin] = await Promise.all([
    cannedRepliesQuery(await serverSupabase()),
    isProviderAdmin(),
  ])
  const needle = words.toLowerCase()
  const shown = replies.filter(
    (reply) =>
      (show === 'all' || reply.scope === show) &&
      (needle === '' || `${reply.title}\n${reply.body}`.toLowerCase().includes(needle)),
  )
  const href = (next: Show) => {
    const query = new URLSearchParams()
    if (next !== 'all') query.set('show', next)
    if (words) query.set('q', words)
    const text = query.toString()
    return text ? `${PATH}?${text}` : PATH
  }
  return (
    <Container width="3xl" className="space-y-8 py-10">
      <div>
        <Link href="/portal/helpdesk" className="text-sm text-brand-700 underline underline-offset-2">
          Helpdesk
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">Canned replies</h1>
        <p className="mt-1 text-slate-700">
          Team replies are every agent&apos;s; personal ones only you see. Insert one from a ticket&apos;s
          reply box: the placeholders are filled in there, so you read the final words before sending.
        </p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <nav aria-label="Show replies" className="flex gap-2">
          {SHOWS.map(([value, label]) => (
            <Link
              key={value}
              href={href(value)}
              aria-current={value === show ? 'page' : undefined}
              className={`rounded-full border px-3 py-1 text-sm ${
                value === show
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-brand-800'
              }`}
            >
              {label}
            </Link>
          ))}
        </nav>
        <search>
          <form method="get" action={PATH} className="flex items-end gap-2">
            {show !== 'all' ? <input type="hidden" name="show" value={show} /> : null}
            <label className="text-sm font-semibold text-brand-900">
              Find
              <input
                type="search"
                name="q"
                defaultValue={words}
                maxLength={100}
                className="field-control mt-1 h-9 w-56 font-normal"
              />
            </label>
            <button type="submit" className="h-9 rounded-md border border-slate-300 bg-white px-3 text-sm">
              Filter
            </button>
          </form>
        </search>
      </div>
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          {replies.length === 0 ? 'No canned replies yet.' : 'No canned replies match.'}
        </p>
      ) : (
        <ul className="space-y-3">
          {shown.map((reply) => {
            const scope = (reply.scope === 'personal' ? 'personal' : 'team') as CannedScope
            const mine = reply.created_by === user.id
            const editable = mine || (scope === 'team' && admin)
            return (
              <li key={reply.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <h2 className="font-semibold text-brand-900">
                    {reply.title}{' '}
                    <span
                      className={`ml-1 rounded-full px-2 py-0.5 align-middle text-xs font-medium ${
                        scope === 'personal' ? 'bg-amber-100 text-amber-900' : 'bg-sky-100 text-sky-900'
                      }`}
                    >
                      {CANNED_SCOPE_LABELS[scope]}
                    </span>
                  </h2>
                  {editable ? <RemoveCannedReplyButton id={reply.id} title={reply.title} /> : null}
                </div>
                <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{reply.body}</p>
                {editable ? (
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sm font-semibold text-brand-700">
                      Edit<span className="sr-only"> {reply.title}</span>
                    </summary>
                    <EditCannedReplyForm
                      reply={{ id: reply.id, title: reply.title, body: reply.body, scope }}
                    />
                  </details>
                ) : null}
              </li>
            )
          })}
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
