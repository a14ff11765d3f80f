-- The notification outbox: what is sent to whom, preferences and suppressions, the worker's claim and
-- completion, and the hosted nudge (its trigger and cron schedule are in the baseline migration,
-- where pg_cron and pg_net exist).
--
-- Bodies are checked when they run, not here: functions in this file read tables that later
-- files create (plpgsql checks nothing at creation; sql would parse its body).
set check_function_bodies = off;

-- Nothing fails for want of configuration (issue 44, part 1). On a fresh hosted project the two
-- Vault secrets the outbox nudge reads (the baseline migration, by hand) do not exist yet, so
-- net.http_post was handed a NULL URL and refused it: every insert into the outbox failed, and with
-- it every new ticket and message, and the cron job failed every 10 seconds. Now the call checks
-- the secrets first; while either is missing it calls nothing, records one warning an operator
-- (and `npm run doctor`) can read, and the mail waits in the outbox until the secrets exist.
--
-- The functions are created everywhere (PL/pgSQL resolves vault and net only when a branch runs,
-- so they compile where neither exists, e.g. the embedded PostgreSQL of packages/local-supabase);
-- the trigger and the schedule stay where the baseline migration creates them, on servers with pg_cron and
-- pg_net. One definition then serves both, and a test can play a hosted database by stubbing vault
-- and net and installing the trigger.

-- What the product found missing, by name, while it kept working: one row per piece of
-- configuration, gone once the piece is there. Written only by the functions below.
create table private.configuration_warnings (
    name text not null,
    detail text not null,
    first_seen timestamp with time zone not null default now(),
    last_seen timestamp with time zone not null default now(),
    -- times it was recorded; a call that finds the row locked by another transaction leaves it
    -- to that one rather than wait, so this is a lower bound
    seen integer not null default 1
);

-- Addresses that asked not to be mailed (unsubscribe without an account, bounces, complaints).
create table private.email_suppressions (
    email_lower text not null,
    category text not null,
    reason text not null,
    created_at timestamp with time zone not null default now()
);
create table private.notification_outbox (
    id bigint generated always as identity not null,
    idempotency_key text not null,
    channel text not null,
    event text not null,
    -- null: not suppressible (nobody opts out of what they asked for by name)
    category text,
    ticket_id uuid,
    ticket_message_id uuid,
    recipient text not null,
    recipient_user_id uuid,
    -- what happened, as it was then; rendered into a mail when sent
    payload jsonb not null default '{}'::jsonb,
    -- an unfinished older row with the same key holds younger ones back: one thread stays in order
    ordering_key text not null,
    state text not null default 'pending'::text,
    attempts integer not null default 0,
    max_attempts integer not null default 12,
    next_attempt_at timestamp with time zone not null default now(),
    locked_until timestamp with time zone,
    locked_by text,
    last_error text,
    provider_message_id text,
    created_at timestamp with time zone not null default now(),
    updated_at timestamp with time zone not null default now(),
    sent_at timestamp with time zone
);

-- Email notifications through a transactional outbox (issue 12; ../shared/docs/messaging-contract.md
-- §1). The change that causes a notification writes its outbox row in the same transaction, so a
-- reply is never saved without its mail, and a mail is never sent for a change that rolled back.
-- The outbox-worker function sends the rows with retries and backoff; what it cannot send ends as
-- a dead letter staff can see and retry. Opt-outs are checked when a row is sent.
create table public.notification_preferences (
    user_id uuid not null default auth.uid(),
    category text not null,
    channel text not null default 'email'::text,
    enabled boolean not null,
    updated_at timestamp with time zone not null default now()
);

create unique index configuration_warnings_pkey on private.configuration_warnings (name);
create unique index email_suppressions_pkey on private.email_suppressions (email_lower, category);
create index notification_outbox_dead_idx on private.notification_outbox (updated_at DESC) WHERE (state = ANY (ARRAY['failed'::text, 'dead'::text]));
create index notification_outbox_due_idx on private.notification_outbox (next_attempt_at) WHERE (state = ANY (ARRAY['pending'::text, 'sending'::text]));
create unique index notification_outbox_idempotency_key_key on private.notification_outbox (idempotency_key);
create index notification_outbox_ordering_idx on private.notification_outbox (ordering_key, id) WHERE (state = ANY (ARRAY['pending'::text, 'sending'::text]));
create unique index notification_outbox_pkey on private.notification_outbox (id);
create index notification_outbox_ticket_idx on private.notification_outbox (ticket_id);
create unique index notification_preferences_pkey on public.notification_preferences (user_id, category, channel);

