-- Baseline: the whole database as the 47 migrations of 2026-11-21 to 2026-11-28 left it, squashed
-- into one file (issue 44, part 4). Nothing was in production, so no database needs the steps in
-- between, and the current definition of each object is read in one place: supabase/schemas/*.sql,
-- grouped by concern and commented there. This file is what those files build, for `db push`.
--
-- The first part is generated (`migra` from an empty bootstrapped database to one built from
-- supabase/schemas, plus the grants, comments, Realtime publication and default privileges that
-- migra does not read; supabase/tests/schema/declarative.ts); it was checked to build the same
-- database as the 47 migrations did, object for object and grant for grant. The second part, at
-- the end, is written by hand: rows (the attachments bucket, holidays, SLA targets, settings, the
-- WhatsApp code key) and the pg_cron/pg_net schedule that exists only where those extensions do.
--
-- Its version sorts before every migration written before the squash, so one committed meanwhile
-- under an older number still applies after it, and is one no database has applied: a database
-- built from the old migrations (a local data dir) fails on its first statement instead of being
-- left half-current, and is rebuilt: `npm run reset -w @siyakha/local-supabase`, or
-- `supabase db reset`.
-- Later changes: edit supabase/schemas, then `npm run db:diff -w @siyakha/backend -- <name>`.

set check_function_bodies = off;

create schema if not exists "private";

create extension if not exists "pg_trgm" with schema "extensions";

create type "public"."close_reason" as enum ('confirmed', 'auto_closed', 'cancelled', 'duplicate', 'spam');

create type "public"."company_role" as enum ('company_admin', 'member');

create type "public"."message_author_kind" as enum ('customer', 'staff', 'system');

create type "public"."message_channel" as enum ('portal', 'whatsapp', 'email', 'web', 'phone', 'walk_in');

create type "public"."message_direction" as enum ('inbound', 'outbound', 'internal');

create type "public"."message_status" as enum ('queued', 'sent', 'delivered', 'read', 'failed');

create type "public"."staff_role" as enum ('siyakha_admin', 'agent');

create type "public"."subscription_status" as enum ('pending', 'confirmed', 'unsubscribed');

create type "public"."ticket_priority" as enum ('low', 'normal', 'high', 'urgent');

create type "public"."ticket_status" as enum ('new', 'open', 'waiting_on_customer', 'on_hold', 'resolved', 'closed');

CREATE OR REPLACE FUNCTION private.admin_company_ids()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select company_id from public.company_members
  where user_id = (select auth.uid()) and role = 'company_admin'
$function$
;

CREATE OR REPLACE FUNCTION private.attach_requester_contacts()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.email_confirmed_at is null or new.email is null
     or (tg_op = 'UPDATE' and old.email_confirmed_at is not null and old.email is not distinct from new.email) then
    return null;
  end if;
  with joined as (
    update public.requester_contacts c set user_id = new.id, updated_at = now()
    where lower(c.email) = lower(new.email) and c.user_id is null
    returning c.id
  )
  update public.tickets t set created_by_user_id = new.id, requester_name = private.display_name(new.id)
  where t.requester_contact_id in (select id from joined) and t.created_by_user_id is null;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.attachment_is_internal(object_name text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce((storage.foldername(object_name))[2] = 'internal', false)
$function$
;

CREATE OR REPLACE FUNCTION private.attachment_path_ok(object_name text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select private.attachment_ticket_id(object_name) is not null
     and (array_length(storage.foldername(object_name), 1) = 1
          or (array_length(storage.foldername(object_name), 1) = 2 and private.attachment_is_internal(object_name)))
$function$
;

CREATE OR REPLACE FUNCTION private.attachment_ticket_id(object_name text)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when (storage.foldername(object_name))[1]
                   ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
              then ((storage.foldername(object_name))[1])::uuid end
$function$
;

CREATE OR REPLACE FUNCTION private.business_add(p_start timestamp with time zone, p_minutes integer)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  local timestamp := p_start at time zone 'Africa/Johannesburg';
  remaining integer := greatest(p_minutes, 0);
  opens timestamp;
  closes timestamp;
  available integer;
begin
  for guard in 1..4000 loop
    opens := local::date + time '08:00';
    closes := local::date + time '17:00';
    if not private.is_business_day(local::date) or local >= closes then
      local := local::date + 1;
      continue;
    end if;
    if local < opens then
      local := opens;
    end if;
    available := floor(extract(epoch from closes - local) / 60)::integer;
    if remaining <= available then
      return (local + make_interval(mins => remaining)) at time zone 'Africa/Johannesburg';
    end if;
    remaining := remaining - available;
    local := local::date + 1;
  end loop;
  raise exception 'business_add: no business day found' using errcode = '22023';
end
$function$
;

CREATE OR REPLACE FUNCTION private.business_minutes(p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  local timestamp := p_from at time zone 'Africa/Johannesburg';
  stop timestamp := p_to at time zone 'Africa/Johannesburg';
  total numeric := 0;
begin
  while local < stop loop
    if private.is_business_day(local::date) then
      total := total + greatest(0, extract(epoch from
        least(stop, local::date + time '17:00') - greatest(local, local::date + time '08:00')) / 60);
    end if;
    local := local::date + 1;
  end loop;
  return floor(total)::integer;
end
$function$
;

CREATE OR REPLACE FUNCTION private.call_outbox_worker()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  project_url text := private.vault_secret('project_url');
  worker_secret text := private.vault_secret('outbox_worker_secret');
begin
  if project_url is null then
    perform private.note_configuration_warning('vault:project_url',
      'Vault secret project_url is missing: the outbox worker is not called and mail waits in '
      'private.notification_outbox. Add it: select vault.create_secret(''https://<project-ref>.supabase.co'', ''project_url'')');
  else
    perform private.clear_configuration_warning('vault:project_url');
  end if;
  if worker_secret is null then
    perform private.note_configuration_warning('vault:outbox_worker_secret',
      'Vault secret outbox_worker_secret is missing: the outbox worker is not called and mail waits in '
      'private.notification_outbox. Add it with the OUTBOX_WORKER_SECRET function secret''s value: '
      'select vault.create_secret(''<OUTBOX_WORKER_SECRET>'', ''outbox_worker_secret'')');
  else
    perform private.clear_configuration_warning('vault:outbox_worker_secret');
  end if;
  if project_url is null or worker_secret is null then
    return;
  end if;
  perform net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/outbox-worker',
    headers := jsonb_build_object('Content-Type', 'application/json', 'X-Worker-Secret', worker_secret),
    body := '{}'::jsonb
  );
end
$function$
;

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

CREATE OR REPLACE FUNCTION private.can_read_ticket(ticket uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.tickets t
    where t.id = ticket
      and (
        t.created_by_user_id = (select auth.uid())
        or t.company_id in (select private.admin_company_ids())
        or (select private.is_staff())
      )
  )
$function$
;

CREATE OR REPLACE FUNCTION private.check_ticket_attachment()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  message public.ticket_messages;
begin
  -- A message the writer cannot read reads as none, so as not theirs.
  select * into message from public.ticket_messages where id = new.message_id;
  if current_user not in ('service_role', 'postgres', 'supabase_admin')
     and message.created_by is distinct from (select auth.uid()) then
    raise exception 'Attach files to your own messages only' using errcode = '42501';
  end if;
  if message.ticket_id is distinct from new.ticket_id
     or private.attachment_ticket_id(new.object_path) is distinct from new.ticket_id
     or not private.attachment_path_ok(new.object_path)
     or new.internal <> private.attachment_is_internal(new.object_path)
     or new.internal <> (message.direction = 'internal') then
    raise exception 'The attachment does not belong to that message' using errcode = '23514';
  end if;
  if not exists (
    select 1 from storage.objects o
    where o.bucket_id = 'ticket-attachments' and o.name = new.object_path
      and (current_user in ('service_role', 'postgres', 'supabase_admin') or o.owner_id = (select auth.uid())::text)
  ) then
    raise exception 'Upload the file before attaching it' using errcode = '23503';
  end if;
  return new;
end
$function$
;

CREATE OR REPLACE FUNCTION private.check_ticket_follow_up()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.follow_up_of is null or current_user in ('service_role', 'postgres', 'supabase_admin') then
    return new;
  end if;
  -- Runs as the writer: a ticket they cannot read does not exist here.
  if not exists (select 1 from public.tickets t where t.id = new.follow_up_of and t.status = 'closed') then
    raise exception 'A follow-up is of a closed ticket of yours' using errcode = '42501';
  end if;
  return new;
end
$function$
;

CREATE OR REPLACE FUNCTION private.check_ticket_version()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  based_on constant integer := new.expected_version;
begin
  new.expected_version := null;
  if based_on <> old.version or new.version is distinct from old.version then
    raise exception 'This ticket was changed by someone else since you loaded it (you had version %, it is now at version %).',
      coalesce(based_on, new.version), old.version
      using errcode = 'PT409', hint = 'Reload the ticket to see its current values, then make your change again.';
  end if;
  -- Columns the database keeps for itself (activity time, copied names) do not count as a change.
  if (to_jsonb(new) - '{last_activity_at,company_name,assignee_name,updated_at,sla_due_at}'::text[])
     = (to_jsonb(old) - '{last_activity_at,company_name,assignee_name,updated_at,sla_due_at}'::text[]) then
    return new;
  end if;
  if based_on is null and current_user not in ('service_role', 'postgres', 'supabase_admin')
     and (select private.is_staff()) then
    raise exception 'A change to a ticket must say which version of the ticket it is based on.'
      using errcode = 'PT428', hint = 'Send expected_version: the version of the ticket you loaded.';
  end if;
  new.version := old.version + 1;
  new.last_activity_at := now();
  return new;
end
$function$
;

CREATE OR REPLACE FUNCTION private.clear_configuration_warning(p_name text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  delete from private.configuration_warnings where name = p_name
$function$
;

CREATE OR REPLACE FUNCTION private.company_name(company uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((select c.name from public.companies c where c.id = company), '')
$function$
;

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

CREATE OR REPLACE FUNCTION private.easter_sunday(y integer)
 RETURNS date
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  a integer := y % 19;
  b integer := y / 100;
  c integer := y % 100;
  d integer := b / 4;
  e integer := b % 4;
  f integer := (b + 8) / 25;
  g integer := (b - f + 1) / 3;
  h integer := (19 * a + b - d - g + 15) % 30;
  i integer := c / 4;
  k integer := c % 4;
  l integer := (32 + 2 * e + 2 * i - h - k) % 7;
  m integer := (a + 11 * h + 22 * l) / 451;
  month integer := (h + l - 7 * m + 114) / 31;
  day integer := ((h + l - 7 * m + 114) % 31) + 1;
begin
  return make_date(y, month, day);
end
$function$
;

CREATE OR REPLACE FUNCTION private.enforce_message_insert_rules()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if current_user in ('service_role', 'postgres', 'supabase_admin') then
    return new;
  end if;
  if new.status <> 'queued' then
    if (select private.is_staff()) then return new; end if;
    raise exception 'Only staff set the delivery status of a message' using errcode = '42501';
  end if;
  if jsonb_typeof(new.metadata) <> 'object' or (new.metadata - 'tracking_ref') <> '{}'::jsonb
     or jsonb_typeof(coalesce(new.metadata -> 'tracking_ref', 'null'::jsonb)) not in ('string', 'null') then
    if (select private.is_staff()) then return new; end if;
    raise exception 'A message''s metadata may only hold the ticket''s tracking reference' using errcode = '42501';
  end if;
  if new.direction = 'inbound'
     and exists (select 1 from public.tickets where id = new.ticket_id and status = 'closed') then
    if (select private.is_staff()) then return new; end if;
    raise exception 'This ticket is closed. Please open a new ticket.' using errcode = '42501';
  end if;
  return new;
end
$function$
;

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

CREATE OR REPLACE FUNCTION private.enforce_ticket_rules()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  trusted boolean := current_user in ('service_role', 'postgres', 'supabase_admin');
begin
  new.updated_at := now();
  if tg_op = 'INSERT' then
    if trusted then
      return new;
    end if;
    if new.status <> 'new' or new.close_reason is not null or new.assigned_to is not null
       or new.first_response_at is not null then
      if (select private.is_staff()) then return new; end if;
      raise exception 'A new ticket starts as new' using errcode = '42501';
    end if;
    if new.priority <> 'normal' then
      if (select private.is_staff()) then return new; end if;
      raise exception 'Only staff can set the priority of a ticket' using errcode = '42501';
    end if;
    if new.channel <> 'portal' then
      if (select private.is_staff()) then return new; end if;
      raise exception 'A ticket created in the portal has the channel portal' using errcode = '42501';
    end if;
    if new.company_id is not null and not (select private.is_company_member(new.company_id)) then
      if (select private.is_staff()) then return new; end if;
      raise exception 'Not a member of that company' using errcode = '42501';
    end if;
    return new;
  end if;

  if new.id <> old.id or new.tracking_ref <> old.tracking_ref or new.created_at <> old.created_at
     or (new.created_by_user_id is distinct from old.created_by_user_id
         and not (trusted and old.created_by_user_id is null)) then
    raise exception 'Ticket identity cannot change' using errcode = '42501';
  end if;
  if trusted or (select private.is_staff()) then
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
$function$
;

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

CREATE OR REPLACE FUNCTION private.enqueue_email(p_key text, p_event text, p_category text, p_ticket uuid, p_message uuid, p_recipient text, p_recipient_user uuid, p_payload jsonb)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into private.notification_outbox (idempotency_key, channel, event, category, ticket_id, ticket_message_id,
                                            recipient, recipient_user_id, payload, ordering_key)
  select p_key || ':email:' || lower(p_recipient), 'email', p_event, p_category, p_ticket, p_message,
         p_recipient, p_recipient_user, p_payload, 'email:' || lower(p_recipient) || ':' || coalesce(p_ticket::text, '')
  where p_recipient is not null and btrim(p_recipient) <> ''
  on conflict (idempotency_key) do nothing
$function$
;

CREATE OR REPLACE FUNCTION private.file_ticket_under_company()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.company_id is null and new.created_by_user_id is not null
     and coalesce(current_setting('request.jwt.claims', true), '') not in ('', '{}') then
    new.company_id := private.requester_company(new.created_by_user_id);
  end if;
  return new;
end
$function$
;

CREATE OR REPLACE FUNCTION private.has_role(wanted public.staff_role)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.user_roles where user_id = (select auth.uid()) and role = wanted)
    and private.is_staff()
$function$
;

CREATE OR REPLACE FUNCTION private.is_business_day(d date)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select extract(isodow from d) < 6 and not exists (select 1 from private.public_holidays h where h.day = d)
$function$
;

CREATE OR REPLACE FUNCTION private.is_company_admin(company uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.company_members
    where company_id = company and user_id = (select auth.uid()) and role = 'company_admin'
  )
$function$
;

CREATE OR REPLACE FUNCTION private.is_company_member(company uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.company_members where company_id = company and user_id = (select auth.uid())
  )
$function$
;

CREATE OR REPLACE FUNCTION private.is_staff()
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  claims constant jsonb := auth.jwt();
  caller constant uuid := (claims ->> 'sub')::uuid;
begin
  if caller is null or not exists (select 1 from public.user_roles r where r.user_id = caller) then
    return false;
  end if;
  return coalesce(claims ->> 'aal', '') = 'aal2'
    or (
      not coalesce((select s.staff_two_factor_required from public.helpdesk_settings s where s.id), false)
      and not exists (
        select 1 from auth.mfa_factors f where f.user_id = caller and f.status = 'verified'
      )
    );
end
$function$
;

CREATE OR REPLACE FUNCTION private.log_ticket_changes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor uuid := (select auth.uid());
  who text := coalesce(private.display_name(actor), 'System');
begin
  if tg_op = 'INSERT' then
    insert into public.ticket_events (ticket_id, actor_id, actor_name, field, to_value, created_at)
    values (new.id, actor, who, 'created', new.channel::text, new.created_at);
    return null;
  end if;
  insert into public.ticket_events (ticket_id, actor_id, actor_name, field, from_value, to_value)
  select new.id, actor, who, change.field, change.from_value, change.to_value
  from (values
    ('status', old.status::text <> new.status::text, old.status::text, new.status::text),
    ('close_reason', old.close_reason is distinct from new.close_reason, old.close_reason::text, new.close_reason::text),
    ('priority', old.priority <> new.priority, old.priority::text, new.priority::text),
    ('assignee', old.assigned_to is distinct from new.assigned_to, nullif(old.assignee_name, ''), nullif(new.assignee_name, '')),
    ('company', old.company_id is distinct from new.company_id, nullif(old.company_name, ''), nullif(new.company_name, '')),
    ('tags', old.tags <> new.tags, nullif(array_to_string(old.tags, ', '), ''), nullif(array_to_string(new.tags, ', '), '')),
    ('summary', old.summary <> new.summary, old.summary, new.summary),
    ('details', old.details is distinct from new.details, old.details, new.details),
    ('location', old.location is distinct from new.location, old.location, new.location),
    ('service_category', old.service_category_id is distinct from new.service_category_id,
     old.service_category_id::text, new.service_category_id::text)
  ) as change (field, changed, from_value, to_value)
  where change.changed;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.member_company_ids()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select company_id from public.company_members where user_id = (select auth.uid())
$function$
;

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

CREATE OR REPLACE FUNCTION private.message_notifications()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ticket public.tickets;
  person record;
  payload jsonb;
begin
  if private.notifications_off() then
    return null;
  end if;
  if new.direction = 'internal' then
    return null;
  end if;
  select * into ticket from public.tickets where id = new.ticket_id;
  payload := private.ticket_payload(ticket) || jsonb_build_object(
    'body', new.body, 'author_name', new.author_name, 'author_kind', new.author_kind, 'message_channel', new.channel);
  if new.direction = 'outbound' and new.author_kind in ('staff', 'system') and new.channel in ('portal', 'email') then
    for person in select * from private.requester_address(ticket) loop
      perform private.enqueue_email('msg:' || new.id, 'staff_reply', 'replies', ticket.id, new.id, person.email,
                                    person.user_id, payload);
    end loop;
  elsif new.direction = 'inbound' then
    for person in select * from private.ticket_staff(ticket) loop
      perform private.enqueue_email('msg:' || new.id || ':staff', 'customer_reply', 'staff_customer_reply', ticket.id,
                                    new.id, person.email, person.user_id, payload);
    end loop;
  end if;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.message_status_rank(s public.message_status)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case s when 'queued' then 0 when 'sent' then 1 when 'delivered' then 2 when 'read' then 3 else -1 end
$function$
;

CREATE OR REPLACE FUNCTION private.new_form_reference(prefix text)
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select prefix || '-' || string_agg(substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 1 + (get_byte(b, i) % 36), 1), '' order by i)
  from (select extensions.gen_random_bytes(6) as b) as r, generate_series(0, 5) as i
$function$
;

CREATE OR REPLACE FUNCTION private.new_tracking_ref()
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

CREATE OR REPLACE FUNCTION private.note_configuration_warning(p_name text, p_detail text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- A customer's insert must never wait on another's: skip a row another transaction holds.
  perform 1 from private.configuration_warnings where name = p_name for update skip locked;
  if found then
    update private.configuration_warnings
    set detail = p_detail, last_seen = now(), seen = seen + 1
    where name = p_name;
    return;
  end if;
  insert into private.configuration_warnings (name, detail) values (p_name, p_detail)
  on conflict (name) do nothing;
  if found then
    raise warning '%', p_detail;
  end if;
end
$function$
;

CREATE OR REPLACE FUNCTION private.notifications_off()
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(current_setting('siyakha.notifications', true), '') = 'off'
$function$
;

CREATE OR REPLACE FUNCTION private.notify_outbox()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform pg_notify('outbox', '');
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.nudge_outbox_worker()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.call_outbox_worker();
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.queue_search_ids(pattern text)
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select array(
    select s.id from public.tickets s
    where (s.tracking_ref || ' ' || s.summary || ' ' || coalesce(s.requester_name, '')) ilike pattern
    union
    select m.ticket_id from public.ticket_messages m where m.body ilike pattern
  )
  where (select private.is_staff()) or current_setting('role', true) = 'service_role'
$function$
;

CREATE OR REPLACE FUNCTION private.rename_company_on_tickets()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.tickets set company_name = new.name where company_id = new.id;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.requester_company(requester uuid)
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select m.company_id from public.company_members m
  where m.user_id = requester
  order by m.created_at, m.company_id
  limit 1
$function$
;

CREATE OR REPLACE FUNCTION private.staff_name(person uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.display_name(person) where exists (select 1 from public.user_roles r where r.user_id = person)
$function$
;

CREATE OR REPLACE FUNCTION private.staff_two_factor_required()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((select s.staff_two_factor_required from public.helpdesk_settings s where s.id), false)
$function$
;

CREATE OR REPLACE FUNCTION private.stamp_helpdesk_settings()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  return new;
end;
$function$
;

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

CREATE OR REPLACE FUNCTION private.stamp_sla()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  target public.sla_targets;
begin
  if tg_op = 'UPDATE' then
    -- Nobody sets the clock by hand: it follows status and priority only.
    new.first_response_due_at := old.first_response_due_at;
    new.resolution_due_at := old.resolution_due_at;
    new.sla_paused_at := old.sla_paused_at;
    new.sla_paused_minutes := old.sla_paused_minutes;
    new.resolved_at := old.resolved_at;
    if new.status = old.status and new.priority = old.priority then
      return new;
    end if;
  end if;
  -- The clock stops while the ticket waits on the customer, and picks up where it was.
  if new.status = 'waiting_on_customer' and new.sla_paused_at is null then
    new.sla_paused_at := now();
  elsif new.status <> 'waiting_on_customer' and new.sla_paused_at is not null then
    new.sla_paused_minutes := new.sla_paused_minutes + private.business_minutes(new.sla_paused_at, now());
    new.sla_paused_at := null;
  end if;
  if new.status = 'resolved' and (tg_op = 'INSERT' or old.status <> 'resolved') then
    new.resolved_at := now();
    new.resolution_reminder_at := null;
  elsif new.status not in ('resolved', 'closed') then
    new.resolved_at := null;
  end if;
  select * into target from public.sla_targets where priority = new.priority;
  new.first_response_due_at := private.business_add(new.created_at, target.first_response_minutes);
  new.resolution_due_at := private.business_add(new.created_at, target.resolution_minutes + new.sla_paused_minutes);
  return new;
end
$function$
;

CREATE OR REPLACE FUNCTION private.stamp_ticket_names()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' or new.company_id is distinct from old.company_id
     or new.company_name is distinct from old.company_name then
    new.company_name := private.company_name(new.company_id);
  end if;
  if tg_op = 'INSERT' or new.assigned_to is distinct from old.assigned_to
     or new.assignee_name is distinct from old.assignee_name then
    new.assignee_name := coalesce(private.staff_name(new.assigned_to), '');
    if new.assigned_to is not null and new.assignee_name = '' then
      raise exception 'Tickets are assigned to staff only' using errcode = '23514';
    end if;
  end if;
  if tg_op = 'UPDATE' and new.tags is distinct from old.tags
     and not (current_user in ('service_role', 'postgres', 'supabase_admin') or (select private.is_staff())) then
    raise exception 'Only staff can tag a ticket' using errcode = '42501';
  end if;
  if tg_op = 'INSERT' then
    new.last_activity_at := now();
  elsif new.last_activity_at is distinct from old.last_activity_at then
    -- Only the database moves it (below), never to the past.
    new.last_activity_at := greatest(old.last_activity_at, new.last_activity_at);
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

CREATE OR REPLACE FUNCTION private.sync_staff_flag()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update auth.users u
     set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb)
           || jsonb_build_object('staff', exists (select 1 from public.user_roles r where r.user_id = u.id))
   where u.id = new.user_id or u.id = old.user_id;
  return null;
end
$function$
;

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

CREATE OR REPLACE FUNCTION private.ticket_changed_notifications()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  person record;
  actor uuid := (select auth.uid());
  payload jsonb := private.ticket_payload(new);
begin
  if private.notifications_off() then
    return null;
  end if;
  if new.status is distinct from old.status
     and new.status in ('resolved', 'closed')
     and actor is distinct from new.created_by_user_id then
    for person in select * from private.requester_address(new) loop
      perform private.enqueue_email('ticket:' || new.id || ':status:' || new.status || ':' || new.version,
                                    'status_' || new.status, 'ticket_updates', new.id, null, person.email,
                                    person.user_id, payload || jsonb_build_object('close_reason', new.close_reason));
    end loop;
  end if;
  -- A customer's "still broken" (…_still_broken_alerts_staff.sql).
  if old.status = 'resolved' and new.status = 'open' and actor is not null
     and actor is not distinct from new.created_by_user_id and pg_trigger_depth() = 1 then
    for person in select * from private.ticket_staff(new) loop
      perform private.enqueue_email('ticket:' || new.id || ':reopened:' || new.version, 'customer_reopened',
                                    'staff_customer_reply', new.id, null, person.email, person.user_id, payload);
    end loop;
  end if;
  if new.assigned_to is not null and new.assigned_to is distinct from old.assigned_to
     and new.assigned_to is distinct from actor then
    for person in select u.email::text as email, u.id as user_id from auth.users u where u.id = new.assigned_to loop
      perform private.enqueue_email('ticket:' || new.id || ':assigned:' || new.version, 'staff_assigned',
                                    'staff_assigned', new.id, null, person.email, person.user_id, payload);
    end loop;
  end if;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.ticket_created_notifications()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  person record;
  payload jsonb := private.ticket_payload(new);
begin
  if private.notifications_off() then
    return null;
  end if;
  if coalesce(current_setting('siyakha.acknowledged', true), '') <> 'on' then
    for person in select * from private.requester_address(new) loop
      perform private.enqueue_email('ticket:' || new.id || ':created', 'ticket_created', null, new.id, null,
                                    person.email, person.user_id, payload);
    end loop;
  end if;
  -- The agent who logs a ticket (public.log_ticket_for_client) is not alerted about it.
  for person in select * from private.ticket_staff(new) where user_id is distinct from (select auth.uid()) loop
    perform private.enqueue_email('ticket:' || new.id || ':created:staff', 'staff_new_ticket', 'staff_new_ticket',
                                  new.id, null, person.email, person.user_id, payload);
  end loop;
  return null;
end
$function$
;

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

CREATE OR REPLACE FUNCTION private.touch_ticket_activity()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.tickets set last_activity_at = new.created_at
  where id = new.ticket_id and last_activity_at < new.created_at;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.uid()
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  return auth.uid();
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

CREATE OR REPLACE FUNCTION private.unverified_ticket_summary()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 'Email to Siyakha Support' $function$
;

CREATE OR REPLACE FUNCTION private.vault_secret(p_name text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if to_regclass('vault.decrypted_secrets') is null then
    return null;
  end if;
  return (select nullif(btrim(decrypted_secret), '') from vault.decrypted_secrets where name = p_name limit 1);
end
$function$
;

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

CREATE OR REPLACE FUNCTION public.ask_customer(p_ticket uuid, p_version integer, p_question text)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  moved integer;
begin
  if nullif(btrim(coalesce(p_question, '')), '') is null then
    raise exception 'Write the question the customer is asked.' using errcode = '22023';
  end if;
  update public.tickets
  set status = 'waiting_on_customer', close_reason = null, expected_version = p_version
  where id = p_ticket
  returning version into moved;
  if moved is null then
    raise exception 'Not found or access denied.' using errcode = 'P0002';
  end if;
  insert into public.ticket_messages (ticket_id, direction, channel, status, body, created_by)
  values (p_ticket, 'outbound', 'portal', 'sent', p_question, (select auth.uid()));
  return moved;
end
$function$
;

CREATE OR REPLACE FUNCTION public.begin_two_factor_attempt()
 RETURNS TABLE(attempt_id uuid, retry_after integer, wait_if_wrong integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := (select auth.uid());
  recent timestamptz[];
  reserved uuid;
begin
  if caller is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('two_factor_attempts:' || caller::text, 0));
  -- Older attempts no longer count; nothing else removes them.
  delete from private.two_factor_attempts a
  where a.user_id = caller and a.attempted_at <= now() - interval '15 minutes';
  select array_agg(a.attempted_at order by a.attempted_at desc) into recent
  from private.two_factor_attempts a where a.user_id = caller;
  if coalesce(array_length(recent, 1), 0) >= 5 then
    return query select null::uuid,
      greatest(1, ceil(extract(epoch from (recent[5] + interval '15 minutes' - now())))::integer), 0;
    return;
  end if;
  insert into private.two_factor_attempts (user_id) values (caller) returning id into reserved;
  return query select reserved, 0,
    case when coalesce(array_length(recent, 1), 0) = 4
      then greatest(1, ceil(extract(epoch from (recent[4] + interval '15 minutes' - now())))::integer)
      else 0 end;
end;
$function$
;

CREATE OR REPLACE FUNCTION public.bulk_change_tickets(p_tickets jsonb, p_set_assignee boolean DEFAULT false, p_assignee uuid DEFAULT NULL::uuid, p_status public.ticket_status DEFAULT NULL::public.ticket_status, p_close_reason public.close_reason DEFAULT NULL::public.close_reason, p_priority public.ticket_priority DEFAULT NULL::public.ticket_priority)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  stale text;
  changed integer;
begin
  if jsonb_typeof(p_tickets) is distinct from 'array' or jsonb_array_length(p_tickets) = 0
     or jsonb_array_length(p_tickets) > 100 then
    raise exception 'Choose between 1 and 100 tickets, each with the version you loaded.' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_to_recordset(p_tickets) as r (id uuid, version integer)
             where r.id is null or r.version is null) then
    raise exception 'Every ticket needs the version you loaded.' using errcode = 'PT428';
  end if;
  select string_agg(t.tracking_ref, ', ' order by t.tracking_ref) into stale
  from public.tickets t
  join jsonb_to_recordset(p_tickets) as r (id uuid, version integer) on r.id = t.id
  where t.version <> r.version;
  if stale is not null then
    raise exception '% changed since you loaded the list.', stale
      using errcode = 'PT409', detail = stale, hint = 'Reload the queue to see their current values, then apply the change again.';
  end if;
  update public.tickets t set
    assigned_to = case when p_set_assignee then p_assignee else t.assigned_to end,
    status = coalesce(p_status, t.status),
    close_reason = case when p_status is null then t.close_reason when p_status = 'closed' then p_close_reason end,
    priority = coalesce(p_priority, t.priority),
    expected_version = r.version
  from jsonb_to_recordset(p_tickets) as r (id uuid, version integer)
  where t.id = r.id;
  get diagnostics changed = row_count;
  return changed;
end
$function$
;

CREATE OR REPLACE FUNCTION public.close_resolved_tickets(p_remind_days integer DEFAULT 3, p_close_days integer DEFAULT 5)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  reminded integer := 0;
  closed integer := 0;
  ticket public.tickets;
  person record;
begin
  for ticket in
    select t.* from public.tickets t
    where t.status = 'resolved' and t.resolved_at < now() - interval '2 days'
      and private.business_minutes(t.resolved_at, now()) >= p_close_days * 540
    for update skip locked
  loop
    update public.tickets set status = 'closed', close_reason = 'auto_closed' where id = ticket.id;
    closed := closed + 1;
  end loop;
  for ticket in
    select t.* from public.tickets t
    where t.status = 'resolved' and t.resolution_reminder_at is null and t.resolved_at < now() - interval '2 days'
      and private.business_minutes(t.resolved_at, now()) >= p_remind_days * 540
    for update skip locked
  loop
    update public.tickets set resolution_reminder_at = now() where id = ticket.id;
    if not private.notifications_off() then
      for person in select * from private.requester_address(ticket) loop
        perform private.enqueue_email('ticket:' || ticket.id || ':resolved_reminder:' || ticket.version,
                                      'status_resolved_reminder', 'ticket_updates', ticket.id, null, person.email,
                                      person.user_id, private.ticket_payload(ticket));
      end loop;
    end if;
    reminded := reminded + 1;
  end loop;
  return jsonb_build_object('reminded', reminded, 'closed', closed);
end
$function$
;

CREATE OR REPLACE FUNCTION public.configuration_status(p_project_url text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  project_url text := private.vault_secret('project_url');
begin
  return jsonb_build_object(
    'vault', to_regclass('vault.decrypted_secrets') is not null,
    'pg_cron', exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron'),
    'pg_net', exists (select 1 from pg_catalog.pg_extension where extname = 'pg_net'),
    'outbox_nudge_trigger', exists (select 1 from pg_catalog.pg_trigger
                                    where tgrelid = 'private.notification_outbox'::regclass
                                      and tgname = 'notification_outbox_nudge'),
    'secrets', jsonb_build_object(
      'project_url', project_url is not null,
      'outbox_worker_secret', private.vault_secret('outbox_worker_secret') is not null),
    'project_url_matches', case when project_url is null or p_project_url is null then null
                                else rtrim(project_url, '/') = rtrim(p_project_url, '/') end,
    'warnings', coalesce((select jsonb_agg(jsonb_build_object('name', name, 'detail', detail,
                                                              'first_seen', first_seen, 'last_seen', last_seen,
                                                              'seen', seen) order by name)
                          from private.configuration_warnings), '[]'::jsonb));
end
$function$
;

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

CREATE OR REPLACE FUNCTION public.helpdesk_queue(p_status text DEFAULT 'active'::text, p_priority public.ticket_priority DEFAULT NULL::public.ticket_priority, p_assignee text DEFAULT NULL::text, p_company uuid DEFAULT NULL::uuid, p_channel public.message_channel DEFAULT NULL::public.message_channel, p_breached boolean DEFAULT false, p_search text DEFAULT NULL::text, p_sort text DEFAULT 'created'::text, p_descending boolean DEFAULT true, p_cursor_value text DEFAULT NULL::text, p_cursor_created_at timestamp with time zone DEFAULT NULL::timestamp with time zone, p_cursor_id uuid DEFAULT NULL::uuid, p_backwards boolean DEFAULT false, p_limit integer DEFAULT 50)
 RETURNS TABLE(id uuid, tracking_ref text, summary text, status public.ticket_status, priority public.ticket_priority, channel public.message_channel, tags text[], requester_name text, company_id uuid, company_name text, assigned_to uuid, assignee_name text, created_at timestamp with time zone, last_activity_at timestamp with time zone, first_response_at timestamp with time zone, first_response_due_at timestamp with time zone, resolution_due_at timestamp with time zone, sla_paused_at timestamp with time zone, resolved_at timestamp with time zone, sla_due_at timestamp with time zone, version integer, sort_value text)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
declare
  sort_key text;
  sort_type text;
  conditions text[] := array['true'];
  pattern text;
  direction text;
begin
  if not (current_user in ('service_role', 'postgres', 'supabase_admin') or (select private.is_staff())) then
    raise exception 'The helpdesk queue is for staff' using errcode = '42501';
  end if;
  select k.expr, k.type into sort_key, sort_type
  from (values
    ('created', 't.created_at', 'timestamptz'),
    ('reference', 't.tracking_ref', 'text'),
    ('activity', 't.last_activity_at', 'timestamptz'),
    ('sla', 't.sla_due_at', 'timestamptz'),
    ('priority', 't.priority', 'public.ticket_priority'),
    ('status', 't.status', 'public.ticket_status'),
    ('requester', 'coalesce(t.requester_name, '''')', 'text'),
    ('company', 't.company_name', 'text'),
    ('assignee', 't.assignee_name', 'text')
  ) as k (name, expr, type)
  where k.name = p_sort;
  if sort_key is null then
    raise exception 'Unknown sort: %', p_sort using errcode = '22023';
  end if;
  if p_status is null or p_status = 'active' then
    conditions := conditions || 't.status not in (''resolved'', ''closed'')'::text;
  elsif p_status <> 'all' then
    -- Validated here rather than cast inside the query, so a bad value is the caller's error.
    perform p_status::public.ticket_status;
    conditions := conditions || 't.status = $1::public.ticket_status'::text;
  end if;
  if p_priority is not null then conditions := conditions || 't.priority = $2'::text; end if;
  if p_assignee = 'none' then
    conditions := conditions || 't.assigned_to is null'::text;
  elsif p_assignee is not null then
    perform p_assignee::uuid;
    conditions := conditions || 't.assigned_to = $3::uuid'::text;
  end if;
  if p_company is not null then conditions := conditions || 't.company_id = $4'::text; end if;
  if p_channel is not null then conditions := conditions || 't.channel = $5'::text; end if;
  if p_breached then conditions := conditions || 't.sla_due_at < now()'::text; end if;
  if nullif(btrim(p_search), '') is not null then
    pattern := '%' || replace(replace(replace(btrim(p_search), '\', '\\'), '%', '\%'), '_', '\_') || '%';
    conditions := conditions || 't.id = any (private.queue_search_ids($6))'::text;
  end if;
  -- Forwards is the sort's own direction; backwards reads the other way from the cursor.
  direction := case when p_descending <> p_backwards then 'desc' else 'asc' end;
  if p_cursor_created_at is not null and p_cursor_id is not null then
    conditions := conditions || format('(%s, t.created_at, t.id) %s ($7::%s, $8, $9)',
      sort_key, case when direction = 'desc' then '<' else '>' end, sort_type);
  end if;
  return query execute format(
    'select t.id, t.tracking_ref, t.summary, t.status, t.priority, t.channel, t.tags, t.requester_name,
            t.company_id, t.company_name, t.assigned_to, t.assignee_name, t.created_at,
            t.last_activity_at, t.first_response_at, t.first_response_due_at, t.resolution_due_at,
            t.sla_paused_at, t.resolved_at, t.sla_due_at, t.version, to_jsonb(%1$s) #>> ''{}''
     from public.tickets t
     where %2$s
     order by %1$s %3$s, t.created_at %3$s, t.id %3$s
     limit $10',
    sort_key, array_to_string(conditions, ' and '), direction)
  using p_status, p_priority, p_assignee, p_company, p_channel, pattern,
        p_cursor_value, p_cursor_created_at, p_cursor_id, least(greatest(coalesce(p_limit, 50), 1), 200);
end
$function$
;

CREATE OR REPLACE FUNCTION public.hit_page_view(p_namespace text, p_page_key text)
 RETURNS bigint
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into public.page_views as v (namespace, page_key, count) values (p_namespace, p_page_key, 1)
  on conflict (namespace, page_key) do update set count = v.count + 1, updated_at = now()
  returning count
$function$
;

CREATE OR REPLACE FUNCTION public.hook_mfa_verification_attempt(event jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  person uuid := (event ->> 'user_id')::uuid;
  wrong timestamptz[];
  wait_seconds integer;
  reservation uuid;
begin
  -- The lock begin_two_factor_attempt takes: one account's count changes one request at a time.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('two_factor_attempts:' || person::text, 0));
  select array_agg(a.attempted_at order by a.attempted_at desc) into wrong
  from private.two_factor_attempts a
  where a.user_id = person and a.seen_by_auth and a.attempted_at > now() - interval '15 minutes';
  if coalesce(array_length(wrong, 1), 0) >= 5 then
    wait_seconds := greatest(1, ceil(extract(epoch from (wrong[5] + interval '15 minutes' - now())))::integer);
    -- The portal's words (tooManyWrongCodes in packages/schemas), whole minutes rounded up.
    return jsonb_build_object('decision', 'reject', 'message',
      format('Too many wrong codes. Try again in %s %s.', ceil(wait_seconds / 60.0)::integer,
             case when ceil(wait_seconds / 60.0) = 1 then 'minute' else 'minutes' end));
  end if;
  if not coalesce((event ->> 'valid')::boolean, false) then
    update private.two_factor_attempts a set seen_by_auth = true
    where a.id = (select r.id from private.two_factor_attempts r
                  where r.user_id = person and not r.seen_by_auth and r.attempted_at > now() - interval '1 minute'
                  order by r.attempted_at limit 1)
    returning a.id into reservation;
    if reservation is null then
      insert into private.two_factor_attempts (user_id, seen_by_auth) values (person, true);
    end if;
  end if;
  return jsonb_build_object('decision', 'continue');
end
$function$
;

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

CREATE OR REPLACE FUNCTION public.inbound_event_release(p_provider text, p_event_id text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  delete from private.inbound_events where provider = p_provider and event_id = p_event_id and outcome is null
$function$
;

CREATE OR REPLACE FUNCTION public.log_ticket_for_client(p_email text, p_full_name text, p_phone text, p_channel public.message_channel, p_summary text, p_details text, p_priority public.ticket_priority)
 RETURNS TABLE(ticket_id uuid, tracking_ref text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  agent uuid := (select auth.uid());
  client_email text := btrim(p_email);
  phone text := nullif(btrim(coalesce(p_phone, '')), '');
  account uuid;
  contact uuid;
  created public.tickets;
begin
  if not (select private.is_staff()) then
    raise exception 'Only staff log tickets for clients' using errcode = '42501';
  end if;
  select u.id into account
  from auth.users u
  where lower(u.email) = lower(client_email) and u.email_confirmed_at is not null and u.deleted_at is null
  limit 1;
  if account is null then
    insert into public.requester_contacts as c (email, full_name, phone)
    values (client_email, p_full_name, phone)
    on conflict (lower(email)) do update
      set full_name = excluded.full_name, phone = coalesce(excluded.phone, c.phone), updated_at = now()
    returning c.id into contact;
  end if;
  -- Open and answered: the call or visit that produced it was the first response. Under the
  -- account's company, if it has one.
  insert into public.tickets (created_by_user_id, requester_contact_id, company_id, requester_name, requester_phone,
                              channel, summary, details, priority, status, assigned_to, first_response_at)
  values (account, contact, private.requester_company(account), p_full_name, phone, p_channel, p_summary,
          nullif(btrim(coalesce(p_details, '')), ''), p_priority, 'open', agent, now())
  returning * into created;
  return query select created.id, created.tracking_ref;
end
$function$
;

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

CREATE OR REPLACE FUNCTION public.outbox_claim(p_worker text, p_limit integer DEFAULT 20, p_lease_seconds integer DEFAULT 120)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  claimed jsonb;
  batch integer := greatest(1, least(p_limit, 100));
begin
  update private.notification_outbox o
  set state = 'cancelled', last_error = 'The recipient opted out', updated_at = now()
  where o.state = 'pending' and o.next_attempt_at <= now() and o.category is not null
    and (
      exists (select 1 from public.notification_preferences p
              where p.user_id = o.recipient_user_id and p.category = o.category and p.channel = o.channel
                and not p.enabled)
      or exists (select 1 from private.email_suppressions s
                 where o.channel = 'email' and s.email_lower = lower(o.recipient) and s.category in (o.category, 'all'))
    );

  with due as (
    select o.id from private.notification_outbox o
    where o.id = any (array(
        -- The head of each thread, if it is due and not leased: the oldest first, a few more than
        -- the batch so that rows another worker has just locked can be skipped.
        select head.id
        from (
          select distinct on (t.ordering_key) t.id, t.next_attempt_at, t.locked_until
          from private.notification_outbox t
          where t.state in ('pending', 'sending')
          order by t.ordering_key, t.id
        ) head
        where head.next_attempt_at <= now() and (head.locked_until is null or head.locked_until < now())
        order by head.id
        limit batch * 4
      ))
      -- Checked again on the locked row: another worker may have leased it meanwhile.
      and o.state in ('pending', 'sending') and o.next_attempt_at <= now()
      and (o.locked_until is null or o.locked_until < now())
    order by o.id
    limit batch
    for update skip locked
  ), leased as (
    update private.notification_outbox o
    set state = 'sending', attempts = o.attempts + 1, locked_by = p_worker, updated_at = now(),
        locked_until = now() + make_interval(secs => greatest(10, p_lease_seconds))
    from due where o.id = due.id
    returning o.*
  )
  select coalesce(jsonb_agg(to_jsonb(leased) order by leased.id), '[]'::jsonb) into claimed from leased;
  return claimed;
end
$function$
;

CREATE OR REPLACE FUNCTION public.outbox_complete(p_id bigint, p_provider_id text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  row private.notification_outbox;
begin
  update private.notification_outbox
  set state = 'sent', sent_at = now(), provider_message_id = p_provider_id, locked_until = null,
      last_error = null, updated_at = now()
  where id = p_id and state = 'sending'
  returning * into row;
  -- A message that travels on the row's channel (a WhatsApp reply) is sent now, under the
  -- provider's id, which its delivery statuses will name; a reply held for the WhatsApp window
  -- stops waiting.
  if row.ticket_message_id is not null then
    update public.ticket_messages m
    set status = 'sent', external_id = coalesce(m.external_id, nullif(p_provider_id, '')),
        metadata = (m.metadata - 'awaiting_window') || jsonb_build_object('external_id', p_provider_id)
    where m.id = row.ticket_message_id and m.channel::text = row.channel and m.status = 'queued';
  end if;
end
$function$
;

CREATE OR REPLACE FUNCTION public.outbox_dead_letters(p_limit integer DEFAULT 100)
 RETURNS TABLE(id bigint, event text, recipient text, state text, attempts integer, last_error text, updated_at timestamp with time zone, ticket_id uuid, tracking_ref text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select o.id, o.event, o.recipient, o.state, o.attempts, o.last_error, o.updated_at, o.ticket_id, t.tracking_ref
  from private.notification_outbox o
  left join public.tickets t on t.id = o.ticket_id
  where o.state in ('failed', 'dead') and (select private.is_staff())
  order by o.updated_at desc
  limit greatest(1, least(p_limit, 500))
$function$
;

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

CREATE OR REPLACE FUNCTION public.outbox_fail(p_id bigint, p_error text, p_retry_after_seconds integer, p_permanent boolean)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  row private.notification_outbox;
begin
  update private.notification_outbox o
  set state = case when p_permanent then 'failed' when o.attempts >= o.max_attempts then 'dead' else 'pending' end,
      last_error = left(p_error, 2000),
      next_attempt_at = now() + make_interval(secs => greatest(1, p_retry_after_seconds)),
      locked_until = null, updated_at = now()
  where o.id = p_id and o.state = 'sending'
  returning * into row;
  if row.state in ('failed', 'dead') and row.ticket_message_id is not null then
    update public.ticket_messages m
    set status = 'failed', metadata = m.metadata || jsonb_build_object('error', left(p_error, 500))
    where m.id = row.ticket_message_id and m.channel::text = row.channel;
  end if;
  return row.state;
end
$function$
;

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

CREATE OR REPLACE FUNCTION public.outbox_prune(p_days integer DEFAULT 30)
 RETURNS integer
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with pruned as (
    delete from private.notification_outbox
    where state in ('sent', 'cancelled') and updated_at < now() - make_interval(days => greatest(1, p_days))
    returning 1
  )
  select count(*)::integer from pruned
$function$
;

CREATE OR REPLACE FUNCTION public.outbox_release(p_ids bigint[])
 RETURNS integer
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with released as (
    update private.notification_outbox
    set state = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, updated_at = now()
    where id = any (p_ids) and state in ('failed', 'dead')
    returning 1
  )
  select count(*)::integer from released
$function$
;

CREATE OR REPLACE FUNCTION public.outbox_retry(p_ids bigint[])
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not (select private.is_staff()) then
    raise exception 'Only staff can retry notifications' using errcode = '42501';
  end if;
  return public.outbox_release(p_ids);
end
$function$
;

CREATE OR REPLACE FUNCTION public.rate_limit_hit(p_bucket text, p_key text, p_window_seconds integer, p_max integer)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- Not named window_start: a variable named like the column makes the upsert ambiguous (42702).
  this_window timestamptz := to_timestamp(floor(extract(epoch from now()) / p_window_seconds) * p_window_seconds);
  hits integer;
begin
  insert into private.rate_limits as r (bucket, key, window_start, count)
  values (p_bucket, p_key, this_window, 1)
  on conflict (bucket, key, window_start) do update set count = r.count + 1
  returning count into hits;
  delete from private.rate_limits where rate_limits.window_start < now() - interval '1 day';
  return hits <= p_max;
end
$function$
;

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

CREATE OR REPLACE FUNCTION public.remove_staff_two_factor(staff_member uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := (select auth.uid());
  removed integer;
begin
  if not (select private.has_role('siyakha_admin')) then
    raise exception 'Only a provider admin signed in with two-factor sign-in can remove it for staff'
      using errcode = '42501';
  end if;
  if staff_member = caller then
    raise exception 'Turn off your own two-factor sign-in on your Security page' using errcode = '22023';
  end if;
  if not exists (select 1 from public.user_roles r where r.user_id = staff_member) then
    raise exception 'Not a staff member' using errcode = 'P0002';
  end if;
  with gone as (
    delete from auth.mfa_factors f where f.user_id = staff_member returning 1
  )
  select count(*) into removed from gone;
  delete from auth.sessions s where s.user_id = staff_member;
  insert into private.staff_audit_log (action, actor_id, actor_name, target_id, target_name, details)
  values (
    'two_factor_removed',
    caller,
    coalesce(private.display_name(caller), 'Unknown user'),
    staff_member,
    coalesce(private.display_name(staff_member), 'Unknown user'),
    jsonb_build_object('factors_removed', removed)
  );
  return removed;
end;
$function$
;

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

CREATE OR REPLACE FUNCTION public.sla_report(p_since timestamp with time zone)
 RETURNS TABLE(tickets integer, first_response_breached integer, resolution_breached integer, breached integer, answered integer, median_first_response_minutes integer)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with t as (
    select
      coalesce(x.first_response_at > x.first_response_due_at,
               x.status not in ('resolved', 'closed') and now() > x.first_response_due_at) as fr_late,
      case when x.status in ('resolved', 'closed') then x.resolved_at > x.resolution_due_at
           else x.sla_paused_at is null and now() > x.resolution_due_at end as res_late,
      case when x.first_response_at is not null then private.business_minutes(x.created_at, x.first_response_at) end
        as fr_minutes
    from public.tickets x
    where x.created_at >= p_since
  )
  select count(*)::integer,
         count(*) filter (where fr_late)::integer,
         count(*) filter (where res_late)::integer,
         count(*) filter (where fr_late or res_late)::integer,
         count(fr_minutes)::integer,
         (percentile_disc(0.5) within group (order by fr_minutes))::integer
  from t
  having (select private.is_staff())
$function$
;

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

CREATE OR REPLACE FUNCTION public.staff_members()
 RETURNS TABLE(id uuid, name text, email text, role public.staff_role)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select u.id, private.display_name(u.id), u.email::text, r.role
  from auth.users u
  join (select r.user_id, min(r.role) as role from public.user_roles r group by r.user_id) r on r.user_id = u.id
  where u.id = any (array(select r.user_id from public.user_roles r)) and (select private.is_staff())
  order by 2
$function$
;

CREATE OR REPLACE FUNCTION public.staff_two_factor_overview()
 RETURNS TABLE(id uuid, name text, email text, role public.staff_role, has_second_factor boolean, last_removed_at timestamp with time zone, last_removed_by text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select
    u.id,
    private.display_name(u.id),
    u.email::text,
    min(r.role),
    exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified'),
    l.created_at,
    l.actor_name
  from public.user_roles r
  join auth.users u on u.id = r.user_id
  left join lateral (
    select a.created_at, a.actor_name from private.staff_audit_log a
    where a.target_id = u.id and a.action = 'two_factor_removed'
    order by a.created_at desc limit 1
  ) l on true
  where (select private.has_role('siyakha_admin'))
  group by u.id, l.created_at, l.actor_name
  order by 2
$function$
;

CREATE OR REPLACE FUNCTION public.staff_two_factor_state()
 RETURNS TABLE(required boolean, aal text, staff_member boolean, provider_admin boolean, staff_access boolean, has_second_factor boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select
    private.staff_two_factor_required(),
    coalesce((select auth.jwt() ->> 'aal'), 'aal1'),
    exists (select 1 from public.user_roles r where r.user_id = (select auth.uid())),
    exists (select 1 from public.user_roles r where r.user_id = (select auth.uid()) and r.role = 'siyakha_admin'),
    private.is_staff(),
    exists (select 1 from auth.mfa_factors f where f.user_id = (select auth.uid()) and f.status = 'verified')
  where (select auth.uid()) is not null
$function$
;

CREATE OR REPLACE FUNCTION public.submit_web_request(p_kind text, p_request jsonb, p_ticket jsonb)
 RETURNS TABLE(request_reference text, ticket_id uuid, tracking_ref text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  requester_email text := btrim(p_ticket ->> 'email');
  account uuid;
  contact uuid;
  created public.tickets;
  new_reference text;
begin
  if p_kind not in ('support', 'quote') then
    raise exception 'Unknown kind of web request: %', p_kind using errcode = '22023';
  end if;
  -- The function sends its own confirmation, limited per recipient, so the new ticket's trigger
  -- (…_notification_outbox.sql) skips the acknowledgement for this insert.
  perform set_config('siyakha.acknowledged', 'on', true);

  select u.id into account
  from auth.users u
  where lower(u.email) = lower(requester_email) and u.email_confirmed_at is not null and u.deleted_at is null
  limit 1;
  if account is null then
    insert into public.requester_contacts as c (email, full_name, phone)
    values (requester_email, p_ticket ->> 'full_name', nullif(btrim(coalesce(p_ticket ->> 'phone', '')), ''))
    on conflict (lower(email)) do update
      set full_name = excluded.full_name, phone = coalesce(excluded.phone, c.phone), updated_at = now()
    returning c.id into contact;
  end if;
  insert into public.tickets (created_by_user_id, requester_contact_id, requester_name, channel, summary, details,
                              service_category_id)
  values (account, contact, p_ticket ->> 'full_name', 'web', p_ticket ->> 'summary', p_ticket ->> 'details',
          p_ticket ->> 'category')
  returning * into created;
  perform set_config('siyakha.acknowledged', '', true);

  loop
    new_reference := private.new_form_reference(case p_kind when 'support' then 'SR' else 'QR' end);
    begin
      if p_kind = 'support' then
        insert into public.support_requests (reference, full_name, contact_number, whatsapp_number, email, category,
                                             description, preferred_channel, ticket_id)
        values (new_reference, p_request ->> 'full_name', p_request ->> 'contact_number',
                nullif(p_request ->> 'whatsapp_number', ''), p_request ->> 'email', p_request ->> 'category',
                p_request ->> 'description', coalesce(p_request ->> 'preferred_channel', 'email'), created.id);
      else
        insert into public.quote_requests (reference, full_name, company, email, phone, service, message, ticket_id)
        values (new_reference, p_request ->> 'full_name', nullif(p_request ->> 'company', ''), p_request ->> 'email',
                p_request ->> 'phone', p_request ->> 'service', p_request ->> 'message', created.id);
      end if;
      exit;
    exception when unique_violation then
      -- The rare reference collision: draw again.
    end;
  end loop;

  return query select new_reference, created.id, created.tracking_ref;
end
$function$
;

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

CREATE OR REPLACE FUNCTION public.two_factor_attempt_succeeded(attempt uuid)
 RETURNS boolean
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with cleared as (
    delete from private.two_factor_attempts a
    where a.id = attempt
      and a.user_id = (select auth.uid())
      and coalesce((select auth.jwt() ->> 'aal'), '') = 'aal2'
    returning 1
  )
  select exists (select 1 from cleared)
$function$
;

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

CREATE OR REPLACE FUNCTION public.user_emails(user_ids uuid[])
 RETURNS TABLE(id uuid, email text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select u.id, u.email::text
  from auth.users u
  where u.id = any (user_ids) and (select private.is_staff())
$function$
;

CREATE OR REPLACE FUNCTION public.whatsapp_send_state(p_phone text, p_ticket uuid)
 RETURNS TABLE(window_open boolean, may_template boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select w.window_open_until is not null, w.may_template from private.whatsapp_state(p_phone, p_ticket) w
$function$
;

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

create table "private"."configuration_warnings" (
    "name" text not null,
    "detail" text not null,
    "first_seen" timestamp with time zone not null default now(),
    "last_seen" timestamp with time zone not null default now(),
    "seen" integer not null default 1
      );

alter table "private"."configuration_warnings" enable row level security;

create table "private"."email_suppressions" (
    "email_lower" text not null,
    "category" text not null,
    "reason" text not null,
    "created_at" timestamp with time zone not null default now()
      );

alter table "private"."email_suppressions" enable row level security;

create table "private"."inbound_events" (
    "provider" text not null,
    "event_id" text not null,
    "received_at" timestamp with time zone not null default now(),
    "outcome" text,
    "ticket_id" uuid,
    "detail" jsonb not null default '{}'::jsonb
      );

alter table "private"."inbound_events" enable row level security;

create table "private"."notification_outbox" (
    "id" bigint generated always as identity not null,
    "idempotency_key" text not null,
    "channel" text not null,
    "event" text not null,
    "category" text,
    "ticket_id" uuid,
    "ticket_message_id" uuid,
    "recipient" text not null,
    "recipient_user_id" uuid,
    "payload" jsonb not null default '{}'::jsonb,
    "ordering_key" text not null,
    "state" text not null default 'pending'::text,
    "attempts" integer not null default 0,
    "max_attempts" integer not null default 12,
    "next_attempt_at" timestamp with time zone not null default now(),
    "locked_until" timestamp with time zone,
    "locked_by" text,
    "last_error" text,
    "provider_message_id" text,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now(),
    "sent_at" timestamp with time zone
      );

alter table "private"."notification_outbox" enable row level security;

create table "private"."public_holidays" (
    "day" date not null,
    "name" text not null
      );

alter table "private"."public_holidays" enable row level security;

create table "private"."rate_limits" (
    "bucket" text not null,
    "key" text not null,
    "window_start" timestamp with time zone not null,
    "count" integer not null default 0
      );

alter table "private"."rate_limits" enable row level security;

create table "private"."staff_audit_log" (
    "id" bigint generated always as identity not null,
    "action" text not null,
    "actor_id" uuid,
    "actor_name" text not null,
    "target_id" uuid,
    "target_name" text not null,
    "details" jsonb not null default '{}'::jsonb,
    "created_at" timestamp with time zone not null default now()
      );

alter table "private"."staff_audit_log" enable row level security;

create table "private"."two_factor_attempts" (
    "id" uuid not null default gen_random_uuid(),
    "user_id" uuid not null,
    "attempted_at" timestamp with time zone not null default now(),
    "seen_by_auth" boolean not null default false
      );

alter table "private"."two_factor_attempts" enable row level security;

create table "private"."whatsapp_code_key" (
    "id" boolean not null default true,
    "key" bytea not null
      );

alter table "private"."whatsapp_code_key" enable row level security;

create table "public"."canned_replies" (
    "id" uuid not null default gen_random_uuid(),
    "title" text not null,
    "body" text not null,
    "created_by" uuid not null default auth.uid(),
    "created_at" timestamp with time zone not null default now()
      );

alter table "public"."canned_replies" enable row level security;

create table "public"."companies" (
    "id" uuid not null default gen_random_uuid(),
    "name" text not null,
    "created_by" uuid,
    "created_at" timestamp with time zone not null default now()
      );

alter table "public"."companies" enable row level security;

create table "public"."company_members" (
    "company_id" uuid not null,
    "user_id" uuid not null,
    "role" public.company_role not null default 'member'::public.company_role,
    "created_at" timestamp with time zone not null default now()
      );

alter table "public"."company_members" enable row level security;

create table "public"."helpdesk_settings" (
    "id" boolean not null default true,
    "staff_two_factor_required" boolean not null default false,
    "updated_at" timestamp with time zone not null default now(),
    "updated_by" uuid
      );

alter table "public"."helpdesk_settings" enable row level security;

create table "public"."newsletter_subscribers" (
    "id" uuid not null default gen_random_uuid(),
    "email" text not null,
    "status" public.subscription_status not null default 'pending'::public.subscription_status,
    "confirm_token" uuid not null default gen_random_uuid(),
    "unsubscribe_token" uuid not null default gen_random_uuid(),
    "created_at" timestamp with time zone not null default now(),
    "confirmed_at" timestamp with time zone,
    "unsubscribed_at" timestamp with time zone
      );

alter table "public"."newsletter_subscribers" enable row level security;

create table "public"."notification_preferences" (
    "user_id" uuid not null default auth.uid(),
    "category" text not null,
    "channel" text not null default 'email'::text,
    "enabled" boolean not null,
    "updated_at" timestamp with time zone not null default now()
      );

alter table "public"."notification_preferences" enable row level security;

create table "public"."page_views" (
    "namespace" text not null,
    "page_key" text not null,
    "count" bigint not null default 0,
    "updated_at" timestamp with time zone not null default now()
      );

alter table "public"."page_views" enable row level security;

create table "public"."quote_requests" (
    "id" uuid not null default gen_random_uuid(),
    "reference" text not null,
    "full_name" text not null,
    "company" text,
    "email" text not null,
    "phone" text not null,
    "service" text not null,
    "message" text not null,
    "created_at" timestamp with time zone not null default now(),
    "ticket_id" uuid
      );

alter table "public"."quote_requests" enable row level security;

create table "public"."requester_contacts" (
    "id" uuid not null default gen_random_uuid(),
    "email" text not null,
    "full_name" text not null,
    "phone" text,
    "user_id" uuid,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

alter table "public"."requester_contacts" enable row level security;

create table "public"."saved_views" (
    "id" uuid not null default gen_random_uuid(),
    "user_id" uuid not null default auth.uid(),
    "name" text not null,
    "query" text not null,
    "created_at" timestamp with time zone not null default now()
      );

alter table "public"."saved_views" enable row level security;

create table "public"."sla_targets" (
    "priority" public.ticket_priority not null,
    "first_response_minutes" integer not null,
    "resolution_minutes" integer not null,
    "updated_at" timestamp with time zone not null default now()
      );

alter table "public"."sla_targets" enable row level security;

create table "public"."support_requests" (
    "id" uuid not null default gen_random_uuid(),
    "reference" text not null,
    "full_name" text not null,
    "contact_number" text not null,
    "whatsapp_number" text,
    "email" text not null,
    "category" text not null,
    "description" text not null,
    "preferred_channel" text not null default 'email'::text,
    "created_at" timestamp with time zone not null default now(),
    "ticket_id" uuid
      );

alter table "public"."support_requests" enable row level security;

create table "public"."ticket_attachments" (
    "id" uuid not null default gen_random_uuid(),
    "ticket_id" uuid not null,
    "message_id" uuid not null,
    "object_path" text not null,
    "file_name" text not null,
    "content_type" text not null,
    "size_bytes" integer not null,
    "internal" boolean not null default false,
    "uploaded_by" uuid default auth.uid(),
    "created_at" timestamp with time zone not null default now(),
    "ticket_created_by_user_id" uuid,
    "ticket_company_id" uuid
      );

alter table "public"."ticket_attachments" enable row level security;

create table "public"."ticket_events" (
    "id" bigint generated always as identity not null,
    "ticket_id" uuid not null,
    "actor_id" uuid,
    "actor_name" text not null,
    "field" text not null,
    "from_value" text,
    "to_value" text,
    "created_at" timestamp with time zone not null default now()
      );

alter table "public"."ticket_events" enable row level security;

create table "public"."ticket_messages" (
    "id" uuid not null default gen_random_uuid(),
    "ticket_id" uuid not null,
    "direction" public.message_direction not null,
    "channel" public.message_channel not null,
    "to_from" text,
    "subject" text,
    "body" text not null,
    "status" public.message_status not null default 'queued'::public.message_status,
    "created_by" uuid default auth.uid(),
    "created_at" timestamp with time zone not null default now(),
    "metadata" jsonb not null default '{}'::jsonb,
    "author_kind" public.message_author_kind not null default 'system'::public.message_author_kind,
    "author_name" text not null default 'Siyakha Support'::text,
    "external_id" text,
    "ticket_created_by_user_id" uuid,
    "ticket_company_id" uuid,
    "internal" boolean not null generated always as ((direction = 'internal'::public.message_direction)) stored
      );

alter table "public"."ticket_messages" enable row level security;

create table "public"."ticket_ratings" (
    "ticket_id" uuid not null,
    "rating" smallint not null,
    "comment" text,
    "rated_by" uuid not null default auth.uid(),
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

alter table "public"."ticket_ratings" enable row level security;

create table "public"."tickets" (
    "id" uuid not null default gen_random_uuid(),
    "company_id" uuid,
    "created_by_user_id" uuid default auth.uid(),
    "channel" public.message_channel not null default 'portal'::public.message_channel,
    "summary" text not null,
    "details" text,
    "service_category_id" text,
    "priority" public.ticket_priority not null default 'normal'::public.ticket_priority,
    "location" text,
    "tracking_ref" text not null default private.new_tracking_ref(),
    "status" public.ticket_status not null default 'new'::public.ticket_status,
    "close_reason" public.close_reason,
    "assigned_to" uuid,
    "first_response_at" timestamp with time zone,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now(),
    "version" integer not null default 1,
    "requester_name" text,
    "requester_contact_id" uuid,
    "follow_up_of" uuid,
    "contact_phone" text,
    "whatsapp_opt_in_at" timestamp with time zone,
    "first_response_due_at" timestamp with time zone,
    "resolution_due_at" timestamp with time zone,
    "resolved_at" timestamp with time zone,
    "sla_paused_at" timestamp with time zone,
    "sla_paused_minutes" integer not null default 0,
    "resolution_reminder_at" timestamp with time zone,
    "tags" text[] not null default '{}'::text[],
    "company_name" text not null default ''::text,
    "assignee_name" text not null default ''::text,
    "last_activity_at" timestamp with time zone not null default now(),
    "sla_due_at" timestamp with time zone not null generated always as (
CASE
    WHEN ((status = ANY (ARRAY['resolved'::public.ticket_status, 'closed'::public.ticket_status])) OR (sla_paused_at IS NOT NULL)) THEN 'infinity'::timestamp with time zone
    WHEN (first_response_at IS NULL) THEN COALESCE(first_response_due_at, 'infinity'::timestamp with time zone)
    ELSE COALESCE(resolution_due_at, 'infinity'::timestamp with time zone)
END) stored,
    "whatsapp_contact_id" uuid,
    "expected_version" integer,
    "requester_phone" text
      );

alter table "public"."tickets" enable row level security;

create table "public"."user_roles" (
    "user_id" uuid not null,
    "role" public.staff_role not null,
    "created_at" timestamp with time zone not null default now()
      );

alter table "public"."user_roles" enable row level security;

create table "public"."whatsapp_contacts" (
    "id" uuid not null default gen_random_uuid(),
    "phone_e164" text,
    "wa_user_id" text,
    "user_id" uuid,
    "profile_name" text,
    "last_inbound_at" timestamp with time zone,
    "opted_out_at" timestamp with time zone,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

alter table "public"."whatsapp_contacts" enable row level security;

create table "public"."whatsapp_verified_numbers" (
    "id" uuid not null default gen_random_uuid(),
    "phone_e164" text not null,
    "ticket_id" uuid not null,
    "user_id" uuid,
    "via" text not null,
    "wamid" text,
    "verified_at" timestamp with time zone not null default now()
      );

alter table "public"."whatsapp_verified_numbers" enable row level security;

CREATE UNIQUE INDEX configuration_warnings_pkey ON private.configuration_warnings USING btree (name);

CREATE UNIQUE INDEX email_suppressions_pkey ON private.email_suppressions USING btree (email_lower, category);

CREATE UNIQUE INDEX inbound_events_pkey ON private.inbound_events USING btree (provider, event_id);

CREATE INDEX inbound_events_received_at_idx ON private.inbound_events USING btree (received_at DESC);

CREATE INDEX notification_outbox_dead_idx ON private.notification_outbox USING btree (updated_at DESC) WHERE (state = ANY (ARRAY['failed'::text, 'dead'::text]));

CREATE INDEX notification_outbox_due_idx ON private.notification_outbox USING btree (next_attempt_at) WHERE (state = ANY (ARRAY['pending'::text, 'sending'::text]));

CREATE UNIQUE INDEX notification_outbox_idempotency_key_key ON private.notification_outbox USING btree (idempotency_key);

CREATE INDEX notification_outbox_ordering_idx ON private.notification_outbox USING btree (ordering_key, id) WHERE (state = ANY (ARRAY['pending'::text, 'sending'::text]));

CREATE UNIQUE INDEX notification_outbox_pkey ON private.notification_outbox USING btree (id);

CREATE INDEX notification_outbox_ticket_idx ON private.notification_outbox USING btree (ticket_id);

CREATE UNIQUE INDEX public_holidays_pkey ON private.public_holidays USING btree (day);

CREATE UNIQUE INDEX rate_limits_pkey ON private.rate_limits USING btree (bucket, key, window_start);

CREATE UNIQUE INDEX staff_audit_log_pkey ON private.staff_audit_log USING btree (id);

CREATE INDEX staff_audit_log_target_idx ON private.staff_audit_log USING btree (target_id, created_at DESC);

CREATE UNIQUE INDEX two_factor_attempts_pkey ON private.two_factor_attempts USING btree (id);

CREATE INDEX two_factor_attempts_user_idx ON private.two_factor_attempts USING btree (user_id, attempted_at);

CREATE UNIQUE INDEX whatsapp_code_key_pkey ON private.whatsapp_code_key USING btree (id);

CREATE UNIQUE INDEX canned_replies_pkey ON public.canned_replies USING btree (id);

CREATE UNIQUE INDEX canned_replies_title_key ON public.canned_replies USING btree (lower(title));

CREATE UNIQUE INDEX companies_name_key ON public.companies USING btree (lower(name));

CREATE UNIQUE INDEX companies_pkey ON public.companies USING btree (id);

CREATE UNIQUE INDEX company_members_pkey ON public.company_members USING btree (company_id, user_id);

CREATE INDEX company_members_user_id_idx ON public.company_members USING btree (user_id);

CREATE UNIQUE INDEX helpdesk_settings_pkey ON public.helpdesk_settings USING btree (id);

CREATE UNIQUE INDEX newsletter_subscribers_confirm_token_key ON public.newsletter_subscribers USING btree (confirm_token);

CREATE UNIQUE INDEX newsletter_subscribers_email_key ON public.newsletter_subscribers USING btree (lower(email));

CREATE UNIQUE INDEX newsletter_subscribers_pkey ON public.newsletter_subscribers USING btree (id);

CREATE UNIQUE INDEX newsletter_subscribers_unsubscribe_token_key ON public.newsletter_subscribers USING btree (unsubscribe_token);

CREATE UNIQUE INDEX notification_preferences_pkey ON public.notification_preferences USING btree (user_id, category, channel);

CREATE UNIQUE INDEX page_views_pkey ON public.page_views USING btree (namespace, page_key);

CREATE UNIQUE INDEX quote_requests_pkey ON public.quote_requests USING btree (id);

CREATE UNIQUE INDEX quote_requests_reference_key ON public.quote_requests USING btree (reference);

CREATE UNIQUE INDEX requester_contacts_email_key ON public.requester_contacts USING btree (lower(email));

CREATE UNIQUE INDEX requester_contacts_pkey ON public.requester_contacts USING btree (id);

CREATE INDEX requester_contacts_user_id_idx ON public.requester_contacts USING btree (user_id) WHERE (user_id IS NOT NULL);

CREATE UNIQUE INDEX saved_views_pkey ON public.saved_views USING btree (id);

CREATE UNIQUE INDEX saved_views_user_name_key ON public.saved_views USING btree (user_id, lower(name));

CREATE UNIQUE INDEX sla_targets_pkey ON public.sla_targets USING btree (priority);

CREATE UNIQUE INDEX support_requests_pkey ON public.support_requests USING btree (id);

CREATE UNIQUE INDEX support_requests_reference_key ON public.support_requests USING btree (reference);

CREATE INDEX ticket_attachments_message_id_idx ON public.ticket_attachments USING btree (message_id);

CREATE UNIQUE INDEX ticket_attachments_object_path_key ON public.ticket_attachments USING btree (object_path);

CREATE UNIQUE INDEX ticket_attachments_pkey ON public.ticket_attachments USING btree (id);

CREATE INDEX ticket_attachments_ticket_id_idx ON public.ticket_attachments USING btree (ticket_id);

CREATE INDEX ticket_events_actor_id_idx ON public.ticket_events USING btree (actor_id) WHERE (actor_id IS NOT NULL);

CREATE UNIQUE INDEX ticket_events_pkey ON public.ticket_events USING btree (id);

CREATE INDEX ticket_events_ticket_id_idx ON public.ticket_events USING btree (ticket_id, id);

CREATE INDEX ticket_messages_body_trgm_idx ON public.ticket_messages USING gin (body extensions.gin_trgm_ops);

CREATE UNIQUE INDEX ticket_messages_channel_external_id_key ON public.ticket_messages USING btree (channel, external_id) WHERE (external_id IS NOT NULL);

CREATE UNIQUE INDEX ticket_messages_pkey ON public.ticket_messages USING btree (id);

CREATE INDEX ticket_messages_ticket_created_at_idx ON public.ticket_messages USING btree (ticket_id, created_at);

CREATE INDEX ticket_messages_whatsapp_sender_idx ON public.ticket_messages USING btree (to_from) WHERE (channel = 'whatsapp'::public.message_channel);

CREATE UNIQUE INDEX ticket_ratings_pkey ON public.ticket_ratings USING btree (ticket_id);

CREATE INDEX tickets_active_created_at_id_idx ON public.tickets USING btree (created_at DESC, id DESC) WHERE (status <> ALL (ARRAY['resolved'::public.ticket_status, 'closed'::public.ticket_status]));

CREATE INDEX tickets_assigned_created_at_id_idx ON public.tickets USING btree (assigned_to, created_at DESC, id DESC) WHERE (assigned_to IS NOT NULL);

CREATE INDEX tickets_company_created_at_id_idx ON public.tickets USING btree (company_id, created_at DESC, id DESC) WHERE (company_id IS NOT NULL);

CREATE INDEX tickets_contact_phone_idx ON public.tickets USING btree (contact_phone) WHERE (contact_phone IS NOT NULL);

CREATE INDEX tickets_created_at_id_idx ON public.tickets USING btree (created_at DESC, id DESC);

CREATE INDEX tickets_created_by_created_at_id_idx ON public.tickets USING btree (created_by_user_id, created_at DESC, id DESC);

CREATE INDEX tickets_follow_up_of_idx ON public.tickets USING btree (follow_up_of) WHERE (follow_up_of IS NOT NULL);

CREATE INDEX tickets_open_resolution_due_idx ON public.tickets USING btree (resolution_due_at) WHERE (status <> ALL (ARRAY['resolved'::public.ticket_status, 'closed'::public.ticket_status]));

CREATE UNIQUE INDEX tickets_pkey ON public.tickets USING btree (id);

CREATE INDEX tickets_queue_activity_idx ON public.tickets USING btree (last_activity_at, created_at, id);

CREATE INDEX tickets_queue_assignee_idx ON public.tickets USING btree (assignee_name, created_at, id);

CREATE INDEX tickets_queue_company_idx ON public.tickets USING btree (company_name, created_at, id);

CREATE INDEX tickets_queue_open_activity_idx ON public.tickets USING btree (last_activity_at, created_at, id) WHERE (status <> ALL (ARRAY['resolved'::public.ticket_status, 'closed'::public.ticket_status]));

CREATE INDEX tickets_queue_open_priority_idx ON public.tickets USING btree (priority, created_at, id) WHERE (status <> ALL (ARRAY['resolved'::public.ticket_status, 'closed'::public.ticket_status]));

CREATE INDEX tickets_queue_open_sla_idx ON public.tickets USING btree (sla_due_at, created_at, id) WHERE (status <> ALL (ARRAY['resolved'::public.ticket_status, 'closed'::public.ticket_status]));

CREATE INDEX tickets_queue_priority_idx ON public.tickets USING btree (priority, created_at, id);

CREATE INDEX tickets_queue_requester_idx ON public.tickets USING btree (COALESCE(requester_name, ''::text), created_at, id);

CREATE INDEX tickets_queue_status_idx ON public.tickets USING btree (status, created_at, id);

CREATE INDEX tickets_requester_contact_idx ON public.tickets USING btree (requester_contact_id) WHERE (requester_contact_id IS NOT NULL);

CREATE INDEX tickets_resolved_at_idx ON public.tickets USING btree (resolved_at) WHERE (status = 'resolved'::public.ticket_status);

CREATE INDEX tickets_search_trgm_idx ON public.tickets USING gin ((((((tracking_ref || ' '::text) || summary) || ' '::text) || COALESCE(requester_name, ''::text))) extensions.gin_trgm_ops);

CREATE UNIQUE INDEX tickets_tracking_ref_key ON public.tickets USING btree (tracking_ref);

CREATE INDEX tickets_unanswered_first_response_due_idx ON public.tickets USING btree (first_response_due_at) WHERE ((first_response_at IS NULL) AND (status <> ALL (ARRAY['resolved'::public.ticket_status, 'closed'::public.ticket_status])));

CREATE INDEX tickets_whatsapp_contact_idx ON public.tickets USING btree (whatsapp_contact_id) WHERE (whatsapp_contact_id IS NOT NULL);

CREATE UNIQUE INDEX user_roles_pkey ON public.user_roles USING btree (user_id, role);

CREATE UNIQUE INDEX whatsapp_contacts_phone_e164_key ON public.whatsapp_contacts USING btree (phone_e164);

CREATE UNIQUE INDEX whatsapp_contacts_pkey ON public.whatsapp_contacts USING btree (id);

CREATE UNIQUE INDEX whatsapp_contacts_wa_user_id_key ON public.whatsapp_contacts USING btree (wa_user_id);

CREATE UNIQUE INDEX whatsapp_verified_numbers_phone_e164_ticket_id_key ON public.whatsapp_verified_numbers USING btree (phone_e164, ticket_id);

CREATE UNIQUE INDEX whatsapp_verified_numbers_pkey ON public.whatsapp_verified_numbers USING btree (id);

CREATE INDEX whatsapp_verified_numbers_ticket_idx ON public.whatsapp_verified_numbers USING btree (ticket_id);

CREATE INDEX whatsapp_verified_numbers_user_idx ON public.whatsapp_verified_numbers USING btree (user_id, phone_e164) WHERE (user_id IS NOT NULL);

alter table "private"."configuration_warnings" add constraint "configuration_warnings_pkey" PRIMARY KEY using index "configuration_warnings_pkey";

alter table "private"."email_suppressions" add constraint "email_suppressions_pkey" PRIMARY KEY using index "email_suppressions_pkey";

alter table "private"."inbound_events" add constraint "inbound_events_pkey" PRIMARY KEY using index "inbound_events_pkey";

alter table "private"."notification_outbox" add constraint "notification_outbox_pkey" PRIMARY KEY using index "notification_outbox_pkey";

alter table "private"."public_holidays" add constraint "public_holidays_pkey" PRIMARY KEY using index "public_holidays_pkey";

alter table "private"."rate_limits" add constraint "rate_limits_pkey" PRIMARY KEY using index "rate_limits_pkey";

alter table "private"."staff_audit_log" add constraint "staff_audit_log_pkey" PRIMARY KEY using index "staff_audit_log_pkey";

alter table "private"."two_factor_attempts" add constraint "two_factor_attempts_pkey" PRIMARY KEY using index "two_factor_attempts_pkey";

alter table "private"."whatsapp_code_key" add constraint "whatsapp_code_key_pkey" PRIMARY KEY using index "whatsapp_code_key_pkey";

alter table "public"."canned_replies" add constraint "canned_replies_pkey" PRIMARY KEY using index "canned_replies_pkey";

alter table "public"."companies" add constraint "companies_pkey" PRIMARY KEY using index "companies_pkey";

alter table "public"."company_members" add constraint "company_members_pkey" PRIMARY KEY using index "company_members_pkey";

alter table "public"."helpdesk_settings" add constraint "helpdesk_settings_pkey" PRIMARY KEY using index "helpdesk_settings_pkey";

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_pkey" PRIMARY KEY using index "newsletter_subscribers_pkey";

alter table "public"."notification_preferences" add constraint "notification_preferences_pkey" PRIMARY KEY using index "notification_preferences_pkey";

alter table "public"."page_views" add constraint "page_views_pkey" PRIMARY KEY using index "page_views_pkey";

alter table "public"."quote_requests" add constraint "quote_requests_pkey" PRIMARY KEY using index "quote_requests_pkey";

alter table "public"."requester_contacts" add constraint "requester_contacts_pkey" PRIMARY KEY using index "requester_contacts_pkey";

alter table "public"."saved_views" add constraint "saved_views_pkey" PRIMARY KEY using index "saved_views_pkey";

alter table "public"."sla_targets" add constraint "sla_targets_pkey" PRIMARY KEY using index "sla_targets_pkey";

alter table "public"."support_requests" add constraint "support_requests_pkey" PRIMARY KEY using index "support_requests_pkey";

alter table "public"."ticket_attachments" add constraint "ticket_attachments_pkey" PRIMARY KEY using index "ticket_attachments_pkey";

alter table "public"."ticket_events" add constraint "ticket_events_pkey" PRIMARY KEY using index "ticket_events_pkey";

alter table "public"."ticket_messages" add constraint "ticket_messages_pkey" PRIMARY KEY using index "ticket_messages_pkey";

alter table "public"."ticket_ratings" add constraint "ticket_ratings_pkey" PRIMARY KEY using index "ticket_ratings_pkey";

alter table "public"."tickets" add constraint "tickets_pkey" PRIMARY KEY using index "tickets_pkey";

alter table "public"."user_roles" add constraint "user_roles_pkey" PRIMARY KEY using index "user_roles_pkey";

alter table "public"."whatsapp_contacts" add constraint "whatsapp_contacts_pkey" PRIMARY KEY using index "whatsapp_contacts_pkey";

alter table "public"."whatsapp_verified_numbers" add constraint "whatsapp_verified_numbers_pkey" PRIMARY KEY using index "whatsapp_verified_numbers_pkey";

alter table "private"."email_suppressions" add constraint "email_suppressions_reason_check" CHECK ((reason = ANY (ARRAY['unsubscribe'::text, 'bounce'::text, 'complaint'::text]))) not valid;

alter table "private"."email_suppressions" validate constraint "email_suppressions_reason_check";

alter table "private"."inbound_events" add constraint "inbound_events_event_id_check" CHECK ((char_length(event_id) <= 300)) not valid;

alter table "private"."inbound_events" validate constraint "inbound_events_event_id_check";

alter table "private"."inbound_events" add constraint "inbound_events_provider_check" CHECK ((provider = ANY (ARRAY['resend'::text, 'whatsapp'::text]))) not valid;

alter table "private"."inbound_events" validate constraint "inbound_events_provider_check";

alter table "private"."inbound_events" add constraint "inbound_events_ticket_id_fkey" FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE SET NULL not valid;

alter table "private"."inbound_events" validate constraint "inbound_events_ticket_id_fkey";

alter table "private"."notification_outbox" add constraint "notification_outbox_channel_check" CHECK ((channel = ANY (ARRAY['email'::text, 'whatsapp'::text]))) not valid;

alter table "private"."notification_outbox" validate constraint "notification_outbox_channel_check";

alter table "private"."notification_outbox" add constraint "notification_outbox_idempotency_key_key" UNIQUE using index "notification_outbox_idempotency_key_key";

alter table "private"."notification_outbox" add constraint "notification_outbox_recipient_user_id_fkey" FOREIGN KEY (recipient_user_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "private"."notification_outbox" validate constraint "notification_outbox_recipient_user_id_fkey";

alter table "private"."notification_outbox" add constraint "notification_outbox_state_check" CHECK ((state = ANY (ARRAY['pending'::text, 'sending'::text, 'sent'::text, 'failed'::text, 'dead'::text, 'cancelled'::text]))) not valid;

alter table "private"."notification_outbox" validate constraint "notification_outbox_state_check";

alter table "private"."notification_outbox" add constraint "notification_outbox_ticket_id_fkey" FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE not valid;

alter table "private"."notification_outbox" validate constraint "notification_outbox_ticket_id_fkey";

alter table "private"."notification_outbox" add constraint "notification_outbox_ticket_message_id_fkey" FOREIGN KEY (ticket_message_id) REFERENCES public.ticket_messages(id) ON DELETE CASCADE not valid;

alter table "private"."notification_outbox" validate constraint "notification_outbox_ticket_message_id_fkey";

alter table "private"."staff_audit_log" add constraint "staff_audit_log_action_check" CHECK ((action = 'two_factor_removed'::text)) not valid;

alter table "private"."staff_audit_log" validate constraint "staff_audit_log_action_check";

alter table "private"."staff_audit_log" add constraint "staff_audit_log_actor_id_fkey" FOREIGN KEY (actor_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "private"."staff_audit_log" validate constraint "staff_audit_log_actor_id_fkey";

alter table "private"."staff_audit_log" add constraint "staff_audit_log_target_id_fkey" FOREIGN KEY (target_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "private"."staff_audit_log" validate constraint "staff_audit_log_target_id_fkey";

alter table "private"."two_factor_attempts" add constraint "two_factor_attempts_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "private"."two_factor_attempts" validate constraint "two_factor_attempts_user_id_fkey";

alter table "private"."whatsapp_code_key" add constraint "whatsapp_code_key_id_check" CHECK (id) not valid;

alter table "private"."whatsapp_code_key" validate constraint "whatsapp_code_key_id_check";

alter table "public"."canned_replies" add constraint "canned_replies_body_check" CHECK (((char_length(btrim(body)) >= 1) AND (char_length(btrim(body)) <= 4000))) not valid;

alter table "public"."canned_replies" validate constraint "canned_replies_body_check";

alter table "public"."canned_replies" add constraint "canned_replies_created_by_fkey" FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."canned_replies" validate constraint "canned_replies_created_by_fkey";

alter table "public"."canned_replies" add constraint "canned_replies_title_check" CHECK (((char_length(btrim(title)) >= 1) AND (char_length(btrim(title)) <= 80))) not valid;

alter table "public"."canned_replies" validate constraint "canned_replies_title_check";

alter table "public"."companies" add constraint "companies_created_by_fkey" FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."companies" validate constraint "companies_created_by_fkey";

alter table "public"."companies" add constraint "companies_name_check" CHECK (((char_length(btrim(name)) >= 2) AND (char_length(btrim(name)) <= 200))) not valid;

alter table "public"."companies" validate constraint "companies_name_check";

alter table "public"."company_members" add constraint "company_members_company_id_fkey" FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE not valid;

alter table "public"."company_members" validate constraint "company_members_company_id_fkey";

alter table "public"."company_members" add constraint "company_members_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."company_members" validate constraint "company_members_user_id_fkey";

alter table "public"."helpdesk_settings" add constraint "helpdesk_settings_id_check" CHECK (id) not valid;

alter table "public"."helpdesk_settings" validate constraint "helpdesk_settings_id_check";

alter table "public"."helpdesk_settings" add constraint "helpdesk_settings_updated_by_fkey" FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."helpdesk_settings" validate constraint "helpdesk_settings_updated_by_fkey";

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_confirm_token_key" UNIQUE using index "newsletter_subscribers_confirm_token_key";

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_email_check" CHECK ((char_length(email) <= 320)) not valid;

alter table "public"."newsletter_subscribers" validate constraint "newsletter_subscribers_email_check";

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_unsubscribe_token_key" UNIQUE using index "newsletter_subscribers_unsubscribe_token_key";

alter table "public"."notification_preferences" add constraint "notification_preferences_category_check" CHECK ((category = ANY (ARRAY['ticket_updates'::text, 'replies'::text, 'staff_new_ticket'::text, 'staff_customer_reply'::text, 'staff_assigned'::text]))) not valid;

alter table "public"."notification_preferences" validate constraint "notification_preferences_category_check";

alter table "public"."notification_preferences" add constraint "notification_preferences_channel_check" CHECK ((channel = 'email'::text)) not valid;

alter table "public"."notification_preferences" validate constraint "notification_preferences_channel_check";

alter table "public"."notification_preferences" add constraint "notification_preferences_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."notification_preferences" validate constraint "notification_preferences_user_id_fkey";

alter table "public"."page_views" add constraint "page_views_count_check" CHECK ((count >= 0)) not valid;

alter table "public"."page_views" validate constraint "page_views_count_check";

alter table "public"."page_views" add constraint "page_views_namespace_check" CHECK ((char_length(namespace) <= 200)) not valid;

alter table "public"."page_views" validate constraint "page_views_namespace_check";

alter table "public"."page_views" add constraint "page_views_page_key_check" CHECK ((char_length(page_key) <= 300)) not valid;

alter table "public"."page_views" validate constraint "page_views_page_key_check";

alter table "public"."quote_requests" add constraint "quote_requests_company_check" CHECK ((char_length(company) <= 200)) not valid;

alter table "public"."quote_requests" validate constraint "quote_requests_company_check";

alter table "public"."quote_requests" add constraint "quote_requests_email_check" CHECK ((char_length(email) <= 320)) not valid;

alter table "public"."quote_requests" validate constraint "quote_requests_email_check";

alter table "public"."quote_requests" add constraint "quote_requests_full_name_check" CHECK (((char_length(full_name) >= 2) AND (char_length(full_name) <= 200))) not valid;

alter table "public"."quote_requests" validate constraint "quote_requests_full_name_check";

alter table "public"."quote_requests" add constraint "quote_requests_message_check" CHECK (((char_length(message) >= 10) AND (char_length(message) <= 10000))) not valid;

alter table "public"."quote_requests" validate constraint "quote_requests_message_check";

alter table "public"."quote_requests" add constraint "quote_requests_phone_check" CHECK (((char_length(phone) >= 5) AND (char_length(phone) <= 50))) not valid;

alter table "public"."quote_requests" validate constraint "quote_requests_phone_check";

alter table "public"."quote_requests" add constraint "quote_requests_reference_key" UNIQUE using index "quote_requests_reference_key";

alter table "public"."quote_requests" add constraint "quote_requests_service_check" CHECK ((char_length(service) <= 100)) not valid;

alter table "public"."quote_requests" validate constraint "quote_requests_service_check";

alter table "public"."quote_requests" add constraint "quote_requests_ticket_id_fkey" FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE SET NULL not valid;

alter table "public"."quote_requests" validate constraint "quote_requests_ticket_id_fkey";

alter table "public"."requester_contacts" add constraint "requester_contacts_email_check" CHECK (((char_length(email) >= 3) AND (char_length(email) <= 320))) not valid;

alter table "public"."requester_contacts" validate constraint "requester_contacts_email_check";

alter table "public"."requester_contacts" add constraint "requester_contacts_full_name_check" CHECK (((char_length(full_name) >= 1) AND (char_length(full_name) <= 200))) not valid;

alter table "public"."requester_contacts" validate constraint "requester_contacts_full_name_check";

alter table "public"."requester_contacts" add constraint "requester_contacts_phone_check" CHECK ((char_length(phone) <= 50)) not valid;

alter table "public"."requester_contacts" validate constraint "requester_contacts_phone_check";

alter table "public"."requester_contacts" add constraint "requester_contacts_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."requester_contacts" validate constraint "requester_contacts_user_id_fkey";

alter table "public"."saved_views" add constraint "saved_views_name_check" CHECK (((char_length(btrim(name)) >= 1) AND (char_length(btrim(name)) <= 60))) not valid;

alter table "public"."saved_views" validate constraint "saved_views_name_check";

alter table "public"."saved_views" add constraint "saved_views_query_check" CHECK ((char_length(query) <= 1000)) not valid;

alter table "public"."saved_views" validate constraint "saved_views_query_check";

alter table "public"."saved_views" add constraint "saved_views_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."saved_views" validate constraint "saved_views_user_id_fkey";

alter table "public"."sla_targets" add constraint "sla_targets_first_response_minutes_check" CHECK (((first_response_minutes >= 1) AND (first_response_minutes <= 100000))) not valid;

alter table "public"."sla_targets" validate constraint "sla_targets_first_response_minutes_check";

alter table "public"."sla_targets" add constraint "sla_targets_resolution_minutes_check" CHECK (((resolution_minutes >= 1) AND (resolution_minutes <= 1000000))) not valid;

alter table "public"."sla_targets" validate constraint "sla_targets_resolution_minutes_check";

alter table "public"."support_requests" add constraint "support_requests_category_check" CHECK (((char_length(category) >= 2) AND (char_length(category) <= 100))) not valid;

alter table "public"."support_requests" validate constraint "support_requests_category_check";

alter table "public"."support_requests" add constraint "support_requests_contact_number_check" CHECK (((char_length(contact_number) >= 5) AND (char_length(contact_number) <= 50))) not valid;

alter table "public"."support_requests" validate constraint "support_requests_contact_number_check";

alter table "public"."support_requests" add constraint "support_requests_description_check" CHECK (((char_length(description) >= 10) AND (char_length(description) <= 10000))) not valid;

alter table "public"."support_requests" validate constraint "support_requests_description_check";

alter table "public"."support_requests" add constraint "support_requests_email_check" CHECK ((char_length(email) <= 320)) not valid;

alter table "public"."support_requests" validate constraint "support_requests_email_check";

alter table "public"."support_requests" add constraint "support_requests_full_name_check" CHECK (((char_length(full_name) >= 2) AND (char_length(full_name) <= 200))) not valid;

alter table "public"."support_requests" validate constraint "support_requests_full_name_check";

alter table "public"."support_requests" add constraint "support_requests_preferred_channel_check" CHECK ((preferred_channel = 'email'::text)) not valid;

alter table "public"."support_requests" validate constraint "support_requests_preferred_channel_check";

alter table "public"."support_requests" add constraint "support_requests_reference_key" UNIQUE using index "support_requests_reference_key";

alter table "public"."support_requests" add constraint "support_requests_ticket_id_fkey" FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE SET NULL not valid;

alter table "public"."support_requests" validate constraint "support_requests_ticket_id_fkey";

alter table "public"."support_requests" add constraint "support_requests_whatsapp_number_check" CHECK ((char_length(whatsapp_number) <= 50)) not valid;

alter table "public"."support_requests" validate constraint "support_requests_whatsapp_number_check";

alter table "public"."ticket_attachments" add constraint "ticket_attachments_content_type_check" CHECK ((char_length(content_type) <= 200)) not valid;

alter table "public"."ticket_attachments" validate constraint "ticket_attachments_content_type_check";

alter table "public"."ticket_attachments" add constraint "ticket_attachments_file_name_check" CHECK (((char_length(file_name) >= 1) AND (char_length(file_name) <= 200))) not valid;

alter table "public"."ticket_attachments" validate constraint "ticket_attachments_file_name_check";

alter table "public"."ticket_attachments" add constraint "ticket_attachments_message_id_fkey" FOREIGN KEY (message_id) REFERENCES public.ticket_messages(id) ON DELETE CASCADE not valid;

alter table "public"."ticket_attachments" validate constraint "ticket_attachments_message_id_fkey";

alter table "public"."ticket_attachments" add constraint "ticket_attachments_object_path_check" CHECK ((char_length(object_path) <= 400)) not valid;

alter table "public"."ticket_attachments" validate constraint "ticket_attachments_object_path_check";

alter table "public"."ticket_attachments" add constraint "ticket_attachments_object_path_key" UNIQUE using index "ticket_attachments_object_path_key";

alter table "public"."ticket_attachments" add constraint "ticket_attachments_size_bytes_check" CHECK (((size_bytes >= 1) AND (size_bytes <= 10485760))) not valid;

alter table "public"."ticket_attachments" validate constraint "ticket_attachments_size_bytes_check";

alter table "public"."ticket_attachments" add constraint "ticket_attachments_ticket_id_fkey" FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE not valid;

alter table "public"."ticket_attachments" validate constraint "ticket_attachments_ticket_id_fkey";

alter table "public"."ticket_attachments" add constraint "ticket_attachments_uploaded_by_fkey" FOREIGN KEY (uploaded_by) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."ticket_attachments" validate constraint "ticket_attachments_uploaded_by_fkey";

alter table "public"."ticket_events" add constraint "ticket_events_actor_id_fkey" FOREIGN KEY (actor_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."ticket_events" validate constraint "ticket_events_actor_id_fkey";

alter table "public"."ticket_events" add constraint "ticket_events_field_check" CHECK ((field = ANY (ARRAY['assignee'::text, 'close_reason'::text, 'company'::text, 'created'::text, 'details'::text, 'location'::text, 'priority'::text, 'service_category'::text, 'split'::text, 'status'::text, 'summary'::text, 'tags'::text]))) not valid;

alter table "public"."ticket_events" validate constraint "ticket_events_field_check";

alter table "public"."ticket_events" add constraint "ticket_events_ticket_id_fkey" FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE not valid;

alter table "public"."ticket_events" validate constraint "ticket_events_ticket_id_fkey";

alter table "public"."ticket_messages" add constraint "ticket_messages_author_name_check" CHECK (((char_length(author_name) >= 1) AND (char_length(author_name) <= 200))) not valid;

alter table "public"."ticket_messages" validate constraint "ticket_messages_author_name_check";

alter table "public"."ticket_messages" add constraint "ticket_messages_body_check" CHECK (((char_length(body) >= 1) AND (char_length(body) <= 4096))) not valid;

alter table "public"."ticket_messages" validate constraint "ticket_messages_body_check";

alter table "public"."ticket_messages" add constraint "ticket_messages_created_by_fkey" FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."ticket_messages" validate constraint "ticket_messages_created_by_fkey";

alter table "public"."ticket_messages" add constraint "ticket_messages_external_id_check" CHECK ((char_length(external_id) <= 500)) not valid;

alter table "public"."ticket_messages" validate constraint "ticket_messages_external_id_check";

alter table "public"."ticket_messages" add constraint "ticket_messages_subject_check" CHECK ((char_length(subject) <= 300)) not valid;

alter table "public"."ticket_messages" validate constraint "ticket_messages_subject_check";

alter table "public"."ticket_messages" add constraint "ticket_messages_ticket_id_fkey" FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE not valid;

alter table "public"."ticket_messages" validate constraint "ticket_messages_ticket_id_fkey";

alter table "public"."ticket_messages" add constraint "ticket_messages_to_from_check" CHECK ((char_length(to_from) <= 200)) not valid;

alter table "public"."ticket_messages" validate constraint "ticket_messages_to_from_check";

alter table "public"."ticket_ratings" add constraint "ticket_ratings_comment_check" CHECK ((char_length(comment) <= 2000)) not valid;

alter table "public"."ticket_ratings" validate constraint "ticket_ratings_comment_check";

alter table "public"."ticket_ratings" add constraint "ticket_ratings_rated_by_fkey" FOREIGN KEY (rated_by) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."ticket_ratings" validate constraint "ticket_ratings_rated_by_fkey";

alter table "public"."ticket_ratings" add constraint "ticket_ratings_rating_check" CHECK (((rating >= 1) AND (rating <= 5))) not valid;

alter table "public"."ticket_ratings" validate constraint "ticket_ratings_rating_check";

alter table "public"."ticket_ratings" add constraint "ticket_ratings_ticket_id_fkey" FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE not valid;

alter table "public"."ticket_ratings" validate constraint "ticket_ratings_ticket_id_fkey";

alter table "public"."tickets" add constraint "tickets_assigned_to_fkey" FOREIGN KEY (assigned_to) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."tickets" validate constraint "tickets_assigned_to_fkey";

alter table "public"."tickets" add constraint "tickets_check" CHECK (((status = 'closed'::public.ticket_status) = (close_reason IS NOT NULL))) not valid;

alter table "public"."tickets" validate constraint "tickets_check";

alter table "public"."tickets" add constraint "tickets_company_id_fkey" FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE SET NULL not valid;

alter table "public"."tickets" validate constraint "tickets_company_id_fkey";

alter table "public"."tickets" add constraint "tickets_contact_phone_check" CHECK ((contact_phone ~ '^\+[1-9][0-9]{7,14}$'::text)) not valid;

alter table "public"."tickets" validate constraint "tickets_contact_phone_check";

alter table "public"."tickets" add constraint "tickets_created_by_user_id_fkey" FOREIGN KEY (created_by_user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."tickets" validate constraint "tickets_created_by_user_id_fkey";

alter table "public"."tickets" add constraint "tickets_details_check" CHECK ((char_length(details) <= 10000)) not valid;

alter table "public"."tickets" validate constraint "tickets_details_check";

alter table "public"."tickets" add constraint "tickets_expected_version_check" CHECK ((expected_version IS NULL)) not valid;

alter table "public"."tickets" validate constraint "tickets_expected_version_check";

alter table "public"."tickets" add constraint "tickets_follow_up_of_fkey" FOREIGN KEY (follow_up_of) REFERENCES public.tickets(id) ON DELETE SET NULL not valid;

alter table "public"."tickets" validate constraint "tickets_follow_up_of_fkey";

alter table "public"."tickets" add constraint "tickets_have_a_requester" CHECK (((created_by_user_id IS NOT NULL) OR (requester_contact_id IS NOT NULL) OR (whatsapp_contact_id IS NOT NULL))) not valid;

alter table "public"."tickets" validate constraint "tickets_have_a_requester";

alter table "public"."tickets" add constraint "tickets_location_check" CHECK ((char_length(location) <= 200)) not valid;

alter table "public"."tickets" validate constraint "tickets_location_check";

alter table "public"."tickets" add constraint "tickets_requester_contact_id_fkey" FOREIGN KEY (requester_contact_id) REFERENCES public.requester_contacts(id) ON DELETE SET NULL not valid;

alter table "public"."tickets" validate constraint "tickets_requester_contact_id_fkey";

alter table "public"."tickets" add constraint "tickets_requester_name_check" CHECK (((char_length(requester_name) >= 1) AND (char_length(requester_name) <= 200))) not valid;

alter table "public"."tickets" validate constraint "tickets_requester_name_check";

alter table "public"."tickets" add constraint "tickets_requester_phone_check" CHECK (((char_length(requester_phone) >= 1) AND (char_length(requester_phone) <= 50))) not valid;

alter table "public"."tickets" validate constraint "tickets_requester_phone_check";

alter table "public"."tickets" add constraint "tickets_service_category_id_check" CHECK ((char_length(service_category_id) <= 100)) not valid;

alter table "public"."tickets" validate constraint "tickets_service_category_id_check";

alter table "public"."tickets" add constraint "tickets_summary_check" CHECK (((char_length(btrim(summary)) >= 1) AND (char_length(btrim(summary)) <= 200))) not valid;

alter table "public"."tickets" validate constraint "tickets_summary_check";

alter table "public"."tickets" add constraint "tickets_tags_check" CHECK (((cardinality(tags) <= 10) AND (array_position(tags, NULL::text) IS NULL) AND ((cardinality(tags) = 0) OR (array_to_string(tags, ' '::text) ~ '^[a-z0-9][a-z0-9-]{0,29}( [a-z0-9][a-z0-9-]{0,29})*$'::text)))) not valid;

alter table "public"."tickets" validate constraint "tickets_tags_check";

alter table "public"."tickets" add constraint "tickets_tracking_ref_check" CHECK ((tracking_ref ~ '^TCK-[A-Z0-9]{6}$'::text)) not valid;

alter table "public"."tickets" validate constraint "tickets_tracking_ref_check";

alter table "public"."tickets" add constraint "tickets_tracking_ref_key" UNIQUE using index "tickets_tracking_ref_key";

alter table "public"."tickets" add constraint "tickets_version_check" CHECK ((version >= 1)) not valid;

alter table "public"."tickets" validate constraint "tickets_version_check";

alter table "public"."tickets" add constraint "tickets_whatsapp_contact_id_fkey" FOREIGN KEY (whatsapp_contact_id) REFERENCES public.whatsapp_contacts(id) not valid;

alter table "public"."tickets" validate constraint "tickets_whatsapp_contact_id_fkey";

alter table "public"."user_roles" add constraint "user_roles_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."user_roles" validate constraint "user_roles_user_id_fkey";

alter table "public"."whatsapp_contacts" add constraint "whatsapp_contacts_check" CHECK (((phone_e164 IS NOT NULL) OR (wa_user_id IS NOT NULL))) not valid;

alter table "public"."whatsapp_contacts" validate constraint "whatsapp_contacts_check";

alter table "public"."whatsapp_contacts" add constraint "whatsapp_contacts_phone_e164_check" CHECK ((phone_e164 ~ '^\+[1-9][0-9]{7,14}$'::text)) not valid;

alter table "public"."whatsapp_contacts" validate constraint "whatsapp_contacts_phone_e164_check";

alter table "public"."whatsapp_contacts" add constraint "whatsapp_contacts_phone_e164_key" UNIQUE using index "whatsapp_contacts_phone_e164_key";

alter table "public"."whatsapp_contacts" add constraint "whatsapp_contacts_profile_name_check" CHECK ((char_length(profile_name) <= 200)) not valid;

alter table "public"."whatsapp_contacts" validate constraint "whatsapp_contacts_profile_name_check";

alter table "public"."whatsapp_contacts" add constraint "whatsapp_contacts_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."whatsapp_contacts" validate constraint "whatsapp_contacts_user_id_fkey";

alter table "public"."whatsapp_contacts" add constraint "whatsapp_contacts_wa_user_id_check" CHECK ((char_length(wa_user_id) <= 200)) not valid;

alter table "public"."whatsapp_contacts" validate constraint "whatsapp_contacts_wa_user_id_check";

alter table "public"."whatsapp_contacts" add constraint "whatsapp_contacts_wa_user_id_key" UNIQUE using index "whatsapp_contacts_wa_user_id_key";

alter table "public"."whatsapp_verified_numbers" add constraint "whatsapp_verified_numbers_phone_e164_check" CHECK ((phone_e164 ~ '^\+[1-9][0-9]{7,14}$'::text)) not valid;

alter table "public"."whatsapp_verified_numbers" validate constraint "whatsapp_verified_numbers_phone_e164_check";

alter table "public"."whatsapp_verified_numbers" add constraint "whatsapp_verified_numbers_phone_e164_ticket_id_key" UNIQUE using index "whatsapp_verified_numbers_phone_e164_ticket_id_key";

alter table "public"."whatsapp_verified_numbers" add constraint "whatsapp_verified_numbers_ticket_id_fkey" FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE not valid;

alter table "public"."whatsapp_verified_numbers" validate constraint "whatsapp_verified_numbers_ticket_id_fkey";

alter table "public"."whatsapp_verified_numbers" add constraint "whatsapp_verified_numbers_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."whatsapp_verified_numbers" validate constraint "whatsapp_verified_numbers_user_id_fkey";

alter table "public"."whatsapp_verified_numbers" add constraint "whatsapp_verified_numbers_via_check" CHECK ((via = ANY (ARRAY['ref'::text, 'code'::text, 'handoff'::text, 'follow_up'::text, 'split'::text, 'migrated'::text]))) not valid;

alter table "public"."whatsapp_verified_numbers" validate constraint "whatsapp_verified_numbers_via_check";

alter table "public"."whatsapp_verified_numbers" add constraint "whatsapp_verified_numbers_wamid_check" CHECK ((char_length(wamid) <= 500)) not valid;

alter table "public"."whatsapp_verified_numbers" validate constraint "whatsapp_verified_numbers_wamid_check";

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

CREATE OR REPLACE FUNCTION private.requester_address(ticket public.tickets)
 RETURNS TABLE(email text, user_id uuid)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select u.email::text, u.id from auth.users u where u.id = ticket.created_by_user_id
  union all
  select c.email, null::uuid from public.requester_contacts c
  where ticket.created_by_user_id is null and c.id = ticket.requester_contact_id
$function$
;

CREATE OR REPLACE FUNCTION private.ticket_payload(ticket public.tickets)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object('tracking_ref', ticket.tracking_ref, 'summary', ticket.summary, 'status', ticket.status,
                            'requester_name', ticket.requester_name, 'details', ticket.details,
                            'channel', ticket.channel)
$function$
;

CREATE OR REPLACE FUNCTION private.ticket_staff(ticket public.tickets)
 RETURNS TABLE(email text, user_id uuid)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select u.email::text, u.id from auth.users u where u.id = ticket.assigned_to
  union all
  select u.email::text, u.id
  from auth.users u
  where ticket.assigned_to is null and u.email is not null
    and u.id = any (array(select r.user_id from public.user_roles r))
$function$
;

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

create policy "canned_replies: add as staff"
  on "public"."canned_replies"
  as permissive
  for insert
  to authenticated
with check ((( SELECT private.is_staff() AS is_staff) AND (created_by = ( SELECT private.uid() AS uid))));

create policy "canned_replies: change own or as provider admin"
  on "public"."canned_replies"
  as permissive
  for update
  to authenticated
using ((( SELECT private.is_staff() AS is_staff) AND ((created_by = ( SELECT private.uid() AS uid)) OR ( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role))))
with check (( SELECT private.is_staff() AS is_staff));

create policy "canned_replies: read as staff"
  on "public"."canned_replies"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_staff() AS is_staff));

create policy "canned_replies: remove own or as provider admin"
  on "public"."canned_replies"
  as permissive
  for delete
  to authenticated
using ((( SELECT private.is_staff() AS is_staff) AND ((created_by = ( SELECT private.uid() AS uid)) OR ( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role))));

create policy "companies: read as member or staff"
  on "public"."companies"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_staff() AS is_staff) OR (id = ANY (ARRAY( SELECT private.member_company_ids() AS member_company_ids)))));

create policy "company_members: read own, own company as admin, or as staff"
  on "public"."company_members"
  as permissive
  for select
  to authenticated
using (((user_id = ( SELECT private.uid() AS uid)) OR ( SELECT private.is_staff() AS is_staff) OR (company_id = ANY (ARRAY( SELECT private.admin_company_ids() AS admin_company_ids)))));

create policy "helpdesk_settings: provider admins change it"
  on "public"."helpdesk_settings"
  as permissive
  for update
  to authenticated
using (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role))
with check ((( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role) AND ((NOT staff_two_factor_required) OR (COALESCE(( SELECT (auth.jwt() ->> 'aal'::text)), ''::text) = 'aal2'::text))));

create policy "helpdesk_settings: read as staff"
  on "public"."helpdesk_settings"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_staff() AS is_staff));

create policy "newsletter_subscribers: read as staff"
  on "public"."newsletter_subscribers"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_staff() AS is_staff));

create policy "notification_preferences: own rows"
  on "public"."notification_preferences"
  as permissive
  for all
  to authenticated
using ((user_id = ( SELECT private.uid() AS uid)))
with check ((user_id = ( SELECT private.uid() AS uid)));

create policy "page_views: read by anyone"
  on "public"."page_views"
  as permissive
  for select
  to anon, authenticated
using (true);

create policy "quote_requests: read as staff"
  on "public"."quote_requests"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_staff() AS is_staff));

create policy "requester_contacts: read as staff"
  on "public"."requester_contacts"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_staff() AS is_staff));

create policy "saved_views: own, as staff"
  on "public"."saved_views"
  as permissive
  for all
  to authenticated
using (((user_id = ( SELECT private.uid() AS uid)) AND ( SELECT private.is_staff() AS is_staff)))
with check (((user_id = ( SELECT private.uid() AS uid)) AND ( SELECT private.is_staff() AS is_staff)));

create policy "sla_targets: provider admins change them"
  on "public"."sla_targets"
  as permissive
  for update
  to authenticated
using (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role))
with check (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role));

create policy "sla_targets: read as staff"
  on "public"."sla_targets"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_staff() AS is_staff));

create policy "support_requests: read as staff"
  on "public"."support_requests"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_staff() AS is_staff));

create policy "ticket_attachments: add to a readable ticket"
  on "public"."ticket_attachments"
  as permissive
  for insert
  to authenticated
with check (((uploaded_by = ( SELECT private.uid() AS uid)) AND ((ticket_created_by_user_id = ( SELECT private.uid() AS uid)) OR (ticket_company_id = ANY (ARRAY( SELECT private.admin_company_ids() AS admin_company_ids))) OR ( SELECT private.is_staff() AS is_staff)) AND ((NOT internal) OR ( SELECT private.is_staff() AS is_staff))));

create policy "ticket_attachments: read with the ticket"
  on "public"."ticket_attachments"
  as permissive
  for select
  to authenticated
using ((((NOT internal) AND ((ticket_created_by_user_id = ( SELECT private.uid() AS uid)) OR (ticket_company_id = ANY (ARRAY( SELECT private.admin_company_ids() AS admin_company_ids))))) OR ( SELECT private.is_staff() AS is_staff)));

create policy "ticket_events: read as staff"
  on "public"."ticket_events"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_staff() AS is_staff));

create policy "ticket_messages: add to a readable ticket"
  on "public"."ticket_messages"
  as permissive
  for insert
  to authenticated
with check (((created_by = ( SELECT private.uid() AS uid)) AND ((ticket_created_by_user_id = ( SELECT private.uid() AS uid)) OR (ticket_company_id = ANY (ARRAY( SELECT private.admin_company_ids() AS admin_company_ids))) OR ( SELECT private.is_staff() AS is_staff)) AND (((direction = 'outbound'::public.message_direction) AND (channel = 'whatsapp'::public.message_channel) AND (status = 'queued'::public.message_status)) OR ((direction = 'inbound'::public.message_direction) AND (channel = ANY (ARRAY['portal'::public.message_channel, 'web'::public.message_channel]))) OR ( SELECT private.is_staff() AS is_staff))));

create policy "ticket_messages: read with the ticket"
  on "public"."ticket_messages"
  as permissive
  for select
  to authenticated
using ((((NOT internal) AND ((ticket_created_by_user_id = ( SELECT private.uid() AS uid)) OR (ticket_company_id = ANY (ARRAY( SELECT private.admin_company_ids() AS admin_company_ids))))) OR ( SELECT private.is_staff() AS is_staff)));

create policy "ticket_messages: update as staff"
  on "public"."ticket_messages"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_staff() AS is_staff))
with check (( SELECT private.is_staff() AS is_staff));

create policy "ticket_ratings: read with the ticket, or as staff"
  on "public"."ticket_ratings"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_staff() AS is_staff) OR (EXISTS ( SELECT 1
   FROM public.tickets t
  WHERE ((t.id = ticket_ratings.ticket_id) AND ((t.created_by_user_id = ( SELECT private.uid() AS uid)) OR (t.company_id = ANY (ARRAY( SELECT private.admin_company_ids() AS admin_company_ids)))))))));

create policy "ticket_ratings: the requester changes their rating"
  on "public"."ticket_ratings"
  as permissive
  for update
  to authenticated
using ((rated_by = ( SELECT private.uid() AS uid)))
with check (((rated_by = ( SELECT private.uid() AS uid)) AND private.can_rate_ticket(ticket_id)));

create policy "ticket_ratings: the requester rates a resolved ticket"
  on "public"."ticket_ratings"
  as permissive
  for insert
  to authenticated
with check (((rated_by = ( SELECT private.uid() AS uid)) AND private.can_rate_ticket(ticket_id)));

create policy "tickets: create as yourself"
  on "public"."tickets"
  as permissive
  for insert
  to authenticated
with check (((created_by_user_id = ( SELECT private.uid() AS uid)) OR ( SELECT private.is_staff() AS is_staff)));

create policy "tickets: delete as provider admin"
  on "public"."tickets"
  as permissive
  for delete
  to authenticated
using (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role));

create policy "tickets: read own, company's as admin, or as staff"
  on "public"."tickets"
  as permissive
  for select
  to authenticated
using (((created_by_user_id = ( SELECT private.uid() AS uid)) OR ( SELECT private.is_staff() AS is_staff) OR (company_id = ANY (ARRAY( SELECT private.admin_company_ids() AS admin_company_ids)))));

create policy "tickets: update own or as staff"
  on "public"."tickets"
  as permissive
  for update
  to authenticated
using (((created_by_user_id = ( SELECT private.uid() AS uid)) OR ( SELECT private.is_staff() AS is_staff)))
with check (((created_by_user_id = ( SELECT private.uid() AS uid)) OR ( SELECT private.is_staff() AS is_staff)));

create policy "user_roles: read own or as provider admin"
  on "public"."user_roles"
  as permissive
  for select
  to authenticated
using (((user_id = ( SELECT private.uid() AS uid)) OR ( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role)));

create policy "whatsapp_contacts: read as staff"
  on "public"."whatsapp_contacts"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_staff() AS is_staff));

create policy "whatsapp_verified_numbers: read as staff"
  on "public"."whatsapp_verified_numbers"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_staff() AS is_staff));

create policy "helpdesk channels: staff present and type"
  on "realtime"."messages"
  as permissive
  for insert
  to authenticated
with check (((extension = ANY (ARRAY['presence'::text, 'broadcast'::text])) AND (( SELECT realtime.topic() AS topic) ~~ 'helpdesk:%'::text) AND ( SELECT private.is_staff() AS is_staff)));

create policy "helpdesk channels: staff read"
  on "realtime"."messages"
  as permissive
  for select
  to authenticated
using (((( SELECT realtime.topic() AS topic) ~~ 'helpdesk:%'::text) AND ( SELECT private.is_staff() AS is_staff)));

create policy "ticket attachments: add to a readable ticket"
  on "storage"."objects"
  as permissive
  for insert
  to authenticated
with check (((bucket_id = 'ticket-attachments'::text) AND (owner_id = (( SELECT private.uid() AS uid))::text) AND private.attachment_path_ok(name) AND private.can_read_ticket(private.attachment_ticket_id(name)) AND ((NOT private.attachment_is_internal(name)) OR ( SELECT private.is_staff() AS is_staff))));

create policy "ticket attachments: read an accepted email's files"
  on "storage"."objects"
  as permissive
  for select
  to authenticated
using (((bucket_id = 'ticket-attachments'::text) AND private.attachment_is_internal(name) AND (EXISTS ( SELECT 1
   FROM public.ticket_attachments a
  WHERE ((a.object_path = objects.name) AND (NOT a.internal))))));

create policy "ticket attachments: read with the ticket"
  on "storage"."objects"
  as permissive
  for select
  to authenticated
using (((bucket_id = 'ticket-attachments'::text) AND private.can_read_ticket(private.attachment_ticket_id(name)) AND ((NOT private.attachment_is_internal(name)) OR ( SELECT private.is_staff() AS is_staff))));

create policy "ticket attachments: uploader or staff remove"
  on "storage"."objects"
  as permissive
  for delete
  to authenticated
using (((bucket_id = 'ticket-attachments'::text) AND ((owner_id = (( SELECT private.uid() AS uid))::text) OR ( SELECT private.is_staff() AS is_staff))));

CREATE TRIGGER on_email_confirmed_attach_requests AFTER INSERT OR UPDATE OF email_confirmed_at, email ON auth.users FOR EACH ROW EXECUTE FUNCTION private.attach_requester_contacts();

CREATE TRIGGER notification_outbox_notify AFTER INSERT ON private.notification_outbox FOR EACH STATEMENT EXECUTE FUNCTION private.notify_outbox();

CREATE TRIGGER companies_rename_on_tickets AFTER UPDATE OF name ON public.companies FOR EACH ROW WHEN ((new.name IS DISTINCT FROM old.name)) EXECUTE FUNCTION private.rename_company_on_tickets();

CREATE TRIGGER helpdesk_settings_stamp BEFORE UPDATE ON public.helpdesk_settings FOR EACH ROW EXECUTE FUNCTION private.stamp_helpdesk_settings();

CREATE TRIGGER ticket_attachments_check BEFORE INSERT ON public.ticket_attachments FOR EACH ROW EXECUTE FUNCTION private.check_ticket_attachment();

CREATE TRIGGER ticket_attachments_copy_ticket_access BEFORE INSERT OR UPDATE OF ticket_id ON public.ticket_attachments FOR EACH ROW EXECUTE FUNCTION private.copy_ticket_access();

CREATE TRIGGER ticket_messages_copy_ticket_access BEFORE INSERT OR UPDATE OF ticket_id ON public.ticket_messages FOR EACH ROW EXECUTE FUNCTION private.copy_ticket_access();

CREATE TRIGGER ticket_messages_enforce_insert_rules BEFORE INSERT ON public.ticket_messages FOR EACH ROW EXECUTE FUNCTION private.enforce_message_insert_rules();

CREATE TRIGGER ticket_messages_enforce_rules BEFORE UPDATE ON public.ticket_messages FOR EACH ROW EXECUTE FUNCTION private.enforce_message_rules();

CREATE TRIGGER ticket_messages_move_ticket AFTER INSERT ON public.ticket_messages FOR EACH ROW EXECUTE FUNCTION private.message_moves_ticket();

CREATE TRIGGER ticket_messages_notify AFTER INSERT ON public.ticket_messages FOR EACH ROW EXECUTE FUNCTION private.message_notifications();

CREATE TRIGGER ticket_messages_stamp_author BEFORE INSERT ON public.ticket_messages FOR EACH ROW EXECUTE FUNCTION private.stamp_message_author();

CREATE TRIGGER ticket_messages_touch_ticket AFTER INSERT ON public.ticket_messages FOR EACH ROW EXECUTE FUNCTION private.touch_ticket_activity();

CREATE TRIGGER ticket_ratings_touch BEFORE UPDATE ON public.ticket_ratings FOR EACH ROW EXECUTE FUNCTION private.touch_rating();

CREATE TRIGGER tickets_access_follows AFTER UPDATE OF created_by_user_id, company_id ON public.tickets FOR EACH ROW WHEN (((old.created_by_user_id IS DISTINCT FROM new.created_by_user_id) OR (old.company_id IS DISTINCT FROM new.company_id))) EXECUTE FUNCTION private.ticket_access_follows();

CREATE TRIGGER tickets_check_follow_up BEFORE INSERT ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.check_ticket_follow_up();

CREATE TRIGGER tickets_check_version BEFORE UPDATE ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.check_ticket_version();

CREATE TRIGGER tickets_enforce_rules BEFORE INSERT OR UPDATE ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.enforce_ticket_rules();

CREATE TRIGGER tickets_file_under_company BEFORE INSERT ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.file_ticket_under_company();

CREATE TRIGGER tickets_log_changes AFTER INSERT OR UPDATE ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.log_ticket_changes();

CREATE TRIGGER tickets_notify_changed AFTER UPDATE ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.ticket_changed_notifications();

CREATE TRIGGER tickets_notify_created AFTER INSERT ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.ticket_created_notifications();

CREATE TRIGGER tickets_stamp_names BEFORE INSERT OR UPDATE ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.stamp_ticket_names();

CREATE TRIGGER tickets_stamp_requester BEFORE INSERT ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.stamp_ticket_requester();

CREATE TRIGGER tickets_stamp_sla BEFORE INSERT OR UPDATE ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.stamp_sla();

CREATE TRIGGER user_roles_staff_flag AFTER INSERT OR DELETE OR UPDATE ON public.user_roles FOR EACH ROW EXECUTE FUNCTION private.sync_staff_flag();

revoke all on function private.admin_company_ids() from public, anon, authenticated, service_role;

revoke all on function private.attach_requester_contacts() from public, anon, authenticated, service_role;

revoke all on function private.attachment_is_internal(object_name text) from public, anon, authenticated, service_role;

revoke all on function private.attachment_path_ok(object_name text) from public, anon, authenticated, service_role;

revoke all on function private.attachment_ticket_id(object_name text) from public, anon, authenticated, service_role;

revoke all on function private.business_add(p_start timestamp with time zone, p_minutes integer) from public, anon, authenticated, service_role;

revoke all on function private.business_minutes(p_from timestamp with time zone, p_to timestamp with time zone) from public, anon, authenticated, service_role;

revoke all on function private.call_outbox_worker() from public, anon, authenticated, service_role;

revoke all on function private.can_rate_ticket(ticket uuid) from public, anon, authenticated, service_role;

revoke all on function private.can_read_ticket(ticket uuid) from public, anon, authenticated, service_role;

revoke all on function private.check_ticket_attachment() from public, anon, authenticated, service_role;

revoke all on function private.check_ticket_follow_up() from public, anon, authenticated, service_role;

revoke all on function private.check_ticket_version() from public, anon, authenticated, service_role;

revoke all on function private.clear_configuration_warning(p_name text) from public, anon, authenticated, service_role;

revoke all on function private.company_name(company uuid) from public, anon, authenticated, service_role;

revoke all on function private.copy_ticket_access() from public, anon, authenticated, service_role;

revoke all on function private.display_name(person uuid) from public, anon, authenticated, service_role;

revoke all on function private.e164(raw text) from public, anon, authenticated, service_role;

revoke all on function private.easter_sunday(y integer) from public, anon, authenticated, service_role;

revoke all on function private.enforce_message_insert_rules() from public, anon, authenticated, service_role;

revoke all on function private.enforce_message_rules() from public, anon, authenticated, service_role;

revoke all on function private.enforce_ticket_rules() from public, anon, authenticated, service_role;

revoke all on function private.enqueue_auto_reply(p_reason text, p_event_id text, p_recipient text, p_payload jsonb) from public, anon, authenticated, service_role;

revoke all on function private.enqueue_email(p_key text, p_event text, p_category text, p_ticket uuid, p_message uuid, p_recipient text, p_recipient_user uuid, p_payload jsonb) from public, anon, authenticated, service_role;

revoke all on function private.file_ticket_under_company() from public, anon, authenticated, service_role;

revoke all on function private.has_role(wanted public.staff_role) from public, anon, authenticated, service_role;

revoke all on function private.is_business_day(d date) from public, anon, authenticated, service_role;

revoke all on function private.is_company_admin(company uuid) from public, anon, authenticated, service_role;

revoke all on function private.is_company_member(company uuid) from public, anon, authenticated, service_role;

revoke all on function private.is_staff() from public, anon, authenticated, service_role;

revoke all on function private.keep_accepted_mail_files(item public.ticket_messages, ticket public.tickets, words text) from public, anon, authenticated, service_role;

revoke all on function private.log_ticket_changes() from public, anon, authenticated, service_role;

revoke all on function private.member_company_ids() from public, anon, authenticated, service_role;

revoke all on function private.message_moves_ticket() from public, anon, authenticated, service_role;

revoke all on function private.message_notifications() from public, anon, authenticated, service_role;

revoke all on function private.message_status_rank(s public.message_status) from public, anon, authenticated, service_role;

revoke all on function private.new_form_reference(prefix text) from public, anon, authenticated, service_role;

revoke all on function private.new_tracking_ref() from public, anon, authenticated, service_role;

revoke all on function private.note_configuration_warning(p_name text, p_detail text) from public, anon, authenticated, service_role;

revoke all on function private.notifications_off() from public, anon, authenticated, service_role;

revoke all on function private.notify_outbox() from public, anon, authenticated, service_role;

revoke all on function private.nudge_outbox_worker() from public, anon, authenticated, service_role;

revoke all on function private.queue_search_ids(pattern text) from public, anon, authenticated, service_role;

revoke all on function private.rename_company_on_tickets() from public, anon, authenticated, service_role;

revoke all on function private.requester_address(ticket public.tickets) from public, anon, authenticated, service_role;

revoke all on function private.requester_company(requester uuid) from public, anon, authenticated, service_role;

revoke all on function private.staff_name(person uuid) from public, anon, authenticated, service_role;

revoke all on function private.staff_two_factor_required() from public, anon, authenticated, service_role;

revoke all on function private.stamp_helpdesk_settings() from public, anon, authenticated, service_role;

revoke all on function private.stamp_message_author() from public, anon, authenticated, service_role;

revoke all on function private.stamp_sla() from public, anon, authenticated, service_role;

revoke all on function private.stamp_ticket_names() from public, anon, authenticated, service_role;

revoke all on function private.stamp_ticket_requester() from public, anon, authenticated, service_role;

revoke all on function private.sync_staff_flag() from public, anon, authenticated, service_role;

revoke all on function private.ticket_access_follows() from public, anon, authenticated, service_role;

revoke all on function private.ticket_changed_notifications() from public, anon, authenticated, service_role;

revoke all on function private.ticket_created_notifications() from public, anon, authenticated, service_role;

revoke all on function private.ticket_payload(ticket public.tickets) from public, anon, authenticated, service_role;

revoke all on function private.ticket_staff(ticket public.tickets) from public, anon, authenticated, service_role;

revoke all on function private.ticket_whatsapp_number(p_ticket uuid) from public, anon, authenticated, service_role;

revoke all on function private.touch_rating() from public, anon, authenticated, service_role;

revoke all on function private.touch_ticket_activity() from public, anon, authenticated, service_role;

revoke all on function private.uid() from public, anon, authenticated, service_role;

revoke all on function private.unverified_email_item(p_message uuid) from public, anon, authenticated, service_role;

revoke all on function private.unverified_ticket_details() from public, anon, authenticated, service_role;

revoke all on function private.unverified_ticket_summary() from public, anon, authenticated, service_role;

revoke all on function private.vault_secret(p_name text) from public, anon, authenticated, service_role;

revoke all on function private.whatsapp_claimed(p_ticket uuid, p_phone text, p_words text) from public, anon, authenticated, service_role;

revoke all on function private.whatsapp_code(p_ticket uuid, p_user uuid, p_days_ago integer) from public, anon, authenticated, service_role;

revoke all on function private.whatsapp_codes_blocked(p_phone text, p_ticket uuid) from public, anon, authenticated, service_role;

revoke all on function private.whatsapp_state(p_phone text, p_ticket uuid) from public, anon, authenticated, service_role;

revoke all on function private.whatsapp_taken(p_ticket uuid, p_phone text) from public, anon, authenticated, service_role;

revoke all on function private.whatsapp_verified_for(p_ticket uuid, p_phone text) from public, anon, authenticated, service_role;

revoke all on function public.accept_unverified_email(p_message uuid) from public, anon, authenticated, service_role;

revoke all on function public.ask_customer(p_ticket uuid, p_version integer, p_question text) from public, anon, authenticated, service_role;

revoke all on function public.begin_two_factor_attempt() from public, anon, authenticated, service_role;

revoke all on function public.bulk_change_tickets(p_tickets jsonb, p_set_assignee boolean, p_assignee uuid, p_status public.ticket_status, p_close_reason public.close_reason, p_priority public.ticket_priority) from public, anon, authenticated, service_role;

revoke all on function public.close_resolved_tickets(p_remind_days integer, p_close_days integer) from public, anon, authenticated, service_role;

revoke all on function public.configuration_status(p_project_url text) from public, anon, authenticated, service_role;

revoke all on function public.discard_unverified_email(p_message uuid) from public, anon, authenticated, service_role;

revoke all on function public.helpdesk_queue(p_status text, p_priority public.ticket_priority, p_assignee text, p_company uuid, p_channel public.message_channel, p_breached boolean, p_search text, p_sort text, p_descending boolean, p_cursor_value text, p_cursor_created_at timestamp with time zone, p_cursor_id uuid, p_backwards boolean, p_limit integer) from public, anon, authenticated, service_role;

revoke all on function public.hit_page_view(p_namespace text, p_page_key text) from public, anon, authenticated, service_role;

revoke all on function public.hook_mfa_verification_attempt(event jsonb) from public, anon, authenticated, service_role;

revoke all on function public.inbound_event_claim(p_provider text, p_event_id text) from public, anon, authenticated, service_role;

revoke all on function public.inbound_event_record(p_provider text, p_event_id text, p_outcome text, p_detail jsonb) from public, anon, authenticated, service_role;

revoke all on function public.inbound_event_release(p_provider text, p_event_id text) from public, anon, authenticated, service_role;

revoke all on function public.log_ticket_for_client(p_email text, p_full_name text, p_phone text, p_channel public.message_channel, p_summary text, p_details text, p_priority public.ticket_priority) from public, anon, authenticated, service_role;

revoke all on function public.outbox_bounced(p_id bigint, p_detail text) from public, anon, authenticated, service_role;

revoke all on function public.outbox_claim(p_worker text, p_limit integer, p_lease_seconds integer) from public, anon, authenticated, service_role;

revoke all on function public.outbox_complete(p_id bigint, p_provider_id text) from public, anon, authenticated, service_role;

revoke all on function public.outbox_dead_letters(p_limit integer) from public, anon, authenticated, service_role;

revoke all on function public.outbox_expire_parked(p_days integer) from public, anon, authenticated, service_role;

revoke all on function public.outbox_fail(p_id bigint, p_error text, p_retry_after_seconds integer, p_permanent boolean) from public, anon, authenticated, service_role;

revoke all on function public.outbox_park(p_id bigint, p_template_wamid text) from public, anon, authenticated, service_role;

revoke all on function public.outbox_prune(p_days integer) from public, anon, authenticated, service_role;

revoke all on function public.outbox_release(p_ids bigint[]) from public, anon, authenticated, service_role;

revoke all on function public.outbox_retry(p_ids bigint[]) from public, anon, authenticated, service_role;

revoke all on function public.rate_limit_hit(p_bucket text, p_key text, p_window_seconds integer, p_max integer) from public, anon, authenticated, service_role;

revoke all on function public.receive_email(p jsonb) from public, anon, authenticated, service_role;

revoke all on function public.receive_email_files(p_ticket uuid, p_email_id text, p_from text) from public, anon, authenticated, service_role;

revoke all on function public.receive_whatsapp(p jsonb) from public, anon, authenticated, service_role;

revoke all on function public.remove_staff_two_factor(staff_member uuid) from public, anon, authenticated, service_role;

revoke all on function public.send_whatsapp_reply(p_ticket uuid, p_body text) from public, anon, authenticated, service_role;

revoke all on function public.sla_report(p_since timestamp with time zone) from public, anon, authenticated, service_role;

revoke all on function public.split_whatsapp_message(p_message uuid) from public, anon, authenticated, service_role;

revoke all on function public.staff_members() from public, anon, authenticated, service_role;

revoke all on function public.staff_two_factor_overview() from public, anon, authenticated, service_role;

revoke all on function public.staff_two_factor_state() from public, anon, authenticated, service_role;

revoke all on function public.submit_web_request(p_kind text, p_request jsonb, p_ticket jsonb) from public, anon, authenticated, service_role;

revoke all on function public.ticket_whatsapp(p_ticket uuid) from public, anon, authenticated, service_role;

revoke all on function public.two_factor_attempt_succeeded(attempt uuid) from public, anon, authenticated, service_role;

revoke all on function public.unsubscribe_email(p_email text, p_category text) from public, anon, authenticated, service_role;

revoke all on function public.user_emails(user_ids uuid[]) from public, anon, authenticated, service_role;

revoke all on function public.whatsapp_send_state(p_phone text, p_ticket uuid) from public, anon, authenticated, service_role;

revoke all on function public.whatsapp_status(p jsonb) from public, anon, authenticated, service_role;

revoke all on function public.whatsapp_verification_code(p_ticket uuid) from public, anon, authenticated, service_role;

revoke all on sequence private.notification_outbox_id_seq from public, anon, authenticated, service_role;

revoke all on sequence private.staff_audit_log_id_seq from public, anon, authenticated, service_role;

revoke all on sequence public.ticket_events_id_seq from public, anon, authenticated, service_role;

revoke all on table private.configuration_warnings from public, anon, authenticated, service_role;

revoke all on table private.email_suppressions from public, anon, authenticated, service_role;

revoke all on table private.inbound_events from public, anon, authenticated, service_role;

revoke all on table private.notification_outbox from public, anon, authenticated, service_role;

revoke all on table private.public_holidays from public, anon, authenticated, service_role;

revoke all on table private.rate_limits from public, anon, authenticated, service_role;

revoke all on table private.staff_audit_log from public, anon, authenticated, service_role;

revoke all on table private.two_factor_attempts from public, anon, authenticated, service_role;

revoke all on table private.whatsapp_code_key from public, anon, authenticated, service_role;

revoke all on table public.canned_replies from public, anon, authenticated, service_role;

revoke all on table public.companies from public, anon, authenticated, service_role;

revoke all on table public.company_members from public, anon, authenticated, service_role;

revoke all on table public.helpdesk_settings from public, anon, authenticated, service_role;

revoke all on table public.newsletter_subscribers from public, anon, authenticated, service_role;

revoke all on table public.notification_preferences from public, anon, authenticated, service_role;

revoke all on table public.page_views from public, anon, authenticated, service_role;

revoke all on table public.quote_requests from public, anon, authenticated, service_role;

revoke all on table public.requester_contacts from public, anon, authenticated, service_role;

revoke all on table public.saved_views from public, anon, authenticated, service_role;

revoke all on table public.sla_targets from public, anon, authenticated, service_role;

revoke all on table public.support_requests from public, anon, authenticated, service_role;

revoke all on table public.ticket_attachments from public, anon, authenticated, service_role;

revoke all on table public.ticket_events from public, anon, authenticated, service_role;

revoke all on table public.ticket_messages from public, anon, authenticated, service_role;

revoke all on table public.ticket_ratings from public, anon, authenticated, service_role;

revoke all on table public.tickets from public, anon, authenticated, service_role;

revoke all on table public.user_roles from public, anon, authenticated, service_role;

revoke all on table public.whatsapp_contacts from public, anon, authenticated, service_role;

revoke all on table public.whatsapp_verified_numbers from public, anon, authenticated, service_role;

grant execute on function private.admin_company_ids() to anon, authenticated, service_role;

grant execute on function private.attachment_is_internal(object_name text) to authenticated, service_role;

grant execute on function private.attachment_path_ok(object_name text) to authenticated, service_role;

grant execute on function private.attachment_ticket_id(object_name text) to authenticated, service_role;

grant execute on function private.business_add(p_start timestamp with time zone, p_minutes integer) to service_role;

grant execute on function private.business_minutes(p_from timestamp with time zone, p_to timestamp with time zone) to service_role;

grant execute on function private.can_rate_ticket(ticket uuid) to authenticated, service_role;

grant execute on function private.can_read_ticket(ticket uuid) to authenticated, service_role;

grant execute on function private.company_name(company uuid) to authenticated, service_role;

grant execute on function private.enforce_ticket_rules() to public;

grant execute on function private.has_role(wanted public.staff_role) to anon, authenticated, service_role;

grant execute on function private.is_company_admin(company uuid) to anon, authenticated, service_role;

grant execute on function private.is_company_member(company uuid) to anon, authenticated, service_role;

grant execute on function private.is_staff() to anon, authenticated, service_role;

grant execute on function private.member_company_ids() to anon, authenticated, service_role;

grant execute on function private.new_tracking_ref() to authenticated, service_role;

grant execute on function private.queue_search_ids(pattern text) to authenticated, service_role;

grant execute on function private.requester_company(requester uuid) to authenticated, service_role;

grant execute on function private.staff_name(person uuid) to authenticated, service_role;

grant execute on function private.staff_two_factor_required() to anon, authenticated, service_role;

grant execute on function private.stamp_helpdesk_settings() to public;

grant execute on function private.uid() to anon, authenticated, public, service_role;

grant execute on function public.accept_unverified_email(p_message uuid) to authenticated, service_role;

grant execute on function public.ask_customer(p_ticket uuid, p_version integer, p_question text) to authenticated, service_role;

grant execute on function public.begin_two_factor_attempt() to authenticated, service_role;

grant execute on function public.bulk_change_tickets(p_tickets jsonb, p_set_assignee boolean, p_assignee uuid, p_status public.ticket_status, p_close_reason public.close_reason, p_priority public.ticket_priority) to authenticated, service_role;

grant execute on function public.close_resolved_tickets(p_remind_days integer, p_close_days integer) to service_role;

grant execute on function public.configuration_status(p_project_url text) to service_role;

grant execute on function public.discard_unverified_email(p_message uuid) to authenticated, service_role;

grant execute on function public.helpdesk_queue(p_status text, p_priority public.ticket_priority, p_assignee text, p_company uuid, p_channel public.message_channel, p_breached boolean, p_search text, p_sort text, p_descending boolean, p_cursor_value text, p_cursor_created_at timestamp with time zone, p_cursor_id uuid, p_backwards boolean, p_limit integer) to authenticated, service_role;

grant execute on function public.hit_page_view(p_namespace text, p_page_key text) to service_role;

grant execute on function public.hook_mfa_verification_attempt(event jsonb) to supabase_auth_admin;

grant execute on function public.inbound_event_claim(p_provider text, p_event_id text) to service_role;

grant execute on function public.inbound_event_record(p_provider text, p_event_id text, p_outcome text, p_detail jsonb) to service_role;

grant execute on function public.inbound_event_release(p_provider text, p_event_id text) to service_role;

grant execute on function public.log_ticket_for_client(p_email text, p_full_name text, p_phone text, p_channel public.message_channel, p_summary text, p_details text, p_priority public.ticket_priority) to authenticated, service_role;

grant execute on function public.outbox_bounced(p_id bigint, p_detail text) to service_role;

grant execute on function public.outbox_claim(p_worker text, p_limit integer, p_lease_seconds integer) to service_role;

grant execute on function public.outbox_complete(p_id bigint, p_provider_id text) to service_role;

grant execute on function public.outbox_dead_letters(p_limit integer) to authenticated, service_role;

grant execute on function public.outbox_expire_parked(p_days integer) to service_role;

grant execute on function public.outbox_fail(p_id bigint, p_error text, p_retry_after_seconds integer, p_permanent boolean) to service_role;

grant execute on function public.outbox_park(p_id bigint, p_template_wamid text) to service_role;

grant execute on function public.outbox_prune(p_days integer) to service_role;

grant execute on function public.outbox_release(p_ids bigint[]) to service_role;

grant execute on function public.outbox_retry(p_ids bigint[]) to authenticated, service_role;

grant execute on function public.rate_limit_hit(p_bucket text, p_key text, p_window_seconds integer, p_max integer) to service_role;

grant execute on function public.receive_email_files(p_ticket uuid, p_email_id text, p_from text) to service_role;

grant execute on function public.receive_email(p jsonb) to service_role;

grant execute on function public.receive_whatsapp(p jsonb) to service_role;

grant execute on function public.remove_staff_two_factor(staff_member uuid) to authenticated, service_role;

grant execute on function public.send_whatsapp_reply(p_ticket uuid, p_body text) to authenticated, service_role;

grant execute on function public.sla_report(p_since timestamp with time zone) to authenticated, service_role;

grant execute on function public.split_whatsapp_message(p_message uuid) to authenticated, service_role;

grant execute on function public.staff_members() to authenticated, service_role;

grant execute on function public.staff_two_factor_overview() to authenticated, service_role;

grant execute on function public.staff_two_factor_state() to authenticated, service_role;

grant execute on function public.submit_web_request(p_kind text, p_request jsonb, p_ticket jsonb) to service_role;

grant execute on function public.ticket_whatsapp(p_ticket uuid) to authenticated, service_role;

grant execute on function public.two_factor_attempt_succeeded(attempt uuid) to authenticated, service_role;

grant execute on function public.unsubscribe_email(p_email text, p_category text) to service_role;

grant execute on function public.user_emails(user_ids uuid[]) to authenticated, service_role;

grant execute on function public.whatsapp_send_state(p_phone text, p_ticket uuid) to service_role;

grant execute on function public.whatsapp_status(p jsonb) to service_role;

grant execute on function public.whatsapp_verification_code(p_ticket uuid) to authenticated, service_role;

grant usage on schema private to anon, authenticated, service_role;

grant select, update, usage on sequence public.ticket_events_id_seq to anon, authenticated, service_role;

grant all on table public.canned_replies to service_role;

grant delete, select, insert (body, title), update (body, title) on table public.canned_replies to authenticated;

grant all on table public.companies to service_role;

grant select on table public.companies to anon, authenticated;

grant all on table public.company_members to service_role;

grant select on table public.company_members to anon, authenticated;

grant all on table public.helpdesk_settings to service_role;

grant select, update (staff_two_factor_required) on table public.helpdesk_settings to authenticated;

grant all on table public.newsletter_subscribers to service_role;

grant select on table public.newsletter_subscribers to anon, authenticated;

grant all on table public.notification_preferences to service_role;

grant delete, insert, select, update on table public.notification_preferences to authenticated;

grant all on table public.page_views to service_role;

grant select on table public.page_views to anon, authenticated;

grant all on table public.quote_requests to service_role;

grant select on table public.quote_requests to anon, authenticated;

grant all on table public.requester_contacts to service_role;

grant select on table public.requester_contacts to authenticated;

grant all on table public.saved_views to service_role;

grant delete, select, insert (name, query), update (name, query) on table public.saved_views to authenticated;

grant all on table public.sla_targets to service_role;

grant select, update (first_response_minutes, resolution_minutes) on table public.sla_targets to authenticated;

grant all on table public.support_requests to service_role;

grant select on table public.support_requests to anon, authenticated;

grant all on table public.ticket_attachments to service_role;

grant select, insert (content_type, file_name, internal, message_id, object_path, size_bytes, ticket_id) on table public.ticket_attachments to authenticated;

grant all on table public.ticket_events to service_role;

grant select on table public.ticket_events to authenticated;

grant all on table public.ticket_messages to service_role;

grant select, insert (body, channel, created_by, direction, metadata, status, subject, ticket_id, to_from), update (metadata, status) on table public.ticket_messages to authenticated;

grant all on table public.ticket_ratings to service_role;

grant select, insert (comment, rated_by, rating, ticket_id), update (comment, rated_by, rating, ticket_id) on table public.ticket_ratings to authenticated;

grant all on table public.tickets to service_role;

grant delete, select, insert (assigned_to, channel, close_reason, company_id, contact_phone, created_by_user_id, details, follow_up_of, location, priority, service_category_id, status, summary), update (assigned_to, channel, close_reason, company_id, details, expected_version, location, priority, service_category_id, status, summary, tags, version) on table public.tickets to authenticated;

grant all on table public.user_roles to service_role;

grant select on table public.user_roles to anon, authenticated;

grant all on table public.whatsapp_contacts to service_role;

grant select on table public.whatsapp_contacts to authenticated;

grant all on table public.whatsapp_verified_numbers to service_role;

grant select on table public.whatsapp_verified_numbers to authenticated;

comment on column private.two_factor_attempts.seen_by_auth is 'Auth checked this code and found it wrong (the hook); false while it is only the portal''s reservation.';

comment on column public.helpdesk_settings.staff_two_factor_required is 'While true, staff powers need a session signed in with two factors (JWT aal = aal2).';

comment on column public.ticket_attachments.ticket_company_id is 'The ticket''s company, copied for row-level security (private.copy_ticket_access).';

comment on column public.ticket_attachments.ticket_created_by_user_id is 'The ticket''s requester, copied for row-level security (private.copy_ticket_access).';

comment on column public.ticket_messages.author_kind is 'customer, staff (a user_roles row) or system (automatic messages). Set by the database on insert.';

comment on column public.ticket_messages.author_name is 'The author''s name when the message was written (full_name, else the address before the @). Set by the database.';

comment on column public.ticket_messages.ticket_company_id is 'The ticket''s company, copied for row-level security (private.copy_ticket_access).';

comment on column public.ticket_messages.ticket_created_by_user_id is 'The ticket''s requester, copied for row-level security (private.copy_ticket_access).';

comment on column public.tickets.expected_version is 'Write-only: the tickets.version a change is based on. Required on every staff change (PT428 without it, PT409 when stale); never stored.';

comment on column public.tickets.requester_phone is 'The phone number given for this ticket, as typed (an agent logging it for a client). Shown to staff; never messaged.';

comment on column public.tickets.version is 'Bumped by every update. Send the version you loaded with your update: a stale one is refused (PT409).';

comment on function private.uid() is 'auth.uid() for policies: called, not inlined, so a statement does not re-parse its body (20261127000400).';

comment on function public.begin_two_factor_attempt() is 'Reserves one of the caller''s 5 two-factor attempts per 15 minutes, or says how long to wait.';

comment on function public.hook_mfa_verification_attempt(event jsonb) is 'Auth''s MFA verification attempt hook: counts wrong codes per account, refuses all past 5 in 15 minutes.';

comment on function public.remove_staff_two_factor(staff_member uuid) is 'A provider admin removes a staff member''s authenticator factors and sessions; logged.';

comment on function public.two_factor_attempt_succeeded(attempt uuid) is 'Clears a reservation once the caller''s session has two factors (the code was right).';

comment on table private.configuration_warnings is 'Configuration the product found missing while it kept working (no policies: read through public.configuration_status()).';

comment on table private.staff_audit_log is 'What provider admins did to staff accounts, by whom and when (names kept as they were then).';

comment on table private.two_factor_attempts is 'Two-factor codes tried at sign-in and not (yet) proven right; 5 per account in 15 minutes.';

comment on table public.helpdesk_settings is 'One row of provider-wide helpdesk settings. Staff read it; provider admins change it.';

comment on table public.notification_preferences is 'A user''s opt-outs (and opt-ins again). No row = enabled.';

comment on table public.ticket_events is 'Every change to a ticket, written by private.log_ticket_changes(); read by staff.';

comment on table public.user_roles is 'Provider staff roles. Granted only by the service role (create-company-admin) or SQL.';

alter publication supabase_realtime add table public.ticket_attachments;

alter publication supabase_realtime add table public.ticket_messages;

alter publication supabase_realtime add table public.tickets;

do $$
begin
  if current_setting('server_version_num')::integer >= 170000 then
    execute 'alter default privileges for role postgres in schema public revoke maintain on tables from anon, authenticated';
  end if;
end
$$;

alter default privileges for role postgres in schema public revoke references, trigger, truncate on tables from anon, authenticated;

reset check_function_bodies;

-- =================================================================================================
-- Written by hand: what a schema diff does not carry (rows, and what exists only on some servers).
-- =================================================================================================

-- The bucket for ticket attachments (Storage policies above decide who reads and writes its files;
-- this never alters storage.objects itself, which the migration role does not own on hosted).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('ticket-attachments', 'ticket-attachments', false, 10485760, array[
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain', 'text/csv',
  'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'])
on conflict (id) do nothing;

-- South African public holidays, 2000 to 2100 (Public Holidays Act 36 of 1994): the fixed dates,
-- Good Friday and Family Day from Easter, and a holiday on a Sunday observed on the Monday.
insert into private.public_holidays (day, name)
select distinct on (observed) observed, name
from (
  select h.day, h.name, y
  from generate_series(2000, 2100) as y
  cross join lateral (values
    (make_date(y, 1, 1), 'New Year''s Day'),
    (make_date(y, 3, 21), 'Human Rights Day'),
    (private.easter_sunday(y) - 2, 'Good Friday'),
    (private.easter_sunday(y) + 1, 'Family Day'),
    (make_date(y, 4, 27), 'Freedom Day'),
    (make_date(y, 5, 1), 'Workers'' Day'),
    (make_date(y, 6, 16), 'Youth Day'),
    (make_date(y, 8, 9), 'National Women''s Day'),
    (make_date(y, 9, 24), 'Heritage Day'),
    (make_date(y, 12, 16), 'Day of Reconciliation'),
    (make_date(y, 12, 25), 'Christmas Day'),
    (make_date(y, 12, 26), 'Day of Goodwill')
  ) as h (day, name)
) as fixed
cross join lateral (
  select fixed.day as observed
  union all
  select fixed.day + 1 where extract(isodow from fixed.day) = 7
) as o
order by observed, name;

-- Service levels per priority, in business minutes (first response, resolution).
insert into public.sla_targets (priority, first_response_minutes, resolution_minutes) values
  ('urgent', 60, 240),
  ('high', 120, 540),
  ('normal', 240, 1080),
  ('low', 540, 2700);

-- The one row of provider-wide helpdesk settings.
insert into public.helpdesk_settings (id) values (true);

-- The key the portal's WhatsApp codes are derived with (random per database, never leaves it).
insert into private.whatsapp_code_key (key) values (extensions.gen_random_bytes(32));

-- The outbox worker on a hosted Supabase project (messaging-contract.md §8): pg_cron calls it every
-- 10 seconds through pg_net, and a statement-level trigger calls it as soon as a transaction writes
-- the outbox, so a reply leaves within about a second. Both read the project URL and the worker's
-- own secret from Vault (never the service-role key: pg_net's queue shows its headers):
--   select vault.create_secret('https://<ref>.supabase.co', 'project_url');
--   select vault.create_secret('<the OUTBOX_WORKER_SECRET function secret>', 'outbox_worker_secret');
-- Until both exist private.call_outbox_worker calls nothing and records a configuration warning.
-- Where pg_cron or pg_net is not available (the embedded PostgreSQL of packages/local-supabase,
-- whose driver does the same job) this block does nothing.
do $migration$
begin
  if not (exists (select 1 from pg_available_extensions where name = 'pg_cron')
          and exists (select 1 from pg_available_extensions where name = 'pg_net')) then
    raise notice 'pg_cron or pg_net not available: the outbox worker is scheduled elsewhere';
    return;
  end if;

  create extension if not exists pg_cron;
  create extension if not exists pg_net with schema extensions;

  execute 'create trigger notification_outbox_nudge after insert on private.notification_outbox
             for each statement execute function private.nudge_outbox_worker()';

  perform cron.schedule('outbox-worker', '10 seconds', 'select private.call_outbox_worker()');
  perform cron.schedule('outbox-prune', '17 3 * * *', 'select public.outbox_prune(30)');
end
$migration$;
