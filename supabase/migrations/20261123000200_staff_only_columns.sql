-- Which columns a client may write, and with which values. Two layers:
--   1. Column privileges: what no API caller ever writes (ids, tracking references, timestamps,
--      the first-response stamp) is simply not granted, so sending it at all is refused with
--      42501 "permission denied". The database fills those in itself.
--   2. The triggers: columns staff may set but customers may not (priority, channel, status,
--      assignee, a message's delivery status, its metadata) are refused with 42501 and a message
--      naming the column when a customer sends a value other than the one the database would
--      choose (the default). Refusing, not silently resetting: a client that asks for 'urgent'
--      learns that it did not get it.
-- The service role (edge functions, seed) keeps its table-wide grants and is trusted as before.

-- Tickets ------------------------------------------------------------------------------------

revoke insert, update on public.tickets from anon, authenticated;
grant insert (company_id, created_by_user_id, channel, summary, details, service_category_id, priority,
              location, status, close_reason, assigned_to)
  on public.tickets to authenticated;
grant update (company_id, channel, summary, details, service_category_id, priority, location, status,
              close_reason, assigned_to)
  on public.tickets to authenticated;

-- As before, plus: a customer's ticket starts with the default priority and comes in through the
-- portal. Staff may log a ticket that arrived by phone, email or WhatsApp with any priority.
create or replace function private.enforce_ticket_rules() returns trigger
language plpgsql set search_path = ''
as $$
declare
  staff boolean := (select private.is_staff());
  trusted boolean := current_user in ('service_role', 'postgres', 'supabase_admin');
begin
  new.updated_at := now();
  if tg_op = 'INSERT' then
    if not (trusted or staff) then
      if new.status <> 'new' or new.close_reason is not null or new.assigned_to is not null
         or new.first_response_at is not null then
        raise exception 'A new ticket starts as new' using errcode = '42501';
      end if;
      if new.priority <> 'normal' then
        raise exception 'Only staff can set the priority of a ticket' using errcode = '42501';
      end if;
      if new.channel <> 'portal' then
        raise exception 'A ticket created in the portal has the channel portal' using errcode = '42501';
      end if;
      if new.company_id is not null and not (select private.is_company_member(new.company_id)) then
        raise exception 'Not a member of that company' using errcode = '42501';
      end if;
    end if;
    return new;
  end if;

  if new.id <> old.id or new.tracking_ref <> old.tracking_ref or new.created_by_user_id <> old.created_by_user_id
     or new.created_at <> old.created_at then
    raise exception 'Ticket identity cannot change' using errcode = '42501';
  end if;
  if trusted or staff then
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

-- Messages -----------------------------------------------------------------------------------

-- A message's time and id are the database's; after it is written only its delivery status and
-- metadata may change (private.enforce_message_rules keeps the rest as it was).
revoke insert, update on public.ticket_messages from anon, authenticated;
grant insert (ticket_id, direction, channel, to_from, subject, body, status, created_by, metadata)
  on public.ticket_messages to authenticated;
grant update (status, metadata) on public.ticket_messages to authenticated;

-- What a customer's message says about itself. Its delivery status starts as the default
-- 'queued' (a WhatsApp intent stays queued until messages-mark-sent, run by the service role,
-- records it as sent), so a customer cannot write a message that reads as delivered or read.
-- Its metadata holds at most the ticket's tracking reference, which the WhatsApp intent records;
-- delivery details such as marked_sent_at are the functions' to write.
create function private.enforce_message_insert_rules() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if current_user in ('service_role', 'postgres', 'supabase_admin') or (select private.is_staff()) then
    return new;
  end if;
  if new.status <> 'queued' then
    raise exception 'Only staff set the delivery status of a message' using errcode = '42501';
  end if;
  if jsonb_typeof(new.metadata) <> 'object' or (new.metadata - 'tracking_ref') <> '{}'::jsonb
     or jsonb_typeof(coalesce(new.metadata -> 'tracking_ref', 'null'::jsonb)) not in ('string', 'null') then
    raise exception 'A message''s metadata may only hold the ticket''s tracking reference' using errcode = '42501';
  end if;
  return new;
end
$$;
revoke execute on function private.enforce_message_insert_rules() from public;

create trigger ticket_messages_enforce_insert_rules before insert on public.ticket_messages
  for each row execute function private.enforce_message_insert_rules();
