-- The staff helpdesk: queue search, activity log, canned replies, saved views, bulk changes and the
-- Realtime channels it listens on.
--
-- Bodies are checked when they run, not here: functions in this file read tables that later
-- files create (plpgsql checks nothing at creation; sql would parse its body).
set check_function_bodies = off;

-- Answers staff insert into a reply. Placeholders ({{requester_name}}, {{reference}},
-- {{agent_name}}) are filled in the reply box, so the agent reads the final text before sending.
-- scope (issue 46): 'team' replies are every agent's; a 'personal' one only its author sees.
create table public.canned_replies (
    id uuid not null default gen_random_uuid(),
    title text not null,
    body text not null,
    created_by uuid not null default auth.uid(),
    created_at timestamp with time zone not null default now(),
    scope text not null default 'team'::text
);

-- An agent's named queue filters: the query string of /portal/helpdesk, validated by the portal
-- when it is read back. Private to the agent.
create table public.saved_views (
    id uuid not null default gen_random_uuid(),
    user_id uuid not null default auth.uid(),
    name text not null,
    query text not null,
    created_at timestamp with time zone not null default now()
);
create table public.ticket_events (
    id bigint generated always as identity not null,
    ticket_id uuid not null,
    -- Who: the signed-in user (an agent, or a customer whose reply moved the ticket); null with the
    -- name 'System' for the database's own moves (auto-close) and trusted tools.
    actor_id uuid,
    actor_name text not null,
    -- What, from, to: raw values for status, priority and close reason (the UI labels them), names for
    -- the assignee and company as they were at the time, tags as a comma-separated list.
    field text not null,
    from_value text,
    to_value text,
    created_at timestamp with time zone not null default now()
);

create unique index canned_replies_pkey on public.canned_replies (id);
-- Titles are unique across the team's replies, and among each agent's personal ones.
create unique index canned_replies_team_title_key on public.canned_replies (lower(title)) WHERE (scope = 'team'::text);
create unique index canned_replies_personal_title_key on public.canned_replies (created_by, lower(title)) WHERE (scope = 'personal'::text);
create unique index saved_views_pkey on public.saved_views (id);
create unique index saved_views_user_name_key on public.saved_views (user_id, lower(name));
create index ticket_events_actor_id_idx on public.ticket_events (actor_id) WHERE (actor_id IS NOT NULL);
create unique index ticket_events_pkey on public.ticket_events (id);
create index ticket_events_ticket_id_idx on public.ticket_events (ticket_id, id);

alter table public.canned_replies add constraint canned_replies_pkey PRIMARY KEY using index canned_replies_pkey;
alter table public.saved_views add constraint saved_views_pkey PRIMARY KEY using index saved_views_pkey;
alter table public.ticket_events add constraint ticket_events_pkey PRIMARY KEY using index ticket_events_pkey;
alter table public.canned_replies add constraint canned_replies_body_check CHECK (((char_length(btrim(body)) >= 1) AND (char_length(btrim(body)) <= 4000)));
alter table public.canned_replies add constraint canned_replies_title_check CHECK (((char_length(btrim(title)) >= 1) AND (char_length(btrim(title)) <= 80)));
alter table public.canned_replies add constraint canned_replies_scope_check CHECK ((scope = ANY (ARRAY['team'::text, 'personal'::text])));
alter table public.saved_views add constraint saved_views_name_check CHECK (((char_length(btrim(name)) >= 1) AND (char_length(btrim(name)) <= 60)));
alter table public.saved_views add constraint saved_views_query_check CHECK ((char_length(query) <= 1000));
alter table public.ticket_events add constraint ticket_events_field_check CHECK ((field = ANY (ARRAY['assignee'::text, 'close_reason'::text, 'company'::text, 'created'::text, 'details'::text, 'location'::text, 'priority'::text, 'service_category'::text, 'split'::text, 'status'::text, 'summary'::text, 'tags'::text, 'time'::text])));

alter table public.canned_replies add constraint canned_replies_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.saved_views add constraint saved_views_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.ticket_events add constraint ticket_events_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.ticket_events add constraint ticket_events_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE;

