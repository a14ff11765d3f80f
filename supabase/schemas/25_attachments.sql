-- Files on a ticket: the rows that tie them to messages and the Storage policies on the
-- ticket-attachments bucket (the bucket row itself is data: see the baseline migration).
--
-- Bodies are checked when they run, not here: functions in this file read tables that later
-- files create (plpgsql checks nothing at creation; sql would parse its body).
set check_function_bodies = off;

-- Files that come with inbound email (issue 43, item 7) are kept on the message the mail became
-- by the inbound-email function, with the service role: nobody signed in uploaded them, and the
-- sender may have no account (an unknown sender, or an unverified item staff have not yet
-- accepted). Their rows name no uploader. Signed-in uploads still must name their uploader: the
-- insert policy "ticket_attachments: add to a readable ticket" requires uploaded_by = auth.uid().
create table public.ticket_attachments (
    id uuid not null default gen_random_uuid(),
    ticket_id uuid not null,
    message_id uuid not null,
    -- The object's name in the bucket (without the bucket).
    object_path text not null,
    file_name text not null,
    content_type text not null,
    size_bytes integer not null,
    internal boolean not null default false,
    uploaded_by uuid default auth.uid(),
    created_at timestamp with time zone not null default now(),
    ticket_created_by_user_id uuid,
    ticket_company_id uuid
);

create index ticket_attachments_message_id_idx on public.ticket_attachments (message_id);
create unique index ticket_attachments_object_path_key on public.ticket_attachments (object_path);
create unique index ticket_attachments_pkey on public.ticket_attachments (id);
create index ticket_attachments_ticket_id_idx on public.ticket_attachments (ticket_id);

alter table public.ticket_attachments add constraint ticket_attachments_pkey PRIMARY KEY using index ticket_attachments_pkey;
alter table public.ticket_attachments add constraint ticket_attachments_content_type_check CHECK ((char_length(content_type) <= 200));
alter table public.ticket_attachments add constraint ticket_attachments_file_name_check CHECK (((char_length(file_name) >= 1) AND (char_length(file_name) <= 200)));
alter table public.ticket_attachments add constraint ticket_attachments_object_path_check CHECK ((char_length(object_path) <= 400));
alter table public.ticket_attachments add constraint ticket_attachments_object_path_key UNIQUE using index ticket_attachments_object_path_key;
alter table public.ticket_attachments add constraint ticket_attachments_size_bytes_check CHECK (((size_bytes >= 1) AND (size_bytes <= 10485760)));

alter table public.ticket_attachments add constraint ticket_attachments_message_id_fkey FOREIGN KEY (message_id) REFERENCES public.ticket_messages(id) ON DELETE CASCADE;
alter table public.ticket_attachments add constraint ticket_attachments_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE CASCADE;
alter table public.ticket_attachments add constraint ticket_attachments_uploaded_by_fkey FOREIGN KEY (uploaded_by) REFERENCES auth.users(id) ON DELETE CASCADE;

