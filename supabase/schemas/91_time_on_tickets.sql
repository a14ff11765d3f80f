-- Time on tickets (issue 46, part 1): the timer an agent starts and stops on a ticket, the
-- ticket's running totals (the queue sorts by them, the ticket page shows them), and the activity
-- log rows every logged or corrected entry writes. Staff only: customers never read time.
--
-- Bodies are checked when they run, not here: functions in this file read tables that later
-- files create (plpgsql checks nothing at creation; sql would parse its body).
set check_function_bodies = off;

-- Each ticket's logged minutes and billable part, one row per ticket (written when the ticket is
-- created), kept by trigger as entries come and go. A sum over the entries would grow with them;
-- this row is one index lookup, and an increment in the writer's transaction stays right when
-- two agents log time at once (the row lock orders them). It is a table of its own, not columns
-- on tickets, because customers read their tickets and must never read time. ticket_created_at
-- copies the ticket's (which never changes) so the queue's time sort pages on this table's index
-- alone, ties broken as every other sort breaks them.
create table public.ticket_time_totals (
    ticket_id uuid not null,
    ticket_created_at timestamp with time zone not null,
    minutes integer not null default 0,
    billable_minutes integer not null default 0
);

create unique index ticket_time_totals_pkey on public.ticket_time_totals (ticket_id);
create index ticket_time_totals_queue_idx on public.ticket_time_totals (minutes, ticket_created_at, ticket_id);

alter table public.ticket_time_totals add constraint ticket_time_totals_pkey PRIMARY KEY using index ticket_time_totals_pkey;
alter table public.ticket_time_totals add constraint ticket_time_totals_minutes_check CHECK (((minutes >= 0) AND (billable_minutes >= 0) AND (billable_minutes <= minutes)));

alter table public.ticket_time_totals add constraint ticket_time_totals_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE;

-- Every ticket starts with no time, so the queue's time sort finds every ticket in one index.
CREATE OR REPLACE FUNCTION private.add_ticket_time_totals()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into public.ticket_time_totals (ticket_id, ticket_created_at)
  values (new.id, new.created_at)
  on conflict (ticket_id) do nothing;
  return null;
end
$function$
;

-- An entry's minutes and billable part added to, moved between or taken from its ticket's totals.
-- An entry never changes ticket (private.stamp_time_entry keeps it), so an update is one delta.
CREATE OR REPLACE FUNCTION private.count_ticket_time()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  entry_ticket uuid := coalesce(new.ticket_id, old.ticket_id);
  added integer := coalesce(new.minutes, 0) - coalesce(old.minutes, 0);
  added_billable integer := (case when new.billable then new.minutes else 0 end)
                          - (case when old.billable then old.minutes else 0 end);
begin
  if tg_op = 'INSERT' then
    added_billable := case when new.billable then new.minutes else 0 end;
  elsif tg_op = 'DELETE' then
    added := -old.minutes;
    added_billable := -(case when old.billable then old.minutes else 0 end);
  end if;
  if added = 0 and added_billable = 0 then
    return null;
  end if;
  update public.ticket_time_totals tt
  set minutes = tt.minutes + added, billable_minutes = tt.billable_minutes + added_billable
  where tt.ticket_id = entry_ticket;
  if not found then
    -- No row (a ticket from before the totals, missed by the backfill): count its entries. A
    -- ticket being deleted has none, and takes its totals with it.
    insert into public.ticket_time_totals as tt (ticket_id, ticket_created_at, minutes, billable_minutes)
    select t.id, t.created_at,
           coalesce((select sum(e.minutes) from public.time_entries e where e.ticket_id = t.id), 0),
           coalesce((select sum(e.minutes) from public.time_entries e where e.ticket_id = t.id and e.billable), 0)
    from public.tickets t where t.id = entry_ticket
    on conflict (ticket_id) do update
      set minutes = excluded.minutes, billable_minutes = excluded.billable_minutes;
  end if;
  return null;
end
$function$
;

