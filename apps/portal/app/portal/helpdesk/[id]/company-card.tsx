import { companyCardQuery } from '@siyakha/supabase/admin'
import { serverSupabase } from '@/lib/session'

/**
 * What the agent needs to know about the ticket's company before answering or going on site
 * (issue 46, part 3): the provider's notes, the sites with their addresses and notes, and the
 * account manager. A failed read leaves the card out; the ticket still works.
 */
export async function CompanyCard({ companyId }: { companyId: string }) {
  const company = await companyCardQuery(await serverSupabase(), companyId)
  if (!company) return null
  const empty = !company.notes && company.sites.length === 0 && !company.accountManager
  return (
    <section
      aria-labelledby="company-card-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="company-card-title" className="font-bold text-brand-900">
        {company.name}
      </h2>
      <div className="mt-3 space-y-3 text-sm">
        {company.accountManager ? (
          <p>
            <span className="font-semibold text-slate-700">Account manager:</span> {company.accountManager}
          </p>
        ) : null}
        {company.notes ? (
          <div>
            <h3 className="font-semibold text-slate-700">Notes</h3>
            <p className="whitespace-pre-line text-slate-800">{company.notes}</p>
          </div>
        ) : null}
        {company.sites.length > 0 ? (
          <div>
            <h3 className="font-semibold text-slate-700">Sites</h3>
            <ul className="mt-1 space-y-2">
              {company.sites.map((site) => (
                <li key={site.id}>
                  <p className="font-medium text-brand-900">{site.name}</p>
                  {site.address ? <p className="text-slate-700">{site.address}</p> : null}
                  {site.notes ? <p className="text-slate-600">{site.notes}</p> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {empty ? <p className="text-slate-600">No notes or sites for this company yet.</p> : null}
      </div>
    </section>
  )
}
