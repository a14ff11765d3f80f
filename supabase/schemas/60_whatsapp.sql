-- WhatsApp Cloud API: contacts, numbers proven by their holder, one-time codes, inbound messages
-- and replies, and moving a message to a new ticket.
--
-- Bodies are checked when they run, not here: functions in this file read tables that later
-- files create (plpgsql checks nothing at creation; sql would parse its body).
set check_function_bodies = off;

-- The key the portal's WhatsApp codes are derived with (random per database, never leaves it).
create table private.whatsapp_code_key (
    id boolean not null default true,
    key bytea not null
);

-- WhatsApp Cloud API, both ways (issue 12, part 7; ../shared/docs/messaging-contract.md §5–§6). An
-- agent's WhatsApp reply is written with its outbox row in one transaction (public.send_whatsapp_reply)
-- and sent by the outbox worker through the Graph API: as text inside the 24-hour customer-service
-- window, else as the approved ticket-update template. The whatsapp-webhook function hands inbound
-- messages to public.receive_whatsapp and delivery statuses to public.whatsapp_status.
-- The portal's wa.me hand-offs (a person opens WhatsApp themselves) stay as they were.

-- Who we talk to on WhatsApp: by number, or by business-scoped user id (users with a username may
-- have no number). last_inbound_at opens the 24-hour window; opted_out_at stops templates.
create table public.whatsapp_contacts (
    id uuid not null default gen_random_uuid(),
    phone_e164 text,
    wa_user_id text,
    user_id uuid,
    profile_name text,
    last_inbound_at timestamp with time zone,
    opted_out_at timestamp with time zone,
    created_at timestamp with time zone not null default now(),
    updated_at timestamp with time zone not null default now()
);

-- A number proven for a ticket by a message from it (Meta signs who sent it), and for the ticket's
-- requester as a person when user_id is set (then it counts on all their tickets).
--
-- WhatsApp: the portal's one-time code (issue 43, item 9; messaging-contract.md §6). A customer's
-- "Continue on WhatsApp" message carries their ticket's Ref and a code only they are shown; a
-- phone that sends both is proven theirs, whatever its number (a number nobody typed anywhere,
-- which a Ref alone cannot prove: anyone may know a reference). Also restates the claim rule as
-- supabase/schemas/60_whatsapp.sql now has it (an agent's typed number for a client with an
-- account counts), for databases that applied that file before it did.
create table public.whatsapp_verified_numbers (
    id uuid not null default gen_random_uuid(),
    phone_e164 text not null,
    ticket_id uuid not null,
    user_id uuid,
    via text not null,
    wamid text,
    verified_at timestamp with time zone not null default now()
);

create unique index whatsapp_code_key_pkey on private.whatsapp_code_key (id);
create unique index whatsapp_contacts_phone_e164_key on public.whatsapp_contacts (phone_e164);
create unique index whatsapp_contacts_pkey on public.whatsapp_contacts (id);
create unique index whatsapp_contacts_wa_user_id_key on public.whatsapp_contacts (wa_user_id);
create unique index whatsapp_verified_numbers_phone_e164_ticket_id_key on public.whatsapp_verified_numbers (phone_e164, ticket_id);
create unique index whatsapp_verified_numbers_pkey on public.whatsapp_verified_numbers (id);
create index whatsapp_verified_numbers_ticket_idx on public.whatsapp_verified_numbers (ticket_id);
create index whatsapp_verified_numbers_user_idx on public.whatsapp_verified_numbers (user_id, phone_e164) WHERE (user_id IS NOT NULL);

alter table private.whatsapp_code_key add constraint whatsapp_code_key_pkey PRIMARY KEY using index whatsapp_code_key_pkey;
alter table public.whatsapp_contacts add constraint whatsapp_contacts_pkey PRIMARY KEY using index whatsapp_contacts_pkey;
alter table public.whatsapp_verified_numbers add constraint whatsapp_verified_numbers_pkey PRIMARY KEY using index whatsapp_verified_numbers_pkey;
alter table private.whatsapp_code_key add constraint whatsapp_code_key_id_check CHECK (id);
alter table public.whatsapp_contacts add constraint whatsapp_contacts_check CHECK (((phone_e164 IS NOT NULL) OR (wa_user_id IS NOT NULL)));
alter table public.whatsapp_contacts add constraint whatsapp_contacts_phone_e164_check CHECK ((phone_e164 ~ '^\+[1-9][0-9]{7,14}$'::text));
alter table public.whatsapp_contacts add constraint whatsapp_contacts_phone_e164_key UNIQUE using index whatsapp_contacts_phone_e164_key;
alter table public.whatsapp_contacts add constraint whatsapp_contacts_profile_name_check CHECK ((char_length(profile_name) <= 200));
alter table public.whatsapp_contacts add constraint whatsapp_contacts_wa_user_id_check CHECK ((char_length(wa_user_id) <= 200));
alter table public.whatsapp_contacts add constraint whatsapp_contacts_wa_user_id_key UNIQUE using index whatsapp_contacts_wa_user_id_key;
alter table public.whatsapp_verified_numbers add constraint whatsapp_verified_numbers_phone_e164_check CHECK ((phone_e164 ~ '^\+[1-9][0-9]{7,14}$'::text));
alter table public.whatsapp_verified_numbers add constraint whatsapp_verified_numbers_phone_e164_ticket_id_key UNIQUE using index whatsapp_verified_numbers_phone_e164_ticket_id_key;
alter table public.whatsapp_verified_numbers add constraint whatsapp_verified_numbers_via_check CHECK ((via = ANY (ARRAY['ref'::text, 'code'::text, 'handoff'::text, 'follow_up'::text, 'split'::text, 'migrated'::text])));
alter table public.whatsapp_verified_numbers add constraint whatsapp_verified_numbers_wamid_check CHECK ((char_length(wamid) <= 500));

