-- Stale-write protection that no client can skip (issue 43, item 17).
--
-- A client said which version of a ticket its change was based on by sending tickets.version, and
-- an update that left it out kept the version it had: so a staff client that sent nothing
-- overwrote whatever a colleague had saved meanwhile. Leaving a column out of an update and
-- sending its current value look the same to a trigger, so the version a change is based on now
-- travels in a column of its own, tickets.expected_version, which is never stored (the trigger
-- reads it and clears it). A staff member's change to a ticket must carry it, or it is refused
-- (PT428, "Precondition Required"); a change based on an outdated copy is refused as before
-- (PT409). The database's own writes (triggers running as the owner, the service role) and a
-- customer's writes to their own ticket (whose moves are guarded by the status they start from)
-- are not asked for one.

alter table public.tickets add column expected_version integer check (expected_version is null);
comment on column public.tickets.expected_version is
  'Write-only: the tickets.version a change is based on. Required on every staff change (PT428 without it, PT409 when stale); never stored.';
grant update (expected_version) on public.tickets to authenticated;

create or replace function private.check_ticket_version() returns trigger
language plpgsql set search_path = ''
as $$
declare
  based_on constant integer := new.expected_version;
begin
  new.expected_version := null;
  if based_on <> old.version or new.version is distinct from old.version then
    raise exception 'This ticket was changed by someone else since you loaded it (you had version %, it is now at version %).',
      coalesce(based_on, new.version), old.version
      using errcode = 'PT409', hint = 'Reload the ticket to see its current values, then make your change again.';
  end if;
  -- Columns the database keeps for itself (activity time, copied names) do not count as a change.
  if (to_jsonb(new) - '{last_activity_at,company_name,assignee_name,updated_at,sla_due_at}'::text[])
     = (to_jsonb(old) - '{last_activity_at,company_name,assignee_name,updated_at,sla_due_at}'::text[]) then
    return new;
  end if;
  if based_on is null and current_user not in ('service_role', 'postgres', 'supabase_admin')
     and (select private.is_staff()) then
    raise exception 'A change to a ticket must say which version of the ticket it is based on.'
      using errcode = 'PT428', hint = 'Send expected_version: the version of the ticket you loaded.';
  end if;
  new.version := old.version + 1;
  new.last_activity_at := now();
  return new;
end
$$;

-- The queue's rows carry their version, so a bulk change can say what each row was based on.
drop function public.helpdesk_queue(text, public.ticket_priority, text, uuid, public.message_channel, boolean,
  text, text, boolean, text, timestamptz, uuid, boolean, integer);

-- As in …_helpdesk_workspace.sql, with each ticket's version.
create function public.helpdesk_queue(
  p_status text default 'active',
  p_priority public.ticket_priority default null,
  p_assignee text default null,
  p_company uuid default null,
  p_channel public.message_channel default null,
  p_breached boolean default false,
  p_search text default null,
  p_sort text default 'created',
  p_descending boolean default true,
  p_cursor_value text default null,
  p_cursor_created_at timestamptz default null,
  p_cursor_id uuid default null,
  p_backwards boolean default false,
  p_limit integer default 50
)
returns table (
  id uuid,
  tracking_ref text,
  summary text,
  status public.ticket_status,
  priority public.ticket_priority,
  channel public.message_channel,
  tags text[],
  requester_name text,
  company_id uuid,
  company_name text,
  assigned_to uuid,
  assignee_name text,
  created_at timestamptz,
  last_activity_at timestamptz,
  first_response_at timestamptz,
  first_response_due_at timestamptz,
  resolution_due_at timestamptz,
  sla_paused_at timestamptz,
  resolved_at timestamptz,
  sla_due_at timestamptz,
  version integer,
  sort_value text
)
language plpgsql stable set search_path = ''
as $$
declare
  sort_key text;
  sort_type text;
  conditions text[] := array['true'];
  pattern text;
  direction text;
