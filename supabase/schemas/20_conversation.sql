-- A ticket's conversation: its messages (who wrote them, the moves they make), access copied onto
-- each row for row-level security, and the requester's rating.
--
-- Bodies are checked when they run, not here: functions in this file read tables that later
-- files create (plpgsql checks nothing at creation; sql would parse its body).
set check_function_bodies = off;

-- The defaults only make the columns optional for writers: the trigger above always sets them.
--
-- The rows there are: copied without their tables' rules (nothing about them changes but these).
create table public.ticket_messages (
    id uuid not null default gen_random_uuid(),
    ticket_id uuid not null,
    direction public.message_direction not null,
    channel public.message_channel not null,
    to_from text,
    subject text,
    body text not null,
    status public.message_status not null default 'queued'::public.message_status,
    created_by uuid default auth.uid(),
    created_at timestamp with time zone not null default now(),
    metadata jsonb not null default '{}'::jsonb,
    author_kind public.message_author_kind not null default 'system'::public.message_author_kind,
    author_name text not null default 'Siyakha Support'::text,
    -- A provider's id for a message (an email's Message-ID, a WhatsApp wamid), inbound and outbound:
    -- delivery statuses name it, and a message stored twice by a re-delivered webhook would be a
    -- conversation that repeats itself.
    external_id text,
    -- Who may read a message or an attachment is written on its row (issue 11: no per-row function
    -- calls in policies).
    --
    -- The read policies asked private.can_read_ticket(ticket_id) of every row they looked at. For a
    -- ticket's own timeline that is a few calls, but each call for a row the reader may not see runs
    -- the whole rule (the ticket, the admin's companies, the staff check): 100–150 µs. A customer who
    -- asked the API for messages without naming a ticket made PostgreSQL call it for every message in
    -- the table: 0.9–1.0 s for 9,500 messages, and the statement timeout with a million tickets' worth.
    -- Reading the ticket in the policy instead (a subquery) is planned anew on every statement, which
    -- is what 20261127000200 moved away from.
    --
    -- So each message and attachment carries its ticket's requester and company, copied from the ticket
    -- when the row is written and kept in step when the ticket changes hands. The policies compare
    -- columns with the caller's id and companies, each worked out once per statement. Clients cannot
    -- write the two columns (no column grant) and read no more in them than the ticket shows them; a
    -- trigger fills them from the row's ticket, before the insert policies look at the row.
    ticket_created_by_user_id uuid,
    ticket_company_id uuid,
    -- As ticket_attachments.internal. A plain boolean column is a test PostgreSQL may apply before
    -- the policy (it can leak nothing), so a customer's timeline that asks for `internal = false`
    -- leaves the notes out before the policy would have asked whether the reader is staff.
    internal boolean not null generated always as ((direction = 'internal'::public.message_direction)) stored
);

-- The requester's verdict on a resolved ticket: 1-5 and an optional comment. One per ticket; the
-- requester may change it. Staff read it (the report), nobody else writes it.
create table public.ticket_ratings (
    ticket_id uuid not null,
    rating smallint not null,
    comment text,
    rated_by uuid not null default auth.uid(),
    created_at timestamp with time zone not null default now(),
    updated_at timestamp with time zone not null default now()
);

create index ticket_messages_body_trgm_idx on public.ticket_messages using gin (body extensions.gin_trgm_ops);
create unique index ticket_messages_channel_external_id_key on public.ticket_messages (channel, external_id) WHERE (external_id IS NOT NULL);
create unique index ticket_messages_pkey on public.ticket_messages (id);
create index ticket_messages_ticket_created_at_idx on public.ticket_messages (ticket_id, created_at);

