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

create or replace function public.outbox_claim(p_worker text, p_limit integer default 20, p_lease_seconds integer default 120)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
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
$$;

create or replace function private.ticket_staff(ticket public.tickets) returns table (email text, user_id uuid)
language sql stable security definer set search_path = ''
as $$
  select u.email::text, u.id from auth.users u where u.id = ticket.assigned_to
  union all
  select u.email::text, u.id
  from auth.users u
  where ticket.assigned_to is null and u.email is not null
    and u.id = any (array(select r.user_id from public.user_roles r))
$$;

create or replace function public.staff_members()
returns table (id uuid, name text, email text, role public.staff_role)
language sql stable security definer set search_path = ''
as $$
  select u.id, private.display_name(u.id), u.email::text, r.role
  from auth.users u
  join (select r.user_id, min(r.role) as role from public.user_roles r group by r.user_id) r on r.user_id = u.id
  where u.id = any (array(select r.user_id from public.user_roles r)) and (select private.is_staff())
  order by 2
$$;
