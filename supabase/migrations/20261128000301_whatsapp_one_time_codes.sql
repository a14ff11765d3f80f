-- WhatsApp: the portal's one-time code (issue 43, item 9; messaging-contract.md §6). A customer's
-- "Continue on WhatsApp" message carries their ticket's Ref and a code only they are shown; a
-- phone that sends both is proven theirs, whatever its number (a number nobody typed anywhere,
-- which a Ref alone cannot prove: anyone may know a reference). Also restates the claim rule as
-- …_whatsapp_numbers_are_proven.sql now has it (an agent's typed number for a client with an
-- account counts), for databases that applied that file before it did.

alter table public.whatsapp_verified_numbers drop constraint whatsapp_verified_numbers_via_check,
  add constraint whatsapp_verified_numbers_via_check
    check (via in ('ref', 'code', 'handoff', 'follow_up', 'split', 'migrated'));

-- One-time codes ----------------------------------------------------------------------------------

-- The key the portal's WhatsApp codes are derived with (random per database, never leaves it).
create table private.whatsapp_code_key (
  id boolean primary key default true check (id),
  key bytea not null
);
alter table private.whatsapp_code_key enable row level security;
insert into private.whatsapp_code_key (key) values (extensions.gen_random_bytes(32));

-- The code the portal shows a ticket's requester (six digits, a new one each UTC day; the day
-- before's still counts): sent from a phone with the ticket's Ref, it proves the phone is theirs,
-- whatever number it is (only they see it). Derived, so showing it writes nothing.
create function private.whatsapp_code(p_ticket uuid, p_user uuid, p_days_ago integer) returns text
language sql stable security definer set search_path = ''
as $$
  select lpad(((('x' || encode(substr(extensions.hmac(
           convert_to(p_ticket || ':' || p_user || ':' || to_char((now() at time zone 'utc')::date - p_days_ago, 'YYYY-MM-DD'), 'utf8'),
           k.key, 'sha256'), 1, 4), 'hex'))::bit(32)::bigint) % 1000000)::text, 6, '0')
  from private.whatsapp_code_key k
$$;