-- Lookups the trigger below needs whoever writes (a customer reads neither other users' roles nor
-- every company).
CREATE OR REPLACE FUNCTION private.company_name(company uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((select c.name from public.companies c where c.id = company), '')
$function$
;

-- As in supabase/schemas/70_helpdesk.sql, and the details, location and service category.
CREATE OR REPLACE FUNCTION private.log_ticket_changes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
    ('summary', old.summary <> new.summary, old.summary, new.summary),
    ('details', old.details is distinct from new.details, old.details, new.details),
    ('location', old.location is distinct from new.location, old.location, new.location),
    ('service_category', old.service_category_id is distinct from new.service_category_id,
     old.service_category_id::text, new.service_category_id::text)
  ) as change (field, changed, from_value, to_value)
  where change.changed;
  return null;
end
$function$
;

-- The tickets whose reference, summary, requester or any message matches a LIKE pattern, for the
-- queue's search. Row-level security would keep the trigram indexes out of use (ILIKE is not
-- leakproof, so it may not run before a policy), so this looks without it, for staff and the
-- service role only; the queue then reads those tickets as the caller, policies and all.
CREATE OR REPLACE FUNCTION private.queue_search_ids(pattern text)
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select array(
    select s.id from public.tickets s
    where (s.tracking_ref || ' ' || s.summary || ' ' || coalesce(s.requester_name, '')) ilike pattern
    union
    select m.ticket_id from public.ticket_messages m where m.body ilike pattern
  )
  where (select private.is_staff()) or current_setting('role', true) = 'service_role'
$function$
;

-- A renamed company is renamed on its tickets.
CREATE OR REPLACE FUNCTION private.rename_company_on_tickets()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.tickets set company_name = new.name where company_id = new.id;
  return null;
end
$function$
;

-- A staff member's name; null for anyone who is not staff.
CREATE OR REPLACE FUNCTION private.staff_name(person uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.display_name(person) where exists (select 1 from public.user_roles r where r.user_id = person)
$function$
;

-- Names follow the ids (whatever a write says about them); tags are for staff; a ticket goes only
-- to staff. Runs as the writer (not security definer), so current_user is who is writing.
CREATE OR REPLACE FUNCTION private.stamp_ticket_names()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$
;

-- Every message is activity on its ticket.
CREATE OR REPLACE FUNCTION private.touch_ticket_activity()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.tickets set last_activity_at = new.created_at
  where id = new.ticket_id and last_activity_at < new.created_at;
  return null;
end
$function$
;

-- As in supabase/schemas/70_helpdesk.sql, with each ticket's version and logged minutes. The time
-- sort reads public.ticket_time_totals (a row for every ticket) in its index order and joins the
-- tickets, so it pages like the others.
CREATE OR REPLACE FUNCTION public.helpdesk_queue(p_status text DEFAULT 'active'::text, p_priority public.ticket_priority DEFAULT NULL::public.ticket_priority, p_assignee text DEFAULT NULL::text, p_company uuid DEFAULT NULL::uuid, p_channel public.message_channel DEFAULT NULL::public.message_channel, p_breached boolean DEFAULT false, p_search text DEFAULT NULL::text, p_sort text DEFAULT 'created'::text, p_descending boolean DEFAULT true, p_cursor_value text DEFAULT NULL::text, p_cursor_created_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_cursor_id uuid DEFAULT NULL::uuid, p_backwards boolean DEFAULT false, p_limit integer DEFAULT 50)
 RETURNS TABLE(id uuid, tracking_ref text, summary text, status public.ticket_status, priority public.ticket_priority, channel public.message_channel, tags text[], requester_name text, company_id uuid, company_name text, assigned_to uuid, assignee_name text, created_at timestamp with time zone, last_activity_at timestamp with time zone, first_response_at timestamp with time zone, first_response_due_at timestamp with time zone, resolution_due_at timestamp with time zone, sla_paused_at timestamp with time zone, resolved_at timestamp with time zone, sla_due_at timestamp with time zone, version integer, time_minutes integer, sort_value text)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  sort_key text;
  sort_type text;
  conditions text[] := array['true'];
  pattern text;
  direction text;
  from_clause text := 'public.tickets t left join public.ticket_time_totals tt on tt.ticket_id = t.id';
  tie_keys text := 't.created_at, t.id';
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
    ('assignee', 't.assignee_name', 'text'),
    ('time', 'tt.minutes', 'integer')
  ) as k (name, expr, type)
  where k.name = p_sort;
  if sort_key is null then
    raise exception 'Unknown sort: %', p_sort using errcode = '22023';
  end if;
  if p_sort = 'time' then
    from_clause := 'public.ticket_time_totals tt join public.tickets t on t.id = tt.ticket_id';
    tie_keys := 'tt.ticket_created_at, tt.ticket_id';
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
    conditions := conditions || format('(%s, %s) %s ($7::%s, $8, $9)',
      sort_key, tie_keys, case when direction = 'desc' then '<' else '>' end, sort_type);
  end if;
  return query execute format(
    'select t.id, t.tracking_ref, t.summary, t.status, t.priority, t.channel, t.tags, t.requester_name,
            t.company_id, t.company_name, t.assigned_to, t.assignee_name, t.created_at,
            t.last_activity_at, t.first_response_at, t.first_response_due_at, t.resolution_due_at,
            t.sla_paused_at, t.resolved_at, t.sla_due_at, t.version, coalesce(tt.minutes, 0),
            to_jsonb(%1$s) #>> ''{}''
     from %4$s
     where %2$s
     order by %1$s %3$s, %5$s
     limit $10',
    sort_key, array_to_string(conditions, ' and '), direction, from_clause,
    (select string_agg(k || ' ' || direction, ', ') from unnest(string_to_array(tie_keys, ', ')) k))
  using p_status, p_priority, p_assignee, p_company, p_channel, pattern,
        p_cursor_value, p_cursor_created_at, p_cursor_id, least(greatest(coalesce(p_limit, 50), 1), 200);
