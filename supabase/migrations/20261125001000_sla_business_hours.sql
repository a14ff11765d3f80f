-- SLA in South African business hours (issue 13, part 3). Response and resolution targets per
-- priority count business minutes: Monday to Friday 08:00–17:00 Africa/Johannesburg, without South
-- African public holidays (a holiday on a Sunday moves to the Monday). The database stores each
-- ticket's due times when the ticket is created and when its priority or status changes, so the
-- queue sorts and filters on them at a million rows; the clock pauses while a ticket waits on the
-- customer.

-- Public holidays ---------------------------------------------------------------------------------

-- Easter Sunday (the anonymous Gregorian algorithm): Good Friday and Family Day hang off it.
create function private.easter_sunday(y integer) returns date
language plpgsql immutable set search_path = ''
as $$
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
$$;

-- The days off, with the Public Holidays Act's rule: a holiday on a Sunday is also taken on the
-- Monday. One-off days (an election day) are added as rows.
create table private.public_holidays (
  day date primary key,
  name text not null
);
alter table private.public_holidays enable row level security;
revoke all on private.public_holidays from anon, authenticated;

insert into private.public_holidays (day, name)
select distinct on (observed) observed, name
from (
  select h.day, h.name, y
  from generate_series(2000, 2100) as y
  cross join lateral (values
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
) as fixed
cross join lateral (
  select fixed.day as observed
  union all
  select fixed.day + 1 where extract(isodow from fixed.day) = 7
) as o
order by observed, name;

-- Business time -------------------------------------------------------------------------------

create function private.is_business_day(d date) returns boolean
language sql stable set search_path = ''
as $$
  select extract(isodow from d) < 6 and not exists (select 1 from private.public_holidays h where h.day = d)
$$;

-- The instant p_minutes business minutes after p_start (0: p_start itself if in business hours,
-- else the next opening). Walks day by day: a target is at most a few weeks of business time.
create function private.business_add(p_start timestamptz, p_minutes integer) returns timestamptz
language plpgsql stable set search_path = ''
as $$
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
$$;

-- Business minutes between two instants (0 when p_to is not after p_from).
create function private.business_minutes(p_from timestamptz, p_to timestamptz) returns integer
language plpgsql stable set search_path = ''
as $$
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
$$;

-- Targets -------------------------------------------------------------------------------------

-- Business minutes per priority (a business day is 540). Staff read them; provider admins change
-- them (the due times of tickets change with their next priority or status change).
create table public.sla_targets (
  priority public.ticket_priority primary key,
  first_response_minutes integer not null check (first_response_minutes between 1 and 100000),
  resolution_minutes integer not null check (resolution_minutes between 1 and 1000000),
  updated_at timestamptz not null default now()
);
insert into public.sla_targets (priority, first_response_minutes, resolution_minutes) values
  ('urgent', 60, 240),
  ('high', 120, 540),
  ('normal', 240, 1080),
  ('low', 540, 2700);
alter table public.sla_targets enable row level security;
create policy "sla_targets: read as staff" on public.sla_targets
  for select to authenticated using ((select private.is_staff()));
create policy "sla_targets: provider admins change them" on public.sla_targets
  for update to authenticated
  using (exists (select 1 from public.user_roles r where r.user_id = (select auth.uid()) and r.role = 'siyakha_admin'))
  with check (exists (select 1 from public.user_roles r where r.user_id = (select auth.uid()) and r.role = 'siyakha_admin'));
revoke all on public.sla_targets from anon, authenticated;
grant select on public.sla_targets to authenticated;
grant update (first_response_minutes, resolution_minutes) on public.sla_targets to authenticated;

-- Due times on the ticket ----------------------------------------------------------------------

-- Written only by the trigger below (no API grant), read with the ticket.
alter table public.tickets
  add column first_response_due_at timestamptz,
  add column resolution_due_at timestamptz,
  add column resolved_at timestamptz,
  -- while waiting on the customer: since when; the business minutes of earlier waits
  add column sla_paused_at timestamptz,
  add column sla_paused_minutes integer not null default 0,
  -- a resolved ticket's "still broken?" reminder went (public.close_resolved_tickets)
  add column resolution_reminder_at timestamptz;

-- Due from creation: the first response after its target; the resolution after its target plus
-- every business minute the ticket waited on the customer. Recomputed (not shifted) on every
-- change, so a priority change or a pause lands the same due time however it was reached.
create function private.stamp_sla() returns trigger
language plpgsql security definer set search_path = ''
as $$
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
$$;
revoke execute on function private.easter_sunday(integer), private.is_business_day(date),
  private.business_add(timestamptz, integer), private.business_minutes(timestamptz, timestamptz),
  private.stamp_sla() from public;
grant execute on function private.business_add(timestamptz, integer), private.business_minutes(timestamptz, timestamptz)
  to service_role;

-- Existing tickets get their due times (and waits so far) once.
update public.tickets t set
  first_response_due_at = private.business_add(t.created_at, s.first_response_minutes),
  resolution_due_at = private.business_add(t.created_at, s.resolution_minutes),
  sla_paused_at = case when t.status = 'waiting_on_customer' then t.updated_at end,
  resolved_at = case when t.status in ('resolved', 'closed') then t.updated_at end
from public.sla_targets s
where s.priority = t.priority;

create trigger tickets_stamp_sla before insert or update on public.tickets
  for each row execute function private.stamp_sla();

-- The queue sorts and filters open tickets by what is due first.
create index tickets_open_resolution_due_idx on public.tickets (resolution_due_at)
  where status not in ('resolved', 'closed');
create index tickets_unanswered_first_response_due_idx on public.tickets (first_response_due_at)
  where first_response_at is null and status not in ('resolved', 'closed');

-- Resolved tickets close themselves --------------------------------------------------------------

-- A resolved ticket nobody answers closes itself after 5 business days (close reason auto_closed,
-- which mails the requester), with a reminder after 3. The outbox worker calls this at the start of
-- every run (hosted: every 10 s by pg_cron; locally the stack's driver); both steps only look at
-- tickets resolved at least two calendar days ago, through the index below. Answers what it did.
create index tickets_resolved_at_idx on public.tickets (resolved_at) where status = 'resolved';

create function public.close_resolved_tickets(p_remind_days integer default 3, p_close_days integer default 5)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
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
$$;
revoke execute on function public.close_resolved_tickets(integer, integer) from public, anon, authenticated;
grant execute on function public.close_resolved_tickets(integer, integer) to service_role;

-- The helpdesk's SLA report ----------------------------------------------------------------------

-- Since p_since (the portal asks for this week, from Monday 00:00 in Johannesburg), staff only:
-- how many tickets broke a promise (first response late or still unanswered past due; resolved
-- late or open past due and not waiting on the customer), and the median first response in
-- business minutes. Anyone else gets no row.
create function public.sla_report(p_since timestamptz)
returns table (
  tickets integer, first_response_breached integer, resolution_breached integer, breached integer,
  answered integer, median_first_response_minutes integer
)
language sql stable security definer set search_path = ''
as $$
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
$$;
revoke execute on function public.sla_report(timestamptz) from public, anon;
grant execute on function public.sla_report(timestamptz) to authenticated, service_role;