alter table public.tickets add constraint tickets_whatsapp_contact_id_fkey FOREIGN KEY (whatsapp_contact_id) REFERENCES public.whatsapp_contacts(id);
alter table public.whatsapp_contacts add constraint whatsapp_contacts_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.whatsapp_verified_numbers add constraint whatsapp_verified_numbers_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE;
alter table public.whatsapp_verified_numbers add constraint whatsapp_verified_numbers_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

-- A number as E.164, or null: '+27 82 555 0105', '082 555 0105' (South African national form) and
-- '27825550105' all become '+27825550105'.
CREATE OR REPLACE FUNCTION private.e164(raw text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
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
$function$
;

-- Statuses rank: queued < sent < delivered < read; 'failed' only from queued or sent.
CREATE OR REPLACE FUNCTION private.message_status_rank(s public.message_status)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case s when 'queued' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else -1 end
$function$
;

-- The client's WhatsApp number on a ticket, as agents' replies use it: a number proven for the
-- ticket (the one that last wrote on it first), else none. A typed number never is one.
CREATE OR REPLACE FUNCTION private.ticket_whatsapp_number(p_ticket uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

-- Does the ticket claim this number (typed somewhere, so unproven)? 'person' when the ticket's
-- requester typed it signed in (their own portal ticket, their own wa.me hand-off with exactly
-- these words), 'ticket' when anyone else may have (the /log-it WhatsApp number, a number an agent
-- or a web form gave), null when it does not. The /log-it "Contact number" (the landline) is not a
-- WhatsApp number and claims nothing.
CREATE OR REPLACE FUNCTION private.whatsapp_claimed(p_ticket uuid, p_phone text, p_words text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

-- The code the portal shows a ticket's requester (six digits, a new one each UTC day; the day
-- before's still counts): sent from a phone with the ticket's Ref, it proves the phone is theirs,
-- whatever number it is (only they see it). Derived, so showing it writes nothing.
CREATE OR REPLACE FUNCTION private.whatsapp_code(p_ticket uuid, p_user uuid, p_days_ago integer)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select lpad(((('x' || encode(substr(extensions.hmac(
           convert_to(p_ticket || ':' || p_user || ':' || to_char((now() at time zone 'utc')::date - p_days_ago, 'YYYY-MM-DD'), 'utf8'),
           k.key, 'sha256'), 1, 4), 'hex'))::bit(32)::bigint) % 1000000)::text, 6, '0')
  from private.whatsapp_code_key k
$function$
;

-- Wrong codes: five from one number, or ten on one ticket, in a day, and codes are not read any
-- more for a day (a million codes cannot be tried one message at a time).
CREATE OR REPLACE FUNCTION private.whatsapp_codes_blocked(p_phone text, p_ticket uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select (select count(*) from private.inbound_events e
          where e.provider = 'whatsapp' and e.received_at > now() - interval '1 day'
            and e.detail ->> 'code_wrong' = 'true' and e.detail ->> 'from' = p_phone) >= 5
      or (select count(*) from private.inbound_events e
          where e.provider = 'whatsapp' and e.received_at > now() - interval '1 day'
            and e.detail ->> 'code_wrong' = 'true' and e.ticket_id = p_ticket) >= 10
$function$
;

-- The window and the template as before, for a proven number only: anything queued for a number
-- that is not (a row from before this change) finds the window shut and no template allowed.
CREATE OR REPLACE FUNCTION private.whatsapp_state(p_phone text, p_ticket uuid)
 RETURNS TABLE(last_inbound_at timestamp with time zone, window_open_until timestamp with time zone, may_template boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.last_inbound_at,
         case when proven.ok and c.last_inbound_at > now() - interval '24 hours' + interval '5 minutes'
              then c.last_inbound_at + interval '24 hours' - interval '5 minutes' end,
         proven.ok
           and coalesce((select t.whatsapp_opt_in_at is not null from public.tickets t where t.id = p_ticket), false)
           and c.id is not null and c.opted_out_at is null
  from (select private.whatsapp_verified_for(p_ticket, p_phone) as ok) as proven
  left join public.whatsapp_contacts c on c.phone_e164 = p_phone
$function$
;

-- Is the number proven for somebody other than this ticket's requester? Then a claim on this
-- ticket does not take it over.
CREATE OR REPLACE FUNCTION private.whatsapp_taken(p_ticket uuid, p_phone text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1
    from public.tickets t
    join public.whatsapp_verified_numbers v on v.phone_e164 = p_phone and v.ticket_id <> t.id
    join public.tickets o on o.id = v.ticket_id
    where t.id = p_ticket
      and case when t.created_by_user_id is not null then o.created_by_user_id is distinct from t.created_by_user_id
               else o.requester_contact_id is distinct from t.requester_contact_id end)
$function$
;

-- Is the number proven for this ticket: for the ticket itself, for its requester as a person, or
-- because the ticket is that number's own (an unknown number's ticket)?
CREATE OR REPLACE FUNCTION private.whatsapp_verified_for(p_ticket uuid, p_phone text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.tickets t
    where t.id = p_ticket and (
      exists (select 1 from public.whatsapp_verified_numbers v
              where v.phone_e164 = p_phone and v.ticket_id = t.id)
      or exists (select 1 from public.whatsapp_verified_numbers v
                 where t.created_by_user_id is not null and v.user_id = t.created_by_user_id and v.phone_e164 = p_phone)
      or exists (select 1 from public.whatsapp_contacts c where c.id = t.whatsapp_contact_id and c.phone_e164 = p_phone)))
$function$
;

-- Parked replies whose customer never wrote back within 7 days fail, visibly (the worker calls this
-- at the start of each run). Answers how many.
CREATE OR REPLACE FUNCTION public.outbox_expire_parked(p_days integer DEFAULT 7)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

-- Outside the window, after the template went: the row waits (not due) until the customer writes
-- again, and its message says so. Younger rows of the thread wait behind it (outbox_claim).
CREATE OR REPLACE FUNCTION public.outbox_park(p_id bigint, p_template_wamid text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

-- An inbound WhatsApp message, its sender verified by Meta's signature (the webhook checked it):
-- {wamid, from (E.164), user_id, profile_name, timestamp (Unix s), body, context_id, ref, media}.
-- First hit wins: the message of ours it replies to (sent to this very number), its `Ref:`; on a
-- ticket found so, the message is the customer's only if the number is proven for the ticket (or
-- becomes so now: the ticket claims it and it is nobody else's), else a staff-only note. Without
-- either: the latest ticket the number is proven for, if active in the last 24 hours; else a new
-- ticket, for the person the number is proven for, or for the number itself. Answers {outcome,
-- ticket_id, tracking_ref}.
CREATE OR REPLACE FUNCTION public.receive_whatsapp(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

-- An agent's WhatsApp reply: the message (queued) and its outbox row, in one transaction. The
-- worker decides text or template when it sends, from the window as it is then.
CREATE OR REPLACE FUNCTION public.send_whatsapp_reply(p_ticket uuid, p_body text)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

-- Staff move a client's WhatsApp message to a new ticket (it was about something else). The new
-- ticket belongs to the same requester; an unverified message's (a staff-only note from a number
-- not proven for the ticket) belongs to its number, as an unknown number's ticket does, and the
-- note becomes that number's message there. Both tickets log the move. Answers the new ticket.
CREATE OR REPLACE FUNCTION public.split_whatsapp_message(p_message uuid)
 RETURNS TABLE(ticket_id uuid, tracking_ref text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

-- What the agent sees before a WhatsApp reply (staff only): the number, when the customer last
-- wrote, until when the window is open, whether a template may go.
CREATE OR REPLACE FUNCTION public.ticket_whatsapp(p_ticket uuid)
 RETURNS TABLE(phone text, last_inbound_at timestamp with time zone, window_open_until timestamp with time zone, may_template boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select n.phone, w.last_inbound_at, w.window_open_until, w.may_template
  from (select private.ticket_whatsapp_number(p_ticket) as phone) n
  cross join lateral private.whatsapp_state(n.phone, p_ticket) w
  where n.phone is not null and (select private.is_staff())
$function$
;

-- The worker's view of a recipient's window when it sends (service role).
CREATE OR REPLACE FUNCTION public.whatsapp_send_state(p_phone text, p_ticket uuid)
 RETURNS TABLE(window_open boolean, may_template boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select w.window_open_until is not null, w.may_template from private.whatsapp_state(p_phone, p_ticket) w
$function$
;

-- A delivery status from the webhook: {wamid, status, timestamp, callback, errors, pricing}.
-- Applied only when it moves the message forward (webhooks arrive out of order); every status is
-- kept in metadata.status_history. Answers the outcome.
CREATE OR REPLACE FUNCTION public.whatsapp_status(p jsonb)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

-- The requester's code for their own ticket (the portal puts it in the "Continue on WhatsApp"
-- message); null for anyone else, staff included (staff do not prove customers' numbers).
CREATE OR REPLACE FUNCTION public.whatsapp_verification_code(p_ticket uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.whatsapp_code(t.id, t.created_by_user_id, 0)
  from public.tickets t
  where t.id = p_ticket and t.created_by_user_id is not null and t.created_by_user_id = (select private.uid())
$function$
;

alter table private.whatsapp_code_key enable row level security;
alter table public.whatsapp_contacts enable row level security;
alter table public.whatsapp_verified_numbers enable row level security;

create policy "whatsapp_contacts: read as staff" on public.whatsapp_contacts
  for select to authenticated using ((select private.is_staff()));

-- Staff see which numbers are proven for which tickets; only the database's own functions write.
create policy "whatsapp_verified_numbers: read as staff" on public.whatsapp_verified_numbers
  for select to authenticated using ((select private.is_staff()));

revoke all on function private.e164(raw text) from public, anon, authenticated, service_role;
revoke all on function private.message_status_rank(s public.message_status) from public, anon, authenticated, service_role;
revoke all on function private.ticket_whatsapp_number(p_ticket uuid) from public, anon, authenticated, service_role;
revoke all on function private.whatsapp_claimed(p_ticket uuid, p_phone text, p_words text) from public, anon, authenticated, service_role;
revoke all on function private.whatsapp_code(p_ticket uuid, p_user uuid, p_days_ago integer) from public, anon, authenticated, service_role;
revoke all on function private.whatsapp_codes_blocked(p_phone text, p_ticket uuid) from public, anon, authenticated, service_role;
revoke all on function private.whatsapp_state(p_phone text, p_ticket uuid) from public, anon, authenticated, service_role;
revoke all on function private.whatsapp_taken(p_ticket uuid, p_phone text) from public, anon, authenticated, service_role;
revoke all on function private.whatsapp_verified_for(p_ticket uuid, p_phone text) from public, anon, authenticated, service_role;
revoke all on function public.outbox_expire_parked(p_days integer) from public, anon, authenticated, service_role;
revoke all on function public.outbox_park(p_id bigint, p_template_wamid text) from public, anon, authenticated, service_role;
revoke all on function public.receive_whatsapp(p jsonb) from public, anon, authenticated, service_role;
revoke all on function public.send_whatsapp_reply(p_ticket uuid, p_body text) from public, anon, authenticated, service_role;
revoke all on function public.split_whatsapp_message(p_message uuid) from public, anon, authenticated, service_role;
revoke all on function public.ticket_whatsapp(p_ticket uuid) from public, anon, authenticated, service_role;
revoke all on function public.whatsapp_send_state(p_phone text, p_ticket uuid) from public, anon, authenticated, service_role;
revoke all on function public.whatsapp_status(p jsonb) from public, anon, authenticated, service_role;
revoke all on function public.whatsapp_verification_code(p_ticket uuid) from public, anon, authenticated, service_role;
revoke all on table private.whatsapp_code_key from public, anon, authenticated, service_role;
revoke all on table public.whatsapp_contacts from public, anon, authenticated, service_role;
revoke all on table public.whatsapp_verified_numbers from public, anon, authenticated, service_role;
grant execute on function public.outbox_expire_parked(p_days integer) to service_role;
grant execute on function public.outbox_park(p_id bigint, p_template_wamid text) to service_role;
grant execute on function public.receive_whatsapp(p jsonb) to service_role;
grant execute on function public.send_whatsapp_reply(p_ticket uuid, p_body text) to authenticated, service_role;
grant execute on function public.split_whatsapp_message(p_message uuid) to authenticated, service_role;
grant execute on function public.ticket_whatsapp(p_ticket uuid) to authenticated, service_role;
grant execute on function public.whatsapp_send_state(p_phone text, p_ticket uuid) to service_role;
grant execute on function public.whatsapp_status(p jsonb) to service_role;
grant execute on function public.whatsapp_verification_code(p_ticket uuid) to authenticated, service_role;
grant all on table public.whatsapp_contacts to service_role;
grant select on table public.whatsapp_contacts to authenticated;
grant all on table public.whatsapp_verified_numbers to service_role;
grant select on table public.whatsapp_verified_numbers to authenticated;
