-- Files that come with inbound email (issue 43, item 7) are kept on the message the mail became
-- by the inbound-email function, with the service role: nobody signed in uploaded them, and the
-- sender may have no account (an unknown sender, or an unverified item staff have not yet
-- accepted). Their rows name no uploader. Signed-in uploads still must name their uploader: the
-- insert policy "ticket_attachments: add to a readable ticket" requires uploaded_by = auth.uid().
alter table public.ticket_attachments alter column uploaded_by drop not null;

-- A mail that opens a ticket becomes the ticket's details, not a message; its files need a message
-- to hang on. This one says only that, in the requester's name, for the mail that opened the ticket
-- (its inbound event says so). The ticket's acknowledgement and the agents' alert have gone
-- already: this message sends no notification of its own.
create function public.receive_email_files(p_ticket uuid, p_email_id text, p_from text) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  opened public.tickets;
  stored uuid;
begin
  select t.* into opened
  from private.inbound_events e join public.tickets t on t.id = e.ticket_id
  where e.provider = 'resend' and e.event_id = p_email_id and e.ticket_id = p_ticket and e.outcome = 'new_ticket';
  if opened.id is null then
    raise exception 'That mail did not open that ticket' using errcode = '22023';
  end if;
  select id into stored from public.ticket_messages
  where ticket_id = p_ticket and metadata ->> 'email_id' = p_email_id;
  if stored is not null then
    return stored;
  end if;
  perform set_config('siyakha.notifications', 'off', true);
  insert into public.ticket_messages (ticket_id, direction, channel, to_from, body, status, created_by, metadata)
  values (p_ticket, 'inbound', 'email', left(p_from, 200), 'Files sent with this request', 'delivered',
          opened.created_by_user_id, jsonb_build_object('email_id', p_email_id, 'request_files', true))
  returning id into stored;
  perform set_config('siyakha.notifications', '', true);
  return stored;
end
$$;
revoke execute on function public.receive_email_files(uuid, text, text) from public, anon, authenticated;
grant execute on function public.receive_email_files(uuid, text, text) to service_role;
