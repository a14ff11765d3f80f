-- Email notifications through a transactional outbox (issue 12; ../shared/docs/messaging-contract.md
-- §1). The change that causes a notification writes its outbox row in the same transaction, so a
-- reply is never saved without its mail, and a mail is never sent for a change that rolled back.
-- The outbox-worker function sends the rows with retries and backoff; what it cannot send ends as
-- a dead letter staff can see and retry. Opt-outs are checked when a row is sent.

-- Preferences and suppressions ------------------------------------------------------------------

create table public.notification_preferences (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  category text not null check (category in ('ticket_updates', 'replies', 'staff_new_ticket',
                                             'staff_customer_reply', 'staff_assigned')),
  channel text not null default 'email' check (channel in ('email')),
  enabled boolean not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, category, channel)
);
comment on table public.notification_preferences is 'A user''s opt-outs (and opt-ins again). No row = enabled.';

alter table public.notification_preferences enable row level security;
create policy "notification_preferences: own rows" on public.notification_preferences
  for all to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
revoke all on public.notification_preferences from anon, authenticated;
grant select, insert, update, delete on public.notification_preferences to authenticated;

-- Addresses that asked not to be mailed (unsubscribe without an account, bounces, complaints).
create table private.email_suppressions (
  email_lower text not null,
  category text not null,
  reason text not null check (reason in ('unsubscribe', 'bounce', 'complaint')),
  created_at timestamptz not null default now(),
  primary key (email_lower, category)
);
alter table private.email_suppressions enable row level security;
revoke all on private.email_suppressions from anon, authenticated;

-- A provider's id for a message (an email's Message-ID, a WhatsApp wamid), inbound and outbound:
-- delivery statuses name it, and a message stored twice by a re-delivered webhook would be a
-- conversation that repeats itself.
alter table public.ticket_messages add column external_id text check (char_length(external_id) <= 500);
create unique index ticket_messages_channel_external_id_key on public.ticket_messages (channel, external_id)
  where external_id is not null;

-- The outbox -----------------------------------------------------------------------------------

create table private.notification_outbox (
  id bigint generated always as identity primary key,
  idempotency_key text not null unique,
  channel text not null check (channel in ('email', 'whatsapp')),
  event text not null,
  -- null: not suppressible (nobody opts out of what they asked for by name)
  category text,
  ticket_id uuid references public.tickets (id) on delete cascade,
  ticket_message_id uuid references public.ticket_messages (id) on delete cascade,
  recipient text not null,
  recipient_user_id uuid references auth.users (id) on delete set null,
  -- what happened, as it was then; rendered into a mail when sent
  payload jsonb not null default '{}',
  -- an unfinished older row with the same key holds younger ones back: one thread stays in order
  ordering_key text not null,
  state text not null default 'pending'
    check (state in ('pending', 'sending', 'sent', 'failed', 'dead', 'cancelled')),
  attempts integer not null default 0,
  max_attempts integer not null default 12,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  locked_by text,
  last_error text,
  provider_message_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  sent_at timestamptz
);
create index notification_outbox_due_idx on private.notification_outbox (next_attempt_at)
  where state in ('pending', 'sending');
create index notification_outbox_ordering_idx on private.notification_outbox (ordering_key, id)
  where state in ('pending', 'sending');
create index notification_outbox_ticket_idx on private.notification_outbox (ticket_id);
create index notification_outbox_dead_idx on private.notification_outbox (updated_at desc)
  where state in ('failed', 'dead');
alter table private.notification_outbox enable row level security;
revoke all on private.notification_outbox from anon, authenticated;

-- Wakes the worker (the local driver LISTENs; hosted, pg_net calls it). Delivered at commit only.
create function private.notify_outbox() returns trigger
language plpgsql set search_path = ''
as $$
begin
  perform pg_notify('outbox', '');
  return null;
end
$$;
create trigger notification_outbox_notify after insert on private.notification_outbox
  for each statement execute function private.notify_outbox();

-- Who gets what ----------------------------------------------------------------------------------

