-- A ticket is a conversation (issue 12): every message says who wrote it, the requester's own words
-- open the thread, a customer's reply to a resolved ticket reopens it, and the requester rates the
-- outcome. Who wrote what is the database's to record, never the client's.

-- Who wrote a message -----------------------------------------------------------------------------

create type public.message_author_kind as enum ('customer', 'staff', 'system');

alter table public.ticket_messages
  add column author_kind public.message_author_kind,
  add column author_name text check (char_length(author_name) between 1 and 200);
comment on column public.ticket_messages.author_kind is
  'customer, staff (a user_roles row) or system (automatic messages). Set by the database on insert.';
comment on column public.ticket_messages.author_name is
  'The author''s name when the message was written (full_name, else the address before the @). Set by the database.';

-- The name a user goes by in a conversation: their full name, else their address up to the @.
create function private.display_name(person uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce(
    nullif(left(btrim(u.raw_user_meta_data ->> 'full_name'), 200), ''),
    split_part(u.email::text, '@', 1)
  )
  from auth.users u
  where u.id = person
$$;

-- Stamps the author on every new message. A user's message is theirs (staff when they hold a role);
-- a message without a user is the helpdesk's own ("Siyakha Support") unless it came in from outside
-- (an email or WhatsApp message from someone without an account), where a trusted writer may name
-- the sender. Security definer: the names live in auth.users, which no API role reads.
create function private.stamp_message_author() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  trusted boolean := current_user in ('service_role', 'postgres', 'supabase_admin');
begin
  if new.created_by is not null then
    new.author_kind := case
      when exists (select 1 from public.user_roles where user_id = new.created_by) then 'staff'
      else 'customer'
    end::public.message_author_kind;
    new.author_name := coalesce(private.display_name(new.created_by), 'Unknown user');
  elsif new.direction = 'inbound' then
    new.author_kind := 'customer';
    new.author_name := coalesce(case when trusted then new.author_name end, new.to_from, 'Customer');
  else
    new.author_kind := 'system';
    new.author_name := 'Siyakha Support';
  end if;
  return new;
end
$$;

create trigger ticket_messages_stamp_author before insert on public.ticket_messages
  for each row execute function private.stamp_message_author();

update public.ticket_messages m set
  author_kind = case
    when m.created_by is not null and exists (select 1 from public.user_roles r where r.user_id = m.created_by) then 'staff'
    when m.created_by is not null or m.direction = 'inbound' then 'customer'
    else 'system'
  end::public.message_author_kind,
  author_name = case
    when m.created_by is not null then coalesce(private.display_name(m.created_by), 'Unknown user')
    when m.direction = 'inbound' then coalesce(m.to_from, 'Customer')
    else 'Siyakha Support'
  end;
-- The defaults only make the columns optional for writers: the trigger above always sets them.
alter table public.ticket_messages
  alter column author_kind set default 'system',
  alter column author_kind set not null,
  alter column author_name set default 'Siyakha Support',
  alter column author_name set not null;

-- The authorship of a recorded message never changes (enforce_message_rules keeps the rest).
create or replace function private.enforce_message_rules() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if current_user in ('service_role', 'postgres', 'supabase_admin') then
    return new;
  end if;
  if new.id <> old.id or new.ticket_id <> old.ticket_id or new.direction <> old.direction
     or new.channel <> old.channel or new.to_from is distinct from old.to_from
     or new.subject is distinct from old.subject or new.body <> old.body
     or new.created_by is distinct from old.created_by or new.created_at <> old.created_at
     or new.author_kind <> old.author_kind or new.author_name <> old.author_name then
    raise exception 'Only the delivery status of a message can change' using errcode = '42501';
  end if;
  return new;
end
$$;

-- Who asked ------------------------------------------------------------------------------------

-- The requester's name as the conversation shows it (a company admin reads a colleague's tickets;
-- a web request may come from someone without an account). Set by the database from the account.
alter table public.tickets add column requester_name text check (char_length(requester_name) between 1 and 200);

create function private.stamp_ticket_requester() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.created_by_user_id is not null then
    new.requester_name := coalesce(private.display_name(new.created_by_user_id), new.requester_name);
  end if;
  return new;
end
$$;

create trigger tickets_stamp_requester before insert on public.tickets
  for each row execute function private.stamp_ticket_requester();

update public.tickets t set requester_name = private.display_name(t.created_by_user_id);