-- The requester's code for their own ticket (the portal puts it in the "Continue on WhatsApp"
-- message); null for anyone else, staff included (staff do not prove customers' numbers).
create function public.whatsapp_verification_code(p_ticket uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select private.whatsapp_code(t.id, t.created_by_user_id, 0)
  from public.tickets t
  where t.id = p_ticket and t.created_by_user_id is not null and t.created_by_user_id = (select private.uid())
$$;

-- Wrong codes: five from one number, or ten on one ticket, in a day, and codes are not read any
-- more for a day (a million codes cannot be tried one message at a time).
create function private.whatsapp_codes_blocked(p_phone text, p_ticket uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select (select count(*) from private.inbound_events e
          where e.provider = 'whatsapp' and e.received_at > now() - interval '1 day'
            and e.detail ->> 'code_wrong' = 'true' and e.detail ->> 'from' = p_phone) >= 5
      or (select count(*) from private.inbound_events e
          where e.provider = 'whatsapp' and e.received_at > now() - interval '1 day'
            and e.detail ->> 'code_wrong' = 'true' and e.ticket_id = p_ticket) >= 10
$$;

-- Does the ticket claim this number (typed somewhere, so unproven)? 'person' when the ticket's
-- requester typed it signed in (their own portal ticket, their own wa.me hand-off with exactly
-- these words), 'ticket' when anyone else may have (the /log-it WhatsApp number, a number an agent
-- or a web form gave), null when it does not. The /log-it "Contact number" (the landline) is not a
-- WhatsApp number and claims nothing.
create or replace function private.whatsapp_claimed(p_ticket uuid, p_phone text, p_words text) returns text
language sql stable security definer set search_path = ''
as $$
  select case
    when exists (select 1 from public.tickets t
                 where t.id = p_ticket and t.contact_phone = p_phone and t.channel = 'portal' and t.created_by_user_id is not null)
      or exists (select 1 from public.tickets t join public.ticket_messages m on m.ticket_id = t.id
                 where t.id = p_ticket and m.channel = 'whatsapp' and m.direction = 'outbound'
                   and m.created_by = t.created_by_user_id and m.external_id is null and m.body = p_words
                   and m.created_at > now() - interval '7 days')
      then 'person'
    -- An agent's typed number for a client (tickets.requester_phone, added by a later migration
    -- of the same day: read through to_jsonb so this does not depend on which one runs first).
    when exists (select 1 from public.tickets t where t.id = p_ticket and t.contact_phone = p_phone)
      or exists (select 1 from public.tickets t
                 where t.id = p_ticket and private.e164(to_jsonb(t) ->> 'requester_phone') = p_phone
                   and not exists (select 1 from public.support_requests r where r.ticket_id = t.id))
      or exists (select 1 from public.support_requests r
                 where r.ticket_id = p_ticket and private.e164(r.whatsapp_number) = p_phone)
      or exists (select 1 from public.tickets t join public.requester_contacts c on c.id = t.requester_contact_id
                 where t.id = p_ticket and private.e164(c.phone) = p_phone
                   and not exists (select 1 from public.support_requests r where r.ticket_id = t.id))
      then 'ticket'
  end
$$;

-- An inbound WhatsApp message, its sender verified by Meta's signature (the webhook checked it):
-- {wamid, from (E.164), user_id, profile_name, timestamp (Unix s), body, context_id, ref, media}.
-- First hit wins: the message of ours it replies to (sent to this very number), its `Ref:`; on a
-- ticket found so, the message is the customer's only if the number is proven for the ticket (or
-- becomes so now: the ticket claims it and it is nobody else's), else a staff-only note. Without
-- either: the latest ticket the number is proven for, if active in the last 24 hours; else a new
-- ticket, for the person the number is proven for, or for the number itself. Answers {outcome,
-- ticket_id, tracking_ref}.
create or replace function public.receive_whatsapp(p jsonb) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  sender text := private.e164(p ->> 'from');
  sent_at timestamptz := to_timestamp(coalesce(nullif(p ->> 'timestamp', '')::bigint, extract(epoch from now())::bigint));
  words text := left(coalesce(nullif(p ->> 'body', ''), '[message]'), 4096);
  contact public.whatsapp_contacts;
  ticket public.tickets;
  by_ref boolean := false;
  claim text;
  code text := (regexp_match(coalesce(p ->> 'body', ''), '\mverify:?\s*([0-9]{6})\M', 'i'))[1];
  code_wrong boolean := false;
  person uuid;
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

  -- Meta only lets a person reply to messages in their own chat; the number is checked anyway.
  if p ->> 'context_id' is not null then
    select t.* into ticket from public.ticket_messages m join public.tickets t on t.id = m.ticket_id
    where m.channel = 'whatsapp' and m.external_id = p ->> 'context_id' and m.to_from = sender
    limit 1;
  end if;
  if ticket.id is null and p ->> 'ref' is not null then
    select * into ticket from public.tickets where tracking_ref = upper(p ->> 'ref');
    by_ref := ticket.id is not null;
  end if;

  if ticket.id is not null then
    -- The requester's one-time code with their Ref: the phone is theirs, whatever else it is.
    if by_ref and code is not null and ticket.created_by_user_id is not null
       and not private.whatsapp_codes_blocked(sender, ticket.id) then
      if code in (private.whatsapp_code(ticket.id, ticket.created_by_user_id, 0),
                  private.whatsapp_code(ticket.id, ticket.created_by_user_id, 1)) then
        insert into public.whatsapp_verified_numbers (phone_e164, ticket_id, user_id, via, wamid)
        values (sender, ticket.id, ticket.created_by_user_id, 'code', p ->> 'wamid')
        on conflict (phone_e164, ticket_id) do update set user_id = excluded.user_id, via = 'code';
      else
        code_wrong := true;
      end if;
    end if;
    if not private.whatsapp_verified_for(ticket.id, sender) then
      claim := case when by_ref then private.whatsapp_claimed(ticket.id, sender, words) end;
      if claim is null or private.whatsapp_taken(ticket.id, sender) then
        -- Not proven for this ticket: staff see it, the ticket's customer does not, nobody is its author.
        insert into public.ticket_messages (ticket_id, direction, channel, to_from, body, status, external_id, metadata)
        values (ticket.id, 'internal', 'whatsapp', sender, left('Unverified WhatsApp from ' || sender || ': ' || words, 4096),
                'delivered', p ->> 'wamid',
                jsonb_strip_nulls(jsonb_build_object('unverified', true, 'text', words, 'wa_user_id', p ->> 'user_id',
                                                     'profile_name', p ->> 'profile_name', 'context_id', p ->> 'context_id',
                                                     'media', p -> 'media')))
        on conflict (channel, external_id) where external_id is not null do nothing;
        perform public.inbound_event_record('whatsapp', p ->> 'wamid', 'unverified',
                                            jsonb_build_object('from', sender, 'ticket_id', ticket.id, 'code_wrong', code_wrong));
        update private.inbound_events set ticket_id = ticket.id where provider = 'whatsapp' and event_id = p ->> 'wamid';
        return jsonb_build_object('outcome', 'unverified', 'ticket_id', ticket.id, 'tracking_ref', ticket.tracking_ref);
      end if;
      insert into public.whatsapp_verified_numbers (phone_e164, ticket_id, user_id, via, wamid)
      values (sender, ticket.id, case when claim = 'person' then ticket.created_by_user_id end,
              case when private.whatsapp_claimed(ticket.id, sender, null) is null then 'handoff' else 'ref' end,
              p ->> 'wamid')
      on conflict (phone_e164, ticket_id) do nothing;
    end if;
  else
    -- No reply context, no reference: the latest ticket the number is proven for, if it is still
    -- a live conversation (last activity within 24 hours).
    select t.* into ticket from public.tickets t
    where t.status <> 'closed' and t.last_activity_at > now() - interval '24 hours'
      and t.id in (select v.ticket_id from public.whatsapp_verified_numbers v where v.phone_e164 = sender
                   union
                   select o.id from public.whatsapp_verified_numbers v join public.tickets o on o.created_by_user_id = v.user_id
                   where v.phone_e164 = sender and v.user_id is not null
                   union
                   select w.id from public.tickets w where w.whatsapp_contact_id = contact.id)
    order by t.last_activity_at desc limit 1;
  end if;

  if ticket.id is null or ticket.status = 'closed' then
    if ticket.id is null then
      person := (select v.user_id from public.whatsapp_verified_numbers v
                 where v.phone_e164 = sender and v.user_id is not null
                 order by v.verified_at desc limit 1);
    end if;
    -- A closed ticket's follow-up belongs to the same requester; otherwise the proven person's, or
    -- the number's own (it reaches the queue, as an unknown email sender's does).
    insert into public.tickets (created_by_user_id, requester_contact_id, whatsapp_contact_id, requester_name, company_id,
                                channel, summary, details, follow_up_of, whatsapp_opt_in_at)
    values (case when ticket.id is not null then ticket.created_by_user_id else person end,
            ticket.requester_contact_id,
            case when ticket.id is not null then ticket.whatsapp_contact_id when person is null then contact.id end,
            coalesce(ticket.requester_name, private.display_name(person), nullif(p ->> 'profile_name', ''), sender),
            ticket.company_id, 'whatsapp',
            left(coalesce(ticket.summary, nullif(btrim(regexp_replace(words, '\s+', ' ', 'g')), ''), '[message]'), 80),
            words, ticket.id, now())
    returning * into ticket;
    if ticket.whatsapp_contact_id is null then
      insert into public.whatsapp_verified_numbers (phone_e164, ticket_id, user_id, via, wamid)
      values (sender, ticket.id, person, 'follow_up', p ->> 'wamid')
      on conflict (phone_e164, ticket_id) do nothing;
    end if;
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
              -- The account's own message only when the number is proven for that person.
              (select ticket.created_by_user_id where exists (
                 select 1 from public.whatsapp_verified_numbers v
                 where v.phone_e164 = sender and v.user_id = ticket.created_by_user_id)),
              left(coalesce(nullif(p ->> 'profile_name', ''), sender), 200), p ->> 'wamid', sent_at,
              jsonb_strip_nulls(jsonb_build_object('wa_user_id', p ->> 'user_id', 'profile_name', p ->> 'profile_name',
                                                   'context_id', p ->> 'context_id', 'media', p -> 'media')))
      on conflict (channel, external_id) where external_id is not null do nothing
      returning id into stored;
      verdict := case when stored is null then 'duplicate' else 'message' end;
    end if;
    -- The number wrote to us about this ticket: that is consent to WhatsApp about it.
    update public.tickets set whatsapp_opt_in_at = now() where id = ticket.id and whatsapp_opt_in_at is null;
  end if;

  -- The window is open again: replies parked for it go now.
  update private.notification_outbox
  set next_attempt_at = now(), last_error = null, updated_at = now()
  where channel = 'whatsapp' and recipient = sender and state = 'pending' and next_attempt_at = 'infinity';

  perform public.inbound_event_record('whatsapp', p ->> 'wamid', verdict,
                                      jsonb_build_object('from', sender, 'code_wrong', code_wrong));
  update private.inbound_events set ticket_id = ticket.id where provider = 'whatsapp' and event_id = p ->> 'wamid';
  return jsonb_build_object('outcome', verdict, 'ticket_id', ticket.id, 'tracking_ref', ticket.tracking_ref);
end
$$;

revoke execute on function private.whatsapp_code(uuid, uuid, integer), private.whatsapp_codes_blocked(text, uuid) from public;
revoke execute on function public.whatsapp_verification_code(uuid) from public, anon;
grant execute on function public.whatsapp_verification_code(uuid) to authenticated;
