-- Reply by email (issue 12, part 5; ../shared/docs/messaging-contract.md §3). A customer's answer to a
-- notification arrives through the inbound-email function (the provider's signed webhook); the
-- function checks the signature, drops automatic mail, strips the quoted history and hands the rest
-- to public.receive_email, which finds the ticket, checks the sender and stores the message in one
-- transaction, together with the record that this event was handled.

-- A customer who writes on a closed ticket gets a new one that points back at it.
alter table public.tickets add column follow_up_of uuid references public.tickets (id) on delete set null;
create index tickets_follow_up_of_idx on public.tickets (follow_up_of) where follow_up_of is not null;

-- Every webhook event received (email now, WhatsApp next): the dedupe key providers re-deliver
-- with, and what became of the event, for support questions ("did my mail arrive?").
create table private.inbound_events (
  provider text not null check (provider in ('resend', 'whatsapp')),
  event_id text not null check (char_length(event_id) <= 300),
  received_at timestamptz not null default now(),
  outcome text,
  ticket_id uuid references public.tickets (id) on delete set null,
  detail jsonb not null default '{}',
  primary key (provider, event_id)
);
create index inbound_events_received_at_idx on private.inbound_events (received_at desc);
alter table private.inbound_events enable row level security;
revoke all on private.inbound_events from anon, authenticated;

-- The webhook's first step: true when this event is new (the function goes on), false when it was
-- seen before (the function answers 200 and stops).
create function public.inbound_event_claim(p_provider text, p_event_id text) returns boolean
language sql volatile security definer set search_path = ''
as $$
  with claimed as (
    insert into private.inbound_events (provider, event_id) values (p_provider, p_event_id)
    on conflict do nothing
    returning 1
  )
  select exists (select 1 from claimed)
$$;

-- The provider will send the event again (the content could not be fetched): forget it, so the
-- re-delivery is not taken for a duplicate.
create function public.inbound_event_release(p_provider text, p_event_id text) returns void
language sql volatile security definer set search_path = ''
as $$
  delete from private.inbound_events where provider = p_provider and event_id = p_event_id and outcome is null
$$;

create function public.inbound_event_record(p_provider text, p_event_id text, p_outcome text, p_detail jsonb default '{}')
returns void
language sql volatile security definer set search_path = ''
as $$
  update private.inbound_events set outcome = p_outcome, detail = coalesce(p_detail, '{}')
  where provider = p_provider and event_id = p_event_id
$$;

-- Our own answers to mail we will not store (a stranger writing on someone's ticket, an unknown
-- sender where the deployment refuses those): one per sender and reason in 7 days, so two
-- auto-responders can never keep each other busy.
create function private.enqueue_auto_reply(p_reason text, p_event_id text, p_recipient text, p_payload jsonb)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
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
$$;

-- The inbound mail, already verified, classified and stripped by the function:
--   event_id, from_email, from_name, subject, message_id, body, metadata (email_id, attachments,
--   truncated), summary (the subject without Re:/Fwd:/tag), token_ref (from a reply address whose
--   signature the function checked), thread_refs (from our own Message-IDs in In-Reply-To and
--   References, newest first), thread_ids (every id there, newest first), subject_ref, unknown_sender ('ticket' | 'reject').
-- Finds the ticket (first hit wins: reply address, thread headers, subject tag), checks that the
-- sender may write on it, and stores the message; answers {outcome, ticket_id, tracking_ref}.
create function public.receive_email(p jsonb) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  sender text := lower(btrim(p ->> 'from_email'));
  sender_name text := nullif(btrim(coalesce(p ->> 'from_name', '')), '');
  account uuid;
  staff boolean := false;
  ticket public.tickets;
  created public.tickets;
  contact public.requester_contacts;
  may_write boolean;
  verdict text;
  stored uuid;
  reply_payload jsonb := jsonb_build_object('subject', p ->> 'subject', 'in_reply_to', p ->> 'message_id');
begin
  select u.id into account
  from auth.users u
  where lower(u.email) = sender and u.email_confirmed_at is not null and u.deleted_at is null
  limit 1;
  staff := account is not null and exists (select 1 from public.user_roles r where r.user_id = account);

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

  if ticket.id is not null then
    -- The requester (account or contact) and their company's admins write on the ticket; staff
    -- mail becomes an internal note (an agent's mailed answer never reaches the customer by
    -- accident); anyone else's words stay out of the customer's timeline.
    may_write := (account is not null and account = ticket.created_by_user_id)
      or exists (select 1 from public.requester_contacts c
                 where c.id = ticket.requester_contact_id and lower(c.email) = sender)
      or (account is not null and ticket.company_id is not null and exists (
            select 1 from public.company_members cm
            where cm.company_id = ticket.company_id and cm.user_id = account and cm.role = 'company_admin'));
    if not may_write and staff then
      insert into public.ticket_messages (ticket_id, direction, channel, to_from, subject, body, status, created_by,
                                          external_id, metadata)
      values (ticket.id, 'internal', 'email', sender, left(p ->> 'subject', 300), p ->> 'body', 'delivered', account,
              p ->> 'message_id', coalesce(p -> 'metadata', '{}'))
      on conflict (channel, external_id) where external_id is not null do nothing
      returning id into stored;
      verdict := case when stored is null then 'duplicate' else 'staff_note' end;
    elsif not may_write then
      perform private.enqueue_auto_reply('unverified_sender', p ->> 'event_id', sender,
                                         reply_payload || jsonb_build_object('tracking_ref', ticket.tracking_ref));
      verdict := 'rejected_sender';
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
              left(coalesce(sender_name, sender), 200), p ->> 'message_id', coalesce(p -> 'metadata', '{}'))
      on conflict (channel, external_id) where external_id is not null do nothing
      returning id into stored;
      verdict := case when stored is null then 'duplicate' else 'message' end;
    end if;
  elsif account is null and p ->> 'unknown_sender' = 'reject' then
    perform private.enqueue_auto_reply('unknown_sender', p ->> 'event_id', sender, reply_payload);
    verdict := 'rejected_sender';
  else
    -- A new request by mail: the account's ticket, else the address's requester contact's (it
    -- joins the account when that person signs up). The new ticket's trigger acknowledges it
    -- with the reference.
    if account is null then
      insert into public.requester_contacts as c (email, full_name)
      values (sender, left(coalesce(sender_name, split_part(sender, '@', 1)), 200))
      on conflict (lower(email)) do update set updated_at = now()
      returning * into contact;
    end if;
    insert into public.tickets (created_by_user_id, requester_contact_id, requester_name, channel, summary, details)
    values (account, contact.id, case when account is null then contact.full_name end, 'email',
            left(coalesce(nullif(p ->> 'summary', ''), '(no subject)'), 200), p ->> 'body')
    returning * into ticket;
    verdict := 'new_ticket';
  end if;

  update private.inbound_events
  set outcome = verdict, ticket_id = ticket.id,
      detail = jsonb_build_object('from', sender, 'message_id', p ->> 'message_id')
  where provider = 'resend' and event_id = p ->> 'event_id';
  return jsonb_build_object('outcome', verdict, 'ticket_id', ticket.id, 'tracking_ref', ticket.tracking_ref);
end
$$;

-- A bounce (a delivery status notification naming one of our Message-IDs): the mail did not
-- arrive after all. Its row becomes a dead letter staff see (with the reason), its message shows
-- failed, and the address gets no more suppressible mail. Answers whether a sent row matched.
create function public.outbox_bounced(p_id bigint, p_detail text) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
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
$$;

revoke execute on function private.enqueue_auto_reply(text, text, text, jsonb) from public;
revoke execute on function public.inbound_event_claim(text, text), public.inbound_event_release(text, text),
  public.inbound_event_record(text, text, text, jsonb), public.receive_email(jsonb), public.outbox_bounced(bigint, text)
  from public, anon, authenticated;
grant execute on function public.inbound_event_claim(text, text), public.inbound_event_release(text, text),
  public.inbound_event_record(text, text, text, jsonb), public.receive_email(jsonb), public.outbox_bounced(bigint, text)
  to service_role;
