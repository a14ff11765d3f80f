import { PRIORITY_LABELS, STAFF_STATUS_LABELS, TICKET_PRIORITIES } from '@siyakha/schemas/helpdesk'
import {
  CHANNEL_LABELS,
  HELPDESK_SEARCH_MAX,
  type QueueFilters,
  TICKET_CHANNELS,
} from '@siyakha/schemas/helpdesk-queue'
import { TICKET_STATUSES } from '@siyakha/schemas/ticket'
import { buttonClasses } from '@siyakha/ui/button'
import { InputField, SelectField } from '@siyakha/ui/field'

export interface StaffChoice {
  id: string
  name: string
}

export interface CompanyChoice {
  id: string
  name: string
}

/**
 * The queue's filters: a plain GET form, so they live in the URL (share it, bookmark it, save it
 * as a view) and work before (or without) JavaScript. The sort rides along unchanged.
 */
export function QueueFiltersForm({
  filters,
  staff,
  companies,
}: {
  filters: QueueFilters
  staff: readonly StaffChoice[]
  companies: readonly CompanyChoice[]
}) {
  return (
    <search aria-label="Filter tickets">
      <form
        action="/portal/helpdesk"
        method="get"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-[repeat(5,minmax(0,1fr))_auto]"
      >
        <InputField
          id="queue-search"
          label="Search"
          name="q"
          type="search"
          placeholder="Reference, summary, requester or message"
          aria-keyshortcuts="/"
          maxLength={HELPDESK_SEARCH_MAX}
          defaultValue={filters.q}
          className="sm:col-span-2 lg:col-span-4 xl:col-span-5"
        />
        <SelectField id="queue-status" label="Status" name="status" defaultValue={filters.status}>
          <option value="active">All open work</option>
          {TICKET_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STAFF_STATUS_LABELS[status]}
            </option>
          ))}
          <option value="all">All tickets</option>
        </SelectField>
        <SelectField
          id="queue-priority"
          label="Priority"
          name="priority"
          defaultValue={filters.priority ?? ''}
        >
          <option value="">Any priority</option>
          {TICKET_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {PRIORITY_LABELS[priority]}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="queue-assignee"
          label="Assignee"
          name="assignee"
          defaultValue={filters.assignee ?? ''}
        >
          <option value="">Anyone</option>
          <option value="mine">Assigned to me</option>
          <option value="none">Unassigned</option>
          {staff.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </SelectField>
        <SelectField id="queue-company" label="Company" name="company" defaultValue={filters.company ?? ''}>
          <option value="">Any company</option>
          {companies.map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </SelectField>
        <SelectField id="queue-channel" label="Channel" name="channel" defaultValue={filters.channel ?? ''}>
          <option value="">Any channel</option>
          {TICKET_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {CHANNEL_LABELS[channel]}
            </option>
          ))}
        </SelectField>
        <div className="flex items-end gap-4 sm:col-span-2 lg:col-span-3 xl:col-span-1 xl:flex-col xl:items-stretch xl:gap-2">
          <label className="flex h-11 items-center gap-2 text-sm font-semibold whitespace-nowrap text-brand-900">
            <input
              type="checkbox"
              name="breached"
              value="1"
              defaultChecked={filters.breached}
              className="size-4"
            />
            SLA breached
          </label>
          {filters.sort !== 'created' ? <input type="hidden" name="sort" value={filters.sort} /> : null}
          <input type="hidden" name="dir" value={filters.dir} />
          <button type="submit" className={buttonClasses()}>
            Apply filters
          </button>
        </div>
      </form>
    </search>
  )
}
