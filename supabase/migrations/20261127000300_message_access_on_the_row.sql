-- Who may read a message or an attachment is written on its row (issue 11: no per-row function
-- calls in policies).
--
-- The read policies asked private.can_read_ticket(ticket_id) of every row they looked at. For a
-- ticket's own timeline that is a few calls, but each call for a row the reader may not see runs
-- the whole rule (the ticket, the admin's companies, the staff check): 100–150 µs. A customer who
-- asked the API for messages without naming a ticket made PostgreSQL call it for every message in
-- the table: 0.9–1.0 s for 9,500 messages, and the statement timeout with a million tickets' worth.
-- Reading the ticket in the policy instead (a subquery) is planned anew on every statement, which
-- is what 20261127000200 moved away from.
--
-- So each message and attachment carries its ticket's requester and company, copied from the ticket
-- when the row is written and kept in step when the ticket changes hands. The policies compare
-- columns with the caller's id and companies, each worked out once per statement. Clients cannot
-- write the two columns (no column grant) and read no more in them than the ticket shows them; a
-- trigger fills them from the row's ticket, before the insert policies look at the row.

alter table public.ticket_messages
  add column ticket_created_by_user_id uuid,
  add column ticket_company_id uuid,
  -- As ticket_attachments.internal. A plain boolean column is a test PostgreSQL may apply before
  -- the policy (it can leak nothing), so a customer's timeline that asks for `internal = false`
  -- leaves the notes out before the policy would have asked whether the reader is staff.
  add column internal boolean not null generated always as (direction = 'internal') stored;
alter table public.ticket_attachments
  add column ticket_created_by_user_id uuid,
  add column ticket_company_id uuid;

comment on column public.ticket_messages.ticket_created_by_user_id is
  'The ticket''s requester, copied for row-level security (private.copy_ticket_access).';
comment on column public.ticket_messages.ticket_company_id is
  'The ticket''s company, copied for row-level security (private.copy_ticket_access).';
comment on column public.ticket_attachments.ticket_created_by_user_id is
  'The ticket''s requester, copied for row-level security (private.copy_ticket_access).';
comment on column public.ticket_attachments.ticket_company_id is
  'The ticket''s company, copied for row-level security (private.copy_ticket_access).';

-- The rows there are: copied without their tables' rules (nothing about them changes but these).
alter table public.ticket_messages disable trigger user;
update public.ticket_messages m
set ticket_created_by_user_id = t.created_by_user_id, ticket_company_id = t.company_id
from public.tickets t
where t.id = m.ticket_id;
alter table public.ticket_messages enable trigger user;
alter table public.ticket_attachments disable trigger user;
update public.ticket_attachments a
set ticket_created_by_user_id = t.created_by_user_id, ticket_company_id = t.company_id
from public.tickets t
where t.id = a.ticket_id;
alter table public.ticket_attachments enable trigger user;

-- New rows (and a row moved to another ticket) take their ticket's.
create function private.copy_ticket_access() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  select t.created_by_user_id, t.company_id
  into new.ticket_created_by_user_id, new.ticket_company_id
  from public.tickets t
  where t.id = new.ticket_id;
  return new;
end
$$;
revoke execute on function private.copy_ticket_access() from public;
create trigger ticket_messages_copy_ticket_access before insert or update of ticket_id on public.ticket_messages
  for each row execute function private.copy_ticket_access();
create trigger ticket_attachments_copy_ticket_access before insert or update of ticket_id on public.ticket_attachments
  for each row execute function private.copy_ticket_access();

-- A ticket given to a company (or to the requester who signed up later) takes its conversation with it.
create function private.ticket_access_follows() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.ticket_messages
  set ticket_created_by_user_id = new.created_by_user_id, ticket_company_id = new.company_id
  where ticket_id = new.id;
  update public.ticket_attachments
  set ticket_created_by_user_id = new.created_by_user_id, ticket_company_id = new.company_id
  where ticket_id = new.id;
  return null;
end
$$;
revoke execute on function private.ticket_access_follows() from public;
create trigger tickets_access_follows after update of created_by_user_id, company_id on public.tickets
  for each row
  when (old.created_by_user_id is distinct from new.created_by_user_id or old.company_id is distinct from new.company_id)
  execute function private.ticket_access_follows();

-- Staff read every message with one check per statement; others the non-internal messages of a
-- ticket they requested or whose company they administer. Customers' own come first, so their
-- statements make neither the staff check nor the companies lookup.
alter policy "ticket_messages: read with the ticket" on public.ticket_messages
  using (
    (
      not internal
      and (
        ticket_created_by_user_id = (select auth.uid())
        or ticket_company_id = any (array(select private.admin_company_ids()))
      )
    )
    or (select private.is_staff())
  );

alter policy "ticket_messages: add to a readable ticket" on public.ticket_messages
  with check (
    created_by = (select auth.uid())
    and (
      ticket_created_by_user_id = (select auth.uid())
      or ticket_company_id = any (array(select private.admin_company_ids()))
      or (select private.is_staff())
    )
    and (
      (direction = 'outbound' and channel = 'whatsapp' and status = 'queued')
      or (direction = 'inbound' and channel in ('portal', 'web'))
      or (select private.is_staff())
    )
  );

alter policy "ticket_attachments: read with the ticket" on public.ticket_attachments
  using (
    (
      not internal
      and (
        ticket_created_by_user_id = (select auth.uid())
        or ticket_company_id = any (array(select private.admin_company_ids()))
      )
    )
    or (select private.is_staff())
  );

alter policy "ticket_attachments: add to a readable ticket" on public.ticket_attachments
  with check (
    uploaded_by = (select auth.uid())
    and (
      ticket_created_by_user_id = (select auth.uid())
      or ticket_company_id = any (array(select private.admin_company_ids()))
      or (select private.is_staff())
    )
    and (not internal or (select private.is_staff()))
  );
