import { ADMIN_LOG_PAGE, ADMIN_LOG_TABLES, adminLogFilterSchema, changedFields } from '@siyakha/schemas/admin'
import { adminLogActorsQuery, adminLogQuery } from '@siyakha/supabase/admin'
import { Button } from '@siyakha/ui/button'
import { Container } from '@siyakha/ui/container'
import { SelectField } from '@siyakha/ui/field'
import { Link } from '@siyakha/ui/link'
import type { Metadata } from 'next'
import { formatDateTime } from '@/lib/format'
import { adminPageAccess, requireUser, serverSupabase } from '@/lib/session'
import { AccessDenied } from '../../../access-denied'

export const metadata: Metadata = { title: 'Admin log' }

const show = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '—'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > 160 ? `${text.slice(0, 160)}…` : text
}

const ACTIONS: Record<string, string> = { insert: 'added', update: 'changed', delete: 'removed' }

/**
 * Every admin change, newest first: who, when, which row, and the fields that changed (before →
 * after). Filtered by table and by person with a plain GET form; the next page starts below the
 * last entry's id (keyset), so paging stays cheap however long the log grows.
 */
export default async function AdminLogPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  await requireUser('/portal/helpdesk/admin/log')
  if (!(await adminPageAccess('/portal/helpdesk/admin/log')))
    return <AccessDenied backHref="/portal/helpdesk" backLabel="Back to the helpdesk" />
  const raw = await searchParams
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)
  const filter = adminLogFilterSchema.parse({
    table: first(raw.table),
    actor: first(raw.actor),
    before: first(raw.before),
  })
  const supabase = await serverSupabase()
  const [entries, actors] = await Promise.all([
    adminLogQuery(supabase, filter, ADMIN_LOG_PAGE),
    adminLogActorsQuery(supabase),
  ])
  const last = entries.at(-1)
  const next = new URLSearchParams()
  if (filter.table) next.set('table', filter.table)
  if (filter.actor) next.set('actor', filter.actor)
  if (last) next.set('before', String(last.id))
  return (
    <Container width="6xl" className="space-y-6 py-10">
      <div>
        <Link href="/portal/helpdesk/admin" className="text-sm text-brand-700 underline underline-offset-2">
          Admin
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-brand-900">Admin log</h1>
      </div>
      <form method="get" aria-label="Filter the log" className="flex flex-wrap items-end gap-3">
        <SelectField label="What" name="table" defaultValue={filter.table ?? ''}>
          <option value="">Everything</option>
          {ADMIN_LOG_TABLES.map((table) => (
            <option key={table} value={table}>
              {table.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
        <SelectField label="By" name="actor" defaultValue={filter.actor ?? ''}>
          <option value="">Anyone</option>
          {actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" size="sm" variant="outline">
          Show
        </Button>
      </form>
      {entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          Nothing logged{filter.before ? ' before these' : ''}.
        </p>
      ) : (
        <ol
          aria-label="Admin changes"
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          {entries.map((entry) => {
            const changes = changedFields(entry.before, entry.after)
            return (
              <li key={entry.id} className="space-y-1 p-4 text-sm">
                <p>
                  <span className="font-semibold text-brand-900">{entry.actorName}</span>{' '}
                  {ACTIONS[entry.action] ?? entry.action}{' '}
                  <span className="font-medium">{entry.tableName.replaceAll('_', ' ')}</span>{' '}
                  <span className="font-mono text-xs text-slate-600">{entry.rowKey}</span>{' '}
                  <time dateTime={entry.createdAt} className="text-slate-600">
                    {formatDateTime(entry.createdAt)}
                  </time>
                </p>
                {changes.length > 0 ? (
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-slate-700">
                    {changes.map((change) => (
                      <div key={change.field} className="contents">
                        <dt className="font-mono text-xs">{change.field}</dt>
                        <dd className="break-words">
                          {entry.action === 'insert'
                            ? show(change.after)
                            : entry.action === 'delete'
                              ? show(change.before)
                              : `${show(change.before)} → ${show(change.after)}`}
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </li>
            )
          })}
        </ol>
      )}
      {entries.length === ADMIN_LOG_PAGE ? (
        <Link
          href={`/portal/helpdesk/admin/log?${next.toString()}`}
          className="text-brand-700 underline underline-offset-2"
        >
          Older changes
        </Link>
      ) : null}
    </Container>
  )
}
