-- Attachments on ticket messages (issue 13, part 4; storage-realtime-contract.md §8.7). The bytes
-- live in the private Storage bucket `ticket-attachments` under the ticket's folder:
--   <ticket_id>/<uuid>-<name>             on a reply the customer sees
--   <ticket_id>/internal/<uuid>-<name>    on an internal note (staff only)
-- Policies on storage.objects decide who reads and writes them, written so this migration runs
-- unchanged on hosted Supabase (it never alters storage.objects itself: the migration user does
-- not own it). public.ticket_attachments ties each file to its message, for the timeline.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('ticket-attachments', 'ticket-attachments', false, 10485760, array[
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain', 'text/csv',
  'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'])
on conflict (id) do nothing;

-- The ticket an object belongs to: its first folder as a uuid; null (never a cast error) otherwise.
create function private.attachment_ticket_id(object_name text) returns uuid
language sql immutable set search_path = ''
as $$
  select case when (storage.foldername(object_name))[1]
                   ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
              then ((storage.foldername(object_name))[1])::uuid end
$$;

-- Whether the object sits in the staff-only folder of its ticket.
create function private.attachment_is_internal(object_name text) returns boolean
language sql immutable set search_path = ''
as $$
  select coalesce((storage.foldername(object_name))[2] = 'internal', false)
$$;

-- The folder shapes we write: <ticket>/<file> or <ticket>/internal/<file>.
create function private.attachment_path_ok(object_name text) returns boolean
language sql immutable set search_path = ''
as $$
  select private.attachment_ticket_id(object_name) is not null
     and (array_length(storage.foldername(object_name), 1) = 1
          or (array_length(storage.foldername(object_name), 1) = 2 and private.attachment_is_internal(object_name)))
$$;
revoke execute on function private.attachment_ticket_id(text), private.attachment_is_internal(text),
  private.attachment_path_ok(text) from public;
grant execute on function private.attachment_ticket_id(text), private.attachment_is_internal(text),
  private.attachment_path_ok(text) to authenticated, service_role;

create policy "ticket attachments: read with the ticket" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'ticket-attachments'
    and private.can_read_ticket(private.attachment_ticket_id(name))
    and (not private.attachment_is_internal(name) or (select private.is_staff()))
  );

create policy "ticket attachments: add to a readable ticket" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'ticket-attachments'
    and owner_id = (select auth.uid())::text
    and private.attachment_path_ok(name)
    and private.can_read_ticket(private.attachment_ticket_id(name))
    and (not private.attachment_is_internal(name) or (select private.is_staff()))
  );

create policy "ticket attachments: uploader or staff remove" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'ticket-attachments'
    and (owner_id = (select auth.uid())::text or (select private.is_staff()))
  );

-- Which files a message carries -----------------------------------------------------------------

create table public.ticket_attachments (
  id uuid primary key default gen_random_uuid(),
  ticket_id uuid not null references public.tickets (id) on delete cascade,
  message_id uuid not null references public.ticket_messages (id) on delete cascade,
  -- The object's name in the bucket (without the bucket).
  object_path text not null unique check (char_length(object_path) <= 400),
  file_name text not null check (char_length(file_name) between 1 and 200),
  content_type text not null check (char_length(content_type) <= 200),
  size_bytes integer not null check (size_bytes between 1 and 10485760),
  internal boolean not null default false,
  uploaded_by uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index ticket_attachments_message_id_idx on public.ticket_attachments (message_id);
create index ticket_attachments_ticket_id_idx on public.ticket_attachments (ticket_id);

-- A row names a file that is there, in its ticket's folder, on a message of that ticket the
-- uploader wrote, and is internal exactly when the file and the message are. Runs as the writer
-- (not security definer): current_user says who writes, and the message and the file are read
-- through their own policies.
create function private.check_ticket_attachment() returns trigger
language plpgsql set search_path = ''
as $$
declare
  message public.ticket_messages;
begin
  -- A message the writer cannot read reads as none, so as not theirs.
  select * into message from public.ticket_messages where id = new.message_id;
  if current_user not in ('service_role', 'postgres', 'supabase_admin')
     and message.created_by is distinct from (select auth.uid()) then
    raise exception 'Attach files to your own messages only' using errcode = '42501';
  end if;
  if message.ticket_id is distinct from new.ticket_id
     or private.attachment_ticket_id(new.object_path) is distinct from new.ticket_id
     or not private.attachment_path_ok(new.object_path)
     or new.internal <> private.attachment_is_internal(new.object_path)
     or new.internal <> (message.direction = 'internal') then
    raise exception 'The attachment does not belong to that message' using errcode = '23514';
  end if;
  if not exists (
    select 1 from storage.objects o
    where o.bucket_id = 'ticket-attachments' and o.name = new.object_path
      and (current_user in ('service_role', 'postgres', 'supabase_admin') or o.owner_id = (select auth.uid())::text)
  ) then
    raise exception 'Upload the file before attaching it' using errcode = '23503';
  end if;
  return new;
end
$$;
revoke execute on function private.check_ticket_attachment() from public;
create trigger ticket_attachments_check before insert on public.ticket_attachments
  for each row execute function private.check_ticket_attachment();

alter table public.ticket_attachments enable row level security;
-- Read with the message: the ticket's readers; internal ones by staff only.
create policy "ticket_attachments: read with the ticket" on public.ticket_attachments
  for select to authenticated
  using ((not internal and (select private.can_read_ticket(ticket_id))) or (select private.is_staff()));
create policy "ticket_attachments: add to a readable ticket" on public.ticket_attachments
  for insert to authenticated
  with check (
    uploaded_by = (select auth.uid())
    and (select private.can_read_ticket(ticket_id))
    and (not internal or (select private.is_staff()))
  );
revoke all on public.ticket_attachments from anon, authenticated;
grant select on public.ticket_attachments to authenticated;
grant insert (ticket_id, message_id, object_path, file_name, content_type, size_bytes, internal)
  on public.ticket_attachments to authenticated;
