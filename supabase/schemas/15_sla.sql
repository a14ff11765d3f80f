-- Service levels: business hours, South African public holidays, targets per priority and the due
-- times stamped on each ticket. (The holiday and target rows are data: see the baseline migration.)
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

create unique index public_holidays_pkey on private.public_holidays (day);
create unique index sla_targets_pkey on public.sla_targets (priority);

alter table private.public_holidays add constraint public_holidays_pkey PRIMARY KEY using index public_holidays_pkey;
alter table public.sla_targets add constraint sla_targets_pkey PRIMARY KEY using index sla_targets_pkey;
alter table public.sla_targets add constraint sla_targets_first_response_minutes_check CHECK (((first_response_minutes >= 1) AND (first_response_minutes <= 100000)));
alter table public.sla_targets add constraint sla_targets_resolution_minutes_check CHECK (((resolution_minutes >= 1) AND (resolution_minutes <= 1000000)));

-- The instant p_minutes business minutes after p_start (0: p_start itself if in business hours,
-- else the next opening). Walks day by day: a target is at most a few weeks of business time.
CREATE OR REPLACE FUNCTION private.business_add(p_start timestamp with time zone, p_minutes integer)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  local timestamp := p_start at time zone 'Africa/Johannesburg';
  remaining integer := greatest(p_minutes, 0);
  opens timestamp;
  closes timestamp;
  available integer;
begin
  for guard in 1..4000 loop
    opens := local::date + time '08:00';
    closes := local::date + time '17:00';
    if not private.is_business_day(local::date) or local >= closes then
      local := local::date + 1;
      continue;
    end if;
    if local < opens then
      local := opens;
    end if;
    available := floor(extract(epoch from closes - local) / 60)::integer;
    if remaining <= available then
      return (local + make_interval(mins => remaining)) at time zone 'Africa/Johannesburg';
    end if;
    remaining := remaining - available;
    local := local::date + 1;
  end loop;
  raise exception 'business_add: no business day found' using errcode = '22023';
end
$function$
;

-- Business minutes between two instants (0 when p_to is not after p_from).
CREATE OR REPLACE FUNCTION private.business_minutes(p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  local timestamp := p_from at time zone 'Africa/Johannesburg';
  stop timestamp := p_to at time zone 'Africa/Johannesburg';
  total numeric := 0;
begin
  while local < stop loop
    if private.is_business_day(local::date) then
      total := total + greatest(0, extract(epoch from
        least(stop, local::date + time '17:00') - greatest(local, local::date + time '08:00')) / 60);
    end if;
    local := local::date + 1;
  end loop;
  return floor(total)::integer;
end
$function$
;

-- SLA in South African business hours (issue 13, part 3). Response and resolution targets per
-- priority count business minutes: Monday to Friday 08:00–17:00 Africa/Johannesburg, without South
-- African public holidays (a holiday on a Sunday moves to the Monday). The database stores each
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
  select extract(isodow from d) < 6 and not exists (select 1 from private.public_holidays h where h.day = d)
$function$
;

-- Due from creation: the first response after its target; the resolution after its target plus
-- every business minute the ticket waited on the customer. Recomputed (not shifted) on every
-- change, so a priority change or a pause lands the same due time however it was reached.
CREATE OR REPLACE FUNCTION private.stamp_sla()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  target public.sla_targets;
begin
  if tg_op = 'UPDATE' then
    -- Nobody sets the clock by hand: it follows status and priority only.
    new.first_response_due_at := old.first_response_due_at;
    new.resolution_due_at := old.resolution_due_at;
    new.sla_paused_at := old.sla_paused_at;
    new.sla_paused_minutes := old.sla_paused_minutes;
    new.resolved_at := old.resolved_at;
    if new.status = old.status and new.priority = old.priority then
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
  select * into target from public.sla_targets where priority = new.priority;
  new.first_response_due_at := private.business_add(new.created_at, target.first_response_minutes);
  new.resolution_due_at := private.business_add(new.created_at, target.resolution_minutes + new.sla_paused_minutes);
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

alter table private.public_holidays enable row level security;
alter table public.sla_targets enable row level security;

-- The one policy that checked the admin role by hand now uses the staff check, so it follows the
-- requirement too.
create policy "sla_targets: provider admins change them" on public.sla_targets
  for update to authenticated
  using ((select private.has_role('siyakha_admin')))
  with check ((select private.has_role('siyakha_admin')));
create policy "sla_targets: read as staff" on public.sla_targets
  for select to authenticated using ((select private.is_staff()));

create trigger tickets_stamp_sla BEFORE INSERT OR UPDATE ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.stamp_sla();

revoke all on function private.business_add(p_start timestamp with time zone, p_minutes integer) from public, anon, authenticated, service_role;
revoke all on function private.business_minutes(p_from timestamp with time zone, p_to timestamp with time zone) from public, anon, authenticated, service_role;
revoke all on function private.easter_sunday(y integer) from public, anon, authenticated, service_role;
revoke all on function private.is_business_day(d date) from public, anon, authenticated, service_role;
revoke all on function private.stamp_sla() from public, anon, authenticated, service_role;
revoke all on function public.close_resolved_tickets(p_remind_days integer, p_close_days integer) from public, anon, authenticated, service_role;
revoke all on function public.sla_report(p_since timestamp with time zone) from public, anon, authenticated, service_role;
revoke all on table private.public_holidays from public, anon, authenticated, service_role;
revoke all on table public.sla_targets from public, anon, authenticated, service_role;
grant execute on function private.business_add(p_start timestamp with time zone, p_minutes integer) to service_role;
grant execute on function private.business_minutes(p_from timestamp with time zone, p_to timestamp with time zone) to service_role;
grant execute on function public.close_resolved_tickets(p_remind_days integer, p_close_days integer) to service_role;
grant execute on function public.sla_report(p_since timestamp with time zone) to authenticated, service_role;
grant all on table public.sla_targets to service_role;
grant select, update (first_response_minutes, resolution_minutes) on table public.sla_targets to authenticated;
