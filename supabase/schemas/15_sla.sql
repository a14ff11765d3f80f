-- Service levels: business hours, South African public holidays, targets per priority and the due
-- times stamped on each ticket. (The holiday, target and calendar rows are data: see the baseline
-- migration and …_business_calendar_row.sql.)
--
-- Bodies are checked when they run, not here: functions in this file read tables that later
-- files create (plpgsql checks nothing at creation; sql would parse its body).
set check_function_bodies = off;

-- The days off, with the Public Holidays Act's rule: a holiday on a Sunday is also taken on the
-- Monday. One-off days (an election day) are added as rows.
create table private.public_holidays (
    day date not null,
    name text not null
);

-- Business minutes per priority (a business day is 540). Staff read them; provider admins change
-- them (the due times of tickets change with their next priority or status change).
create table public.sla_targets (
    priority public.ticket_priority not null,
    first_response_minutes integer not null,
    resolution_minutes integer not null,
    updated_at timestamp with time zone not null default now()
);

-- The business calendar (issue 46, part 3): one row a provider admin edits, read for every due
-- time. Weekdays are ISO (1 Monday … 7 Sunday); the day runs from opens_at to closes_at in
-- time_zone. public_holidays says whether South Africa's public holidays are closed days.
create table public.business_calendar (
    id boolean not null default true,
    time_zone text not null default 'Africa/Johannesburg',
    opens_at time without time zone not null default '08:00:00',
    closes_at time without time zone not null default '17:00:00',
    open_weekdays smallint[] not null default '{1,2,3,4,5}'::smallint[],
    public_holidays boolean not null default true,
    updated_at timestamp with time zone not null default now(),
    updated_by uuid
);

-- Days the office is closed besides weekends and public holidays (a year-end shutdown, a
-- company day). Staff read them; provider admins add and remove them.
create table public.closed_days (
    day date not null,
    name text not null,
    created_at timestamp with time zone not null default now()
);

create unique index public_holidays_pkey on private.public_holidays (day);
create unique index business_calendar_pkey on public.business_calendar (id);
create unique index closed_days_pkey on public.closed_days (day);
create unique index sla_targets_pkey on public.sla_targets (priority);

alter table private.public_holidays add constraint public_holidays_pkey PRIMARY KEY using index public_holidays_pkey;
alter table public.sla_targets add constraint sla_targets_pkey PRIMARY KEY using index sla_targets_pkey;
alter table public.business_calendar add constraint business_calendar_pkey PRIMARY KEY using index business_calendar_pkey;
alter table public.closed_days add constraint closed_days_pkey PRIMARY KEY using index closed_days_pkey;
alter table public.business_calendar add constraint business_calendar_id_check CHECK (id);
alter table public.business_calendar add constraint business_calendar_hours_check CHECK ((opens_at < closes_at));
alter table public.business_calendar add constraint business_calendar_open_weekdays_check CHECK (((cardinality(open_weekdays) >= 1) AND (open_weekdays <@ '{1,2,3,4,5,6,7}'::smallint[])));
alter table public.business_calendar add constraint business_calendar_time_zone_check CHECK (((char_length(time_zone) >= 1) AND (char_length(time_zone) <= 64)));
alter table public.closed_days add constraint closed_days_name_check CHECK (((char_length(btrim(name)) >= 1) AND (char_length(btrim(name)) <= 80)));
alter table public.business_calendar add constraint business_calendar_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.sla_targets add constraint sla_targets_first_response_minutes_check CHECK (((first_response_minutes >= 1) AND (first_response_minutes <= 100000)));
alter table public.sla_targets add constraint sla_targets_resolution_minutes_check CHECK (((resolution_minutes >= 1) AND (resolution_minutes <= 1000000)));

-- The business calendar as due times read it: the row, or the defaults when there is none.
-- Security definer: a due time is stamped whoever writes the ticket.
CREATE OR REPLACE FUNCTION private.business_calendar()
 RETURNS public.business_calendar
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(
    (select c from public.business_calendar c where c.id),
    row(true, 'Africa/Johannesburg', time '08:00', time '17:00', '{1,2,3,4,5}'::smallint[], true, now(), null)::public.business_calendar)
$function$
;

