-- The portal's reads at a million tickets (issue 11). Same rules as before, cheaper to check:
--   * every membership and role lookup in a policy runs once per statement (an InitPlan), never once
--     per row: `(select private.is_staff())`, `= any (array(select private.…_ids()))`;
--   * the ticket policies test "created it" first: an InitPlan runs only when a row first reaches it,
--     so a customer's own list never calls a helper at all (each call has a fixed cost of ~25 µs,
--     as much as the whole list query), and staff's check runs once before the company lookup;
--   * the list indexes match each list's filter and its order (created_at desc, id desc), so a page
--     is a LIMIT-bounded index scan, and the next page starts at a (created_at, id) cursor.
-- supabase/tests/perf/rls-perf.ts measures every query below as each caller and as the service role.

-- Helpers ----------------------------------------------------------------------------------------

-- Companies the caller belongs to (any role), for the companies policy (was a per-row
-- private.is_company_member(id) call).
create function private.member_company_ids() returns setof uuid
language sql stable security definer set search_path = ''
as $$
  select company_id from public.company_members where user_id = (select auth.uid())
$$;
revoke execute on function private.member_company_ids() from public;
grant execute on function private.member_company_ids() to anon, authenticated, service_role;

-- Policies ---------------------------------------------------------------------------------------

alter policy "companies: read as member or staff" on public.companies
  using ((select private.is_staff()) or id = any (array(select private.member_company_ids())));

alter policy "company_members: read own, own company as admin, or as staff" on public.company_members
  using (
    (select private.is_staff())
    or user_id = (select auth.uid())
    or company_id = any (array(select private.admin_company_ids()))
  );

-- The hashed `company_id in (select …)` became an array built once: for a caller who administers
-- no company it is empty and the test is a constant false.
alter policy "tickets: read own, company's as admin, or as staff" on public.tickets
  using (
    created_by_user_id = (select auth.uid())
    or (select private.is_staff())
    or company_id = any (array(select private.admin_company_ids()))
  );

-- Was `private.can_read_ticket(ticket_id)` per message. Anyone reads the non-internal messages of
-- a ticket they read (the tickets policy's own rule, as a lookup by primary key, tested first so a
-- customer's timeline calls no helper); staff read every message (every message belongs to a
-- ticket, which staff read).
alter policy "ticket_messages: read with the ticket" on public.ticket_messages
  using (
    (
      direction <> 'internal'
      and exists (
        select 1 from public.tickets t
        where t.id = ticket_id
          and (
            t.created_by_user_id = (select auth.uid())
            or t.company_id = any (array(select private.admin_company_ids()))
          )
      )
    )
    or (select private.is_staff())
  );

-- Indexes ----------------------------------------------------------------------------------------

-- My Tickets: the user's own, newest first, ties broken by id (the cursor's order).
create index tickets_created_by_created_at_id_idx on public.tickets (created_by_user_id, created_at desc, id desc);
drop index public.tickets_created_by_created_at_idx;

-- A company admin's My Tickets: their companies' tickets, same order.
create index tickets_company_created_at_id_idx on public.tickets (company_id, created_at desc, id desc)
  where company_id is not null;
drop index public.tickets_company_created_at_idx;

-- Helpdesk, "All tickets" (and the service role's lists).
create index tickets_created_at_id_idx on public.tickets (created_at desc, id desc);
drop index public.tickets_created_at_idx;

-- Helpdesk, one status.
create index tickets_status_created_at_id_idx on public.tickets (status, created_at desc, id desc);
drop index public.tickets_status_created_at_idx;

-- Helpdesk, "All open work" (the default view): only unfinished tickets, which stay few while
-- resolved and closed ones pile up, so the list never walks past the closed million.
create index tickets_active_created_at_id_idx on public.tickets (created_at desc, id desc)
  where status not in ('resolved', 'closed');

-- Helpdesk, "Assigned to me".
create index tickets_assigned_created_at_id_idx on public.tickets (assigned_to, created_at desc, id desc)
  where assigned_to is not null;
drop index public.tickets_assigned_to_idx;
