-- WhatsApp Cloud API, both ways (issue 12, part 7; ../shared/docs/messaging-contract.md §5–§6). An
-- agent's WhatsApp reply is written with its outbox row in one transaction (public.send_whatsapp_reply)
-- and sent by the outbox worker through the Graph API: as text inside the 24-hour customer-service
-- window, else as the approved ticket-update template. The whatsapp-webhook function hands inbound
-- messages to public.receive_whatsapp and delivery statuses to public.whatsapp_status.
-- The portal's wa.me hand-offs (a person opens WhatsApp themselves) stay as they were.

-- Who we talk to on WhatsApp: by number, or by business-scoped user id (users with a username may
-- have no number). last_inbound_at opens the 24-hour window; opted_out_at stops templates.
create table public.whatsapp_contacts (
  id uuid primary key default gen_random_uuid(),
  phone_e164 text unique check (phone_e164 ~ '^\+[1-9][0-9]{7,14}$'),
  wa_user_id text unique check (char_length(wa_user_id) <= 200),
  user_id uuid references auth.users (id) on delete set null,
  profile_name text check (char_length(profile_name) <= 200),
  last_inbound_at timestamptz,
  opted_out_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (phone_e164 is not null or wa_user_id is not null)
);
alter table public.whatsapp_contacts enable row level security;
create policy "whatsapp_contacts: read as staff" on public.whatsapp_contacts
  for select to authenticated using ((select private.is_staff()));
revoke all on public.whatsapp_contacts from anon, authenticated;
grant select on public.whatsapp_contacts to authenticated;

-- The customer's own WhatsApp number for this ticket (the portal's create form asks for it: agents
-- answer there, and messages from it find the ticket), and their consent to be messaged on WhatsApp
-- about it (needed before any template): they gave the number, or wrote to us on WhatsApp about it.
alter table public.tickets
  add column contact_phone text check (contact_phone ~ '^\+[1-9][0-9]{7,14}$'),
  add column whatsapp_opt_in_at timestamptz;
grant insert (contact_phone) on public.tickets to authenticated;

create function private.stamp_whatsapp_consent() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.contact_phone is not null then
    new.whatsapp_opt_in_at := coalesce(new.whatsapp_opt_in_at, now());
  end if;
  return new;
end
$$;
revoke execute on function private.stamp_whatsapp_consent() from public;
create trigger tickets_stamp_whatsapp_consent before insert on public.tickets
  for each row execute function private.stamp_whatsapp_consent();

-- A number as E.164, or null: '+27 82 555 0105', '082 555 0105' (South African national form) and
-- '27825550105' all become '+27825550105'.
create function private.e164(raw text) returns text
language sql immutable set search_path = ''
as $$
  select case when candidate ~ '^\+[1-9][0-9]{7,14}$' then candidate end
  from (
    select case
      when digits is null or digits = '' then null
      when btrim(raw) like '+%' then '+' || digits
      when digits ~ '^0[0-9]{9}$' then '+27' || substr(digits, 2)
      else '+' || digits
    end as candidate
    from (select regexp_replace(coalesce(raw, ''), '[^0-9]', '', 'g') as digits) as d
  ) as c
$$;