-- Bulk imports (seed.sql, the benchmarks' generated history) set siyakha.notifications = 'off':
-- nobody is told about tickets that only exist to fill the database.
create function private.notifications_off() returns boolean
language sql stable set search_path = ''
as $$
  select coalesce(current_setting('siyakha.notifications', true), '') = 'off'
$$;

create function private.enqueue_email(
  p_key text, p_event text, p_category text, p_ticket uuid, p_message uuid,
  p_recipient text, p_recipient_user uuid, p_payload jsonb
) returns void
language sql volatile security definer set search_path = ''
as $$
  insert into private.notification_outbox (idempotency_key, channel, event, category, ticket_id, ticket_message_id,
                                            recipient, recipient_user_id, payload, ordering_key)
  select p_key || ':email:' || lower(p_recipient), 'email', p_event, p_category, p_ticket, p_message,
         p_recipient, p_recipient_user, p_payload, 'email:' || lower(p_recipient) || ':' || coalesce(p_ticket::text, '')
  where p_recipient is not null and btrim(p_recipient) <> ''
  on conflict (idempotency_key) do nothing
$$;

-- The requester's address: their account's, else the requester contact's.
create function private.requester_address(ticket public.tickets) returns table (email text, user_id uuid)
language sql stable security definer set search_path = ''
as $$
  select u.email::text, u.id from auth.users u where u.id = ticket.created_by_user_id
  union all
  select c.email, null::uuid from public.requester_contacts c
  where ticket.created_by_user_id is null and c.id = ticket.requester_contact_id
$$;

-- The staff a ticket concerns: its assignee, else every agent and provider admin.
create function private.ticket_staff(ticket public.tickets) returns table (email text, user_id uuid)
language sql stable security definer set search_path = ''
as $$
  select u.email::text, u.id from auth.users u where u.id = ticket.assigned_to
  union all
  select distinct u.email::text, u.id
  from public.user_roles r join auth.users u on u.id = r.user_id
  where ticket.assigned_to is null and u.email is not null
$$;

create function private.ticket_payload(ticket public.tickets) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object('tracking_ref', ticket.tracking_ref, 'summary', ticket.summary, 'status', ticket.status,
                            'requester_name', ticket.requester_name, 'details', ticket.details,
                            'channel', ticket.channel)
$$;

-- A new ticket: the requester is told its reference; its staff are alerted. A web request's
-- function sends its own confirmation (limited per recipient: siyakha.acknowledged is set).
create function private.ticket_created_notifications() returns trigger
language plpgsql security definer set search_path = ''
as $$
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
$$;
create trigger tickets_notify_created after insert on public.tickets
  for each row execute function private.ticket_created_notifications();

-- A ticket changes: the requester hears when it waits on them, is resolved or is closed (not
-- after their own move); a new assignee hears it is theirs (not when they took it themselves).
create function private.ticket_changed_notifications() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  person record;
  actor uuid := (select auth.uid());
  payload jsonb := private.ticket_payload(new);
begin
  if private.notifications_off() then
    return null;
  end if;
  if new.status is distinct from old.status
     and new.status in ('waiting_on_customer', 'resolved', 'closed')
     and actor is distinct from new.created_by_user_id then
    for person in select * from private.requester_address(new) loop
      perform private.enqueue_email('ticket:' || new.id || ':status:' || new.status || ':' || new.version,
                                    'status_' || new.status, 'ticket_updates', new.id, null, person.email,
                                    person.user_id, payload || jsonb_build_object('close_reason', new.close_reason));
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
$$;
create trigger tickets_notify_changed after update on public.tickets
  for each row execute function private.ticket_changed_notifications();

-- A message: a public staff reply goes to the requester in full; a customer's message alerts the
-- ticket's staff. Internal notes and a customer's own WhatsApp hand-off notify nobody.
create function private.message_notifications() returns trigger
language plpgsql security definer set search_path = ''
as $$
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
$$;
create trigger ticket_messages_notify after insert on public.ticket_messages
  for each row execute function private.message_notifications();

-- The worker's calls (service role only) -------------------------------------------------------------

-- Due rows, oldest first, none ahead of an unfinished older row of its thread; leased to the worker
-- for p_lease_seconds (an expired lease makes a row claimable again: a crashed run is retried).
-- Rows whose recipient opted out since are cancelled here, not sent.
create function public.outbox_claim(p_worker text, p_limit integer default 20, p_lease_seconds integer default 120)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  claimed jsonb;
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
    where o.state in ('pending', 'sending') and o.next_attempt_at <= now()
      and (o.locked_until is null or o.locked_until < now())
      and not exists (
        select 1 from private.notification_outbox older
        where older.ordering_key = o.ordering_key and older.id < o.id and older.state in ('pending', 'sending')
      )
    order by o.id
    limit greatest(1, least(p_limit, 100))
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
$$;

create function public.outbox_complete(p_id bigint, p_provider_id text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
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
$$;

-- A failed attempt: retried at now + p_retry_after_seconds, or 'failed' (permanent) or 'dead'
-- (attempts used up). Both stay listed for staff; the message they carried is marked failed.
create function public.outbox_fail(p_id bigint, p_error text, p_retry_after_seconds integer, p_permanent boolean)
returns text
language plpgsql volatile security definer set search_path = ''
as $$
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
$$;

-- "Retry now" for failed and dead rows (staff, through a function, and tests).
create function public.outbox_release(p_ids bigint[]) returns integer
language sql volatile security definer set search_path = ''
as $$
  with released as (
    update private.notification_outbox
    set state = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, updated_at = now()
    where id = any (p_ids) and state in ('failed', 'dead')
    returning 1
  )
  select count(*)::integer from released
$$;

-- Sent and cancelled rows older than p_days go; failed and dead ones stay until retried.
create function public.outbox_prune(p_days integer default 30) returns integer
language sql volatile security definer set search_path = ''
as $$
  with pruned as (
    delete from private.notification_outbox
    where state in ('sent', 'cancelled') and updated_at < now() - make_interval(days => greatest(1, p_days))
    returning 1
  )
  select count(*)::integer from pruned
$$;

revoke execute on function private.notify_outbox(), private.notifications_off(), private.enqueue_email(text, text, text, uuid, uuid, text, uuid, jsonb),
  private.requester_address(public.tickets), private.ticket_staff(public.tickets), private.ticket_payload(public.tickets),
  private.ticket_created_notifications(), private.ticket_changed_notifications(), private.message_notifications()
  from public;
revoke execute on function public.outbox_claim(text, integer, integer), public.outbox_complete(bigint, text),
  public.outbox_fail(bigint, text, integer, boolean), public.outbox_release(bigint[]), public.outbox_prune(integer)
  from public, anon, authenticated;
grant execute on function public.outbox_claim(text, integer, integer), public.outbox_complete(bigint, text),
  public.outbox_fail(bigint, text, integer, boolean), public.outbox_release(bigint[]), public.outbox_prune(integer)
  to service_role;
