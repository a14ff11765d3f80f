-- WhatsApp: a number belongs to whoever proves it (issue 43, part C; messaging-contract.md §6,
-- revised 2026-11-28). A number typed into a form (tickets.contact_phone, the /log-it WhatsApp
-- number, a requester's phone) is only a claim: typing it no longer records consent, routes
-- messages to the ticket or lets agents' replies go to it. Meta authenticates the sender of an
-- inbound message, so a number is verified for a ticket when it writes to us with that ticket's
-- `Ref:` while the ticket claims it (both sides agree: the requester gave the number, the number's
-- holder knows the ticket), unless it is verified for someone else already. It is verified for the
-- person, not just the ticket, when the claim came from that person signed in (the number they
-- typed on their own portal ticket, or their own wa.me hand-off). Consent is stamped only then.
-- A number nobody knows opens a ticket of its own in the queue, for a WhatsApp contact; a known
-- number without a Ref goes to its latest ticket only if that was active in the last 24 hours.
-- Agents can move a WhatsApp message to a new ticket (public.split_whatsapp_message).

-- Tickets of a WhatsApp contact ------------------------------------------------------------------

-- Someone known only by their number: the ticket an unknown number opens is theirs (staff see it;
-- no customer account reads it).
alter table public.tickets
  add column whatsapp_contact_id uuid references public.whatsapp_contacts (id),
  drop constraint tickets_have_a_requester,
  add constraint tickets_have_a_requester
    check (created_by_user_id is not null or requester_contact_id is not null or whatsapp_contact_id is not null);
create index tickets_whatsapp_contact_idx on public.tickets (whatsapp_contact_id) where whatsapp_contact_id is not null;

-- Verified numbers -------------------------------------------------------------------------------

-- A number proven for a ticket by a message from it (Meta signs who sent it), and for the ticket's
-- requester as a person when user_id is set (then it counts on all their tickets).
create table public.whatsapp_verified_numbers (
  id uuid primary key default gen_random_uuid(),
  phone_e164 text not null check (phone_e164 ~ '^\+[1-9][0-9]{7,14}$'),
  ticket_id uuid not null references public.tickets (id) on delete cascade,
  user_id uuid references auth.users (id) on delete cascade,
  via text not null check (via in ('ref', 'handoff', 'follow_up', 'split', 'migrated')),
  wamid text check (char_length(wamid) <= 500),
  verified_at timestamptz not null default now(),
  unique (phone_e164, ticket_id)
);
create index whatsapp_verified_numbers_ticket_idx on public.whatsapp_verified_numbers (ticket_id);
create index whatsapp_verified_numbers_user_idx on public.whatsapp_verified_numbers (user_id, phone_e164)
  where user_id is not null;

alter table public.whatsapp_verified_numbers enable row level security;
-- Staff see which numbers are proven for which tickets; only the database's own functions write.
create policy "whatsapp_verified_numbers: read as staff" on public.whatsapp_verified_numbers
  for select to authenticated using ((select private.is_staff()));
revoke all on public.whatsapp_verified_numbers from anon, authenticated;
grant select on public.whatsapp_verified_numbers to authenticated;

-- Typing a number is not consent any more (it is stamped when the number writes, below).
drop trigger tickets_stamp_whatsapp_consent on public.tickets;
drop function private.stamp_whatsapp_consent();

-- Is the number proven for this ticket: for the ticket itself, for its requester as a person, or
-- because the ticket is that number's own (an unknown number's ticket)?
create function private.whatsapp_verified_for(p_ticket uuid, p_phone text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.tickets t
    where t.id = p_ticket and (
      exists (select 1 from public.whatsapp_verified_numbers v
              where v.phone_e164 = p_phone and v.ticket_id = t.id)
      or exists (select 1 from public.whatsapp_verified_numbers v
                 where t.created_by_user_id is not null and v.user_id = t.created_by_user_id and v.phone_e164 = p_phone)
      or exists (select 1 from public.whatsapp_contacts c where c.id = t.whatsapp_contact_id and c.phone_e164 = p_phone)))
$$;

-- Does the ticket claim this number (typed somewhere, so unproven)? 'person' when the ticket's
-- requester typed it signed in (their own portal ticket, their own wa.me hand-off with exactly
-- these words), 'ticket' when anyone else may have (the /log-it WhatsApp number, a number an agent
-- or a web form gave), null when it does not. The /log-it "Contact number" (the landline) is not a
-- WhatsApp number and claims nothing.
create function private.whatsapp_claimed(p_ticket uuid, p_phone text, p_words text) returns text
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