-- The instant p_minutes business minutes after p_start (0: p_start itself if in business hours,
-- else the next opening). Walks day by day: a target is at most a few weeks of business time.
-- This runs twice for every ticket stamp, so the calendar and the closed days (public holidays
-- if they apply, and public.closed_days) of the next 100 days are read in one query up front: a
-- query per day walked, or a function call for the calendar, cost more than the walk. The plan
-- is kept generic: the planner otherwise re-plans that query on every call (~0.1 ms), its custom
-- plans looking cheaper than the generic one.
CREATE OR REPLACE FUNCTION private.business_add(p_start timestamp with time zone, p_minutes integer)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
declare
  known_until date := (p_start + interval '1 day')::date + 100;
  zone text;
  opens_at time;
  closes_at time;
  weekdays smallint[];
  holidays boolean;
  closed date[];
  local timestamp;
  remaining integer := greatest(p_minutes, 0);
  d date;
  opens timestamp;
  closes timestamp;
  available integer;
begin
  select coalesce(c.time_zone, 'Africa/Johannesburg'), coalesce(c.opens_at, time '08:00'),
         coalesce(c.closes_at, time '17:00'), coalesce(c.open_weekdays, '{1,2,3,4,5}'::smallint[]),
         coalesce(c.public_holidays, true),
         array(select h.day from private.public_holidays h
               where coalesce(c.public_holidays, true)
                 and h.day between (p_start - interval '1 day')::date and known_until
               union all
               select x.day from public.closed_days x
               where x.day between (p_start - interval '1 day')::date and known_until)
  into zone, opens_at, closes_at, weekdays, holidays, closed
  from (select) as one left join public.business_calendar c on c.id;
  local := p_start at time zone zone;
  for guard in 1..4000 loop
    d := local::date;
    if d > known_until then
      known_until := d + 100;
      closed := array(select h.day from private.public_holidays h where holidays and h.day between d and known_until
                      union all
                      select x.day from public.closed_days x where x.day between d and known_until);
    end if;
    closes := d + closes_at;
    if local >= closes or not (extract(isodow from d)::smallint = any (weekdays)) or d = any (closed) then
      local := d + 1;
      continue;
    end if;
    opens := d + opens_at;
    if local < opens then
      local := opens;
    end if;
    available := floor(extract(epoch from closes - local) / 60)::integer;
    if remaining <= available then
      return (local + make_interval(mins => remaining)) at time zone zone;
    end if;
    remaining := remaining - available;
    local := d + 1;
  end loop;
  raise exception 'business_add: no business day found' using errcode = '22023';
end
$function$
;

