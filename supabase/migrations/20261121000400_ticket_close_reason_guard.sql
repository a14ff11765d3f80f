-- Fix: a customer could rewrite the close reason of a ticket without changing its status (e.g. a
-- ticket staff closed as 'spam' relabelled 'confirmed'). The reason now only changes as part of an
-- allowed move; everything else in the rules is unchanged.

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