end
$function$
;

-- The people a ticket can be assigned to, for staff only (anyone else gets no rows).
CREATE OR REPLACE FUNCTION public.staff_members()
 RETURNS TABLE(id uuid, name text, email text, role public.staff_role)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select u.id, private.display_name(u.id), u.email::text, r.role
  from auth.users u
  join (select r.user_id, min(r.role) as role from public.user_roles r group by r.user_id) r on r.user_id = u.id
  where u.id = any (array(select r.user_id from public.user_roles r)) and (select private.is_staff())
  order by 2
$function$
;

alter table public.canned_replies enable row level security;
alter table public.saved_views enable row level security;
alter table public.ticket_events enable row level security;

create policy "canned_replies: add as staff" on public.canned_replies
  for insert to authenticated
  with check ((select private.is_staff()) and created_by = (select private.uid()));

-- Whoever wrote one may change or remove it; a provider admin the team's too (a personal reply
-- stays its author's alone).
create policy "canned_replies: change own or as provider admin" on public.canned_replies
  for update to authenticated
  using ((select private.is_staff()) and (created_by = (select private.uid()) or (scope = 'team' and (select private.has_role('siyakha_admin')))))
  with check ((select private.is_staff()) and (created_by = (select private.uid()) or scope = 'team'));
-- Staff read the team's replies and their own personal ones.
create policy "canned_replies: read as staff" on public.canned_replies
  for select to authenticated using ((select private.is_staff()) and (scope = 'team' or created_by = (select private.uid())));
create policy "canned_replies: remove own or as provider admin" on public.canned_replies
  for delete to authenticated
  using ((select private.is_staff()) and (created_by = (select private.uid()) or (scope = 'team' and (select private.has_role('siyakha_admin')))));
create policy "saved_views: own, as staff" on public.saved_views
  for all to authenticated
  using (user_id = (select private.uid()) and (select private.is_staff()))
  with check (user_id = (select private.uid()) and (select private.is_staff()));
