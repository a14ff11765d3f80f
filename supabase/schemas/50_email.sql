-- Email in: replies by email, unsubscribe, the sender's proven identity, attachments of inbound mail,
-- and unverified mail staff accept or discard.
--
-- Bodies are checked when they run, not here: functions in this file read tables that later
-- files create (plpgsql checks nothing at creation; sql would parse its body).
set check_function_bodies = off;

-- Every webhook event received (email now, WhatsApp next): the dedupe key providers re-deliver
-- with, and what became of the event, for support questions ("did my mail arrive?").
create table private.inbound_events (
    provider text not null,
    event_id text not null,
    received_at timestamp with time zone not null default now(),
    outcome text,
    ticket_id uuid,
    detail jsonb not null default '{}'::jsonb
);

create unique index inbound_events_pkey on private.inbound_events (provider, event_id);
create index inbound_events_received_at_idx on private.inbound_events (received_at DESC);

alter table private.inbound_events add constraint inbound_events_pkey PRIMARY KEY using index inbound_events_pkey;
alter table private.inbound_events add constraint inbound_events_event_id_check CHECK ((char_length(event_id) <= 300));
alter table private.inbound_events add constraint inbound_events_provider_check CHECK ((provider = ANY (ARRAY['resend'::text, 'whatsapp'::text])));

alter table private.inbound_events add constraint inbound_events_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE SET NULL;