-- The client's WhatsApp number on a ticket: the number that last wrote on it, else the one they gave
-- for the ticket, the requester contact's number, the number the /log-it form gave, or the
-- account's phone.
create function private.ticket_whatsapp_number(p_ticket uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce(
    (select m.to_from from public.ticket_messages m
     where m.ticket_id = p_ticket and m.channel = 'whatsapp' and m.direction = 'inbound'
       and m.to_from ~ '^\+[1-9][0-9]{7,14}$'
     order by m.created_at desc limit 1),
    (select t.contact_phone from public.tickets t where t.id = p_ticket),
    (select private.e164(c.phone) from public.tickets t join public.requester_contacts c on c.id = t.requester_contact_id
     where t.id = p_ticket),
    (select private.e164(r.whatsapp_number) from public.support_requests r where r.ticket_id = p_ticket
     order by r.created_at desc limit 1),
    (select private.e164(u.phone) from public.tickets t join auth.users u on u.id = t.created_by_user_id
     where t.id = p_ticket)
  )
$$;

-- Is this number one the ticket knows as its client's? (So a stranger quoting a reference cannot
-- write on someone's timeline.)
create function private.whatsapp_linked(p_ticket uuid, p_phone text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.ticket_messages m
                 where m.ticket_id = p_ticket and m.channel = 'whatsapp' and m.to_from = p_phone)
      or exists (select 1 from public.tickets t where t.id = p_ticket and t.contact_phone = p_phone)
      or exists (select 1 from public.tickets t join public.requester_contacts c on c.id = t.requester_contact_id
                 where t.id = p_ticket and private.e164(c.phone) = p_phone)
      or exists (select 1 from public.support_requests r
                 where r.ticket_id = p_ticket and private.e164(r.whatsapp_number) = p_phone)
      or exists (select 1 from public.tickets t join auth.users u on u.id = t.created_by_user_id
                 where t.id = p_ticket and private.e164(u.phone) = p_phone)
$$;

-- The one rule for a number's WhatsApp on a ticket: the 24-hour customer-service window (open
-- until 24 h after the contact last wrote, less 5 minutes for clocks and queues; null: shut) and
-- whether the ticket-update template may go (the ticket has consent, the contact has written to
-- us and not opted out). The agent's form and the worker read it alike.
create function private.whatsapp_state(p_phone text, p_ticket uuid)
returns table (last_inbound_at timestamptz, window_open_until timestamptz, may_template boolean)
language sql stable security definer set search_path = ''
as $$
  select c.last_inbound_at,
         case when c.last_inbound_at > now() - interval '24 hours' + interval '5 minutes'
              then c.last_inbound_at + interval '24 hours' - interval '5 minutes' end,
         coalesce((select t.whatsapp_opt_in_at is not null from public.tickets t where t.id = p_ticket), false)
           and c.id is not null and c.opted_out_at is null
  from (select 1) as one
  left join public.whatsapp_contacts c on c.phone_e164 = p_phone
$$;

-- What the agent sees before a WhatsApp reply (staff only): the number, when the customer last
-- wrote, until when the window is open, whether a template may go.
create function public.ticket_whatsapp(p_ticket uuid)
returns table (phone text, last_inbound_at timestamptz, window_open_until timestamptz, may_template boolean)
language sql stable security definer set search_path = ''
as $$
  select n.phone, w.last_inbound_at, w.window_open_until, w.may_template
  from (select private.ticket_whatsapp_number(p_ticket) as phone) n
  cross join lateral private.whatsapp_state(n.phone, p_ticket) w
  where n.phone is not null and (select private.is_staff())
$$;

-- An agent's WhatsApp reply: the message (queued) and its outbox row, in one transaction. The
-- worker decides text or template when it sends, from the window as it is then.
create function public.send_whatsapp_reply(p_ticket uuid, p_body text) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  agent uuid := (select auth.uid());
  ticket public.tickets;
  client_number text;
  message uuid;
  last_inbound text;
begin
  if not (select private.is_staff()) then
    raise exception 'Only staff send WhatsApp replies' using errcode = '42501';
  end if;
  select * into ticket from public.tickets where id = p_ticket;
  if ticket.id is null then
    raise exception 'No such ticket' using errcode = 'P0002';
  end if;
  client_number := private.ticket_whatsapp_number(ticket.id);
  if client_number is null then
    raise exception 'This ticket has no WhatsApp number' using errcode = '22023';
  end if;
  insert into public.ticket_messages (ticket_id, direction, channel, to_from, body, status, created_by, metadata)
  values (ticket.id, 'outbound', 'whatsapp', client_number, p_body, 'queued', agent, '{"via": "cloud_api"}')
  returning id into message;
  select m.external_id into last_inbound from public.ticket_messages m
  where m.ticket_id = ticket.id and m.channel = 'whatsapp' and m.direction = 'inbound' and m.to_from = client_number
  order by m.created_at desc limit 1;
  insert into private.notification_outbox (idempotency_key, channel, event, category, ticket_id, ticket_message_id,
                                           recipient, payload, ordering_key)
  values ('msg:' || message || ':whatsapp:' || client_number, 'whatsapp', 'staff_whatsapp_reply', null, ticket.id, message, client_number,
          private.ticket_payload(ticket) || jsonb_build_object('body', p_body, 'context_id', last_inbound),
          'whatsapp:' || client_number || ':' || ticket.id);
  return message;
end
$$;

