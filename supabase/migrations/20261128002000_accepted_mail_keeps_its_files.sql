-- An accepted email keeps its files (issue 43, item 7). Files that came with unverified mail are
-- stored staff-only, in the ticket's internal/ folder, on the staff-only item. Accepting the mail
-- deleted the item where its words became a ticket's (an opening mail, a follow-up), and with it
-- the files' rows; elsewhere the files stayed staff-only on what had become the customer's message.
-- Storage objects cannot be moved from SQL (the name is the key in the object store), so the
-- files stay where they are and who may read them follows their row instead.

-- The item, its words now the ticket's, becomes the requester's message that carries the files;
-- without files it goes, as before.
create function private.keep_accepted_mail_files(item public.ticket_messages, ticket public.tickets, words text)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not exists (select 1 from public.ticket_attachments where message_id = item.id) then
    delete from public.ticket_messages where id = item.id;
    return;
  end if;
  update public.ticket_messages m
  set direction = 'inbound', created_by = ticket.created_by_user_id, author_kind = 'customer',
      author_name = left(coalesce(ticket.requester_name, item.to_from, 'Customer'), 200), body = words,
      metadata = (item.metadata - 'unverified' - 'reason' - 'opened_ticket')
                 || jsonb_build_object('request_files', true, 'accepted_by', (select auth.uid()), 'accepted_at', now())
  where m.id = item.id;
  update public.ticket_attachments set internal = false where message_id = item.id;
end
$$;
revoke execute on function private.keep_accepted_mail_files(public.ticket_messages, public.tickets, text) from public;

create or replace function public.accept_unverified_email(p_message uuid) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  item public.ticket_messages := private.unverified_email_item(p_message);
  ticket public.tickets;
  created public.tickets;
  outcome text;
  decided jsonb := jsonb_build_object('accepted_by', (select auth.uid()), 'accepted_at', now(),
                                      'unverified_from', item.metadata ->> 'from');
begin
  select * into ticket from public.tickets where id = item.ticket_id for update;
  if item.metadata ->> 'opened_ticket' = 'true' then
    update public.tickets
    set summary = left(coalesce(nullif(btrim(item.metadata ->> 'summary'), ''), '(no subject)'), 200),
        details = item.body,
        -- Staff vouch for the sender now: a contact without an account goes by the name they gave.
        requester_name = case when created_by_user_id is null
                              then left(coalesce(nullif(btrim(item.metadata ->> 'from_name'), ''), requester_name), 200)
                              else requester_name end
    where id = ticket.id;
    perform private.keep_accepted_mail_files(item, ticket, 'Files sent with this request');
    outcome := 'opened';
  elsif ticket.status = 'closed' then
    insert into public.tickets (created_by_user_id, requester_contact_id, requester_name, company_id, channel, summary,
                                details, follow_up_of)
    values (ticket.created_by_user_id, ticket.requester_contact_id, ticket.requester_name, ticket.company_id, 'email',
            left(coalesce(nullif(btrim(item.metadata ->> 'summary'), ''), ticket.summary), 200), item.body, ticket.id)
    returning * into created;
    perform private.keep_accepted_mail_files(item, ticket,
                                             'Files sent with the follow-up request ' || created.tracking_ref);
    ticket := created;
    outcome := 'follow_up';
  else
    -- Written as the database's owner (the message rules let only it change authorship).
    update public.ticket_messages m
    set direction = 'inbound', created_by = ticket.created_by_user_id, author_kind = 'customer',
        author_name = left(coalesce(ticket.requester_name, item.metadata ->> 'from_name', item.to_from, 'Customer'), 200),
        external_id = case when not exists (select 1 from public.ticket_messages o
                                            where o.channel = 'email' and o.external_id = item.metadata ->> 'message_id')
                           then item.metadata ->> 'message_id' end,
        metadata = (item.metadata - 'unverified' - 'reason' - 'opened_ticket') || decided
    where m.id = item.id;
    -- The files were the item's, staff-only; now they are the requester's message's.
    update public.ticket_attachments set internal = false where message_id = item.id;
    -- As private.message_moves_ticket does for an inbound message.
    update public.tickets set status = 'open'
    where id = ticket.id and status in ('waiting_on_customer', 'resolved');
    outcome := 'message';
  end if;
  update private.inbound_events
  set detail = detail || jsonb_build_object('decision', 'accepted') || decided
  where provider = 'resend' and event_id = item.metadata ->> 'email_id';
  return jsonb_build_object('outcome', outcome, 'ticket_id', ticket.id);
end
$$;

-- A file in a ticket's internal/ folder whose row staff made public (an accepted email's) is read
-- as its row is: by whoever may read that ticket's public files (the row's own policy decides).
create policy "ticket attachments: read an accepted email's files" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'ticket-attachments'
    and private.attachment_is_internal(name)
    and exists (select 1 from public.ticket_attachments a where a.object_path = name and not a.internal)
  );