-- Business minutes between two instants (0 when p_to is not after p_from). The calendar and the
-- closed days in between are read in one query, as in business_add.
CREATE OR REPLACE FUNCTION private.business_minutes(p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
declare
  zone text;
  opens_at time;
  closes_at time;
  weekdays smallint[];
  closed date[];
  local timestamp;
  stop timestamp;
  d date;
  total numeric := 0;
begin
  if p_to <= p_from then
    return 0;
  end if;
  select coalesce(c.time_zone, 'Africa/Johannesburg'), coalesce(c.opens_at, time '08:00'),
         coalesce(c.closes_at, time '17:00'), coalesce(c.open_weekdays, '{1,2,3,4,5}'::smallint[]),
         array(select h.day from private.public_holidays h
               where coalesce(c.public_holidays, true)
                 and h.day between (p_from - interval '1 day')::date and (p_to + interval '1 day')::date
               union all
               select x.day from public.closed_days x
               where x.day between (p_from - interval '1 day')::date and (p_to + interval '1 day')::date)
  into zone, opens_at, closes_at, weekdays, closed
  from (select) as one left join public.business_calendar c on c.id;
  local := p_from at time zone zone;
  stop := p_to at time zone zone;
  while local < stop loop
    d := local::date;
    if extract(isodow from d)::smallint = any (weekdays) and not (d = any (closed)) then
      total := total + greatest(0, extract(epoch from
        least(stop, d + closes_at) - greatest(local, d + opens_at)) / 60);
    end if;
    local := d + 1;
  end loop;
  return floor(total)::integer;
end
$function$
;

-- SLA in South African business hours (issue 13, part 3). Response and resolution targets per
-- priority count business minutes: by default Monday to Friday 08:00–17:00 Africa/Johannesburg,
-- without South African public holidays (a holiday on a Sunday moves to the Monday); since issue
-- 46 the hours, time zone, weekdays, holidays and extra closed days are public.business_calendar
-- and public.closed_days. The database stores each
-- ticket's due times when the ticket is created and when its priority or status changes, so the
-- queue sorts and filters on them at a million rows; the clock pauses while a ticket waits on the
-- customer.


-- Easter Sunday (the anonymous Gregorian algorithm): Good Friday and Family Day hang off it.
CREATE OR REPLACE FUNCTION private.easter_sunday(y integer)
 RETURNS date
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  a integer := y % 19;
  b integer := y / 100;
  c integer := y % 100;
  d integer := b / 4;
  e integer := b % 4;
  f integer := (b + 8) / 25;
  g integer := (b - f + 1) / 3;
  h integer := (19 * a + b - d - g + 15) % 30;
  i integer := c / 4;
  k integer := c % 4;
  l integer := (32 + 2 * e + 2 * i - h - k) % 7;
  m integer := (a + 11 * h + 22 * l) / 451;
  month integer := (h + l - 7 * m + 114) / 31;
  day integer := ((h + l - 7 * m + 114) % 31) + 1;
begin
  return make_date(y, month, day);
end
$function$
;
CREATE OR REPLACE FUNCTION private.is_business_day(d date)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select extract(isodow from d)::smallint = any (cal.open_weekdays)
     and not (cal.public_holidays and exists (select 1 from private.public_holidays h where h.day = d))
     and not exists (select 1 from public.closed_days c where c.day = d)
  from private.business_calendar() cal
$function$
;

-- The public holidays in law for a year: the Public Holidays Act's days and, for one on a Sunday,
-- the Monday after (observed_for: the Sunday). The baseline migration filled
-- private.public_holidays with the same list for 2000–2100.
CREATE OR REPLACE FUNCTION private.law_holidays(y integer)
 RETURNS TABLE(day date, name text, observed_for date)
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select h.day, h.name, null::date
  from (values
    (make_date(y, 1, 1), 'New Year''s Day'),
    (make_date(y, 3, 21), 'Human Rights Day'),
    (private.easter_sunday(y) - 2, 'Good Friday'),
    (private.easter_sunday(y) + 1, 'Family Day'),
    (make_date(y, 4, 27), 'Freedom Day'),
    (make_date(y, 5, 1), 'Workers'' Day'),
    (make_date(y, 6, 16), 'Youth Day'),
    (make_date(y, 8, 9), 'National Women''s Day'),
    (make_date(y, 9, 24), 'Heritage Day'),
    (make_date(y, 12, 16), 'Day of Reconciliation'),
    (make_date(y, 12, 25), 'Christmas Day'),
    (make_date(y, 12, 26), 'Day of Goodwill')
  ) as h (day, name)
  union all
  select h.day + 1, h.name, h.day
  from (values
    (make_date(y, 1, 1), 'New Year''s Day'),
    (make_date(y, 3, 21), 'Human Rights Day'),
    (make_date(y, 4, 27), 'Freedom Day'),
    (make_date(y, 5, 1), 'Workers'' Day'),
    (make_date(y, 6, 16), 'Youth Day'),
    (make_date(y, 8, 9), 'National Women''s Day'),
    (make_date(y, 9, 24), 'Heritage Day'),
    (make_date(y, 12, 16), 'Day of Reconciliation'),
    (make_date(y, 12, 25), 'Christmas Day'),
    (make_date(y, 12, 26), 'Day of Goodwill')
  ) as h (day, name)
  where extract(isodow from h.day) = 7
$function$
;

-- The public holidays of a year as the calendar has them, for the SLA page (staff only): each
-- day's source ('law': the Act's list with its Sunday rule; 'added': a one-off day such as an
-- election day), the Sunday a Monday stands in for, and whether it closes the office (holidays
-- apply and the weekday is open).
CREATE OR REPLACE FUNCTION public.public_holidays_of(p_year integer)
 RETURNS TABLE(day date, name text, source text, observed_for date, closes boolean)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  cal public.business_calendar := private.business_calendar();
begin
  if p_year is null or p_year < 2000 or p_year > 2100 then
    raise exception 'Public holidays are known for the years 2000 to 2100.' using errcode = '22023';
  end if;
  if not (select private.is_staff()) then
    return;
  end if;
  return query
    select h.day, h.name,
           case when exists (select 1 from private.law_holidays(p_year) l where l.day = h.day) then 'law' else 'added' end,
           (select min(l.observed_for) from private.law_holidays(p_year) l
            where l.day = h.day and l.observed_for is not null
              and not exists (select 1 from private.law_holidays(p_year) x where x.day = h.day and x.observed_for is null)),
           cal.public_holidays and extract(isodow from h.day)::smallint = any (cal.open_weekdays)
    from private.public_holidays h
    where h.day between make_date(p_year, 1, 1) and make_date(p_year, 12, 31)
    order by h.day;
end
$function$
;