-- Outside the window, after the template went: the row waits (not due) until the customer writes
-- again, and its message says so. Younger rows of the thread wait behind it (outbox_claim).
create function public.outbox_park(p_id bigint, p_template_wamid text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  row private.notification_outbox;
begin
  update private.notification_outbox
  set state = 'pending', next_attempt_at = 'infinity', locked_until = null, updated_at = now(),
      last_error = 'Waiting for the customer to write (the 24-hour window is closed)',
      payload = payload || jsonb_build_object('template_wamid', p_template_wamid)
  where id = p_id and state = 'sending'
  returning * into row;
  if row.ticket_message_id is not null then
    update public.ticket_messages m
    set metadata = m.metadata || jsonb_build_object('awaiting_window', true, 'template_wamid', p_template_wamid)
    where m.id = row.ticket_message_id;
  end if;
end
$$;

-- Parked replies whose customer never wrote back within 7 days fail, visibly (the worker calls this
-- at the start of each run). Answers how many.
create function public.outbox_expire_parked(p_days integer default 7) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  expired integer;
begin
  with gone as (
    update private.notification_outbox
    set state = 'failed', next_attempt_at = now(), updated_at = now(),
        last_error = 'window_never_opened: the customer did not write on WhatsApp within ' || p_days || ' days of the template'
    where channel = 'whatsapp' and state = 'pending' and next_attempt_at = 'infinity'
      and created_at < now() - make_interval(days => p_days)
    returning ticket_message_id, last_error
  ), marked as (
    update public.ticket_messages m
    set status = 'failed', metadata = (m.metadata - 'awaiting_window') || jsonb_build_object('error', gone.last_error)
    from gone where m.id = gone.ticket_message_id
    returning 1
  )
  select count(*)::integer into expired from gone;
  return expired;
end
$$;

-- Statuses rank: queued < sent < delivered < read; 'failed' only from queued or sent.
create function private.message_status_rank(s public.message_status) returns integer
language sql immutable set search_path = ''
as $$
  select case s when 'queued' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else -1 end
$$;

-- A delivery status from the webhook: {wamid, status, timestamp, callback, errors, pricing}.
-- Applied only when it moves the message forward (webhooks arrive out of order); every status is
-- kept in metadata.status_history. Answers the outcome.
create function public.whatsapp_status(p jsonb) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  wanted text := p ->> 'status';
  next_status public.message_status;
  message public.ticket_messages;
  callback_message uuid;
begin
  if not public.inbound_event_claim('whatsapp', (p ->> 'wamid') || ':' || wanted) then
    return 'duplicate';
  end if;
  select * into message from public.ticket_messages where channel = 'whatsapp' and external_id = p ->> 'wamid';
  if message.id is null and (p ->> 'callback') ~ '^msg:[0-9a-f-]{36}:' then
    callback_message := substring(p ->> 'callback' from 5 for 36)::uuid;
    select * into message from public.ticket_messages where id = callback_message and channel = 'whatsapp';
  end if;
  if message.id is null then
    perform public.inbound_event_record('whatsapp', (p ->> 'wamid') || ':' || wanted, 'unknown_status');
    return 'unknown_status';
  end if;
  next_status := case wanted when 'played' then 'read' when 'sent' then 'sent' when 'delivered' then 'delivered'
                             when 'read' then 'read' when 'failed' then 'failed' end;
  update public.ticket_messages m
  set status = case
        when next_status is null then m.status
        when next_status = 'failed' and m.status in ('queued', 'sent') then 'failed'::public.message_status
        when next_status <> 'failed' and m.status <> 'failed'
             and private.message_status_rank(next_status) > private.message_status_rank(m.status) then next_status
        else m.status
      end,
      external_id = coalesce(m.external_id, p ->> 'wamid'),
      metadata = m.metadata
        || jsonb_build_object('status_history', coalesce(m.metadata -> 'status_history', '[]'::jsonb)
             || jsonb_build_array(jsonb_build_object('status', wanted, 'at', p ->> 'timestamp')))
        || case when p ? 'errors' then jsonb_build_object('error', p -> 'errors' -> 0) else '{}'::jsonb end
        || case when p ? 'pricing' then jsonb_build_object('pricing', p -> 'pricing') else '{}'::jsonb end
  where m.id = message.id;
  perform public.inbound_event_record('whatsapp', (p ->> 'wamid') || ':' || wanted, 'status',
                                      jsonb_build_object('message_id', message.id));
  return 'status';
end
$$;

-- An inbound WhatsApp message, already verified by the webhook: {wamid, from (E.164), user_id,
-- profile_name, timestamp (Unix s), body, context_id, ref, media}. Stored once (by wamid) on the
-- right ticket (first hit wins: the message it replies to, its `Ref: TCK-…`, the sender's latest
-- open ticket, else a new ticket for a sender we know); the contact's window opens and replies
-- waiting for it are released. Answers {outcome, ticket_id, tracking_ref}.
create function public.receive_whatsapp(p jsonb) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  sender text := private.e164(p ->> 'from');
  sent_at timestamptz := to_timestamp(coalesce(nullif(p ->> 'timestamp', '')::bigint, extract(epoch from now())::bigint));
  words text := left(coalesce(nullif(p ->> 'body', ''), '[message]'), 4096);
  contact public.whatsapp_contacts;
  account uuid;
  ticket public.tickets;
  verdict text;
  stored uuid;
begin
  if not public.inbound_event_claim('whatsapp', p ->> 'wamid') then
    return jsonb_build_object('outcome', 'duplicate');
  end if;
  -- Users known only by a business-scoped id (a username, no number) are recorded, not matched yet.
  if sender is null then
    perform public.inbound_event_record('whatsapp', p ->> 'wamid', 'no_number',
                                        jsonb_build_object('user_id', p ->> 'user_id'));
    return jsonb_build_object('outcome', 'no_number');
  end if;

  insert into public.whatsapp_contacts as c (phone_e164, wa_user_id, profile_name, last_inbound_at)
  values (sender, nullif(p ->> 'user_id', ''), nullif(p ->> 'profile_name', ''), sent_at)
  on conflict (phone_e164) do update
    set wa_user_id = coalesce(excluded.wa_user_id, c.wa_user_id),
        profile_name = coalesce(excluded.profile_name, c.profile_name),
        last_inbound_at = greatest(c.last_inbound_at, excluded.last_inbound_at),
        opted_out_at = case when upper(btrim(p ->> 'body')) = 'STOP' then now()
                            when upper(btrim(p ->> 'body')) = 'START' then null else c.opted_out_at end,
        updated_at = now()
  returning * into contact;

  select coalesce(contact.user_id, (select u.id from auth.users u where private.e164(u.phone) = sender limit 1))
  into account;

  if p ->> 'context_id' is not null then
    select t.* into ticket from public.ticket_messages m join public.tickets t on t.id = m.ticket_id
    where m.channel = 'whatsapp' and m.external_id = p ->> 'context_id';
  end if;
  if ticket.id is null and p ->> 'ref' is not null then
    select * into ticket from public.tickets where tracking_ref = upper(p ->> 'ref');
    if ticket.id is not null and not private.whatsapp_linked(ticket.id, sender)
       and (account is null or account is distinct from ticket.created_by_user_id) then
      insert into public.ticket_messages (ticket_id, direction, channel, to_from, body, status, external_id, metadata)
      values (ticket.id, 'internal', 'whatsapp', sender, left('Unverified WhatsApp from ' || sender || ': ' || words, 4096),
              'delivered', p ->> 'wamid', jsonb_build_object('wa_user_id', p ->> 'user_id', 'profile_name', p ->> 'profile_name'))
      on conflict (channel, external_id) where external_id is not null do nothing;
      perform public.inbound_event_record('whatsapp', p ->> 'wamid', 'unverified', jsonb_build_object('ticket_id', ticket.id));
      return jsonb_build_object('outcome', 'unverified', 'ticket_id', ticket.id, 'tracking_ref', ticket.tracking_ref);
    end if;
  end if;
  if ticket.id is null then
    select t.* into ticket from public.tickets t
    where t.status <> 'closed'
      and (t.id in (select m.ticket_id from public.ticket_messages m where m.channel = 'whatsapp' and m.to_from = sender)
           or t.contact_phone = sender
           or (account is not null and t.created_by_user_id = account))
    order by t.updated_at desc limit 1;
  end if;
  if ticket.id is null and account is null then
    -- Nobody we know: one answer asking for the reference (the window is open: they just wrote).
    insert into private.notification_outbox (idempotency_key, channel, event, recipient, payload, ordering_key)
    values ('whatsapp:unmatched:' || sender || ':' || to_char(now(), 'IYYY-IW'), 'whatsapp', 'whatsapp_unmatched', sender,
            jsonb_build_object('context_id', p ->> 'wamid'), 'whatsapp:' || sender || ':')
    on conflict (idempotency_key) do nothing;
    perform public.inbound_event_record('whatsapp', p ->> 'wamid', 'unmatched', jsonb_build_object('from', sender));
    return jsonb_build_object('outcome', 'unmatched');
  end if;

  if ticket.id is null or ticket.status = 'closed' then
    insert into public.tickets (created_by_user_id, requester_contact_id, requester_name, company_id, channel, summary,
                                details, follow_up_of, whatsapp_opt_in_at)
    values (coalesce(ticket.created_by_user_id, account), ticket.requester_contact_id,
            coalesce(ticket.requester_name, nullif(p ->> 'profile_name', '')), ticket.company_id, 'whatsapp',
            left(coalesce(ticket.summary, regexp_replace(words, '\s+', ' ', 'g')), 80), words, ticket.id, now())
    returning * into ticket;
    verdict := 'new_ticket';
  else
    -- The customer's own hand-off arriving (the portal opened WhatsApp with this text): their
    -- message is already on the timeline, now delivered, not stored twice.
    update public.ticket_messages m
    set status = 'delivered', external_id = p ->> 'wamid',
        metadata = m.metadata || jsonb_build_object('delivered_as', p ->> 'wamid')
    where m.id = (select i.id from public.ticket_messages i
                  where i.ticket_id = ticket.id and i.channel = 'whatsapp' and i.direction = 'outbound'
                    and i.author_kind = 'customer' and i.external_id is null and i.body = words
                    and i.created_at > now() - interval '7 days'
                  order by i.created_at desc limit 1)
    returning m.id into stored;
    if stored is not null then
      verdict := 'handoff_delivered';
    else
      insert into public.ticket_messages (ticket_id, direction, channel, to_from, body, status, created_by, author_name,
                                          external_id, created_at, metadata)
      values (ticket.id, 'inbound', 'whatsapp', sender, words, 'delivered',
              case when account = ticket.created_by_user_id then account end,
              left(coalesce(nullif(p ->> 'profile_name', ''), sender), 200), p ->> 'wamid', sent_at,
              jsonb_strip_nulls(jsonb_build_object('wa_user_id', p ->> 'user_id', 'profile_name', p ->> 'profile_name',
                                                   'context_id', p ->> 'context_id', 'media', p -> 'media')))
      on conflict (channel, external_id) where external_id is not null do nothing
      returning id into stored;
      verdict := case when stored is null then 'duplicate' else 'message' end;
    end if;
    update public.tickets set whatsapp_opt_in_at = coalesce(whatsapp_opt_in_at, now()) where id = ticket.id;
  end if;

  -- The window is open again: replies parked for it go now.
  update private.notification_outbox
  set next_attempt_at = now(), last_error = null, updated_at = now()
  where channel = 'whatsapp' and recipient = sender and state = 'pending' and next_attempt_at = 'infinity';

  perform public.inbound_event_record('whatsapp', p ->> 'wamid', verdict, jsonb_build_object('from', sender));
  update private.inbound_events set ticket_id = ticket.id where provider = 'whatsapp' and event_id = p ->> 'wamid';
  return jsonb_build_object('outcome', verdict, 'ticket_id', ticket.id, 'tracking_ref', ticket.tracking_ref);
end
$$;

-- The worker's view of a recipient's window when it sends (service role).
create function public.whatsapp_send_state(p_phone text, p_ticket uuid)
returns table (window_open boolean, may_template boolean)
language sql stable security definer set search_path = ''
as $$
  select w.window_open_until is not null, w.may_template from private.whatsapp_state(p_phone, p_ticket) w
$$;

revoke execute on function private.e164(text), private.whatsapp_state(text, uuid), private.ticket_whatsapp_number(uuid), private.whatsapp_linked(uuid, text),
  private.message_status_rank(public.message_status) from public;
revoke execute on function public.ticket_whatsapp(uuid), public.send_whatsapp_reply(uuid, text) from public, anon;
grant execute on function public.ticket_whatsapp(uuid), public.send_whatsapp_reply(uuid, text) to authenticated, service_role;
revoke execute on function public.outbox_park(bigint, text), public.outbox_expire_parked(integer), public.whatsapp_status(jsonb), public.receive_whatsapp(jsonb),
  public.whatsapp_send_state(text, uuid) from public, anon, authenticated;
grant execute on function public.outbox_park(bigint, text), public.outbox_expire_parked(integer), public.whatsapp_status(jsonb), public.receive_whatsapp(jsonb),
  public.whatsapp_send_state(text, uuid) to service_role;