-- How an entry reads in the activity log: "1 h 30 min · on site · billable · 28 Nov 2026 · “note”".
CREATE OR REPLACE FUNCTION private.time_entry_text(entry public.time_entries)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select concat_ws(' · ',
    case
      when entry.minutes < 60 then entry.minutes || ' min'
      when entry.minutes % 60 = 0 then (entry.minutes / 60) || ' h'
      else (entry.minutes / 60) || ' h ' || (entry.minutes % 60) || ' min'
    end,
    replace(entry.work_type::text, '_', ' '),
    case when entry.billable then 'billable' else 'not billable' end,
    to_char(entry.work_date, 'FMDD Mon YYYY'),
    case when nullif(btrim(entry.note), '') is not null then
      '“' || case when char_length(btrim(entry.note)) > 80 then left(btrim(entry.note), 79) || '…'
                  else btrim(entry.note) end || '”'
    end)
$function$
;

-- Logging, correcting or removing time is activity on the ticket, in the signed-in user's name.
CREATE OR REPLACE FUNCTION private.log_time_entry_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor uuid := (select auth.uid());
  before_text text := case when tg_op <> 'INSERT' then private.time_entry_text(old) end;
  after_text text := case when tg_op <> 'DELETE' then private.time_entry_text(new) end;
  entry_ticket uuid := coalesce(new.ticket_id, old.ticket_id);
begin
  if before_text is not distinct from after_text then
    return null;
  end if;
  -- Entries removed with their ticket leave no event on a ticket that is gone.
  insert into public.ticket_events (ticket_id, actor_id, actor_name, field, from_value, to_value)
  select t.id, actor, coalesce(private.display_name(actor), 'System'), 'time', before_text, after_text
  from public.tickets t where t.id = entry_ticket;
  return null;
end
$function$
;

-- Starts the caller's timer on a ticket, or returns the one already running (a second tab, or a
-- double click, gets the same timer and its first start time).
CREATE OR REPLACE FUNCTION public.start_time_timer(p_ticket uuid, p_work_type public.work_type DEFAULT 'remote'::public.work_type, p_billable boolean DEFAULT true, p_note text DEFAULT NULL::text)
 RETURNS TABLE(agent_id uuid, ticket_id uuid, started_at timestamp with time zone, work_type public.work_type, billable boolean, note text)
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  if not (select private.is_staff()) then
    raise exception 'Only staff log time on tickets' using errcode = '42501';
  end if;
  if not exists (select 1 from public.tickets t where t.id = p_ticket) then
    raise exception 'There is no such ticket' using errcode = '22023';
  end if;
  insert into public.time_timers (ticket_id, work_type, billable, note)
  values (p_ticket, coalesce(p_work_type, 'remote'), coalesce(p_billable, true), nullif(btrim(p_note), ''))
  on conflict (agent_id, ticket_id) do nothing;
  return query
    select tt.agent_id, tt.ticket_id, tt.started_at, tt.work_type, tt.billable, tt.note
    from public.time_timers tt
    where tt.agent_id = (select private.uid()) and tt.ticket_id = p_ticket;
end
$function$
;

-- Stops the caller's timer on a ticket and logs its time, in one transaction: the elapsed time
-- rounded up to whole minutes (at least 1), on the Johannesburg day the timer started. An entry
-- holds at most 24 h: a timer left running longer logs 24 h and says so in the note, for the
-- agent to correct.
CREATE OR REPLACE FUNCTION public.stop_time_timer(p_ticket uuid)
 RETURNS TABLE(id uuid, ticket_id uuid, agent_id uuid, agent_name text, company_id uuid, contract_id uuid, work_date date, minutes integer, work_type public.work_type, billable boolean, note text, created_at timestamp with time zone)
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  timer public.time_timers;
  entry public.time_entries;
  elapsed integer;
  entry_note text;
