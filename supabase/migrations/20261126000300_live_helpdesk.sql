-- Live helpdesk (issue 13, part 5): the tables the queue and ticket pages follow join the
-- supabase_realtime publication, as on hosted Supabase, so Realtime delivers their changes; each
-- change reaches only subscribers whose row-level security lets them read the row.
alter publication supabase_realtime add table public.tickets, public.ticket_messages, public.ticket_attachments;

-- Who else is on a ticket: private channels `helpdesk:…` for staff only (storage-realtime-contract
-- §9.8). Joining needs read; showing yourself (presence) and "typing" (broadcast) need write.
create policy "helpdesk channels: staff read" on realtime.messages
  for select to authenticated
  using ((select realtime.topic()) like 'helpdesk:%' and (select private.is_staff()));

create policy "helpdesk channels: staff present and type" on realtime.messages
  for insert to authenticated
  with check (
    realtime.messages.extension in ('presence', 'broadcast')
    and (select realtime.topic()) like 'helpdesk:%'
    and (select private.is_staff())
  );