-- The due times of a ticket as the targets and the calendar say now: the first response after its
-- target from creation; the resolution after its target plus every business minute the ticket
-- waited on the customer. The targets are the plan of the company's contract in force on the day
-- the ticket was opened (a Johannesburg day, as contracts count them) when it has a row for the
-- priority, else the global ones.
CREATE OR REPLACE FUNCTION private.sla_due_times(p_company uuid, p_priority public.ticket_priority, p_created_at timestamp with time zone, p_paused_minutes integer, OUT first_response_due_at timestamp with time zone, OUT resolution_due_at timestamp with time zone)
 RETURNS record
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  first_response integer;
  resolution integer;
begin
  if p_company is not null then
    select t.first_response_minutes, t.resolution_minutes into first_response, resolution
    from public.contract_sla_targets t
    where t.contract_id = private.contract_on(p_company, (p_created_at at time zone 'Africa/Johannesburg')::date)
      and t.priority = p_priority;
  end if;
  if first_response is null then
    select t.first_response_minutes, t.resolution_minutes into first_response, resolution
    from public.sla_targets t where t.priority = p_priority;
  end if;
  first_response_due_at := private.business_add(p_created_at, first_response);
  resolution_due_at := private.business_add(p_created_at, resolution + p_paused_minutes);
end
$function$
;

-- Due from creation (private.sla_due_times). Recomputed (not shifted) on every change of status,
-- priority or company, so a priority change or a pause lands the same due time however it was
-- reached; and for every open ticket when the calendar or the targets change
-- (private.recompute_sla_due, which turns siyakha.sla_recompute on for its update).
CREATE OR REPLACE FUNCTION private.stamp_sla()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'UPDATE' then
    -- Nobody sets the clock by hand: it follows status and priority only.
    new.first_response_due_at := old.first_response_due_at;
    new.resolution_due_at := old.resolution_due_at;
    new.sla_paused_at := old.sla_paused_at;
    new.sla_paused_minutes := old.sla_paused_minutes;
    new.resolved_at := old.resolved_at;
    if new.status = old.status and new.priority = old.priority
       and new.company_id is not distinct from old.company_id
       and current_setting('siyakha.sla_recompute', true) is distinct from 'on' then
      return new;
    end if;
  end if;
  -- The clock stops while the ticket waits on the customer, and picks up where it was.
  if new.status = 'waiting_on_customer' and new.sla_paused_at is null then
    new.sla_paused_at := now();
  elsif new.status <> 'waiting_on_customer' and new.sla_paused_at is not null then
    new.sla_paused_minutes := new.sla_paused_minutes + private.business_minutes(new.sla_paused_at, now());
    new.sla_paused_at := null;
  end if;
  if new.status = 'resolved' and (tg_op = 'INSERT' or old.status <> 'resolved') then
    new.resolved_at := now();
    new.resolution_reminder_at := null;
  elsif new.status not in ('resolved', 'closed') then
    new.resolved_at := null;
  end if;
  select d.first_response_due_at, d.resolution_due_at into new.first_response_due_at, new.resolution_due_at
  from private.sla_due_times(new.company_id, new.priority, new.created_at, new.sla_paused_minutes) d;
  return new;
end
$function$
;
CREATE OR REPLACE FUNCTION public.close_resolved_tickets(p_remind_days integer DEFAULT 3, p_close_days integer DEFAULT 5)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  reminded integer := 0;
  closed integer := 0;
  ticket public.tickets;
  person record;
begin
  for ticket in
    select t.* from public.tickets t
    where t.status = 'resolved' and t.resolved_at < now() - interval '2 days'
      and private.business_minutes(t.resolved_at, now()) >= p_close_days * 540
    for update skip locked
  loop
    update public.tickets set status = 'closed', close_reason = 'auto_closed' where id = ticket.id;
    closed := closed + 1;
  end loop;
  for ticket in
    select t.* from public.tickets t
    where t.status = 'resolved' and t.resolution_reminder_at is null and t.resolved_at < now() - interval '2 days'
      and private.business_minutes(t.resolved_at, now()) >= p_remind_days * 540
    for update skip locked
  loop
    update public.tickets set resolution_reminder_at = now() where id = ticket.id;
    if not private.notifications_off() then
      for person in select * from private.requester_address(ticket) loop
        perform private.enqueue_email('ticket:' || ticket.id || ':resolved_reminder:' || ticket.version,
                                      'status_resolved_reminder', 'ticket_updates', ticket.id, null, person.email,
                                      person.user_id, private.ticket_payload(ticket));
      end loop;
    end if;
    reminded := reminded + 1;
  end loop;
  return jsonb_build_object('reminded', reminded, 'closed', closed);