-- Is the number proven for somebody other than this ticket's requester? Then a claim on this
-- ticket does not take it over.
create function private.whatsapp_taken(p_ticket uuid, p_phone text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1
    from public.tickets t
    join public.whatsapp_verified_numbers v on v.phone_e164 = p_phone and v.ticket_id <> t.id
    join public.tickets o on o.id = v.ticket_id
    where t.id = p_ticket
      and case when t.created_by_user_id is not null then o.created_by_user_id is distinct from t.created_by_user_id
               else o.requester_contact_id is distinct from t.requester_contact_id end)
$$;

-- The client's WhatsApp number on a ticket, as agents' replies use it: a number proven for the
-- ticket (the one that last wrote on it first), else none. A typed number never is one.
create or replace function private.ticket_whatsapp_number(p_ticket uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce(
    (select m.to_from from public.ticket_messages m
     where m.ticket_id = p_ticket and m.channel = 'whatsapp' and m.direction = 'inbound'
       and m.to_from ~ '^\+[1-9][0-9]{7,14}$' and private.whatsapp_verified_for(p_ticket, m.to_from)
     order by m.created_at desc limit 1),
    (select v.phone_e164 from public.tickets t
     join public.whatsapp_verified_numbers v
       on v.ticket_id = t.id or (t.created_by_user_id is not null and v.user_id = t.created_by_user_id)
     where t.id = p_ticket
     order by v.verified_at desc limit 1),
    (select c.phone_e164 from public.tickets t join public.whatsapp_contacts c on c.id = t.whatsapp_contact_id
     where t.id = p_ticket)
  )
$$;

-- The window and the template as before, for a proven number only: anything queued for a number
-- that is not (a row from before this change) finds the window shut and no template allowed.
create or replace function private.whatsapp_state(p_phone text, p_ticket uuid)
returns table (last_inbound_at timestamptz, window_open_until timestamptz, may_template boolean)
language sql stable security definer set search_path = ''
as $$
  select c.last_inbound_at,
         case when proven.ok and c.last_inbound_at > now() - interval '24 hours' + interval '5 minutes'
              then c.last_inbound_at + interval '24 hours' - interval '5 minutes' end,
         proven.ok
           and coalesce((select t.whatsapp_opt_in_at is not null from public.tickets t where t.id = p_ticket), false)
           and c.id is not null and c.opted_out_at is null
  from (select private.whatsapp_verified_for(p_ticket, p_phone) as ok) as proven
  left join public.whatsapp_contacts c on c.phone_e164 = p_phone
$$;

drop function private.whatsapp_linked(uuid, text);

-- Inbound ----------------------------------------------------------------------------------------

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
                                            jsonb_build_object('from', sender, 'ticket_id', ticket.id));
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

  perform public.inbound_event_record('whatsapp', p ->> 'wamid', verdict, jsonb_build_object('from', sender));
  update private.inbound_events set ticket_id = ticket.id where provider = 'whatsapp' and event_id = p ->> 'wamid';
  return jsonb_build_object('outcome', verdict, 'ticket_id', ticket.id, 'tracking_ref', ticket.tracking_ref);
end
$$;

-- Splitting ----------------------------------------------------------------------------------------

-- The activity log learns one more kind of entry: a message moved to a new ticket. The field list
-- is read from the constraint as it stands, so a value another migration added stays allowed.
do $$
declare
  name text;
  allowed text[];
begin
  select c.conname, array(select m[1] from regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') as m)
  into name, allowed
  from pg_constraint c
  where c.conrelid = 'public.ticket_events'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%field = ANY%';
  if not 'split' = any (allowed) then
    execute format('alter table public.ticket_events drop constraint %I', name);
    execute format('alter table public.ticket_events add constraint %I check (field = any (%L::text[]))',
                   name, allowed || array['split']);
  end if;
end
$$;

-- Staff move a client's WhatsApp message to a new ticket (it was about something else). The new
-- ticket belongs to the same requester; an unverified message's (a staff-only note from a number
-- not proven for the ticket) belongs to its number, as an unknown number's ticket does, and the
-- note becomes that number's message there. Both tickets log the move. Answers the new ticket.
create function public.split_whatsapp_message(p_message uuid)
returns table (ticket_id uuid, tracking_ref text)
language plpgsql volatile security definer set search_path = ''
as $$
#variable_conflict use_column
declare
  actor uuid := (select auth.uid());
  message public.ticket_messages;
  source public.tickets;
  created public.tickets;
  contact public.whatsapp_contacts;
  stranger boolean;
  words text;
