-- An inbound WhatsApp message cost a scan of every ticket and every account (docs/database-performance.md,
-- 2026-11-26): finding the sender's latest open ticket OR-ed three conditions (a message from the
-- number, the number given on the ticket, the sender's account) and sorted all tickets by
-- `updated_at` (345 ms at 1,000,000 tickets, each message whose reply context and reference do not
-- name a ticket); finding the sender's account normalised every account's number (28 ms at 2,000
-- accounts). Each condition now has an index, and the account is found by auth's own index on
-- `phone`. receive_whatsapp is otherwise as 20261125000900 wrote it.

create index ticket_messages_whatsapp_sender_idx on public.ticket_messages (to_from) where channel = 'whatsapp';
create index tickets_contact_phone_idx on public.tickets (contact_phone) where contact_phone is not null;

create or replace function public.receive_whatsapp(p jsonb) returns jsonb
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

  -- Auth stores a number as its E.164 digits: its unique index finds the account.
  select coalesce(contact.user_id,
                  (select u.id from auth.users u where u.phone = ltrim(sender, '+') and private.e164(u.phone) = sender limit 1))
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
    -- Each way a ticket can be the sender's through its own index; OR-ed in one condition they
    -- made a scan of every ticket.
    select t.* into ticket from public.tickets t
    where t.status <> 'closed'
      and t.id in (select m.ticket_id from public.ticket_messages m where m.channel = 'whatsapp' and m.to_from = sender
                   union
                   select c.id from public.tickets c where c.contact_phone = sender
                   union
                   select o.id from public.tickets o where account is not null and o.created_by_user_id = account)
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
