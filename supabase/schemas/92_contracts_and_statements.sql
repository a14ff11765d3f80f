-- Contracts at work (issue 46, part 2): a company's contracts never overlap, the monthly statement
-- a company is billed by, and the alerts when a retainer runs down.
--
-- The month is the Africa/Johannesburg calendar month: time_entries.work_date already is a
-- Johannesburg date, so a month is a plain date range.
--
-- Retainer arithmetic (also in the statement page's note):
--   available(M)   = hours_per_month + carried_in(M)
--   carried_in(M)  = when rollover is on and the contract was already in force before M:
--                    max(0, hours_per_month - billable(M - 1)), else 0
--   over(M)        = max(0, billable(M) - available(M)), billed at hourly_rate_cents
-- Billable time draws on the month's own hours first and on the carried-in hours after them, so
-- what is left of a month's own hours carries into the next month only: carried-in hours that are
-- not used expire at the end of the month they arrived in and never carry again. A contract that
-- starts or ends inside a month still has the whole month's hours (no proration).
-- Pay as you go bills every billable hour at hourly_rate_cents. Amounts are rounded to the cent.
--
-- Which contract a day's time draws on is decided by date (the one in force that day), so the
-- statement reads time by company and date range; time_entries.contract_id, stamped when an entry
-- is written, is kept in step when a contract's dates change (contracts_restamp_time).
set check_function_bodies = off;

-- One row per contract, month and threshold (80 or 100 percent of the month's available hours)
-- that was reached: the alert went out once, when the row was written. Staff see them on the
-- statement page.
create table public.retainer_alerts (
    contract_id uuid not null,
    company_id uuid not null,
    month date not null,
    threshold smallint not null,
    used_minutes integer not null,
    available_minutes integer not null,
    created_at timestamp with time zone not null default now()
);

create unique index retainer_alerts_pkey on public.retainer_alerts (contract_id, month, threshold);
create index retainer_alerts_company_month_idx on public.retainer_alerts (company_id, month);
-- Staff's statement lines read the notes of a company's month through this (statement_lines).
create index time_entries_company_notes_idx on public.time_entries (company_id, work_date) where (note is not null);

alter table public.retainer_alerts add constraint retainer_alerts_pkey PRIMARY KEY using index retainer_alerts_pkey;
alter table public.retainer_alerts add constraint retainer_alerts_threshold_check CHECK ((threshold = ANY (ARRAY[80, 100])));
alter table public.retainer_alerts add constraint retainer_alerts_month_check CHECK ((month = (date_trunc('month'::text, (month)::timestamp without time zone))::date));

alter table public.retainer_alerts add constraint retainer_alerts_contract_id_fkey FOREIGN KEY (contract_id) REFERENCES public.contracts(id) ON DELETE CASCADE;
alter table public.retainer_alerts add constraint retainer_alerts_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;

-- Two admins saving contracts for one company at once could each pass the check below before
-- the other commits; the advisory lock makes the second wait and then see the first.
CREATE OR REPLACE FUNCTION private.contracts_no_overlap()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  other public.contracts;
begin
  perform pg_advisory_xact_lock(hashtextextended('contracts:' || new.company_id::text, 0));
  select * into other from public.contracts o
  where o.company_id = new.company_id and o.id <> new.id
    and o.starts_on <= coalesce(new.ends_on, 'infinity'::date)
    and coalesce(o.ends_on, 'infinity'::date) >= new.starts_on
  order by o.starts_on
  limit 1;
  if found then
    raise exception using
      errcode = '23P01',
      message = format('This contract overlaps "%s" (%s to %s): a company has one contract in force on any day. End that contract first or choose other dates.',
                       other.name, other.starts_on, coalesce(other.ends_on::text, 'no end date'));
  end if;
  return new;
end
$function$
;

-- Entries keep naming the contract in force on their day when a contract's dates move; only the
-- rows whose contract changes are written.
CREATE OR REPLACE FUNCTION private.contracts_restamp_time()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  from_day date := case when tg_op = 'UPDATE' then least(old.starts_on, new.starts_on) else new.starts_on end;
  to_day date := case when tg_op = 'UPDATE'
                      then greatest(coalesce(old.ends_on, 'infinity'::date), coalesce(new.ends_on, 'infinity'::date))
                      else coalesce(new.ends_on, 'infinity'::date) end;
begin
  -- One check for the whole contract below, not one per rewritten entry.
  perform set_config('siyakha.restamping', 'on', true);
  update public.time_entries te
  set contract_id = private.contract_on(te.company_id, te.work_date)
  where te.company_id = new.company_id and te.work_date between from_day and to_day
    and te.contract_id is distinct from private.contract_on(te.company_id, te.work_date);
  perform set_config('siyakha.restamping', '', true);
  if not private.notifications_off() then
    perform private.check_retainer_alerts(new.id, (now() at time zone 'Africa/Johannesburg')::date);
  end if;
  return null;
end
$function$
;

-- Billable and non-billable minutes of a company between two days (inclusive).
CREATE OR REPLACE FUNCTION private.company_minutes(p_company uuid, p_from date, p_to date)
 RETURNS TABLE(billable bigint, non_billable bigint)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(sum(te.minutes) filter (where te.billable), 0)::bigint,
         coalesce(sum(te.minutes) filter (where not te.billable), 0)::bigint
  from public.time_entries te
  where te.company_id = p_company and te.work_date between p_from and p_to
$function$
;

-- A contract's month: its retainer and carried-in minutes (0 for pay as you go) and the minutes
-- logged on the days of the month it was in force. p_month is any day of the month.
CREATE OR REPLACE FUNCTION private.contract_month(p_contract uuid, p_month date)
 RETURNS TABLE(retainer_minutes integer, carried_in_minutes integer, billable_minutes bigint, non_billable_minutes bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.contracts;
  first_day date := date_trunc('month', p_month)::date;
  last_day date := (date_trunc('month', p_month) + interval '1 month - 1 day')::date;
  previous_billable bigint;
begin
  select * into c from public.contracts where id = p_contract;
  if not found or c.starts_on > last_day or coalesce(c.ends_on, 'infinity'::date) < first_day then
    return;
  end if;
  retainer_minutes := case when c.kind = 'retainer' then round(c.hours_per_month * 60)::integer else 0 end;
  carried_in_minutes := 0;
  if c.kind = 'retainer' and c.rollover and c.starts_on < first_day then
    select m.billable into previous_billable
    from private.company_minutes(c.company_id, greatest(c.starts_on, (first_day - interval '1 month')::date),
                                 first_day - 1) m;
    carried_in_minutes := greatest(0, retainer_minutes - previous_billable)::integer;
  end if;
  select m.billable, m.non_billable into billable_minutes, non_billable_minutes
  from private.company_minutes(c.company_id, greatest(c.starts_on, first_day),
                               least(coalesce(c.ends_on, 'infinity'::date), last_day)) m;
  return next;
end
$function$
;

-- Who may read a company's statement: 'staff' (everything; also the service role), 'company_admin'
-- (their own company's billable figures only), else null.
CREATE OR REPLACE FUNCTION private.statement_access(p_company uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case
    when (select private.is_staff()) or current_setting('role', true) = 'service_role' then 'staff'
    when (select private.is_company_admin(p_company)) then 'company_admin'
  end
$function$
;

-- The month's statement of a company, one row per contract in force during the month (usually
-- one), and a row without a contract for time on days no contract covered. p_month is any day of
-- the Johannesburg month. A company admin gets their own company's rows with non_billable_hours
-- null; anyone else gets no rows.
CREATE OR REPLACE FUNCTION public.statement_summary(p_company uuid, p_month date)
 RETURNS TABLE(contract_id uuid, contract_name text, kind public.contract_kind, currency text, starts_on date, ends_on date, rollover boolean, retainer_hours numeric, carried_in_hours numeric, available_hours numeric, billable_hours numeric, non_billable_hours numeric, over_hours numeric, used_percent numeric, hourly_rate_cents integer, amount_cents bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  access text := private.statement_access(p_company);
  first_day date := date_trunc('month', p_month)::date;
  last_day date := (date_trunc('month', p_month) + interval '1 month - 1 day')::date;
  c public.contracts;
  m record;
  covered_billable bigint := 0;
  covered_non_billable bigint := 0;
  total record;
  available bigint;
  over_minutes bigint;
begin
  if access is null or p_company is null or p_month is null then
    return;
  end if;
  for c in
    select * from public.contracts k
    where k.company_id = p_company and k.starts_on <= last_day and coalesce(k.ends_on, 'infinity'::date) >= first_day
    order by k.starts_on
  loop
    select * into m from private.contract_month(c.id, first_day);
    covered_billable := covered_billable + m.billable_minutes;
    covered_non_billable := covered_non_billable + m.non_billable_minutes;
    available := m.retainer_minutes + m.carried_in_minutes;
    over_minutes := case when c.kind = 'retainer' then greatest(0, m.billable_minutes - available) else 0 end;
    contract_id := c.id;
    contract_name := c.name;
    kind := c.kind;
    currency := c.currency;
    starts_on := c.starts_on;
    ends_on := c.ends_on;
    rollover := c.rollover;
    retainer_hours := case when c.kind = 'retainer' then round(m.retainer_minutes / 60.0, 2) end;
    carried_in_hours := case when c.kind = 'retainer' then round(m.carried_in_minutes / 60.0, 2) end;
    available_hours := case when c.kind = 'retainer' then round(available / 60.0, 2) end;
    billable_hours := round(m.billable_minutes / 60.0, 2);
    non_billable_hours := case when access = 'staff' then round(m.non_billable_minutes / 60.0, 2) end;
    over_hours := case when c.kind = 'retainer' then round(over_minutes / 60.0, 2) end;
    used_percent := case when c.kind = 'retainer' and available > 0
                         then round(100.0 * m.billable_minutes / available, 1) end;
    hourly_rate_cents := c.hourly_rate_cents;
    amount_cents := case when c.kind = 'retainer' then round(over_minutes * c.hourly_rate_cents / 60.0)
                         else round(m.billable_minutes * c.hourly_rate_cents / 60.0) end;
    return next;
  end loop;
  select * into total from private.company_minutes(p_company, first_day, last_day);
  if total.billable > covered_billable or (access = 'staff' and total.non_billable > covered_non_billable) then
    contract_id := null;
    contract_name := 'No contract';
    kind := null;
    currency := null;
    starts_on := null;
    ends_on := null;
    rollover := null;
    retainer_hours := null;
    carried_in_hours := null;
    available_hours := null;
    billable_hours := round((total.billable - covered_billable) / 60.0, 2);
    non_billable_hours := case when access = 'staff' then round((total.non_billable - covered_non_billable) / 60.0, 2) end;
    over_hours := null;
    used_percent := null;
    hourly_rate_cents := null;
    amount_cents := null;
    return next;
  end if;
end
$function$
;

-- The month's time of a company by ticket, agent, work type and billable, with the agents' notes
-- (oldest first). A company admin gets their own company's billable lines without notes; anyone
-- else gets no rows.
--
-- Measured with tests/perf/billing-perf.ts: grouping on the columns time_entries_company_date_idx
-- carries is an index-only scan, where reading agent_name from each row fetched every entry's heap
-- page. Names are looked up once per agent, only staff's notes read the heap (through the partial
-- index of entries that have one), and the month's tickets are fetched by id.
CREATE OR REPLACE FUNCTION public.statement_lines(p_company uuid, p_month date)
 RETURNS TABLE(ticket_id uuid, tracking_ref text, ticket_summary text, agent_id uuid, agent_name text, work_type public.work_type, billable boolean, entries integer, minutes bigint, hours numeric, first_day date, last_day date, notes text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  access text := private.statement_access(p_company);
  month_start date := date_trunc('month', p_month)::date;
  month_end date := (date_trunc('month', p_month) + interval '1 month - 1 day')::date;
begin
  if access is null or p_company is null or p_month is null then
    return;
  end if;
  return query
  with g as (
    select te.ticket_id, te.agent_id, te.work_type, te.billable, count(*) as entries,
           sum(te.minutes)::bigint as minutes, min(te.work_date) as first_day, max(te.work_date) as last_day
    from public.time_entries te
    where te.company_id = p_company and te.work_date between month_start and month_end
      and (access = 'staff' or te.billable)
    group by te.ticket_id, te.agent_id, te.work_type, te.billable
  ), n as (
    select te.ticket_id, te.agent_id, te.work_type, te.billable,
           string_agg(btrim(te.note), E'\n' order by te.work_date, te.created_at) as notes
    from public.time_entries te
    where access = 'staff' and te.company_id = p_company and te.work_date between month_start and month_end
      and te.note is not null and btrim(te.note) <> ''
    group by te.ticket_id, te.agent_id, te.work_type, te.billable
  ), names as (
    select a.agent_id,
           coalesce(private.display_name(a.agent_id),
                    (select e.agent_name from public.time_entries e where e.agent_id = a.agent_id limit 1)) as name
    from (select distinct g.agent_id from g where g.agent_id is not null) a
  )
  select g.ticket_id, t.tracking_ref, t.summary, g.agent_id, coalesce(names.name, 'Former staff member'),
         g.work_type, g.billable, g.entries::integer, g.minutes, round(g.minutes / 60.0, 2), g.first_day,
         g.last_day, n.notes
  from g
  -- Each line's ticket by id (offset 0 keeps it a lookup): joined directly, the planner merged
  -- with all of tickets' primary key and read every ticket (~1.5 s at 1,000,000 tickets).
  cross join lateral (select tk.tracking_ref, tk.summary from public.tickets tk
                      where tk.id = g.ticket_id offset 0) t
  left join names on names.agent_id = g.agent_id
  left join n on n.ticket_id = g.ticket_id and n.agent_id is not distinct from g.agent_id
             and n.work_type = g.work_type and n.billable = g.billable
  order by t.tracking_ref, 5, g.work_type, g.billable desc;
end
$function$
;

-- Tells the company's account manager and the provider admins, once per contract, month and
-- threshold, when a retainer's billable time reaches 80% and 100% of the month's available hours.
-- p_month is any day of the month.
CREATE OR REPLACE FUNCTION private.check_retainer_alerts(p_contract uuid, p_month date)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.contracts;
  m record;
  first_day date := date_trunc('month', p_month)::date;
  available bigint;
  threshold integer;
  person record;
  payload jsonb;
begin
  select * into c from public.contracts where id = p_contract;
  if not found or c.kind <> 'retainer' then
    return;
  end if;
  select * into m from private.contract_month(p_contract, first_day);
  if not found then
    return;
  end if;
  available := m.retainer_minutes + m.carried_in_minutes;
  foreach threshold in array array[80, 100] loop
    continue when available <= 0 or m.billable_minutes * 100 < threshold * available;
    insert into public.retainer_alerts (contract_id, company_id, month, threshold, used_minutes, available_minutes)
    values (c.id, c.company_id, first_day, threshold, m.billable_minutes, available)
    on conflict do nothing;
    continue when not found;
    payload := jsonb_build_object(
      'company_id', c.company_id, 'company_name', private.company_name(c.company_id),
      'contract_id', c.id, 'contract_name', c.name, 'month', to_char(first_day, 'YYYY-MM'),
      'threshold', threshold, 'used_hours', round(m.billable_minutes / 60.0, 2),
      'available_hours', round(available / 60.0, 2), 'hourly_rate_cents', c.hourly_rate_cents,
      'currency', c.currency);
    for person in
      select distinct u.email::text as email, u.id as user_id
      from auth.users u
      where u.email is not null
        and (u.id = (select co.account_manager_id from public.companies co where co.id = c.company_id)
             or u.id = any (array(select r.user_id from public.user_roles r where r.role = 'siyakha_admin')))
    loop
      perform private.enqueue_email('retainer:' || c.id || ':' || to_char(first_day, 'YYYY-MM') || ':' || threshold,
                                    'retainer_threshold', null, null, null, person.email, person.user_id, payload);
    end loop;
  end loop;
end
$function$
;

-- A billable entry may take its month (and, where hours roll over, the next month) past a
-- threshold. Bulk imports (private.notifications_off) check once at the end instead.
CREATE OR REPLACE FUNCTION private.time_entry_retainer_alerts()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if private.notifications_off() or not new.billable or new.contract_id is null
     or coalesce(current_setting('siyakha.restamping', true), '') = 'on' then
    return null;
  end if;
  perform private.check_retainer_alerts(new.contract_id, new.work_date);
  if new.work_date < date_trunc('month', now() at time zone 'Africa/Johannesburg')::date then
    perform private.check_retainer_alerts(new.contract_id, (new.work_date + interval '1 month')::date);
  end if;
  return null;
end
$function$
;

alter table public.retainer_alerts enable row level security;

-- Retainer alerts: staff read them beside the statement; only the alert check writes them.
create policy "retainer_alerts: read as staff" on public.retainer_alerts
  for select to authenticated using ((select private.is_staff()));

create trigger contracts_no_overlap BEFORE INSERT OR UPDATE ON public.contracts FOR EACH ROW EXECUTE FUNCTION private.contracts_no_overlap();
create trigger contracts_restamp_time AFTER INSERT OR UPDATE OF starts_on, ends_on, kind, hours_per_month, rollover ON public.contracts FOR EACH ROW EXECUTE FUNCTION private.contracts_restamp_time();
create trigger time_entries_retainer_alerts AFTER INSERT OR UPDATE OF minutes, billable, work_date, contract_id ON public.time_entries FOR EACH ROW EXECUTE FUNCTION private.time_entry_retainer_alerts();

revoke all on function private.contracts_no_overlap() from public, anon, authenticated, service_role;
revoke all on function private.contracts_restamp_time() from public, anon, authenticated, service_role;
revoke all on function private.company_minutes(p_company uuid, p_from date, p_to date) from public, anon, authenticated, service_role;
revoke all on function private.contract_month(p_contract uuid, p_month date) from public, anon, authenticated, service_role;
revoke all on function private.statement_access(p_company uuid) from public, anon, authenticated, service_role;
revoke all on function private.check_retainer_alerts(p_contract uuid, p_month date) from public, anon, authenticated, service_role;
revoke all on function private.time_entry_retainer_alerts() from public, anon, authenticated, service_role;
revoke all on function public.statement_summary(p_company uuid, p_month date) from public, anon, authenticated, service_role;
revoke all on function public.statement_lines(p_company uuid, p_month date) from public, anon, authenticated, service_role;
revoke all on table public.retainer_alerts from public, anon, authenticated, service_role;
grant execute on function public.statement_summary(p_company uuid, p_month date) to authenticated, service_role;
grant execute on function public.statement_lines(p_company uuid, p_month date) to authenticated, service_role;
grant all on table public.retainer_alerts to service_role;
grant select on table public.retainer_alerts to authenticated;