alter table private.configuration_warnings add constraint configuration_warnings_pkey PRIMARY KEY using index configuration_warnings_pkey;
alter table private.email_suppressions add constraint email_suppressions_pkey PRIMARY KEY using index email_suppressions_pkey;
alter table private.notification_outbox add constraint notification_outbox_pkey PRIMARY KEY using index notification_outbox_pkey;
alter table public.notification_preferences add constraint notification_preferences_pkey PRIMARY KEY using index notification_preferences_pkey;
alter table private.email_suppressions add constraint email_suppressions_reason_check CHECK ((reason = ANY (ARRAY['unsubscribe'::text, 'bounce'::text, 'complaint'::text])));
alter table private.notification_outbox add constraint notification_outbox_channel_check CHECK ((channel = ANY (ARRAY['email'::text, 'whatsapp'::text])));
alter table private.notification_outbox add constraint notification_outbox_idempotency_key_key UNIQUE using index notification_outbox_idempotency_key_key;
alter table private.notification_outbox add constraint notification_outbox_state_check CHECK ((state = ANY (ARRAY['pending'::text, 'sending'::text, 'sent'::text, 'failed'::text, 'dead'::text, 'cancelled'::text])));
alter table public.notification_preferences add constraint notification_preferences_category_check CHECK ((category = ANY (ARRAY['ticket_updates'::text, 'replies'::text, 'staff_new_ticket'::text, 'staff_customer_reply'::text, 'staff_assigned'::text])));
alter table public.notification_preferences add constraint notification_preferences_channel_check CHECK ((channel = 'email'::text));

alter table private.notification_outbox add constraint notification_outbox_recipient_user_id_fkey FOREIGN KEY (recipient_user_id) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table private.notification_outbox add constraint notification_outbox_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE;
alter table private.notification_outbox add constraint notification_outbox_ticket_message_id_fkey FOREIGN KEY (ticket_message_id) REFERENCES public.ticket_messages(id) ON DELETE CASCADE;
alter table public.notification_preferences add constraint notification_preferences_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

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
CREATE OR REPLACE FUNCTION private.clear_configuration_warning(p_name text)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  delete from private.configuration_warnings where name = p_name
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

-- A message: a public staff reply goes to the requester in full; a customer's message alerts the
-- ticket's staff. Internal notes and a customer's own WhatsApp hand-off notify nobody.
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

