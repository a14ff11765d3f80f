-- Row-level security's cost (issue 11), measured as the portal pays it: planning included
-- (docs/database-performance.md, "Planning is part of the cost").
--
-- The staff check in one function call. private.is_staff() called private.staff_session_ok(),
-- which called private.staff_two_factor_required(): three security definer calls, each switching
-- role and search_path, wherever a staff policy is reached. The rule is now written out in
-- is_staff, unchanged from 20261126000400: staff by role, and a session signed in with two factors,
-- or neither required of all staff nor an authenticator app turned on by this staff member. (Plain
-- SQL wrappers around one function, which PostgreSQL inlines, measured no better: inlining parses
-- the wrapper's body whenever a statement is planned.)

create or replace function private.is_staff() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.user_roles where user_id = (select auth.uid()))
    and (
      coalesce((select auth.jwt() ->> 'aal'), '') = 'aal2'
      or (
        not coalesce((select s.staff_two_factor_required from public.helpdesk_settings s where s.id), false)
        and not exists (
          select 1 from auth.mfa_factors f where f.user_id = (select auth.uid()) and f.status = 'verified'
        )
      )
    )
$$;

-- A role (provider admin, for admin-only changes), with is_staff's session rule: two calls, on
-- paths that are rare.
create or replace function private.has_role(wanted public.staff_role) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.user_roles where user_id = (select auth.uid()) and role = wanted)
    and private.is_staff()
$$;

-- Folded into is_staff; nothing else calls it.
drop function private.staff_session_ok();

-- Policies that read public.tickets in a subquery have the tickets policy planned into them as
-- well (its staff check and company list), on every statement: for a three-message timeline that
-- planning cost more than the rows (round trip 1.2 ms against the service role's 0.3). The ticket's
-- rule is asked of private.can_read_ticket instead, whose plan PostgreSQL keeps, once per message.
-- perf:rls, 1,000,000 tickets, before → after: the customer's timeline ×4.00 → ×1.56 the service
-- role's round trip, the WhatsApp intent's insert ×3.18 → ×1.81.

-- A customer's message (a WhatsApp intent, a portal reply): the kinds customers may add are tested
-- before the staff check, so a customer's message does not make the call.
alter policy "ticket_messages: add to a readable ticket" on public.ticket_messages
  with check (
    (select private.can_read_ticket(ticket_id))
    and created_by = (select auth.uid())
    and (
      (direction = 'outbound' and channel = 'whatsapp' and status = 'queued')
      or (direction = 'inbound' and channel in ('portal', 'web'))
      or (select private.is_staff())
    )
  );

-- Staff read every message (every message belongs to a ticket, which staff read) with one check
-- per statement, however long the conversation; others read the non-internal messages of a
-- ticket they read.
alter policy "ticket_messages: read with the ticket" on public.ticket_messages
  using (
    (select private.is_staff())
    or (direction <> 'internal' and (select private.can_read_ticket(ticket_id)))
  );

-- A company admin reading their own memberships (the portal's admin check) met the staff check
-- first; their own rows come first now.
alter policy "company_members: read own, own company as admin, or as staff" on public.company_members
  using (
    user_id = (select auth.uid())
    or (select private.is_staff())
    or company_id = any (array(select private.admin_company_ids()))
  );
