-- A customer who says "still broken" on a resolved ticket (their own move resolved → open, the
-- 'reopen' decision on the ticket's page) alerted nobody: the ticket went back to the queue
-- without a word to its assignee. Now its staff hear of it (the assignee, else every agent and
-- provider admin), as they do of a customer's message (messaging-contract §1.2: the opt-out
-- category is the same, staff_customer_reply). A reply that reopens the ticket is told by its
-- own message's alert, so this is only for a move made directly on the ticket (trigger depth 1:
-- not the update private.message_moves_ticket makes for a message).

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
     and new.status in ('waiting_on_customer', 'resolved', 'closed')
     and actor is distinct from new.created_by_user_id then
    for person in select * from private.requester_address(new) loop
      perform private.enqueue_email('ticket:' || new.id || ':status:' || new.status || ':' || new.version,
                                    'status_' || new.status, 'ticket_updates', new.id, null, person.email,
                                    person.user_id, payload || jsonb_build_object('close_reason', new.close_reason));
    end loop;
  end if;
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