end
$function$
;

-- Since p_since (the portal asks for this week, from Monday 00:00 in Johannesburg), staff only:
-- how many tickets broke a promise (first response late or still unanswered past due; resolved
-- late or open past due and not waiting on the customer), and the median first response in
-- business minutes. Anyone else gets no row.
CREATE OR REPLACE FUNCTION public.sla_report(p_since timestamp with time zone)
 RETURNS TABLE(tickets integer, first_response_breached integer, resolution_breached integer, breached integer, answered integer, median_first_response_minutes integer)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with t as (
    select
      coalesce(x.first_response_at > x.first_response_due_at,
               x.status not in ('resolved', 'closed') and now() > x.first_response_due_at) as fr_late,
      case when x.status in ('resolved', 'closed') then x.resolved_at > x.resolution_due_at
           else x.sla_paused_at is null and now() > x.resolution_due_at end as res_late,
      case when x.first_response_at is not null then private.business_minutes(x.created_at, x.first_response_at) end
        as fr_minutes
    from public.tickets x
    where x.created_at >= p_since
  )
  select count(*)::integer,
         count(*) filter (where fr_late)::integer,
         count(*) filter (where res_late)::integer,
         count(*) filter (where fr_late or res_late)::integer,
         count(fr_minutes)::integer,
         (percentile_disc(0.5) within group (order by fr_minutes))::integer
  from t
  having (select private.is_staff())
$function$
;