-- Replies move the ticket; closed tickets take no more replies ---------------------------------------

-- A customer's reply to a resolved ticket means it is not done: it goes back to the queue, as one
-- to a ticket waiting on them does.
create or replace function private.message_moves_ticket() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.direction = 'outbound' and new.author_kind = 'staff' then
    update public.tickets set status = 'open' where id = new.ticket_id and status = 'new';
  elsif new.direction = 'inbound' then
    update public.tickets set status = 'open'
    where id = new.ticket_id and status in ('waiting_on_customer', 'resolved');
  end if;
  return null;
end
$$;

-- A closed ticket is finished: a customer who writes again opens a new ticket, so nobody's words
-- land on a thread no agent looks at. Staff may still add to it (a note after the fact).
create or replace function private.enforce_message_insert_rules() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if current_user in ('service_role', 'postgres', 'supabase_admin') or (select private.is_staff()) then
    return new;
  end if;
  if new.status <> 'queued' then
    raise exception 'Only staff set the delivery status of a message' using errcode = '42501';
  end if;
  if jsonb_typeof(new.metadata) <> 'object' or (new.metadata - 'tracking_ref') <> '{}'::jsonb
     or jsonb_typeof(coalesce(new.metadata -> 'tracking_ref', 'null'::jsonb)) not in ('string', 'null') then
    raise exception 'A message''s metadata may only hold the ticket''s tracking reference' using errcode = '42501';
  end if;
  if new.direction = 'inbound'
     and exists (select 1 from public.tickets where id = new.ticket_id and status = 'closed') then
    raise exception 'This ticket is closed. Please open a new ticket.' using errcode = '42501';
  end if;
  return new;
end
$$;

-- Ratings --------------------------------------------------------------------------------------

-- The requester's verdict on a resolved ticket: 1-5 and an optional comment. One per ticket; the
-- requester may change it. Staff read it (the report), nobody else writes it.
create table public.ticket_ratings (
  ticket_id uuid primary key references public.tickets (id) on delete cascade,
  rating smallint not null check (rating between 1 and 5),
  comment text check (char_length(comment) <= 2000),
  rated_by uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create function private.touch_rating() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.ticket_id <> old.ticket_id or new.rated_by <> old.rated_by or new.created_at <> old.created_at then
    raise exception 'Only the rating and its comment can change' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end
$$;
create trigger ticket_ratings_touch before update on public.ticket_ratings
  for each row execute function private.touch_rating();

-- Rated by its requester, once the helpdesk calls it resolved (or it was closed after that).
create function private.can_rate_ticket(ticket uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.tickets t
    where t.id = ticket
      and t.created_by_user_id = (select auth.uid())
      and (t.status = 'resolved' or (t.status = 'closed' and t.close_reason in ('confirmed', 'auto_closed')))
  )
$$;
revoke execute on function private.display_name(uuid), private.stamp_message_author(), private.stamp_ticket_requester(),
  private.touch_rating(), private.can_rate_ticket(uuid) from public;
grant execute on function private.can_rate_ticket(uuid) to authenticated, service_role;

alter table public.ticket_ratings enable row level security;

create policy "ticket_ratings: read with the ticket, or as staff" on public.ticket_ratings
  for select to authenticated
  using (
    (select private.is_staff())
    or exists (
      select 1 from public.tickets t
      where t.id = ticket_id
        and (t.created_by_user_id = (select auth.uid()) or t.company_id = any (array(select private.admin_company_ids())))
    )
  );

create policy "ticket_ratings: the requester rates a resolved ticket" on public.ticket_ratings
  for insert to authenticated
  with check (rated_by = (select auth.uid()) and private.can_rate_ticket(ticket_id));

create policy "ticket_ratings: the requester changes their rating" on public.ticket_ratings
  for update to authenticated
  using (rated_by = (select auth.uid()))
  with check (rated_by = (select auth.uid()) and private.can_rate_ticket(ticket_id));

revoke all on public.ticket_ratings from anon, authenticated;
grant select on public.ticket_ratings to authenticated;
grant insert (ticket_id, rating, comment, rated_by) on public.ticket_ratings to authenticated;
-- ticket_id and rated_by too, so a rating can be saved as one upsert (insert ... on conflict do
-- update sets every column sent); private.touch_rating refuses any change to them.
grant update (ticket_id, rating, comment, rated_by) on public.ticket_ratings to authenticated;
