-- The helpdesk's queue and ticket workspace (issue 13, parts 1 and 2):
--   * who can be assigned: public.staff_members(), and a ticket is only ever assigned to staff;
--   * tags, and the names the queue sorts by (requester, company, assignee) and its "last activity"
--     and "SLA due" columns, kept on the ticket so every sort is an index scan at a million rows;
--   * the activity log (public.ticket_events), written by a trigger for every change, whoever makes
--     it (an agent, a customer's reply moving the status, the auto-close), never by the UI;
--   * canned replies, saved views per agent;
--   * public.helpdesk_queue(): filters, sort by any column, search including message text, keyset
--     pages whatever the sort.

create extension if not exists pg_trgm with schema extensions;

-- Staff ------------------------------------------------------------------------------------------

-- The people a ticket can be assigned to, for staff only (anyone else gets no rows).
create function public.staff_members()
returns table (id uuid, name text, email text, role public.staff_role)
language sql stable security definer set search_path = ''
as $$
  select u.id, private.display_name(u.id), u.email::text, min(r.role)
  from public.user_roles r
  join auth.users u on u.id = r.user_id
  where (select private.is_staff())
  group by u.id
  order by 2
$$;
revoke execute on function public.staff_members() from public, anon;
grant execute on function public.staff_members() to authenticated, service_role;

-- Columns the queue shows and sorts by ------------------------------------------------------------

alter table public.tickets
  -- Short labels staff put on a ticket (lowercase words joined by hyphens).
  add column tags text[] not null default '{}' check (
    cardinality(tags) <= 10 and array_position(tags, null) is null
    and (cardinality(tags) = 0
         or array_to_string(tags, ' ') ~ '^[a-z0-9][a-z0-9-]{0,29}( [a-z0-9][a-z0-9-]{0,29})*$')
  ),
  -- Copies kept by the triggers below, so the queue sorts by them with an index. '' when none.
  add column company_name text not null default '',
  add column assignee_name text not null default '',
  -- The last message or change on the ticket.
  add column last_activity_at timestamptz not null default now(),
  -- When the running SLA clock runs out: the first response until there is one, then the
  -- resolution; 'infinity' while no clock runs (paused, resolved, closed). Derived, never written.
  add column sla_due_at timestamptz not null generated always as (
    case
      when status in ('resolved', 'closed') or sla_paused_at is not null then 'infinity'::timestamptz
      when first_response_at is null then coalesce(first_response_due_at, 'infinity'::timestamptz)
      else coalesce(resolution_due_at, 'infinity'::timestamptz)
    end
  ) stored;

update public.tickets t set
  company_name = coalesce((select c.name from public.companies c where c.id = t.company_id), ''),
  assignee_name = coalesce(private.display_name(t.assigned_to), ''),
  last_activity_at = greatest(
    t.updated_at,
    coalesce((select max(m.created_at) from public.ticket_messages m where m.ticket_id = t.id), t.updated_at)
  );

grant update (tags) on public.tickets to authenticated;

-- Lookups the trigger below needs whoever writes (a customer reads neither other users' roles nor
-- every company).
create function private.company_name(company uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce((select c.name from public.companies c where c.id = company), '')
$$;

-- A staff member's name; null for anyone who is not staff.
create function private.staff_name(person uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select private.display_name(person) where exists (select 1 from public.user_roles r where r.user_id = person)
$$;
revoke execute on function private.company_name(uuid), private.staff_name(uuid) from public;
grant execute on function private.company_name(uuid), private.staff_name(uuid) to authenticated, service_role;

-- Names follow the ids (whatever a write says about them); tags are for staff; a ticket goes only
-- to staff. Runs as the writer (not security definer), so current_user is who is writing.
create function private.stamp_ticket_names() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.company_id is distinct from old.company_id
     or new.company_name is distinct from old.company_name then
    new.company_name := private.company_name(new.company_id);
  end if;
  if tg_op = 'INSERT' or new.assigned_to is distinct from old.assigned_to
     or new.assignee_name is distinct from old.assignee_name then
    new.assignee_name := coalesce(private.staff_name(new.assigned_to), '');
    if new.assigned_to is not null and new.assignee_name = '' then
      raise exception 'Tickets are assigned to staff only' using errcode = '23514';
    end if;
  end if;
  if tg_op = 'UPDATE' and new.tags is distinct from old.tags
     and not (current_user in ('service_role', 'postgres', 'supabase_admin') or (select private.is_staff())) then
    raise exception 'Only staff can tag a ticket' using errcode = '42501';
  end if;
  if tg_op = 'INSERT' then
    new.last_activity_at := now();
  elsif new.last_activity_at is distinct from old.last_activity_at then
    -- Only the database moves it (below), never to the past.
    new.last_activity_at := greatest(old.last_activity_at, new.last_activity_at);
  end if;
  return new;
end
$$;
revoke execute on function private.stamp_ticket_names() from public;

create trigger tickets_stamp_names before insert or update on public.tickets
  for each row execute function private.stamp_ticket_names();

-- A renamed company is renamed on its tickets.
create function private.rename_company_on_tickets() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.tickets set company_name = new.name where company_id = new.id;
  return null;
end
$$;
revoke execute on function private.rename_company_on_tickets() from public;
create trigger companies_rename_on_tickets after update of name on public.companies
  for each row when (new.name is distinct from old.name)
  execute function private.rename_company_on_tickets();

-- Every message is activity on its ticket.
create function private.touch_ticket_activity() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.tickets set last_activity_at = new.created_at
  where id = new.ticket_id and last_activity_at < new.created_at;
  return null;
end
$$;
revoke execute on function private.touch_ticket_activity() from public;
create trigger ticket_messages_touch_ticket after insert on public.ticket_messages
  for each row execute function private.touch_ticket_activity();

-- The version counts changes people make. Columns the database keeps for itself (activity time,
-- copied names) do not move it, so a customer's reply arriving does not make an agent's open
-- form stale; the activity itself is new.last_activity_at.
create or replace function private.check_ticket_version() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.version is distinct from old.version then
    raise exception 'This ticket was changed by someone else since you loaded it (you had version %, it is now at version %).', new.version, old.version
      using errcode = 'PT409', hint = 'Reload the ticket to see its current values, then make your change again.';
  end if;
  if (to_jsonb(new) - '{last_activity_at,company_name,assignee_name,updated_at,sla_due_at}'::text[])
     = (to_jsonb(old) - '{last_activity_at,company_name,assignee_name,updated_at,sla_due_at}'::text[]) then
    return new;
  end if;
  new.version := old.version + 1;
  new.last_activity_at := now();
  return new;
end
$$;

-- The activity log --------------------------------------------------------------------------------

create table public.ticket_events (
  id bigint generated always as identity primary key,
  ticket_id uuid not null references public.tickets (id) on delete cascade,
  -- Who: the signed-in user (an agent, or a customer whose reply moved the ticket); null with the
  -- name 'System' for the database's own moves (auto-close) and trusted tools.
  actor_id uuid references auth.users (id) on delete set null,
  actor_name text not null,
  -- What, from, to: raw values for status, priority and close reason (the UI labels them), names for
  -- the assignee and company as they were at the time, tags as a comma-separated list.
  field text not null check (field in ('created', 'status', 'priority', 'close_reason', 'assignee', 'company', 'tags', 'summary')),
  from_value text,
  to_value text,
  created_at timestamptz not null default now()
);
comment on table public.ticket_events is 'Every change to a ticket, written by private.log_ticket_changes(); read by staff.';
create index ticket_events_ticket_id_idx on public.ticket_events (ticket_id, id);
create index ticket_events_actor_id_idx on public.ticket_events (actor_id) where actor_id is not null;

alter table public.ticket_events enable row level security;
create policy "ticket_events: read as staff" on public.ticket_events
  for select to authenticated using ((select private.is_staff()));
revoke all on public.ticket_events from anon, authenticated;
grant select on public.ticket_events to authenticated;

create function private.log_ticket_changes() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  actor uuid := (select auth.uid());
  who text := coalesce(private.display_name(actor), 'System');
begin
  if tg_op = 'INSERT' then
    insert into public.ticket_events (ticket_id, actor_id, actor_name, field, to_value, created_at)
    values (new.id, actor, who, 'created', new.channel::text, new.created_at);
    return null;
  end if;
  insert into public.ticket_events (ticket_id, actor_id, actor_name, field, from_value, to_value)
  select new.id, actor, who, change.field, change.from_value, change.to_value
  from (values
    ('status', old.status::text <> new.status::text, old.status::text, new.status::text),
    ('close_reason', old.close_reason is distinct from new.close_reason, old.close_reason::text, new.close_reason::text),
    ('priority', old.priority <> new.priority, old.priority::text, new.priority::text),
    ('assignee', old.assigned_to is distinct from new.assigned_to, nullif(old.assignee_name, ''), nullif(new.assignee_name, '')),
    ('company', old.company_id is distinct from new.company_id, nullif(old.company_name, ''), nullif(new.company_name, '')),
    ('tags', old.tags <> new.tags, nullif(array_to_string(old.tags, ', '), ''), nullif(array_to_string(new.tags, ', '), '')),
    ('summary', old.summary <> new.summary, old.summary, new.summary)
  ) as change (field, changed, from_value, to_value)
  where change.changed;
  return null;
end
$$;
revoke execute on function private.log_ticket_changes() from public;

create trigger tickets_log_changes after insert or update on public.tickets
  for each row execute function private.log_ticket_changes();

-- Tickets that exist already start their log with their creation.
insert into public.ticket_events (ticket_id, actor_id, actor_name, field, to_value, created_at)
select t.id, null, 'System', 'created', t.channel::text, t.created_at from public.tickets t;

-- Canned replies -----------------------------------------------------------------------------------

-- Shared answers staff insert into a reply. Placeholders ({{requester_name}}, {{reference}},
-- {{agent_name}}) are filled in the reply box, so the agent reads the final text before sending.
create table public.canned_replies (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 80),
  body text not null check (char_length(btrim(body)) between 1 and 4000),
  created_by uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
create unique index canned_replies_title_key on public.canned_replies (lower(title));

alter table public.canned_replies enable row level security;
create policy "canned_replies: read as staff" on public.canned_replies
  for select to authenticated using ((select private.is_staff()));
create policy "canned_replies: add as staff" on public.canned_replies
  for insert to authenticated
  with check ((select private.is_staff()) and created_by = (select auth.uid()));
-- Whoever wrote one, or a provider admin, may change or remove it.
create policy "canned_replies: change own or as provider admin" on public.canned_replies
  for update to authenticated
  using ((select private.is_staff()) and (created_by = (select auth.uid()) or (select private.has_role('siyakha_admin'))))
  with check ((select private.is_staff()));
create policy "canned_replies: remove own or as provider admin" on public.canned_replies
  for delete to authenticated
  using ((select private.is_staff()) and (created_by = (select auth.uid()) or (select private.has_role('siyakha_admin'))));
revoke all on public.canned_replies from anon, authenticated;
grant select, delete on public.canned_replies to authenticated;
grant insert (title, body), update (title, body) on public.canned_replies to authenticated;

-- Saved views ----------------------------------------------------------------------------------------

-- An agent's named queue filters: the query string of /portal/helpdesk, validated by the portal
-- when it is read back. Private to the agent.
create table public.saved_views (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 60),
  query text not null check (char_length(query) <= 1000),
  created_at timestamptz not null default now()
);
create unique index saved_views_user_name_key on public.saved_views (user_id, lower(name));

alter table public.saved_views enable row level security;
create policy "saved_views: own, as staff" on public.saved_views
  for all to authenticated
  using (user_id = (select auth.uid()) and (select private.is_staff()))
  with check (user_id = (select auth.uid()) and (select private.is_staff()));
revoke all on public.saved_views from anon, authenticated;
grant select, delete on public.saved_views to authenticated;
grant insert (name, query), update (name, query) on public.saved_views to authenticated;

-- The queue ------------------------------------------------------------------------------------------

-- One index per sort, in the queue's order (sort key, then created_at and id as tie-breakers), so
-- any page of any sort is a LIMIT-bounded index scan from its cursor. Open work, the queue's
-- default, has its own smaller indexes for the sorts agents use most (newest first, and "mine",
-- have theirs since …_policies_and_indexes_at_scale.sql; the reference is unique, so its own index
-- orders it).
create index tickets_queue_activity_idx on public.tickets (last_activity_at, created_at, id);
create index tickets_queue_priority_idx on public.tickets (priority, created_at, id);
create index tickets_queue_status_idx on public.tickets (status, created_at, id);
drop index public.tickets_status_created_at_id_idx; -- the same, read backwards
create index tickets_queue_requester_idx on public.tickets (coalesce(requester_name, ''), created_at, id);
create index tickets_queue_company_idx on public.tickets (company_name, created_at, id);
create index tickets_queue_assignee_idx on public.tickets (assignee_name, created_at, id);
create index tickets_queue_open_sla_idx on public.tickets (sla_due_at, created_at, id)
  where status not in ('resolved', 'closed');
create index tickets_queue_open_activity_idx on public.tickets (last_activity_at, created_at, id)
  where status not in ('resolved', 'closed');
create index tickets_queue_open_priority_idx on public.tickets (priority, created_at, id)
  where status not in ('resolved', 'closed');
-- Search: reference, summary and requester on the ticket, and the text of every message.
create index tickets_search_trgm_idx on public.tickets
  using gin ((tracking_ref || ' ' || summary || ' ' || coalesce(requester_name, '')) extensions.gin_trgm_ops);
create index ticket_messages_body_trgm_idx on public.ticket_messages using gin (body extensions.gin_trgm_ops);

-- The tickets whose reference, summary, requester or any message matches a LIKE pattern, for the
-- queue's search. Row-level security would keep the trigram indexes out of use (ILIKE is not
-- leakproof, so it may not run before a policy), so this looks without it, for staff and the
-- service role only; the queue then reads those tickets as the caller, policies and all.
create function private.queue_search_ids(pattern text) returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select array(
    select s.id from public.tickets s
    where (s.tracking_ref || ' ' || s.summary || ' ' || coalesce(s.requester_name, '')) ilike pattern
    union
    select m.ticket_id from public.ticket_messages m where m.body ilike pattern
  )
  where (select private.is_staff()) or current_setting('role', true) = 'service_role'
$$;
revoke execute on function private.queue_search_ids(text) from public;
grant execute on function private.queue_search_ids(text) to authenticated, service_role;

-- The helpdesk queue for staff (anyone else is refused). Filters combine; p_assignee is a user id,
-- 'none' (unassigned) or null (anyone); p_search matches reference, summary, requester or any
-- message's text. p_sort is one of created, reference, activity, sla, priority, status, requester,
-- company, assignee; ties go by created_at, then id, in the same direction. A page starts after the cursor
-- (the last row's sort_value, as JSON writes it, so times are ISO 8601; its created_at and id), or
-- before it with p_backwards (nearest first: the caller turns the page round). Runs as the caller,
-- so row-level security applies as ever; staff and the service role only.
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
            t.sla_paused_at, t.resolved_at, t.sla_due_at, to_jsonb(%1$s) #>> ''{}''
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