-- Moves the stored due times of open tickets (every one; or those of p_companies, of
-- p_priorities, or whose clock runs over a day from p_from to p_to: opened before it and due after
-- it, a day's margin for the time zone) to what the calendar and targets say now, and adds how many moved to the transaction's count that the save
-- functions below return. The update writes no column itself: stamp_sla recomputes while
-- siyakha.sla_recompute is on, so the version, the activity time and the ticket's log and
-- notifications stay as they were; tickets whose due times do not move are not written.
CREATE OR REPLACE FUNCTION private.recompute_sla_due(p_companies uuid[] DEFAULT NULL::uuid[], p_from date DEFAULT NULL::date, p_to date DEFAULT NULL::date, p_priorities public.ticket_priority[] DEFAULT NULL::public.ticket_priority[])
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  moved integer;
begin
  perform set_config('siyakha.sla_recompute', 'on', true);
  update public.tickets t set status = t.status
  where t.status not in ('resolved', 'closed')
    and (p_companies is null or t.company_id = any (p_companies))
    and (p_from is null or (t.resolution_due_at >= p_from - interval '1 day' and t.created_at < p_to + interval '2 days'))
    and (p_priorities is null or t.priority = any (p_priorities))
    and private.sla_due_times(t.company_id, t.priority, t.created_at, t.sla_paused_minutes)
        is distinct from row(t.first_response_due_at, t.resolution_due_at);
  get diagnostics moved = row_count;
  perform set_config('siyakha.sla_recompute', 'off', true);
  perform set_config('siyakha.sla_recomputed',
    (coalesce(nullif(current_setting('siyakha.sla_recomputed', true), ''), '0')::integer + moved)::text, true);
  return moved;
end
$function$
;

-- After a statement on the calendar or the public holidays: every open ticket.
CREATE OR REPLACE FUNCTION private.recompute_sla_after_calendar_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.recompute_sla_due(null);
  return null;
end
$function$
;

-- After a statement on the global targets: the open tickets of the priorities changed.
CREATE OR REPLACE FUNCTION private.recompute_sla_after_targets_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  priorities public.ticket_priority[];
begin
  if tg_op = 'INSERT' then
    select array_agg(n.priority) into priorities from new_rows n;
  elsif tg_op = 'DELETE' then
    select array_agg(o.priority) into priorities from old_rows o;
  else
    select array_agg(n.priority) into priorities
    from new_rows n join old_rows o on o.priority = n.priority
    where (n.first_response_minutes, n.resolution_minutes) is distinct from (o.first_response_minutes, o.resolution_minutes);
  end if;
  if priorities is not null then
    perform private.recompute_sla_due(null, null, null, priorities);
  end if;
  return null;
end
$function$
;

-- After a statement on the closed days: the open tickets whose clock runs over the days changed
-- (a closed day next month moves nothing due this week). One trigger per event, as transition
-- tables need.
CREATE OR REPLACE FUNCTION private.recompute_sla_after_closed_days_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  first_day date;
  last_day date;
begin
  if tg_op = 'INSERT' then
    select min(n.day), max(n.day) into first_day, last_day from new_rows n;
  elsif tg_op = 'DELETE' then
    select min(o.day), max(o.day) into first_day, last_day from old_rows o;
  else
    select min(d), max(d) into first_day, last_day
    from (select n.day as d from new_rows n union all select o.day from old_rows o) as changed;
  end if;
  if first_day is not null then
    perform private.recompute_sla_due(null, first_day, last_day);
  end if;
  return null;
end
$function$
;

-- After a statement on contracts or contract plans: the open tickets of the companies whose
-- contracts changed (a contract's dates or company decide which plan is in force). Fired by one
-- trigger per event, as transition tables need.
CREATE OR REPLACE FUNCTION private.recompute_sla_after_contract_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  companies uuid[];
begin
  if tg_table_name = 'contracts' then
    if tg_op = 'INSERT' then
      select array_agg(distinct n.company_id) into companies from new_rows n;
    elsif tg_op = 'DELETE' then
      select array_agg(distinct o.company_id) into companies from old_rows o;
    else
      select array_agg(distinct c) into companies
      from new_rows n join old_rows o on o.id = n.id
      cross join lateral unnest(array[n.company_id, o.company_id]) as c
      where (n.company_id, n.starts_on, n.ends_on) is distinct from (o.company_id, o.starts_on, o.ends_on);
    end if;
  else
    if tg_op = 'INSERT' then
      select array_agg(distinct c.company_id) into companies
      from public.contracts c where c.id in (select n.contract_id from new_rows n);
    elsif tg_op = 'DELETE' then
      select array_agg(distinct c.company_id) into companies
      from public.contracts c where c.id in (select o.contract_id from old_rows o);
    else
      select array_agg(distinct c.company_id) into companies
      from public.contracts c
      where c.id in (select n.contract_id from new_rows n union select o.contract_id from old_rows o);
    end if;
  end if;
  if companies is not null then
    perform private.recompute_sla_due(companies);
  end if;
  return null;
end
$function$
;

-- Who changed the calendar and when, whatever the client sends; a time zone PostgreSQL knows.
CREATE OR REPLACE FUNCTION private.stamp_business_calendar()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.time_zone) then
    raise exception 'Unknown time zone "%": use an IANA name such as Africa/Johannesburg.', new.time_zone
      using errcode = '22023';
  end if;
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  return new;
end
$function$
;

-- The SLA page's saves (issue 46, part 3). Each is one write under the caller's own rights (RLS
-- decides: provider admins), and returns how many open tickets' due times it moved, which the
-- triggers count in the transaction.
CREATE OR REPLACE FUNCTION public.save_business_calendar(p_time_zone text, p_opens_at time without time zone, p_closes_at time without time zone, p_open_weekdays smallint[], p_public_holidays boolean)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform set_config('siyakha.sla_recomputed', '0', true);
  update public.business_calendar
  set time_zone = p_time_zone, opens_at = p_opens_at, closes_at = p_closes_at,
      open_weekdays = p_open_weekdays, public_holidays = p_public_holidays
  where id;
  if not found then
    raise exception 'Only a provider admin can change the business calendar.' using errcode = '42501';
  end if;
  return coalesce(nullif(current_setting('siyakha.sla_recomputed', true), ''), '0')::integer;
end
$function$
;

CREATE OR REPLACE FUNCTION public.add_closed_day(p_day date, p_name text)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform set_config('siyakha.sla_recomputed', '0', true);
  insert into public.closed_days (day, name) values (p_day, btrim(p_name));
  return coalesce(nullif(current_setting('siyakha.sla_recomputed', true), ''), '0')::integer;
end
$function$
;

CREATE OR REPLACE FUNCTION public.remove_closed_day(p_day date)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform set_config('siyakha.sla_recomputed', '0', true);
  delete from public.closed_days where day = p_day;
  if not found then
    raise exception 'That day is not a closed day, or only a provider admin can remove it.' using errcode = '42501';
  end if;
  return coalesce(nullif(current_setting('siyakha.sla_recomputed', true), ''), '0')::integer;
end
$function$
;

-- p_targets: [{priority, first_response_minutes, resolution_minutes}]. Global targets
-- (p_contract null): every priority given is updated. A contract's plan: the priorities given are
-- its plan, the others are removed from it (they follow the global targets).
CREATE OR REPLACE FUNCTION public.save_sla_targets(p_contract uuid, p_targets jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform set_config('siyakha.sla_recomputed', '0', true);
  -- RLS refuses the writes too; this says so plainly (and an update would refuse in silence).
  if not (select private.has_role('siyakha_admin')) then
    raise exception 'Only a provider admin can change the SLA targets.' using errcode = '42501';
  end if;
  if jsonb_typeof(p_targets) is distinct from 'array' then
    raise exception 'Targets are a list of priorities with their minutes.' using errcode = '22023';
  end if;
  if p_contract is null then
    update public.sla_targets s
    set first_response_minutes = t.first_response_minutes, resolution_minutes = t.resolution_minutes
    from jsonb_to_recordset(p_targets) as t (priority public.ticket_priority, first_response_minutes integer, resolution_minutes integer)
    where s.priority = t.priority
      and (s.first_response_minutes, s.resolution_minutes) is distinct from (t.first_response_minutes, t.resolution_minutes);
  else
    if not exists (select 1 from public.contracts c where c.id = p_contract) then
      raise exception 'No such contract.' using errcode = 'P0002';
    end if;
    insert into public.contract_sla_targets as s (contract_id, priority, first_response_minutes, resolution_minutes)
    select p_contract, t.priority, t.first_response_minutes, t.resolution_minutes
    from jsonb_to_recordset(p_targets) as t (priority public.ticket_priority, first_response_minutes integer, resolution_minutes integer)
    on conflict (contract_id, priority) do update
    set first_response_minutes = excluded.first_response_minutes, resolution_minutes = excluded.resolution_minutes
    where (s.first_response_minutes, s.resolution_minutes) is distinct from (excluded.first_response_minutes, excluded.resolution_minutes);
    delete from public.contract_sla_targets s
    where s.contract_id = p_contract
      and s.priority not in (select (e ->> 'priority')::public.ticket_priority from jsonb_array_elements(p_targets) e);
  end if;
  return coalesce(nullif(current_setting('siyakha.sla_recomputed', true), ''), '0')::integer;
end
$function$
;

alter table private.public_holidays enable row level security;
alter table public.sla_targets enable row level security;
alter table public.business_calendar enable row level security;
alter table public.closed_days enable row level security;

-- The calendar: staff read it (due times are shown with it); provider admins change the one row.
create policy "business_calendar: read as staff" on public.business_calendar
  for select to authenticated using ((select private.is_staff()));
create policy "business_calendar: provider admins change it" on public.business_calendar
  for update to authenticated
  using ((select private.has_role('siyakha_admin')))
  with check ((select private.has_role('siyakha_admin')));
-- Closed days: staff read them; provider admins add, rename and remove them.
create policy "closed_days: read as staff" on public.closed_days
  for select to authenticated using ((select private.is_staff()));
create policy "closed_days: write as provider admin" on public.closed_days
  for all to authenticated
  using ((select private.has_role('siyakha_admin')))
  with check ((select private.has_role('siyakha_admin')));

-- The one policy that checked the admin role by hand now uses the staff check, so it follows the
-- requirement too.
create policy "sla_targets: provider admins change them" on public.sla_targets
  for update to authenticated
  using ((select private.has_role('siyakha_admin')))
  with check ((select private.has_role('siyakha_admin')));
create policy "sla_targets: read as staff" on public.sla_targets
  for select to authenticated using ((select private.is_staff()));

create trigger tickets_stamp_sla BEFORE INSERT OR UPDATE ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.stamp_sla();
create trigger business_calendar_stamp BEFORE INSERT OR UPDATE ON public.business_calendar FOR EACH ROW EXECUTE FUNCTION private.stamp_business_calendar();
-- Due times follow the calendar and targets: recomputed for open tickets in the same transaction.
create trigger business_calendar_recompute_sla AFTER INSERT OR UPDATE ON public.business_calendar FOR EACH STATEMENT EXECUTE FUNCTION private.recompute_sla_after_calendar_change();
create trigger closed_days_recompute_sla_insert AFTER INSERT ON public.closed_days REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.recompute_sla_after_closed_days_change();
create trigger closed_days_recompute_sla_update AFTER UPDATE ON public.closed_days REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.recompute_sla_after_closed_days_change();
create trigger closed_days_recompute_sla_delete AFTER DELETE ON public.closed_days REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.recompute_sla_after_closed_days_change();
create trigger public_holidays_recompute_sla AFTER INSERT OR DELETE OR UPDATE ON private.public_holidays FOR EACH STATEMENT EXECUTE FUNCTION private.recompute_sla_after_calendar_change();
create trigger sla_targets_recompute_sla_insert AFTER INSERT ON public.sla_targets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.recompute_sla_after_targets_change();
create trigger sla_targets_recompute_sla_update AFTER UPDATE ON public.sla_targets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.recompute_sla_after_targets_change();
create trigger sla_targets_recompute_sla_delete AFTER DELETE ON public.sla_targets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.recompute_sla_after_targets_change();

revoke all on function private.business_add(p_start timestamp with time zone, p_minutes integer) from public, anon, authenticated, service_role;
revoke all on function private.business_minutes(p_from timestamp with time zone, p_to timestamp with time zone) from public, anon, authenticated, service_role;
revoke all on function private.easter_sunday(y integer) from public, anon, authenticated, service_role;
revoke all on function private.is_business_day(d date) from public, anon, authenticated, service_role;
revoke all on function private.stamp_sla() from public, anon, authenticated, service_role;
revoke all on function public.close_resolved_tickets(p_remind_days integer, p_close_days integer) from public, anon, authenticated, service_role;
revoke all on function public.sla_report(p_since timestamp with time zone) from public, anon, authenticated, service_role;
revoke all on function private.business_calendar() from public, anon, authenticated, service_role;
revoke all on function private.law_holidays(y integer) from public, anon, authenticated, service_role;
revoke all on function private.sla_due_times(p_company uuid, p_priority public.ticket_priority, p_created_at timestamp with time zone, p_paused_minutes integer) from public, anon, authenticated, service_role;
revoke all on function private.recompute_sla_due(p_companies uuid[], p_from date, p_to date, p_priorities public.ticket_priority[]) from public, anon, authenticated, service_role;
revoke all on function private.recompute_sla_after_calendar_change() from public, anon, authenticated, service_role;
revoke all on function private.recompute_sla_after_closed_days_change() from public, anon, authenticated, service_role;
revoke all on function private.recompute_sla_after_targets_change() from public, anon, authenticated, service_role;
revoke all on function private.recompute_sla_after_contract_change() from public, anon, authenticated, service_role;
revoke all on function private.stamp_business_calendar() from public, anon, authenticated, service_role;
revoke all on function public.public_holidays_of(p_year integer) from public, anon, authenticated, service_role;
revoke all on function public.save_business_calendar(p_time_zone text, p_opens_at time without time zone, p_closes_at time without time zone, p_open_weekdays smallint[], p_public_holidays boolean) from public, anon, authenticated, service_role;
revoke all on function public.add_closed_day(p_day date, p_name text) from public, anon, authenticated, service_role;
revoke all on function public.remove_closed_day(p_day date) from public, anon, authenticated, service_role;
revoke all on function public.save_sla_targets(p_contract uuid, p_targets jsonb) from public, anon, authenticated, service_role;
revoke all on table public.business_calendar from public, anon, authenticated, service_role;
revoke all on table public.closed_days from public, anon, authenticated, service_role;
revoke all on table private.public_holidays from public, anon, authenticated, service_role;
revoke all on table public.sla_targets from public, anon, authenticated, service_role;
grant execute on function private.business_add(p_start timestamp with time zone, p_minutes integer) to service_role;
grant execute on function private.business_minutes(p_from timestamp with time zone, p_to timestamp with time zone) to service_role;
grant execute on function public.close_resolved_tickets(p_remind_days integer, p_close_days integer) to service_role;
grant execute on function public.sla_report(p_since timestamp with time zone) to authenticated, service_role;
grant all on table public.sla_targets to service_role;
grant select, update (first_response_minutes, resolution_minutes) on table public.sla_targets to authenticated;
grant execute on function public.public_holidays_of(p_year integer) to authenticated, service_role;
grant execute on function public.save_business_calendar(p_time_zone text, p_opens_at time without time zone, p_closes_at time without time zone, p_open_weekdays smallint[], p_public_holidays boolean) to authenticated, service_role;
grant execute on function public.add_closed_day(p_day date, p_name text) to authenticated, service_role;
grant execute on function public.remove_closed_day(p_day date) to authenticated, service_role;
grant execute on function public.save_sla_targets(p_contract uuid, p_targets jsonb) to authenticated, service_role;
grant all on table public.business_calendar to service_role;
grant select, update (time_zone, opens_at, closes_at, open_weekdays, public_holidays) on table public.business_calendar to authenticated;
grant all on table public.closed_days to service_role;
grant select, delete, insert (day, name), update (name) on table public.closed_days to authenticated;

comment on table public.business_calendar is 'One row: the business hours, time zone, open weekdays and whether public holidays close the office. Staff read it; provider admins change it.';