begin
  if not (select private.is_staff()) then
    raise exception 'Only staff move messages to a new ticket' using errcode = '42501';
  end if;
  select * into message from public.ticket_messages where id = p_message for update;
  if message.id is null then
    raise exception 'No such message' using errcode = 'P0002';
  end if;
  stranger := message.direction = 'internal' and coalesce((message.metadata ->> 'unverified')::boolean, false);
  if message.channel <> 'whatsapp' or not (message.direction = 'inbound' or stranger)
     or message.to_from !~ '^\+[1-9][0-9]{7,14}$' then
    raise exception 'Only a WhatsApp message from a client can be moved to a new ticket' using errcode = '22023';
  end if;
  select * into source from public.tickets where id = message.ticket_id for update;
  words := case when stranger then coalesce(nullif(message.metadata ->> 'text', ''), message.body) else message.body end;
  if stranger then
    insert into public.whatsapp_contacts as c (phone_e164) values (message.to_from)
    on conflict (phone_e164) do update set updated_at = now()
    returning * into contact;
  end if;

  insert into public.tickets (created_by_user_id, requester_contact_id, whatsapp_contact_id, requester_name, company_id,
                              channel, summary, whatsapp_opt_in_at)
  values (case when not stranger then source.created_by_user_id end,
          case when not stranger then source.requester_contact_id end,
          case when stranger then contact.id else source.whatsapp_contact_id end,
          case when stranger then coalesce(contact.profile_name, message.to_from) else source.requester_name end,
          case when not stranger then source.company_id end,
          'whatsapp',
          left(coalesce(nullif(btrim(regexp_replace(words, '\s+', ' ', 'g')), ''), '[message]'), 80),
          case when stranger or private.whatsapp_verified_for(source.id, message.to_from) then now() end)
  returning * into created;
  -- The number proven for the old ticket is proven for the new one.
  if not stranger and created.whatsapp_contact_id is null and private.whatsapp_verified_for(source.id, message.to_from) then
    insert into public.whatsapp_verified_numbers (phone_e164, ticket_id, via)
    values (message.to_from, created.id, 'split')
    on conflict (phone_e164, ticket_id) do nothing;
  end if;

  update public.ticket_messages m
  set ticket_id = created.id,
      direction = case when stranger then 'inbound'::public.message_direction else m.direction end,
      body = words,
      author_kind = case when stranger then 'customer'::public.message_author_kind else m.author_kind end,
      author_name = case when stranger then left(coalesce(contact.profile_name, m.to_from), 200) else m.author_name end,
      metadata = (m.metadata - 'unverified' - 'text') || jsonb_build_object('split_from', source.tracking_ref)
  where m.id = message.id;

  insert into public.ticket_events (ticket_id, actor_id, actor_name, field, from_value, to_value)
  values (source.id, actor, coalesce(private.display_name(actor), 'System'), 'split', source.tracking_ref, created.tracking_ref),
         (created.id, actor, coalesce(private.display_name(actor), 'System'), 'split', source.tracking_ref, created.tracking_ref);
  return query select created.id, created.tracking_ref;
end
$$;

revoke execute on function private.whatsapp_verified_for(uuid, text), private.whatsapp_claimed(uuid, text, text),
  private.whatsapp_taken(uuid, text) from public;
revoke execute on function public.split_whatsapp_message(uuid) from public, anon;
grant execute on function public.split_whatsapp_message(uuid) to authenticated, service_role;

-- What was there before -----------------------------------------------------------------------------

-- Numbers that already wrote to a ticket claiming them, with its reference, are proven for it (the
-- rule above, applied to the past); consent stamped because a number was typed goes.
insert into public.whatsapp_verified_numbers (phone_e164, ticket_id, via, wamid, verified_at)
select distinct on (m.to_from, m.ticket_id) m.to_from, m.ticket_id, 'migrated', m.external_id, m.created_at
from public.ticket_messages m join public.tickets t on t.id = m.ticket_id
where m.channel = 'whatsapp' and m.direction = 'inbound' and m.to_from ~ '^\+[1-9][0-9]{7,14}$'
  and position(t.tracking_ref in upper(m.body)) > 0
  and private.whatsapp_claimed(t.id, m.to_from, null) is not null
order by m.to_from, m.ticket_id, m.created_at
on conflict (phone_e164, ticket_id) do nothing;

update public.tickets t set whatsapp_opt_in_at = null
where t.whatsapp_opt_in_at is not null
  and not exists (select 1 from public.whatsapp_verified_numbers v where v.ticket_id = t.id);