-- An inbound WhatsApp message cost a scan of every ticket and every account (docs/database-performance.md,
-- 2026-11-26): finding the sender's latest open ticket OR-ed three conditions (a message from the
-- number, the number given on the ticket, the sender's account) and sorted all tickets by
-- `updated_at` (345 ms at 1,000,000 tickets, each message whose reply context and reference do not
-- name a ticket); finding the sender's account normalised every account's number (28 ms at 2,000
-- accounts). Each condition now has an index, and the account is found by auth's own index on
-- `phone`. receive_whatsapp is otherwise as 20261125000900 wrote it.
create index ticket_messages_whatsapp_sender_idx on public.ticket_messages (to_from) WHERE (channel = 'whatsapp'::public.message_channel);
create unique index ticket_ratings_pkey on public.ticket_ratings (ticket_id);

alter table public.ticket_messages add constraint ticket_messages_pkey PRIMARY KEY using index ticket_messages_pkey;
alter table public.ticket_ratings add constraint ticket_ratings_pkey PRIMARY KEY using index ticket_ratings_pkey;
alter table public.ticket_messages add constraint ticket_messages_author_name_check CHECK (((char_length(author_name) >= 1) AND (char_length(author_name) <= 200)));
alter table public.ticket_messages add constraint ticket_messages_body_check CHECK (((char_length(body) >= 1) AND (char_length(body) <= 4096)));
alter table public.ticket_messages add constraint ticket_messages_external_id_check CHECK ((char_length(external_id) <= 500));
alter table public.ticket_messages add constraint ticket_messages_subject_check CHECK ((char_length(subject) <= 300));
alter table public.ticket_messages add constraint ticket_messages_to_from_check CHECK ((char_length(to_from) <= 200));
alter table public.ticket_ratings add constraint ticket_ratings_comment_check CHECK ((char_length(comment) <= 2000));
alter table public.ticket_ratings add constraint ticket_ratings_rating_check CHECK (((rating >= 1) AND (rating <= 5)));

alter table public.ticket_messages add constraint ticket_messages_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.ticket_messages add constraint ticket_messages_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE;
alter table public.ticket_ratings add constraint ticket_ratings_rated_by_fkey FOREIGN KEY (rated_by) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.ticket_ratings add constraint ticket_ratings_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE;

-- Rated by its requester, once the helpdesk calls it resolved (or it was closed after that).
CREATE OR REPLACE FUNCTION private.can_rate_ticket(ticket uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.tickets t
    where t.id = ticket
      and t.created_by_user_id = (select auth.uid())
      and (t.status = 'resolved' or (t.status = 'closed' and t.close_reason in ('confirmed', 'auto_closed')))
  )
$function$
;

-- New rows (and a row moved to another ticket) take their ticket's.
CREATE OR REPLACE FUNCTION private.copy_ticket_access()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  select t.created_by_user_id, t.company_id
  into new.ticket_created_by_user_id, new.ticket_company_id
  from public.tickets t
  where t.id = new.ticket_id;
  return new;
end
$function$
;