begin
  if not (select private.is_staff()) then
    raise exception 'Only staff log time on tickets' using errcode = '42501';
  end if;
  delete from public.time_timers tt
  where tt.agent_id = (select private.uid()) and tt.ticket_id = p_ticket
  returning tt.* into timer;
  if not found then
    -- Another tab stopped it first: its entry is already logged.
    raise exception 'No timer of yours is running on this ticket' using errcode = '22023';
  end if;
  elapsed := greatest(ceil(extract(epoch from (now() - timer.started_at)) / 60), 1);
  entry_note := timer.note;
  if elapsed > 1440 then
    entry_note := left(concat_ws(' ', timer.note,
      format('(The timer ran %s h %s min; an entry holds at most 24 h, so 24 h was logged.)',
             elapsed / 60, elapsed % 60)), 2000);
  end if;
  insert into public.time_entries (ticket_id, work_date, minutes, work_type, billable, note)
  values (p_ticket, (timer.started_at at time zone 'Africa/Johannesburg')::date, least(elapsed, 1440),
          timer.work_type, timer.billable, entry_note)
  returning * into entry;
  return query select entry.id, entry.ticket_id, entry.agent_id, entry.agent_name, entry.company_id,
    entry.contract_id, entry.work_date, entry.minutes, entry.work_type, entry.billable, entry.note,
    entry.created_at;
end
$function$
;

-- A ticket's logged and billable minutes, for staff (one index lookup whatever the entries).
CREATE OR REPLACE FUNCTION public.ticket_time_total(p_ticket uuid)
 RETURNS TABLE(minutes integer, billable_minutes integer)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select tt.minutes, tt.billable_minutes from public.ticket_time_totals tt where tt.ticket_id = p_ticket
$function$
;

alter table public.ticket_time_totals enable row level security;

-- Staff read every ticket's totals; nobody writes them but the triggers.
create policy "ticket_time_totals: read as staff" on public.ticket_time_totals
  for select to authenticated using ((select private.is_staff()));

-- The author's name is the database's to fill (private.stamp_time_entry), so a client need not
-- send one.
alter table public.time_entries alter column agent_name set default 'Unknown user'::text;

create trigger tickets_add_time_totals AFTER INSERT ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.add_ticket_time_totals();
create trigger time_entries_count AFTER INSERT OR DELETE OR UPDATE ON public.time_entries FOR EACH ROW EXECUTE FUNCTION private.count_ticket_time();
create trigger time_entries_log_changes AFTER INSERT OR DELETE OR UPDATE ON public.time_entries FOR EACH ROW EXECUTE FUNCTION private.log_time_entry_change();

revoke all on function private.add_ticket_time_totals() from public, anon, authenticated, service_role;
revoke all on function private.count_ticket_time() from public, anon, authenticated, service_role;
revoke all on function private.log_time_entry_change() from public, anon, authenticated, service_role;
revoke all on function private.time_entry_text(entry public.time_entries) from public, anon, authenticated, service_role;
revoke all on function public.start_time_timer(p_ticket uuid, p_work_type public.work_type, p_billable boolean, p_note text) from public, anon, authenticated, service_role;
revoke all on function public.stop_time_timer(p_ticket uuid) from public, anon, authenticated, service_role;
revoke all on function public.ticket_time_total(p_ticket uuid) from public, anon, authenticated, service_role;
revoke all on table public.ticket_time_totals from public, anon, authenticated, service_role;
grant execute on function public.start_time_timer(p_ticket uuid, p_work_type public.work_type, p_billable boolean, p_note text) to authenticated, service_role;
grant execute on function public.stop_time_timer(p_ticket uuid) to authenticated, service_role;
grant execute on function public.ticket_time_total(p_ticket uuid) to authenticated, service_role;
grant all on table public.ticket_time_totals to service_role;
grant select on table public.ticket_time_totals to authenticated;

-- A second tab follows time logged or corrected elsewhere, a stopped timer's entry included.
-- time_timers stays out: Realtime sends a DELETE to any subscriber, RLS or not, with the primary
-- key, and a timer's key (agent, ticket) would tell a customer that staff timed their ticket.
alter publication supabase_realtime add table public.time_entries;

comment on table public.ticket_time_totals is 'Each ticket''s logged and billable minutes, kept by private.count_ticket_time(); read by staff.';
