-- "Waiting on customer" means there is a question for them (issue 43, item 20f). The customer was
-- mailed a bare "we need something from you" with nothing to answer, and no question anywhere.
-- Now the helpdesk asks the agent for the question and sends it as a public reply with the status
-- change, in one transaction (public.ask_customer); the reply's own mail carries it, and the bare
-- status mail for waiting_on_customer is gone (messaging-contract §1.2: status → resolved/closed
-- only).

create or replace function private.ticket_changed_notifications() returns trigger
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
$$;

-- 'Waiting on customer' with the question: the ticket moves (based on the version the agent
-- loaded, as every staff change) and the question goes to the customer as a public reply, both or
-- neither. Runs as the caller: row-level security and the triggers decide as for each write alone
-- (a customer is refused the move; a ticket the caller cannot see is P0002). Answers the ticket's
-- new version.
create function public.ask_customer(p_ticket uuid, p_version integer, p_question text) returns integer
language plpgsql volatile set search_path = ''
as $$
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
$$;
revoke execute on function public.ask_customer(uuid, integer, text) from public, anon;
grant execute on function public.ask_customer(uuid, integer, text) to authenticated;