-- Bulk imports (seed.sql, the benchmarks' generated history) set siyakha.notifications = 'off':
-- nobody is told about tickets that only exist to fill the database.
CREATE OR REPLACE FUNCTION private.notifications_off()
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(current_setting('siyakha.notifications', true), '') = 'off'
$function$
;

-- Wakes the worker (the local driver LISTENs; hosted, pg_net calls it). Delivered at commit only.
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

-- The requester's address: their account's, else the requester contact's.
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

-- "Waiting on customer" means there is a question for them (issue 43, item 20f). The customer was
-- mailed a bare "we need something from you" with nothing to answer, and no question anywhere.
-- Now the helpdesk asks the agent for the question and sends it as a public reply with the status
-- change, in one transaction (public.ask_customer); the reply's own mail carries it, and the bare
-- status mail for waiting_on_customer is gone (messaging-contract §1.2: status → resolved/closed
-- only).
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

-- A new ticket: the requester is told its reference; its staff are alerted. A web request's
-- function sends its own confirmation (limited per recipient: siyakha.acknowledged is set).
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

-- The staff a ticket concerns: its assignee, else every agent and provider admin.
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

-- The secret's value, or null where Vault or the secret is missing or it is blank.
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

-- For `npm run doctor` and operators (service role only): which of the hosted pieces the outbox
-- needs exist, never a secret's value. p_project_url, when given, is compared with the project_url
-- secret (a wrong one sends every nudge elsewhere).
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

-- Notification work that grew with the size of the data (docs/database-performance.md, 2026-11-26).
--
-- 1. outbox_claim: a row may go when no older unfinished row of its thread is ahead of it. Written
--    as a NOT EXISTS per candidate, the planner costs it from the outbox's statistics, which say
--    almost nothing is pending (rows are pending for a second or two, between autovacuum's
--    analyses). Under a burst it then rescans every pending row for each pending row: 1,500 pending
--    rows took 2.3 s a claim, 20,000 took 109 s, and the worker fell further behind the more there
--    was to send. The oldest unfinished row of each thread is now found in one pass over the pending
--    rows, and the rows to lease are looked up by id: 3 ms and 42 ms for the same backlogs.
-- 2. ticket_staff and staff_members joined user_roles to auth.users. user_roles holds a few rows
--    and is never analysed (autovacuum waits for 50 changes), so the planner assumes ~1,450 and
--    hashes every account: on each new ticket (its staff alert) and each helpdesk page (the assignee
--    list), the cost grew with the number of customers. Staff accounts are now read by id.
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

-- The helpdesk's view of mail that could not be delivered (issue 12: "a dead-letter state staff can
-- see and retry"). Staff read the failed and dead rows and send them again; nobody else gets rows.
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

-- A failed attempt: retried at now + p_retry_after_seconds, or 'failed' (permanent) or 'dead'
-- (attempts used up). Both stay listed for staff; the message they carried is marked failed.
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

-- Sent and cancelled rows older than p_days go; failed and dead ones stay until retried.
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

-- "Retry now" for failed and dead rows (staff, through a function, and tests).
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

-- "Retry": back to pending for the next worker run. Staff only (anyone else: 42501).
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

alter table private.configuration_warnings enable row level security;
alter table private.email_suppressions enable row level security;
alter table private.notification_outbox enable row level security;
alter table public.notification_preferences enable row level security;

create policy "notification_preferences: own rows" on public.notification_preferences
  for all to authenticated
  using (user_id = (select private.uid()))
  with check (user_id = (select private.uid()));

create trigger notification_outbox_notify AFTER INSERT ON private.notification_outbox FOR EACH STATEMENT EXECUTE FUNCTION private.notify_outbox();
create trigger ticket_messages_notify AFTER INSERT ON public.ticket_messages FOR EACH ROW EXECUTE FUNCTION private.message_notifications();
create trigger tickets_notify_changed AFTER UPDATE ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.ticket_changed_notifications();
create trigger tickets_notify_created AFTER INSERT ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.ticket_created_notifications();

revoke all on function private.call_outbox_worker() from public, anon, authenticated, service_role;
revoke all on function private.clear_configuration_warning(p_name text) from public, anon, authenticated, service_role;
revoke all on function private.enqueue_email(p_key text, p_event text, p_category text, p_ticket uuid, p_message uuid, p_recipient text, p_recipient_user uuid, p_payload jsonb) from public, anon, authenticated, service_role;
revoke all on function private.message_notifications() from public, anon, authenticated, service_role;
revoke all on function private.note_configuration_warning(p_name text, p_detail text) from public, anon, authenticated, service_role;
revoke all on function private.notifications_off() from public, anon, authenticated, service_role;
revoke all on function private.notify_outbox() from public, anon, authenticated, service_role;
revoke all on function private.nudge_outbox_worker() from public, anon, authenticated, service_role;
revoke all on function private.requester_address(ticket public.tickets) from public, anon, authenticated, service_role;
revoke all on function private.ticket_changed_notifications() from public, anon, authenticated, service_role;
revoke all on function private.ticket_created_notifications() from public, anon, authenticated, service_role;
revoke all on function private.ticket_payload(ticket public.tickets) from public, anon, authenticated, service_role;
revoke all on function private.ticket_staff(ticket public.tickets) from public, anon, authenticated, service_role;
revoke all on function private.vault_secret(p_name text) from public, anon, authenticated, service_role;
revoke all on function public.configuration_status(p_project_url text) from public, anon, authenticated, service_role;
revoke all on function public.outbox_claim(p_worker text, p_limit integer, p_lease_seconds integer) from public, anon, authenticated, service_role;
revoke all on function public.outbox_complete(p_id bigint, p_provider_id text) from public, anon, authenticated, service_role;
revoke all on function public.outbox_dead_letters(p_limit integer) from public, anon, authenticated, service_role;
revoke all on function public.outbox_fail(p_id bigint, p_error text, p_retry_after_seconds integer, p_permanent boolean) from public, anon, authenticated, service_role;
revoke all on function public.outbox_prune(p_days integer) from public, anon, authenticated, service_role;
revoke all on function public.outbox_release(p_ids bigint[]) from public, anon, authenticated, service_role;
revoke all on function public.outbox_retry(p_ids bigint[]) from public, anon, authenticated, service_role;
revoke all on sequence private.notification_outbox_id_seq from public, anon, authenticated, service_role;
revoke all on table private.configuration_warnings from public, anon, authenticated, service_role;
revoke all on table private.email_suppressions from public, anon, authenticated, service_role;
revoke all on table private.notification_outbox from public, anon, authenticated, service_role;
revoke all on table public.notification_preferences from public, anon, authenticated, service_role;
grant execute on function public.configuration_status(p_project_url text) to service_role;
grant execute on function public.outbox_claim(p_worker text, p_limit integer, p_lease_seconds integer) to service_role;
grant execute on function public.outbox_complete(p_id bigint, p_provider_id text) to service_role;
grant execute on function public.outbox_dead_letters(p_limit integer) to authenticated, service_role;
grant execute on function public.outbox_fail(p_id bigint, p_error text, p_retry_after_seconds integer, p_permanent boolean) to service_role;
grant execute on function public.outbox_prune(p_days integer) to service_role;
grant execute on function public.outbox_release(p_ids bigint[]) to service_role;
grant execute on function public.outbox_retry(p_ids bigint[]) to authenticated, service_role;
grant all on table public.notification_preferences to service_role;
grant delete, insert, select, update on table public.notification_preferences to authenticated;

comment on table private.configuration_warnings is 'Configuration the product found missing while it kept working (no policies: read through public.configuration_status()).';
comment on table public.notification_preferences is 'A user''s opt-outs (and opt-ins again). No row = enabled.';
