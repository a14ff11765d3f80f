-- What an MSP bills by (issue 46, parts 1 and 2): time staff log on tickets, and the contracts
-- each company's billable time draws on. Time is staff-only: customers never read an entry; a
-- company admin sees billable totals only, through the statement function.
--
-- Bodies are checked when they run, not here: functions in this file read tables that later
-- files create (plpgsql checks nothing at creation; sql would parse its body).
set check_function_bodies = off;

create type public.work_type as enum ('remote', 'on_site', 'travel', 'project');
create type public.contract_kind as enum ('retainer', 'pay_as_you_go');

-- A company's agreement for a period: a monthly retainer (hours a month, whether unused hours roll
-- over to the next month, a rate for the hours beyond) or pay as you go (every billable hour at
-- the rate). Money is in cents of the contract's currency. A company's contracts do not overlap,
-- so each day has at most one contract in force.
create table public.contracts (
    id uuid not null default gen_random_uuid(),
    company_id uuid not null,
    name text not null,
    kind public.contract_kind not null,
    starts_on date not null,
    ends_on date,
    hours_per_month numeric(6,2),
    rollover boolean not null default false,
    hourly_rate_cents integer not null,
    currency text not null default 'ZAR',
    created_at timestamp with time zone not null default now(),
    updated_at timestamp with time zone not null default now()
);

-- A contract's own SLA plan: when a priority has a row here, tickets of the contract's company
-- use it instead of public.sla_targets while the contract is in force.
create table public.contract_sla_targets (
    contract_id uuid not null,
    priority public.ticket_priority not null,
    first_response_minutes integer not null,
    resolution_minutes integer not null,
    updated_at timestamp with time zone not null default now()
);

-- Time an agent spent on a ticket. work_date is the day the work was done in Africa/Johannesburg;
-- it picks the contract (stamped with the ticket's company when the entry is written) and the
-- statement's month.
create table public.time_entries (
    id uuid not null default gen_random_uuid(),
    ticket_id uuid not null,
    agent_id uuid default auth.uid(),
    agent_name text not null,
    company_id uuid,
    contract_id uuid,
    work_date date not null default ((now() AT TIME ZONE 'Africa/Johannesburg'::text))::date,
    minutes integer not null,
    work_type public.work_type not null default 'remote'::public.work_type,
    billable boolean not null default true,
    note text,
    created_at timestamp with time zone not null default now(),
    updated_at timestamp with time zone not null default now()
);

-- A running timer: one per agent and ticket, kept in the database so it survives a reload, a
-- second tab and another device. Stopping it writes a time entry.
create table public.time_timers (
    agent_id uuid not null default auth.uid(),
    ticket_id uuid not null,
    started_at timestamp with time zone not null default now(),
    work_type public.work_type not null default 'remote'::public.work_type,
    billable boolean not null default true,
    note text
);

create unique index contracts_pkey on public.contracts (id);
create index contracts_company_starts_on_idx on public.contracts (company_id, starts_on DESC);
create unique index contract_sla_targets_pkey on public.contract_sla_targets (contract_id, priority);
create unique index time_entries_pkey on public.time_entries (id);
create index time_entries_ticket_idx on public.time_entries (ticket_id, work_date);
create index time_entries_company_date_idx on public.time_entries (company_id, work_date) INCLUDE (minutes, billable, work_type, ticket_id, agent_id) WHERE (company_id IS NOT NULL);
create index time_entries_contract_date_idx on public.time_entries (contract_id, work_date) INCLUDE (minutes) WHERE (billable AND (contract_id IS NOT NULL));
create index time_entries_agent_date_idx on public.time_entries (agent_id, work_date) WHERE (agent_id IS NOT NULL);
create unique index time_timers_pkey on public.time_timers (agent_id, ticket_id);
create index time_timers_ticket_idx on public.time_timers (ticket_id);

alter table public.contracts add constraint contracts_pkey PRIMARY KEY using index contracts_pkey;
alter table public.contract_sla_targets add constraint contract_sla_targets_pkey PRIMARY KEY using index contract_sla_targets_pkey;
alter table public.time_entries add constraint time_entries_pkey PRIMARY KEY using index time_entries_pkey;
alter table public.time_timers add constraint time_timers_pkey PRIMARY KEY using index time_timers_pkey;
alter table public.contracts add constraint contracts_name_check CHECK (((char_length(btrim(name)) >= 1) AND (char_length(btrim(name)) <= 120)));
alter table public.contracts add constraint contracts_dates_check CHECK (((ends_on IS NULL) OR (ends_on >= starts_on)));
alter table public.contracts add constraint contracts_hours_check CHECK ((((kind = 'retainer'::public.contract_kind) AND (hours_per_month > (0)::numeric) AND (hours_per_month <= (1000)::numeric)) OR ((kind = 'pay_as_you_go'::public.contract_kind) AND (hours_per_month IS NULL) AND (NOT rollover))));
alter table public.contracts add constraint contracts_hourly_rate_cents_check CHECK (((hourly_rate_cents >= 0) AND (hourly_rate_cents <= 100000000)));
alter table public.contracts add constraint contracts_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text));
alter table public.contract_sla_targets add constraint contract_sla_targets_first_response_minutes_check CHECK (((first_response_minutes >= 1) AND (first_response_minutes <= 100000)));
alter table public.contract_sla_targets add constraint contract_sla_targets_resolution_minutes_check CHECK (((resolution_minutes >= 1) AND (resolution_minutes <= 1000000)));
alter table public.time_entries add constraint time_entries_minutes_check CHECK (((minutes >= 1) AND (minutes <= 1440)));
alter table public.time_entries add constraint time_entries_note_check CHECK ((char_length(note) <= 2000));
alter table public.time_entries add constraint time_entries_agent_name_check CHECK (((char_length(agent_name) >= 1) AND (char_length(agent_name) <= 200)));
alter table public.time_timers add constraint time_timers_note_check CHECK ((char_length(note) <= 2000));