-- The name a user goes by in a conversation: their full name, else their address up to the @.
CREATE OR REPLACE FUNCTION private.display_name(person uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(
    nullif(left(btrim(u.raw_user_meta_data ->> 'full_name'), 200), ''),
    split_part(u.email::text, '@', 1)
  )
  from auth.users u
  where u.id = person
$function$
;

-- The authorship of a recorded message never changes (enforce_message_rules keeps the rest).
CREATE OR REPLACE FUNCTION private.enforce_message_rules()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$
;

-- A customer's reply to a resolved ticket means it is not done: it goes back to the queue, as one
-- to a ticket waiting on them does.
CREATE OR REPLACE FUNCTION private.message_moves_ticket()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.direction = 'outbound' and new.author_kind = 'staff' then
    update public.tickets set status = 'open' where id = new.ticket_id and status = 'new';
  elsif new.direction = 'inbound' then
    update public.tickets set status = 'open'
    where id = new.ticket_id and status in ('waiting_on_customer', 'resolved');
  end if;
  return null;
end
$function$
;

-- Stamps the author on every new message. A user's message is theirs (staff when they hold a role);
-- a message without a user is the helpdesk's own ("Siyakha Support") unless it came in from outside
-- (an email or WhatsApp message from someone without an account), where a trusted writer may name
-- the sender. Security definer: the names live in auth.users, which no API role reads.
CREATE OR REPLACE FUNCTION private.stamp_message_author()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;
CREATE OR REPLACE FUNCTION private.stamp_ticket_requester()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.created_by_user_id is not null then
    new.requester_name := coalesce(private.display_name(new.created_by_user_id), new.requester_name);
  end if;
  return new;
end
$function$
;

-- A ticket given to a company (or to the requester who signed up later) takes its conversation with it.
CREATE OR REPLACE FUNCTION private.ticket_access_follows()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.ticket_messages
  set ticket_created_by_user_id = new.created_by_user_id, ticket_company_id = new.company_id
  where ticket_id = new.id;
  update public.ticket_attachments
  set ticket_created_by_user_id = new.created_by_user_id, ticket_company_id = new.company_id
  where ticket_id = new.id;
  return null;
end
$function$
;
CREATE OR REPLACE FUNCTION private.touch_rating()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.ticket_id <> old.ticket_id or new.rated_by <> old.rated_by or new.created_at <> old.created_at then
    raise exception 'Only the rating and its comment can change' using errcode = '42501';
  end if;
  new.updated_at := now();
  return new;
end
$function$
;

alter table public.ticket_messages enable row level security;
alter table public.ticket_ratings enable row level security;

-- Who may write what on a ticket's timeline, and what a message does to its ticket.

-- Customers write two kinds of message: their own WhatsApp intent (outbound, whatsapp, queued:
-- the portal's "Send via WhatsApp") and their own reply (inbound, portal or web). Anything else
-- would read as the helpdesk's words or as a delivery receipt, so only staff write it.
create policy "ticket_messages: add to a readable ticket"
  on public.ticket_messages
  as permissive
  for insert
  to authenticated
with check (((created_by = ( SELECT private.uid() AS uid)) AND ((ticket_created_by_user_id = ( SELECT private.uid() AS uid)) OR (ticket_company_id = ANY (ARRAY( SELECT private.admin_company_ids() AS admin_company_ids))) OR ( SELECT private.is_staff() AS is_staff)) AND (((direction = 'outbound'::public.message_direction) AND (channel = 'whatsapp'::public.message_channel) AND (status = 'queued'::public.message_status)) OR ((direction = 'inbound'::public.message_direction) AND (channel = ANY (ARRAY['portal'::public.message_channel, 'web'::public.message_channel]))) OR ( SELECT private.is_staff() AS is_staff))));

-- ticket_messages: readable with the ticket; internal notes only by staff.
create policy "ticket_messages: read with the ticket"
  on public.ticket_messages
  as permissive
  for select
  to authenticated
using ((((NOT internal) AND ((ticket_created_by_user_id = ( SELECT private.uid() AS uid)) OR (ticket_company_id = ANY (ARRAY( SELECT private.admin_company_ids() AS admin_company_ids))))) OR ( SELECT private.is_staff() AS is_staff)));

-- ticket_messages: staff correct delivery status; customers go through messages-mark-sent.
create policy "ticket_messages: update as staff" on public.ticket_messages
  for update to authenticated
  using ((select private.is_staff()))
  with check ((select private.is_staff()));
create policy "ticket_ratings: read with the ticket, or as staff" on public.ticket_ratings
  for select to authenticated
  using (
    (select private.is_staff())
    or exists (
      select 1 from public.tickets t
      where t.id = ticket_id
        and (t.created_by_user_id = (select private.uid()) or t.company_id = any (array(select private.admin_company_ids())))
    )
  );
create policy "ticket_ratings: the requester changes their rating" on public.ticket_ratings
  for update to authenticated
  using (rated_by = (select private.uid()))
  with check (rated_by = (select private.uid()) and private.can_rate_ticket(ticket_id));
create policy "ticket_ratings: the requester rates a resolved ticket" on public.ticket_ratings
  for insert to authenticated
  with check (rated_by = (select private.uid()) and private.can_rate_ticket(ticket_id));

create trigger ticket_messages_copy_ticket_access BEFORE INSERT OR UPDATE OF ticket_id ON public.ticket_messages FOR EACH ROW EXECUTE FUNCTION private.copy_ticket_access();
create trigger ticket_messages_enforce_insert_rules BEFORE INSERT ON public.ticket_messages FOR EACH ROW EXECUTE FUNCTION private.enforce_message_insert_rules();
create trigger ticket_messages_enforce_rules BEFORE UPDATE ON public.ticket_messages FOR EACH ROW EXECUTE FUNCTION private.enforce_message_rules();
create trigger ticket_messages_move_ticket AFTER INSERT ON public.ticket_messages FOR EACH ROW EXECUTE FUNCTION private.message_moves_ticket();
create trigger ticket_messages_stamp_author BEFORE INSERT ON public.ticket_messages FOR EACH ROW EXECUTE FUNCTION private.stamp_message_author();
create trigger ticket_ratings_touch BEFORE UPDATE ON public.ticket_ratings FOR EACH ROW EXECUTE FUNCTION private.touch_rating();
create trigger tickets_access_follows AFTER UPDATE OF created_by_user_id, company_id ON public.tickets FOR EACH ROW WHEN (((old.created_by_user_id IS DISTINCT FROM new.created_by_user_id) OR (old.company_id IS DISTINCT FROM new.company_id))) EXECUTE FUNCTION private.ticket_access_follows();
create trigger tickets_stamp_requester BEFORE INSERT ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.stamp_ticket_requester();

revoke all on function private.can_rate_ticket(ticket uuid) from public, anon, authenticated, service_role;
revoke all on function private.copy_ticket_access() from public, anon, authenticated, service_role;
revoke all on function private.display_name(person uuid) from public, anon, authenticated, service_role;
revoke all on function private.enforce_message_rules() from public, anon, authenticated, service_role;
revoke all on function private.message_moves_ticket() from public, anon, authenticated, service_role;
revoke all on function private.stamp_message_author() from public, anon, authenticated, service_role;
revoke all on function private.stamp_ticket_requester() from public, anon, authenticated, service_role;
revoke all on function private.ticket_access_follows() from public, anon, authenticated, service_role;
revoke all on function private.touch_rating() from public, anon, authenticated, service_role;

-- A message's time and id are the database's; after it is written only its delivery status and
-- metadata may change (private.enforce_message_rules keeps the rest as it was).
revoke all on table public.ticket_messages from public, anon, authenticated, service_role;

-- ticket_id and rated_by too, so a rating can be saved as one upsert (insert ... on conflict do
-- update sets every column sent); private.touch_rating refuses any change to them.
revoke all on table public.ticket_ratings from public, anon, authenticated, service_role;
grant execute on function private.can_rate_ticket(ticket uuid) to authenticated, service_role;
grant all on table public.ticket_messages to service_role;
grant select, insert (body, channel, created_by, direction, metadata, status, subject, ticket_id, to_from), update (metadata, status) on table public.ticket_messages to authenticated;
grant all on table public.ticket_ratings to service_role;
grant select, insert (comment, rated_by, rating, ticket_id), update (comment, rated_by, rating, ticket_id) on table public.ticket_ratings to authenticated;

comment on column public.ticket_messages.author_kind is 'customer, staff (a user_roles row) or system (automatic messages). Set by the database on insert.';
comment on column public.ticket_messages.author_name is 'The author''s name when the message was written (full_name, else the address before the @). Set by the database.';
comment on column public.ticket_messages.ticket_company_id is 'The ticket''s company, copied for row-level security (private.copy_ticket_access).';
comment on column public.ticket_messages.ticket_created_by_user_id is 'The ticket''s requester, copied for row-level security (private.copy_ticket_access).';

alter publication supabase_realtime add table public.ticket_messages;