begin
  if not (current_user in ('service_role', 'postgres', 'supabase_admin') or (select private.is_staff())) then
    raise exception 'The helpdesk queue is for staff' using errcode = '42501';
  end if;
  select k.expr, k.type into sort_key, sort_type
  from (values
    ('created', 't.created_at', 'timestamptz'),
    ('reference', 't.tracking_ref', 'text'),
    ('activity', 't.last_activity_at', 'timestamptz'),
    ('sla', 't.sla_due_at', 'timestamptz'),
    ('priority', 't.priority', 'public.ticket_priority'),
    ('status', 't.status', 'public.ticket_status'),
    ('requester', 'coalesce(t.requester_name, '''')', 'text'),
    ('company', 't.company_name', 'text'),
    ('assignee', 't.assignee_name', 'text')
  ) as k (name, expr, type)
  where k.name = p_sort;
  if sort_key is null then
    raise exception 'Unknown sort: %', p_sort using errcode = '22023';
  end if;
  if p_status is null or p_status = 'active' then
    conditions := conditions || 't.status not in (''resolved'', ''closed'')'::text;
  elsif p_status <> 'all' then
    -- Validated here rather than cast inside the query, so a bad value is the caller's error.
    perform p_status::public.ticket_status;
    conditions := conditions || 't.status = $1::public.ticket_status'::text;
  end if;
  if p_priority is not null then conditions := conditions || 't.priority = $2'::text; end if;
  if p_assignee = 'none' then
    conditions := conditions || 't.assigned_to is null'::text;
  elsif p_assignee is not null then
    perform p_assignee::uuid;
    conditions := conditions || 't.assigned_to = $3::uuid'::text;
  end if;
  if p_company is not null then conditions := conditions || 't.company_id = $4'::text; end if;
  if p_channel is not null then conditions := conditions || 't.channel = $5'::text; end if;
  if p_breached then conditions := conditions || 't.sla_due_at < now()'::text; end if;
  if nullif(btrim(p_search), '') is not null then
    pattern := '%' || replace(replace(replace(btrim(p_search), '\', '\\'), '%', '\%'), '_', '\_') || '%';
    conditions := conditions || 't.id = any (private.queue_search_ids($6))'::text;
  end if;
  -- Forwards is the sort's own direction; backwards reads the other way from the cursor.
  direction := case when p_descending <> p_backwards then 'desc' else 'asc' end;
  if p_cursor_created_at is not null and p_cursor_id is not null then
    conditions := conditions || format('(%s, t.created_at, t.id) %s ($7::%s, $8, $9)',
      sort_key, case when direction = 'desc' then '<' else '>' end, sort_type);
  end if;
  return query execute format(
    'select t.id, t.tracking_ref, t.summary, t.status, t.priority, t.channel, t.tags, t.requester_name,
            t.company_id, t.company_name, t.assigned_to, t.assignee_name, t.created_at,
            t.last_activity_at, t.first_response_at, t.first_response_due_at, t.resolution_due_at,
            t.sla_paused_at, t.resolved_at, t.sla_due_at, t.version, to_jsonb(%1$s) #>> ''{}''
     from public.tickets t
     where %2$s
     order by %1$s %3$s, t.created_at %3$s, t.id %3$s
     limit $10',
    sort_key, array_to_string(conditions, ' and '), direction)
  using p_status, p_priority, p_assignee, p_company, p_channel, pattern,
        p_cursor_value, p_cursor_created_at, p_cursor_id, least(greatest(coalesce(p_limit, 50), 1), 200);
end
$$;
revoke execute on function public.helpdesk_queue from public, anon;
grant execute on function public.helpdesk_queue to authenticated, service_role;

-- 'Apply to selected' in the queue: one change to many tickets, each carrying the version its row
-- showed. All or nothing: if any ticket changed since the list was loaded, nothing is written and
-- the refusal names every such ticket by its reference. Runs as the caller, so row-level security
-- and the ticket triggers decide as for a change to one ticket (a ticket the caller cannot read is
-- neither changed nor counted). p_tickets: [{"id": uuid, "version": integer}, …]; the assignee
-- changes only with p_set_assignee (p_assignee null then unassigns); a status other than closed
-- clears the close reason.
create function public.bulk_change_tickets(
  p_tickets jsonb,
  p_set_assignee boolean default false,
  p_assignee uuid default null,
  p_status public.ticket_status default null,
  p_close_reason public.close_reason default null,
  p_priority public.ticket_priority default null
) returns integer
language plpgsql set search_path = ''
as $$
declare
  stale text;
  changed integer;
begin
  if jsonb_typeof(p_tickets) is distinct from 'array' or jsonb_array_length(p_tickets) = 0
     or jsonb_array_length(p_tickets) > 100 then
    raise exception 'Choose between 1 and 100 tickets, each with the version you loaded.' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_to_recordset(p_tickets) as r (id uuid, version integer)
             where r.id is null or r.version is null) then
    raise exception 'Every ticket needs the version you loaded.' using errcode = 'PT428';
  end if;
  select string_agg(t.tracking_ref, ', ' order by t.tracking_ref) into stale
  from public.tickets t
  join jsonb_to_recordset(p_tickets) as r (id uuid, version integer) on r.id = t.id
  where t.version <> r.version;
  if stale is not null then
    raise exception '% changed since you loaded the list.', stale
      using errcode = 'PT409', detail = stale, hint = 'Reload the queue to see their current values, then apply the change again.';
  end if;
  update public.tickets t set
    assigned_to = case when p_set_assignee then p_assignee else t.assigned_to end,
    status = coalesce(p_status, t.status),
    close_reason = case when p_status is null then t.close_reason when p_status = 'closed' then p_close_reason end,
    priority = coalesce(p_priority, t.priority),
    expected_version = r.version
  from jsonb_to_recordset(p_tickets) as r (id uuid, version integer)
  where t.id = r.id;
  get diagnostics changed = row_count;
  return changed;
end
$$;
revoke execute on function public.bulk_change_tickets from public, anon;
grant execute on function public.bulk_change_tickets to authenticated;