-- Whether the object sits in the staff-only folder of its ticket.
CREATE OR REPLACE FUNCTION private.attachment_is_internal(object_name text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce((storage.foldername(object_name))[2] = 'internal', false)
$function$
;

-- The folder shapes we write: <ticket>/<file> or <ticket>/internal/<file>.
CREATE OR REPLACE FUNCTION private.attachment_path_ok(object_name text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select private.attachment_ticket_id(object_name) is not null
     and (array_length(storage.foldername(object_name), 1) = 1
          or (array_length(storage.foldername(object_name), 1) = 2 and private.attachment_is_internal(object_name)))
$function$
;

-- The ticket an object belongs to: its first folder as a uuid; null (never a cast error) otherwise.
CREATE OR REPLACE FUNCTION private.attachment_ticket_id(object_name text)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when (storage.foldername(object_name))[1]
                   ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
              then ((storage.foldername(object_name))[1])::uuid end
$function$
;

-- A row names a file that is there, in its ticket's folder, on a message of that ticket the
-- uploader wrote, and is internal exactly when the file and the message are. Runs as the writer
-- (not security definer): current_user says who writes, and the message and the file are read
-- through their own policies.
CREATE OR REPLACE FUNCTION private.check_ticket_attachment()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$
;

alter table public.ticket_attachments enable row level security;

create policy "ticket_attachments: add to a readable ticket"
  on public.ticket_attachments
  as permissive
  for insert
  to authenticated
with check (((uploaded_by = ( SELECT private.uid() AS uid)) AND ((ticket_created_by_user_id = ( SELECT private.uid() AS uid)) OR (ticket_company_id = ANY (ARRAY( SELECT private.admin_company_ids() AS admin_company_ids))) OR ( SELECT private.is_staff() AS is_staff)) AND ((NOT internal) OR ( SELECT private.is_staff() AS is_staff))));

-- Read with the message: the ticket's readers; internal ones by staff only.
create policy "ticket_attachments: read with the ticket"
  on public.ticket_attachments
  as permissive
  for select
  to authenticated
using ((((NOT internal) AND ((ticket_created_by_user_id = ( SELECT private.uid() AS uid)) OR (ticket_company_id = ANY (ARRAY( SELECT private.admin_company_ids() AS admin_company_ids))))) OR ( SELECT private.is_staff() AS is_staff)));
create policy "ticket attachments: add to a readable ticket" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'ticket-attachments'
    and owner_id = (select private.uid())::text
    and private.attachment_path_ok(name)
    and private.can_read_ticket(private.attachment_ticket_id(name))
    and (not private.attachment_is_internal(name) or (select private.is_staff()))
  );

-- A file in a ticket's internal/ folder whose row staff made public (an accepted email's) is read
-- as its row is: by whoever may read that ticket's public files (the row's own policy decides).
create policy "ticket attachments: read an accepted email's files" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'ticket-attachments'
    and private.attachment_is_internal(name)
    and exists (select 1 from public.ticket_attachments a where a.object_path = name and not a.internal)
  );
create policy "ticket attachments: read with the ticket" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'ticket-attachments'
    and private.can_read_ticket(private.attachment_ticket_id(name))
    and (not private.attachment_is_internal(name) or (select private.is_staff()))
  );
create policy "ticket attachments: uploader or staff remove" on storage.objects
  for delete to authenticated
  using (
    bucket_id = 'ticket-attachments'
    and (owner_id = (select private.uid())::text or (select private.is_staff()))
  );

create trigger ticket_attachments_check BEFORE INSERT ON public.ticket_attachments FOR EACH ROW EXECUTE FUNCTION private.check_ticket_attachment();
create trigger ticket_attachments_copy_ticket_access BEFORE INSERT OR UPDATE OF ticket_id ON public.ticket_attachments FOR EACH ROW EXECUTE FUNCTION private.copy_ticket_access();

revoke all on function private.attachment_is_internal(object_name text) from public, anon, authenticated, service_role;
revoke all on function private.attachment_path_ok(object_name text) from public, anon, authenticated, service_role;
revoke all on function private.attachment_ticket_id(object_name text) from public, anon, authenticated, service_role;
revoke all on function private.check_ticket_attachment() from public, anon, authenticated, service_role;
revoke all on table public.ticket_attachments from public, anon, authenticated, service_role;
grant execute on function private.attachment_is_internal(object_name text) to authenticated, service_role;
grant execute on function private.attachment_path_ok(object_name text) to authenticated, service_role;
grant execute on function private.attachment_ticket_id(object_name text) to authenticated, service_role;
grant all on table public.ticket_attachments to service_role;
grant select, insert (content_type, file_name, internal, message_id, object_path, size_bytes, ticket_id) on table public.ticket_attachments to authenticated;

comment on column public.ticket_attachments.ticket_company_id is 'The ticket''s company, copied for row-level security (private.copy_ticket_access).';
comment on column public.ticket_attachments.ticket_created_by_user_id is 'The ticket''s requester, copied for row-level security (private.copy_ticket_access).';

alter publication supabase_realtime add table public.ticket_attachments;
