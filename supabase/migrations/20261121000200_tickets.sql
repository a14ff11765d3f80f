-- Tickets and their messages: statuses and their allowed moves, the generated TCK- reference, and who may read and write each row.

create type public.ticket_status as enum ('new', 'open', 'waiting_on_customer', 'on_hold', 'resolved', 'closed');
create type public.close_reason as enum ('confirmed', 'auto_closed', 'cancelled', 'duplicate', 'spam');
create type public.ticket_priority as enum ('low', 'normal', 'high', 'urgent');
create type public.message_direction as enum ('inbound', 'outbound', 'internal');
create type public.message_channel as enum ('portal', 'whatsapp', 'email', 'web');
create type public.message_status as enum ('queued', 'sent', 'delivered', 'read', 'failed');

-- 'TCK-' + 6 random characters of A-Z0-9 (36^6 ≈ 2.2 billion), retried on the rare collision.
create function private.new_tracking_ref() returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  alphabet constant text := 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  candidate text;
begin
  loop
    candidate := 'TCK-' || (
      select string_agg(substr(alphabet, 1 + (get_byte(b, i) % 36), 1), '' order by i)
      from (select extensions.gen_random_bytes(6) as b) as r, generate_series(0, 5) as i
    );
    exit when not exists (select 1 from public.tickets where tracking_ref = candidate);
  end loop;
  return candidate;
end
$$;

create table public.tickets (
  id uuid primary key default gen_random_uuid(),
  company_id uuid references public.companies (id) on delete set null,
  created_by_user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  channel public.message_channel not null default 'portal',
  summary text not null check (char_length(btrim(summary)) between 1 and 200),
  details text check (char_length(details) <= 10000),
  service_category_id text check (char_length(service_category_id) <= 100),
  priority public.ticket_priority not null default 'normal',
  location text check (char_length(location) <= 200),
  tracking_ref text not null unique default private.new_tracking_ref()
    check (tracking_ref ~ '^TCK-[A-Z0-9]{6}$'),
  status public.ticket_status not null default 'new',
  close_reason public.close_reason,
  assigned_to uuid references auth.users (id) on delete set null,
  first_response_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'closed') = (close_reason is not null))
);
-- Policy columns and the list's sort order. The plain created_at index serves staff and the service
-- role (supabase/tests/perf/rls-perf.ts: ~50 ms without it at 100,000 tickets, a LIMIT-bounded
-- index scan with it).
create index tickets_created_at_idx on public.tickets (created_at desc);
create index tickets_created_by_created_at_idx on public.tickets (created_by_user_id, created_at desc);
create index tickets_company_created_at_idx on public.tickets (company_id, created_at desc) where company_id is not null;
create index tickets_status_created_at_idx on public.tickets (status, created_at desc);
create index tickets_assigned_to_idx on public.tickets (assigned_to) where assigned_to is not null;

create table public.ticket_messages (
  id uuid primary key default gen_random_uuid(),
  ticket_id uuid not null references public.tickets (id) on delete cascade,
  direction public.message_direction not null,
  channel public.message_channel not null,
  to_from text check (char_length(to_from) <= 200),
  subject text check (char_length(subject) <= 300),
  body text not null check (char_length(body) between 1 and 4096),
  status public.message_status not null default 'queued',
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  metadata jsonb not null default '{}'::jsonb
);
create index ticket_messages_ticket_created_at_idx on public.ticket_messages (ticket_id, created_at);

create function private.can_read_ticket(ticket uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.tickets t
    where t.id = ticket
      and (
        t.created_by_user_id = (select auth.uid())
        or t.company_id in (select private.admin_company_ids())
        or (select private.is_staff())
      )
  )
$$;
revoke execute on function private.new_tracking_ref(), private.can_read_ticket(uuid) from public;
grant execute on function private.new_tracking_ref(), private.can_read_ticket(uuid) to authenticated, service_role;

-- Who may move a ticket where. Staff run the helpdesk; a customer may only cancel a ticket that
-- nobody has picked up yet, confirm a resolution, or reopen a resolved ticket. Enforced here, not
-- in the UI, so no client can skip it. The service role (functions, seed) is trusted.
-- Runs as the caller (no security definer), so current_user is the API role of the request.
create function private.enforce_ticket_rules() returns trigger
language plpgsql set search_path = ''
as $$
declare
  staff boolean := (select private.is_staff());
  trusted boolean := current_user in ('service_role', 'postgres', 'supabase_admin');