-- Our own answers to mail we will not store (a stranger writing on someone's ticket, an unknown
-- sender where the deployment refuses those): one per sender and reason in 7 days, so two
-- auto-responders can never keep each other busy.
CREATE OR REPLACE FUNCTION private.enqueue_auto_reply(p_reason text, p_event_id text, p_recipient text, p_payload jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if exists (
    select 1 from private.notification_outbox
    where event = 'auto_reply_' || p_reason and lower(recipient) = lower(p_recipient)
      and created_at > now() - interval '7 days'
  ) then
    return;
  end if;
  perform private.enqueue_email('auto:' || p_reason || ':' || p_event_id, 'auto_reply_' || p_reason, null, null, null,
                                p_recipient, null, p_payload);
end
$function$
;

-- An accepted email keeps its files (issue 43, item 7). Files that came with unverified mail are
-- stored staff-only, in the ticket's internal/ folder, on the staff-only item. Accepting the mail
-- deleted the item where its words became a ticket's (an opening mail, a follow-up), and with it
-- the files' rows; elsewhere the files stayed staff-only on what had become the customer's message.
-- Storage objects cannot be moved from SQL (the name is the key in the object store), so the
-- files stay where they are and who may read them follows their row instead.

-- The item, its words now the ticket's, becomes the requester's message that carries the files;
-- without files it goes, as before.
CREATE OR REPLACE FUNCTION private.keep_accepted_mail_files(item public.ticket_messages, ticket public.tickets, words text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not exists (select 1 from public.ticket_attachments where message_id = item.id) then
    delete from public.ticket_messages where id = item.id;
    return;
  end if;
  update public.ticket_messages m
  set direction = 'inbound', created_by = ticket.created_by_user_id, author_kind = 'customer',
      author_name = left(coalesce(ticket.requester_name, item.to_from, 'Customer'), 200), body = words,
      metadata = (item.metadata - 'unverified' - 'reason' - 'opened_ticket')
                 || jsonb_build_object('request_files', true, 'accepted_by', (select auth.uid()), 'accepted_at', now())
  where m.id = item.id;
  update public.ticket_attachments set internal = false where message_id = item.id;
end
$function$
;

-- The item, locked, or an error a client can act on. Staff only: the check is here, not only in the
-- portal, so no API call by anyone else can turn a stranger's mail into a customer's words.
CREATE OR REPLACE FUNCTION private.unverified_email_item(p_message uuid)
 RETURNS public.ticket_messages
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  item public.ticket_messages;
begin
  if not coalesce((select private.is_staff()), false) then
    raise exception 'Only staff decide what becomes of an unverified email' using errcode = '42501';
  end if;
  select * into item from public.ticket_messages m
  where m.id = p_message and m.direction = 'internal' and m.channel = 'email'
    and m.metadata ->> 'unverified' = 'true'
  for update;
  if item.id is null then
    raise exception 'That unverified email is no longer there: someone may have dealt with it already'
      using errcode = 'P0002';
  end if;
  return item;
end
$function$
;
CREATE OR REPLACE FUNCTION private.unverified_ticket_details()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 'We received an email from this address. Our support team checks where it came from before acting on it.' $function$
;

-- Email: who wrote this? (issue 43, items 2-5; ../shared/docs/messaging-contract.md §3.4, revised
-- 2026-11-28). A mail's From is written by its sender and proves nothing. The inbound-email function
-- now says whether the sender is verified (their own reply address, or the provider's DMARC pass
-- for From's domain) and public.receive_email attributes a mail to a person only then. Anything
-- else becomes an *unverified* item: an internal (staff-only) message on the ticket it names,
-- attributed to nobody, which staff accept as the requester's message or discard. A new ticket
-- opened by unverified mail carries none of the sender's words where the requester's address
-- would see them (its acknowledgement quotes the ticket's summary and details): the relay-spam
-- pattern that hit large helpdesks in 2024.

-- The words of a ticket opened by unverified mail, until staff accept the mail. The address it
-- names gets the acknowledgement, so it says nothing the sender wrote.
CREATE OR REPLACE FUNCTION private.unverified_ticket_summary()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 'Email to Siyakha Support' $function$
;

-- Accept: the mail becomes the requester's message, as if it had come in verified. On a ticket it
-- opened, its subject and text become the ticket's summary and details; on a closed ticket, it
-- opens a follow-up ticket; otherwise the item itself becomes the requester's inbound email (so
-- anything attached to it stays with it, and it keeps the time it arrived) and moves the ticket as
-- a reply does. Answers {outcome, ticket_id}.
CREATE OR REPLACE FUNCTION public.accept_unverified_email(p_message uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  item public.ticket_messages := private.unverified_email_item(p_message);
  ticket public.tickets;
  created public.tickets;
  outcome text;
  decided jsonb := jsonb_build_object('accepted_by', (select auth.uid()), 'accepted_at', now(),
                                      'unverified_from', item.metadata ->> 'from');
begin
  select * into ticket from public.tickets where id = item.ticket_id for update;
  if item.metadata ->> 'opened_ticket' = 'true' then
    update public.tickets
    set summary = left(coalesce(nullif(btrim(item.metadata ->> 'summary'), ''), '(no subject)'), 200),
        details = item.body,
        -- Staff vouch for the sender now: a contact without an account goes by the name they gave.
        requester_name = case when created_by_user_id is null
                              then left(coalesce(nullif(btrim(item.metadata ->> 'from_name'), ''), requester_name), 200)
                              else requester_name end
    where id = ticket.id;
    perform private.keep_accepted_mail_files(item, ticket, 'Files sent with this request');
    outcome := 'opened';
  elsif ticket.status = 'closed' then
    insert into public.tickets (created_by_user_id, requester_contact_id, requester_name, company_id, channel, summary,
                                details, follow_up_of)
    values (ticket.created_by_user_id, ticket.requester_contact_id, ticket.requester_name, ticket.company_id, 'email',
            left(coalesce(nullif(btrim(item.metadata ->> 'summary'), ''), ticket.summary), 200), item.body, ticket.id)
    returning * into created;
    perform private.keep_accepted_mail_files(item, ticket,
                                             'Files sent with the follow-up request ' || created.tracking_ref);
    ticket := created;
    outcome := 'follow_up';
  else
    -- Written as the database's owner (the message rules let only it change authorship).
    update public.ticket_messages m
    set direction = 'inbound', created_by = ticket.created_by_user_id, author_kind = 'customer',
        author_name = left(coalesce(ticket.requester_name, item.metadata ->> 'from_name', item.to_from, 'Customer'), 200),
        external_id = case when not exists (select 1 from public.ticket_messages o
                                            where o.channel = 'email' and o.external_id = item.metadata ->> 'message_id')
                           then item.metadata ->> 'message_id' end,
        metadata = (item.metadata - 'unverified' - 'reason' - 'opened_ticket') || decided
    where m.id = item.id;
    -- The files were the item's, staff-only; now they are the requester's message's.
    update public.ticket_attachments set internal = false where message_id = item.id;
    -- As private.message_moves_ticket does for an inbound message.
    update public.tickets set status = 'open'
    where id = ticket.id and status in ('waiting_on_customer', 'resolved');
    outcome := 'message';
  end if;
  update private.inbound_events
  set detail = detail || jsonb_build_object('decision', 'accepted') || decided
  where provider = 'resend' and event_id = item.metadata ->> 'email_id';
  return jsonb_build_object('outcome', outcome, 'ticket_id', ticket.id);
end
$function$
;

-- Discard: the item goes; the provider event keeps who discarded it and when.
CREATE OR REPLACE FUNCTION public.discard_unverified_email(p_message uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  item public.ticket_messages := private.unverified_email_item(p_message);
begin
  delete from public.ticket_messages where id = item.id;
  update private.inbound_events
  set detail = detail || jsonb_build_object('decision', 'discarded', 'discarded_by', (select auth.uid()),
                                            'discarded_at', now())
  where provider = 'resend' and event_id = item.metadata ->> 'email_id';
end
$function$
;

-- The webhook's first step: true when this event is new (the function goes on), false when it was
-- seen before (the function answers 200 and stops).
CREATE OR REPLACE FUNCTION public.inbound_event_claim(p_provider text, p_event_id text)
 RETURNS boolean
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with claimed as (
    insert into private.inbound_events (provider, event_id) values (p_provider, p_event_id)
    on conflict do nothing
    returning 1
  )
  select exists (select 1 from claimed)
$function$
;
CREATE OR REPLACE FUNCTION public.inbound_event_record(p_provider text, p_event_id text, p_outcome text, p_detail jsonb DEFAULT '{}'::jsonb)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  update private.inbound_events set outcome = p_outcome, detail = coalesce(p_detail, '{}')
  where provider = p_provider and event_id = p_event_id
$function$
;

-- The provider will send the event again (the content could not be fetched): forget it, so the
-- re-delivery is not taken for a duplicate.
CREATE OR REPLACE FUNCTION public.inbound_event_release(p_provider text, p_event_id text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  delete from private.inbound_events where provider = p_provider and event_id = p_event_id and outcome is null
$function$
;

-- A bounce (a delivery status notification naming one of our Message-IDs): the mail did not
-- arrive after all. Its row becomes a dead letter staff see (with the reason), its message shows
-- failed, and the address gets no more suppressible mail. Answers whether a sent row matched.
CREATE OR REPLACE FUNCTION public.outbox_bounced(p_id bigint, p_detail text)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  row private.notification_outbox;
begin
  update private.notification_outbox
  set state = 'failed', last_error = left('bounced: ' || coalesce(p_detail, ''), 2000), updated_at = now()
  where id = p_id and state = 'sent' and channel = 'email'
  returning * into row;
  if row.id is null then
    return false;
  end if;
  if row.ticket_message_id is not null then
    update public.ticket_messages m
    set metadata = m.metadata || jsonb_build_object('error', left('bounced: ' || coalesce(p_detail, ''), 500))
    where m.id = row.ticket_message_id;
  end if;
  insert into private.email_suppressions (email_lower, category, reason)
  values (lower(row.recipient), 'all', 'bounce')
  on conflict (email_lower, category) do nothing;
  return true;
end
$function$
;

-- The inbound mail, already checked, classified and stripped by the function:
--   event_id, from_email, from_name, subject, message_id, body, metadata (email_id, attachments,
--   truncated), summary (the subject without Re:/Fwd:/tag), token_ref (the ticket a correctly
--   signed reply address names), verified (true when the sender is proved: their own reply address
--   or the provider's DMARC pass), evidence ('reply_address' | 'dmarc' | 'none'), thread_refs,
--   thread_ids, subject_ref, unknown_sender ('ticket' | 'reject').
-- Finds the ticket (first hit wins: reply address, thread headers, subject tag) and stores the mail:
-- a verified requester's (or company admin's) as their message, a verified staff member's as their
-- internal note, anything else as an unverified item. Answers {outcome, ticket_id, tracking_ref}.
CREATE OR REPLACE FUNCTION public.receive_email(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  sender text := lower(btrim(p ->> 'from_email'));
  sender_name text := nullif(btrim(coalesce(p ->> 'from_name', '')), '');
  verified boolean := coalesce((p ->> 'verified')::boolean, false);
  account uuid;
  staff boolean := false;
  ticket public.tickets;
  created public.tickets;
  contact public.requester_contacts;
  may_write boolean := false;
  verdict text;
  stored uuid;
  item_metadata jsonb;
begin
  -- The account From names: only ever used once the sender is verified as that address.
  select u.id into account
  from auth.users u
  where lower(u.email) = sender and u.email_confirmed_at is not null and u.deleted_at is null
  limit 1;
  staff := verified and account is not null and exists (select 1 from public.user_roles r where r.user_id = account);

  if p ->> 'token_ref' is not null then
    select * into ticket from public.tickets where tracking_ref = p ->> 'token_ref';
  end if;
  if ticket.id is null and jsonb_typeof(p -> 'thread_refs') = 'array' then
    select t.* into ticket
    from jsonb_array_elements_text(p -> 'thread_refs') with ordinality as r(ref, n)
    join public.tickets t on t.tracking_ref = upper(r.ref)
    order by r.n limit 1;
  end if;
  if ticket.id is null and jsonb_typeof(p -> 'thread_ids') = 'array' then
    select t.* into ticket
    from jsonb_array_elements_text(p -> 'thread_ids') with ordinality as r(external_id, n)
    join public.ticket_messages m on m.channel = 'email' and m.external_id = r.external_id
    join public.tickets t on t.id = m.ticket_id
    order by r.n limit 1;
  end if;
  if ticket.id is null and p ->> 'subject_ref' is not null then
    select * into ticket from public.tickets where tracking_ref = upper(p ->> 'subject_ref');
  end if;

  -- What staff see on an unverified item: who it claims to be from, and what it would become.
  item_metadata := coalesce(p -> 'metadata', '{}') || jsonb_build_object(
    'unverified', true, 'from', sender, 'from_name', sender_name, 'summary', p ->> 'summary',
    'message_id', p ->> 'message_id', 'evidence', coalesce(p ->> 'evidence', 'none'));

  if ticket.id is not null then
    if verified then
      may_write := (account is not null and account = ticket.created_by_user_id)
        or exists (select 1 from public.requester_contacts c
                   where c.id = ticket.requester_contact_id and lower(c.email) = sender)
        or (account is not null and ticket.company_id is not null and exists (
              select 1 from public.company_members cm
              where cm.company_id = ticket.company_id and cm.user_id = account and cm.role = 'company_admin'));
    end if;
    if not may_write and staff then
      -- A verified staff member's mail is their internal note: an agent's mailed answer never
      -- reaches the customer by accident.
      insert into public.ticket_messages (ticket_id, direction, channel, to_from, subject, body, status, created_by,
                                          external_id, metadata)
      values (ticket.id, 'internal', 'email', sender, left(p ->> 'subject', 300), p ->> 'body', 'delivered', account,
              p ->> 'message_id', coalesce(p -> 'metadata', '{}') || jsonb_build_object('evidence', p ->> 'evidence'))
      on conflict (channel, external_id) where external_id is not null do nothing
      returning id into stored;
      verdict := case when stored is null then 'duplicate' else 'staff_note' end;
    elsif not may_write then
      -- Unproven, or proven but not someone who writes on this ticket: staff decide. No answer goes
      -- to the address in From (it may be a forged victim's), and the item claims no Message-ID,
      -- so it cannot anchor a thread.
      insert into public.ticket_messages (ticket_id, direction, channel, to_from, subject, body, status, created_by,
                                          metadata)
      values (ticket.id, 'internal', 'email', sender, left(p ->> 'subject', 300), p ->> 'body', 'delivered', null,
              item_metadata || jsonb_build_object('reason', case when verified then 'not_on_ticket' else 'unverified' end));
      verdict := 'unverified';
    elsif ticket.status = 'closed' then
      insert into public.tickets (created_by_user_id, requester_contact_id, requester_name, company_id, channel, summary,
                                  details, follow_up_of)
      values (ticket.created_by_user_id, ticket.requester_contact_id, ticket.requester_name, ticket.company_id, 'email',
              left(coalesce(nullif(p ->> 'summary', ''), ticket.summary), 200), p ->> 'body', ticket.id)
      returning * into created;
      ticket := created;
      verdict := 'follow_up';
    else
      insert into public.ticket_messages (ticket_id, direction, channel, to_from, subject, body, status, created_by,
                                          author_name, external_id, metadata)
      values (ticket.id, 'inbound', 'email', sender, left(p ->> 'subject', 300), p ->> 'body', 'delivered',
              account,
              left(coalesce(sender_name, sender), 200), p ->> 'message_id',
              coalesce(p -> 'metadata', '{}') || jsonb_build_object('evidence', p ->> 'evidence'))
      on conflict (channel, external_id) where external_id is not null do nothing
      returning id into stored;
      verdict := case when stored is null then 'duplicate' else 'message' end;
    end if;
  elsif account is null and p ->> 'unknown_sender' = 'reject' then
    -- One neutral answer a week at most, quoting nothing the sender wrote.
    perform private.enqueue_auto_reply('unknown_sender', p ->> 'event_id', sender,
                                       jsonb_build_object('in_reply_to', p ->> 'message_id'));
    verdict := 'rejected_sender';
  else
    -- A new request by mail: the account's ticket, else the address's requester contact's (it
    -- joins the account when that person signs up). The new ticket's trigger acknowledges it
    -- with the reference.
    if account is null then
      -- The name in From is the sender's claim too: an unverified one is not written on the contact.
      insert into public.requester_contacts as c (email, full_name)
      values (sender, left(coalesce(case when verified then sender_name end, split_part(sender, '@', 1)), 200))
      on conflict (lower(email)) do update set updated_at = now()
      returning * into contact;
    end if;
    if verified then
      insert into public.tickets (created_by_user_id, requester_contact_id, requester_name, channel, summary, details)
      values (account, contact.id, case when account is null then contact.full_name end, 'email',
              left(coalesce(nullif(p ->> 'summary', ''), '(no subject)'), 200), p ->> 'body')
      returning * into ticket;
      verdict := 'new_ticket';
    else
      -- Opened in the name From gives, in neutral words: its acknowledgement goes to that address,
      -- which may not have sent it. The mail itself waits for staff on the ticket.
      insert into public.tickets (created_by_user_id, requester_contact_id, requester_name, channel, summary, details)
      values (account, contact.id, case when account is null then contact.full_name end, 'email',
              private.unverified_ticket_summary(), private.unverified_ticket_details())
      returning * into ticket;
      insert into public.ticket_messages (ticket_id, direction, channel, to_from, subject, body, status, created_by,
                                          metadata)
      values (ticket.id, 'internal', 'email', sender, left(p ->> 'subject', 300), p ->> 'body', 'delivered', null,
              item_metadata || jsonb_build_object('reason', 'unverified', 'opened_ticket', true));
      verdict := 'unverified_new_ticket';
    end if;
  end if;

  update private.inbound_events
  set outcome = verdict, ticket_id = ticket.id,
      detail = jsonb_build_object('from', sender, 'message_id', p ->> 'message_id',
                                  'evidence', coalesce(p ->> 'evidence', 'none'))
  where provider = 'resend' and event_id = p ->> 'event_id';
  return jsonb_build_object('outcome', verdict, 'ticket_id', ticket.id, 'tracking_ref', ticket.tracking_ref);
end
$function$
;

-- A mail that opens a ticket becomes the ticket's details, not a message; its files need a message
-- to hang on. This one says only that, in the requester's name, for the mail that opened the ticket
-- (its inbound event says so). The ticket's acknowledgement and the agents' alert have gone
-- already: this message sends no notification of its own.
CREATE OR REPLACE FUNCTION public.receive_email_files(p_ticket uuid, p_email_id text, p_from text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  opened public.tickets;
  stored uuid;
begin
  select t.* into opened
  from private.inbound_events e join public.tickets t on t.id = e.ticket_id
  where e.provider = 'resend' and e.event_id = p_email_id and e.ticket_id = p_ticket and e.outcome = 'new_ticket';
  if opened.id is null then
    raise exception 'That mail did not open that ticket' using errcode = '22023';
  end if;
  select id into stored from public.ticket_messages
  where ticket_id = p_ticket and metadata ->> 'email_id' = p_email_id;
  if stored is not null then
    return stored;
  end if;
  perform set_config('siyakha.notifications', 'off', true);
  insert into public.ticket_messages (ticket_id, direction, channel, to_from, body, status, created_by, metadata)
  values (p_ticket, 'inbound', 'email', left(p_from, 200), 'Files sent with this request', 'delivered',
          opened.created_by_user_id, jsonb_build_object('email_id', p_email_id, 'request_files', true))
  returning id into stored;
  perform set_config('siyakha.notifications', '', true);
  return stored;
end
$function$
;

-- One-click unsubscribe from a ticket email (RFC 8058; issue 12): the email-unsubscribe function,
-- having checked the link's signature, turns a category off for the address: as the user's own
-- preference when the address has an account, else as a suppression of the address. Service role only.
CREATE OR REPLACE FUNCTION public.unsubscribe_email(p_email text, p_category text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  account uuid;
begin
  if p_category not in ('ticket_updates', 'replies', 'staff_new_ticket', 'staff_customer_reply', 'staff_assigned') then
    raise exception 'Unknown notification category %', p_category using errcode = '22023';
  end if;
  select id into account from auth.users where lower(email) = lower(btrim(p_email)) limit 1;
  if account is not null then
    insert into public.notification_preferences (user_id, category, channel, enabled)
    values (account, p_category, 'email', false)
    on conflict (user_id, category, channel) do update set enabled = false, updated_at = now();
  else
    insert into private.email_suppressions (email_lower, category, reason)
    values (lower(btrim(p_email)), p_category, 'unsubscribe')
    on conflict (email_lower, category) do nothing;
  end if;
end
$function$
;

alter table private.inbound_events enable row level security;

revoke all on function private.enqueue_auto_reply(p_reason text, p_event_id text, p_recipient text, p_payload jsonb) from public, anon, authenticated, service_role;
revoke all on function private.keep_accepted_mail_files(item public.ticket_messages, ticket public.tickets, words text) from public, anon, authenticated, service_role;
revoke all on function private.unverified_email_item(p_message uuid) from public, anon, authenticated, service_role;
revoke all on function private.unverified_ticket_details() from public, anon, authenticated, service_role;
revoke all on function private.unverified_ticket_summary() from public, anon, authenticated, service_role;

-- Any signed-in caller may call them; private.unverified_email_item refuses everyone but staff.
revoke all on function public.accept_unverified_email(p_message uuid) from public, anon, authenticated, service_role;
revoke all on function public.discard_unverified_email(p_message uuid) from public, anon, authenticated, service_role;
revoke all on function public.inbound_event_claim(p_provider text, p_event_id text) from public, anon, authenticated, service_role;
revoke all on function public.inbound_event_record(p_provider text, p_event_id text, p_outcome text, p_detail jsonb) from public, anon, authenticated, service_role;
revoke all on function public.inbound_event_release(p_provider text, p_event_id text) from public, anon, authenticated, service_role;
revoke all on function public.outbox_bounced(p_id bigint, p_detail text) from public, anon, authenticated, service_role;
revoke all on function public.receive_email(p jsonb) from public, anon, authenticated, service_role;
revoke all on function public.receive_email_files(p_ticket uuid, p_email_id text, p_from text) from public, anon, authenticated, service_role;
revoke all on function public.unsubscribe_email(p_email text, p_category text) from public, anon, authenticated, service_role;
revoke all on table private.inbound_events from public, anon, authenticated, service_role;
grant execute on function public.accept_unverified_email(p_message uuid) to authenticated, service_role;
grant execute on function public.discard_unverified_email(p_message uuid) to authenticated, service_role;
grant execute on function public.inbound_event_claim(p_provider text, p_event_id text) to service_role;
grant execute on function public.inbound_event_record(p_provider text, p_event_id text, p_outcome text, p_detail jsonb) to service_role;
grant execute on function public.inbound_event_release(p_provider text, p_event_id text) to service_role;
grant execute on function public.outbox_bounced(p_id bigint, p_detail text) to service_role;
grant execute on function public.receive_email_files(p_ticket uuid, p_email_id text, p_from text) to service_role;
grant execute on function public.receive_email(p jsonb) to service_role;
grant execute on function public.unsubscribe_email(p_email text, p_category text) to service_role;
