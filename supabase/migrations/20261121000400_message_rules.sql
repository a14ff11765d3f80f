-- Who may write what on a ticket's timeline, and what a message does to its ticket.

-- Customers write two kinds of message: their own WhatsApp intent (outbound, whatsapp, queued:
-- the portal's "Send via WhatsApp") and their own reply (inbound, portal or web). Anything else
-- would read as the helpdesk's words or as a delivery receipt, so only staff write it.
drop policy "ticket_messages: add to a readable ticket" on public.ticket_messages;
create policy "ticket_messages: add to a readable ticket" on public.ticket_messages
  for insert to authenticated
  with check (
    (select private.can_read_ticket(ticket_id))
    and created_by = (select auth.uid())
    and (
      (select private.is_staff())
      or (direction = 'outbound' and channel = 'whatsapp' and status = 'queued')
      or (direction = 'inbound' and channel in ('portal', 'web'))
    )
  );

-- A recorded message keeps its words, its sender and its visibility: an update (staff correcting
-- a delivery status) may change status and metadata only, so an internal note cannot be turned
-- into a public reply. The service role (functions, seed) is trusted, as for tickets.
create function private.enforce_message_rules() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if current_user in ('service_role', 'postgres', 'supabase_admin') then
    return new;
  end if;
  if new.id <> old.id or new.ticket_id <> old.ticket_id or new.direction <> old.direction
     or new.channel <> old.channel or new.to_from is distinct from old.to_from
     or new.subject is distinct from old.subject or new.body <> old.body
     or new.created_by is distinct from old.created_by or new.created_at <> old.created_at then
    raise exception 'Only the delivery status of a message can change' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger ticket_messages_enforce_rules before update on public.ticket_messages
  for each row execute function private.enforce_message_rules();

-- The helpdesk's first public answer picks a new ticket up (new -> open stamps first_response_at),
-- and any customer reply to a ticket waiting on them puts it back in the queue (docs:
-- helpdesk-research.md, transitions). Security definer: a company admin may reply on a colleague's
-- ticket without being allowed to update it; the moves themselves are fixed here.
create function private.message_moves_ticket() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.direction = 'outbound' and (select private.is_staff()) then
    update public.tickets set status = 'open' where id = new.ticket_id and status = 'new';
  elsif new.direction = 'inbound' then
    update public.tickets set status = 'open' where id = new.ticket_id and status = 'waiting_on_customer';
  end if;
  return null;
end
$$;
revoke execute on function private.enforce_message_rules(), private.message_moves_ticket() from public;

create trigger ticket_messages_move_ticket after insert on public.ticket_messages
  for each row execute function private.message_moves_ticket();