begin
  new.updated_at := now();
  if tg_op = 'INSERT' then
    if not (trusted or staff) then
      if new.status <> 'new' or new.close_reason is not null or new.assigned_to is not null
         or new.first_response_at is not null then
        raise exception 'A new ticket starts as new' using errcode = '42501';
      end if;
      if new.company_id is not null and not (select private.is_company_member(new.company_id)) then
        raise exception 'Not a member of that company' using errcode = '42501';
      end if;
    end if;
    return new;
  end if;

  if new.id <> old.id or new.tracking_ref <> old.tracking_ref or new.created_by_user_id <> old.created_by_user_id
     or new.created_at <> old.created_at then
    raise exception 'Ticket identity cannot change' using errcode = '42501';
  end if;
  if trusted or staff then
    if new.status = 'open' and old.status = 'new' and new.first_response_at is null then
      new.first_response_at := now();
    end if;
    return new;
  end if;

  -- Customers: only these columns, only these moves.
  if new.company_id is distinct from old.company_id or new.priority <> old.priority
     or new.assigned_to is distinct from old.assigned_to or new.first_response_at is distinct from old.first_response_at
     or new.channel <> old.channel then
    raise exception 'Only staff can change that' using errcode = '42501';
  end if;
  -- The close reason only changes with an allowed move (no relabelling 'spam' as 'confirmed').
  if new.status = old.status and new.close_reason is distinct from old.close_reason then
    raise exception 'Only staff can change that' using errcode = '42501';
  end if;
  if new.status <> old.status and not (
       (old.status = 'new' and new.status = 'closed' and new.close_reason = 'cancelled')
    or (old.status = 'resolved' and new.status = 'closed' and new.close_reason = 'confirmed')
    or (old.status = 'resolved' and new.status = 'open')
    or (old.status = 'waiting_on_customer' and new.status = 'open')
  ) then
    raise exception 'Ticket status cannot move from % to %', old.status, new.status using errcode = '42501';
  end if;
  if new.status = 'open' then
    new.close_reason := null;
  end if;
  return new;
end
$$;

create trigger tickets_enforce_rules before insert or update on public.tickets
  for each row execute function private.enforce_ticket_rules();

alter table public.tickets enable row level security;
alter table public.ticket_messages enable row level security;

-- tickets: a customer reads what they created, a company admin their company's, staff all.
create policy "tickets: read own, company's as admin, or as staff" on public.tickets
  for select to authenticated
  using (
    created_by_user_id = (select auth.uid())
    or company_id in (select private.admin_company_ids())
    or (select private.is_staff())
  );

-- tickets: signed-in users create tickets as themselves (the trigger checks status and company).
create policy "tickets: create as yourself" on public.tickets
  for insert to authenticated
  with check (created_by_user_id = (select auth.uid()) or (select private.is_staff()));

-- tickets: customers update their own (the trigger limits columns and moves); staff any.
create policy "tickets: update own or as staff" on public.tickets
  for update to authenticated
  using (created_by_user_id = (select auth.uid()) or (select private.is_staff()))
  with check (created_by_user_id = (select auth.uid()) or (select private.is_staff()));

-- tickets: only provider admins delete (spam, tests); customers cancel instead.
create policy "tickets: delete as provider admin" on public.tickets
  for delete to authenticated
  using ((select private.has_role('siyakha_admin')));

-- ticket_messages: readable with the ticket; internal notes only by staff.
create policy "ticket_messages: read with the ticket" on public.ticket_messages
  for select to authenticated
  using (
    (select private.can_read_ticket(ticket_id))
    and (direction <> 'internal' or (select private.is_staff()))
  );

-- ticket_messages: add to a ticket you can read, as yourself; only staff write internal notes.
create policy "ticket_messages: add to a readable ticket" on public.ticket_messages
  for insert to authenticated
  with check (
    (select private.can_read_ticket(ticket_id))
    and created_by = (select auth.uid())
    and (direction <> 'internal' or (select private.is_staff()))
  );

-- ticket_messages: staff correct delivery status; customers go through messages-mark-sent.
create policy "ticket_messages: update as staff" on public.ticket_messages
  for update to authenticated
  using ((select private.is_staff()))
  with check ((select private.is_staff()));

revoke delete on public.ticket_messages from anon, authenticated;
revoke all on public.tickets, public.ticket_messages from anon;
