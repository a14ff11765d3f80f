-- Rules first, the staff check only when a rule is broken (issue 11: RLS ≤ 1.5× the service role;
-- the WhatsApp intent's insert was ×1.52). Staff may break these rules and nobody else may, so
-- asking whether the caller is staff only matters once a rule is broken. Same outcome for every row.
--
-- A message: private.enforce_message_insert_rules asked private.is_staff() first, so every
-- customer's message paid for the check (a user_roles lookup in a security definer call, ~65 µs)
-- before rules it keeps anyway.

create or replace function private.enforce_message_insert_rules() returns trigger
language plpgsql set search_path = ''
as $$
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
$$;

-- The same for a ticket. The staff check was worked out before anything else, for every insert and
-- update: a customer's new ticket paid for it before rules it keeps, and so did the update by
-- which a message moves its ticket's last activity (private.touch_ticket_activity, which runs as
-- the table's owner and is trusted anyway). A new ticket's rules now come first, with the staff
-- check only when one is broken. An update asks it only for a caller who is not trusted, where it
-- still decides which rules apply before any is tested (staff and customers both may reopen a
-- ticket, with different side effects).
create or replace function private.enforce_ticket_rules() returns trigger
language plpgsql set search_path = ''
as $$
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
$$;