create policy "ticket_events: read as staff" on public.ticket_events
  for select to authenticated using ((select private.is_staff()));
create policy "helpdesk channels: staff present and type" on realtime.messages
  for insert to authenticated
  with check (
    realtime.messages.extension in ('presence', 'broadcast')
    and (select realtime.topic()) like 'helpdesk:%'
    and (select private.is_staff())
  );

-- Who else is on a ticket: private channels `helpdesk:…` for staff only (storage-realtime-contract
-- §9.8). Joining needs read; showing yourself (presence) and "typing" (broadcast) need write.
create policy "helpdesk channels: staff read" on realtime.messages
  for select to authenticated
  using ((select realtime.topic()) like 'helpdesk:%' and (select private.is_staff()));

create trigger companies_rename_on_tickets AFTER UPDATE OF name ON public.companies FOR EACH ROW WHEN ((new.name IS DISTINCT FROM old.name)) EXECUTE FUNCTION private.rename_company_on_tickets();
create trigger ticket_messages_touch_ticket AFTER INSERT ON public.ticket_messages FOR EACH ROW EXECUTE FUNCTION private.touch_ticket_activity();
create trigger tickets_log_changes AFTER INSERT OR UPDATE ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.log_ticket_changes();
create trigger tickets_stamp_names BEFORE INSERT OR UPDATE ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.stamp_ticket_names();

revoke all on function private.company_name(company uuid) from public, anon, authenticated, service_role;
revoke all on function private.log_ticket_changes() from public, anon, authenticated, service_role;
revoke all on function private.queue_search_ids(pattern text) from public, anon, authenticated, service_role;
revoke all on function private.rename_company_on_tickets() from public, anon, authenticated, service_role;
revoke all on function private.staff_name(person uuid) from public, anon, authenticated, service_role;
revoke all on function private.stamp_ticket_names() from public, anon, authenticated, service_role;
revoke all on function private.touch_ticket_activity() from public, anon, authenticated, service_role;
revoke all on function public.helpdesk_queue(p_status text, p_priority public.ticket_priority, p_assignee text, p_company uuid, p_channel public.message_channel, p_breached boolean, p_search text, p_sort text, p_descending boolean, p_cursor_value text, p_cursor_created_at timestamp with time zone, p_cursor_id uuid, p_backwards boolean, p_limit integer) from public, anon, authenticated, service_role;
revoke all on function public.staff_members() from public, anon, authenticated, service_role;
revoke all on sequence public.ticket_events_id_seq from public, anon, authenticated, service_role;
revoke all on table public.canned_replies from public, anon, authenticated, service_role;
revoke all on table public.saved_views from public, anon, authenticated, service_role;
revoke all on table public.ticket_events from public, anon, authenticated, service_role;
grant execute on function private.company_name(company uuid) to authenticated, service_role;
grant execute on function private.queue_search_ids(pattern text) to authenticated, service_role;
grant execute on function private.staff_name(person uuid) to authenticated, service_role;
grant execute on function public.helpdesk_queue(p_status text, p_priority public.ticket_priority, p_assignee text, p_company uuid, p_channel public.message_channel, p_breached boolean, p_search text, p_sort text, p_descending boolean, p_cursor_value text, p_cursor_created_at timestamp with time zone, p_cursor_id uuid, p_backwards boolean, p_limit integer) to authenticated, service_role;
grant execute on function public.staff_members() to authenticated, service_role;
grant select, update, usage on sequence public.ticket_events_id_seq to anon, authenticated, service_role;
grant all on table public.canned_replies to service_role;
grant delete, select, insert (body, title, scope), update (body, title, scope) on table public.canned_replies to authenticated;
grant all on table public.saved_views to service_role;
grant delete, select, insert (name, query), update (name, query) on table public.saved_views to authenticated;
grant all on table public.ticket_events to service_role;
grant select on table public.ticket_events to authenticated;

comment on table public.ticket_events is 'Every change to a ticket, written by private.log_ticket_changes(); read by staff.';
