import { Link } from '@siyakha/ui/link'
import { RemoveViewButton, SaveViewForm } from './saved-view-forms'

export interface SavedViewRow {
  id: string
  name: string
  query: string
}

/** The agent's saved views as links (the current one marked), and saving the view on screen. */
export function SavedViews({
  views,
  currentQuery,
}: {
  views: readonly SavedViewRow[]
  currentQuery: string
}) {
  return (
    <nav aria-label="Saved views" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-semibold text-brand-900">Views:</span>
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          <Link
            href="/portal/helpdesk"
            aria-current={currentQuery === '' ? 'page' : undefined}
            className="rounded-full border border-slate-300 bg-white px-3 py-1 aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold"
          >
            All open work
          </Link>
        </li>
        {views.map((view) => (
          <li key={view.id} className="flex items-center">
            <Link
              href={view.query ? `/portal/helpdesk?${view.query}` : '/portal/helpdesk'}
              aria-current={view.query === currentQuery ? 'page' : undefined}
              className="rounded-l-full border border-slate-300 bg-white px-3 py-1 aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold"
            >
              {view.name}
            </Link>
            <RemoveViewButton id={view.id} name={view.name} />
          </li>
        ))}
      </ul>
      <SaveViewForm query={currentQuery} />
    </nav>
  )
}