alter table public.contracts add constraint contracts_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;
alter table public.contract_sla_targets add constraint contract_sla_targets_contract_id_fkey FOREIGN KEY (contract_id) REFERENCES public.contracts(id) ON DELETE CASCADE;
alter table public.time_entries add constraint time_entries_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE;
alter table public.time_entries add constraint time_entries_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.time_entries add constraint time_entries_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE SET NULL;
alter table public.time_entries add constraint time_entries_contract_id_fkey FOREIGN KEY (contract_id) REFERENCES public.contracts(id) ON DELETE SET NULL;
alter table public.time_timers add constraint time_timers_agent_id_fkey FOREIGN KEY (agent_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.time_timers add constraint time_timers_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE;

-- The contract of a company in force on a day, if any.
CREATE OR REPLACE FUNCTION private.contract_on(company uuid, day date)
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.id from public.contracts c
  where c.company_id = company and c.starts_on <= day and (c.ends_on is null or c.ends_on >= day)
  order by c.starts_on desc
  limit 1
$function$
;

-- Who wrote the entry, its company and contract are the database's to fill, whatever the client
-- sends: the company is the ticket's, the contract the one in force on the day of the work.
CREATE OR REPLACE FUNCTION private.stamp_time_entry()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    new.agent_id := coalesce((select auth.uid()), new.agent_id);
    new.created_at := now();
  else
    new.agent_id := old.agent_id;
    new.ticket_id := old.ticket_id;
    new.created_at := old.created_at;
  end if;
  new.agent_name := coalesce(private.display_name(new.agent_id), new.agent_name, 'Unknown user');
  new.company_id := (select t.company_id from public.tickets t where t.id = new.ticket_id);
  new.contract_id := case when new.company_id is not null then private.contract_on(new.company_id, new.work_date) end;
  new.updated_at := now();
  return new;
end
$function$
;

alter table public.contracts enable row level security;
alter table public.contract_sla_targets enable row level security;
alter table public.time_entries enable row level security;
alter table public.time_timers enable row level security;

-- Contracts: staff read them (agents see which contract a ticket's time draws on); provider
-- admins write them. Company admins see their company's through the statement only.
create policy "contracts: read as staff" on public.contracts
  for select to authenticated using ((select private.is_staff()));
create policy "contracts: write as provider admin" on public.contracts
  for all to authenticated
  using ((select private.has_role('siyakha_admin')))
  with check ((select private.has_role('siyakha_admin')));
create policy "contract_sla_targets: read as staff" on public.contract_sla_targets
  for select to authenticated using ((select private.is_staff()));
create policy "contract_sla_targets: write as provider admin" on public.contract_sla_targets
  for all to authenticated
  using ((select private.has_role('siyakha_admin')))
  with check ((select private.has_role('siyakha_admin')));

-- Time entries: staff read all; an agent adds their own; the author corrects or removes theirs
-- within 7 days of writing it, a provider admin any time.
create policy "time_entries: read as staff" on public.time_entries
  for select to authenticated using ((select private.is_staff()));
create policy "time_entries: add own as staff" on public.time_entries
  for insert to authenticated
  with check ((select private.is_staff()) and agent_id = (select private.uid()));
create policy "time_entries: correct own within 7 days or as provider admin" on public.time_entries
  for update to authenticated
  using ((select private.is_staff()) and ((agent_id = (select private.uid()) and created_at > now() - interval '7 days') or (select private.has_role('siyakha_admin'))))
  with check ((select private.is_staff()));
create policy "time_entries: remove own within 7 days or as provider admin" on public.time_entries
  for delete to authenticated
  using ((select private.is_staff()) and ((agent_id = (select private.uid()) and created_at > now() - interval '7 days') or (select private.has_role('siyakha_admin'))));

-- Timers: each staff member's own; the others' are readable so an agent sees who is working on a
-- ticket right now.
create policy "time_timers: read as staff" on public.time_timers
  for select to authenticated using ((select private.is_staff()));
create policy "time_timers: own as staff" on public.time_timers
  for all to authenticated
  using ((select private.is_staff()) and agent_id = (select private.uid()))
  with check ((select private.is_staff()) and agent_id = (select private.uid()));

create trigger contracts_admin_log AFTER INSERT OR DELETE OR UPDATE ON public.contracts FOR EACH ROW EXECUTE FUNCTION private.log_admin_change();
create trigger contract_sla_targets_admin_log AFTER INSERT OR DELETE OR UPDATE ON public.contract_sla_targets FOR EACH ROW EXECUTE FUNCTION private.log_admin_change('contract_id', 'priority');
create trigger time_entries_stamp BEFORE INSERT OR UPDATE ON public.time_entries FOR EACH ROW EXECUTE FUNCTION private.stamp_time_entry();

revoke all on function private.contract_on(company uuid, day date) from public, anon, authenticated, service_role;
revoke all on function private.stamp_time_entry() from public, anon, authenticated, service_role;
revoke all on table public.contracts from public, anon, authenticated, service_role;
revoke all on table public.contract_sla_targets from public, anon, authenticated, service_role;
revoke all on table public.time_entries from public, anon, authenticated, service_role;
revoke all on table public.time_timers from public, anon, authenticated, service_role;
grant execute on function private.contract_on(company uuid, day date) to authenticated, service_role;
grant all on table public.contracts to service_role;
grant select, delete, insert (company_id, name, kind, starts_on, ends_on, hours_per_month, rollover, hourly_rate_cents, currency), update (name, kind, starts_on, ends_on, hours_per_month, rollover, hourly_rate_cents, currency) on table public.contracts to authenticated;
grant all on table public.contract_sla_targets to service_role;
grant select, delete, insert (contract_id, priority, first_response_minutes, resolution_minutes), update (first_response_minutes, resolution_minutes) on table public.contract_sla_targets to authenticated;
grant all on table public.time_entries to service_role;
grant select, delete, insert (ticket_id, work_date, minutes, work_type, billable, note), update (work_date, minutes, work_type, billable, note) on table public.time_entries to authenticated;
grant all on table public.time_timers to service_role;
grant select, delete, insert (ticket_id, started_at, work_type, billable, note), update (started_at, work_type, billable, note) on table public.time_timers to authenticated;
