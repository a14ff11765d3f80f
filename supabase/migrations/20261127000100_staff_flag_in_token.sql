-- The portal draws its header (the Helpdesk and Security links) on every page. Asking the database
-- whether the user is staff cost each signed-in page one PostgREST call, ~4 ms of the portal's CPU
-- (docs/performance.md). Auth copies a user's app_metadata into every access token it issues, and
-- users cannot change their own, so a flag kept there answers from the token.
--
-- The flag only decides what the portal shows. Row-level security and private.is_staff() still read
-- user_roles, and staff pages still ask the database (staff_two_factor_state). A change of role
-- reaches the token at its next refresh (within the hour) or sign-in.

create function private.sync_staff_flag() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update auth.users u
     set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb)
           || jsonb_build_object('staff', exists (select 1 from public.user_roles r where r.user_id = u.id))
   where u.id = new.user_id or u.id = old.user_id;
  return null;
end
$$;
revoke all on function private.sync_staff_flag() from public, anon, authenticated;

create trigger user_roles_staff_flag
after insert or update or delete on public.user_roles
for each row execute function private.sync_staff_flag();

update auth.users u
   set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb) || jsonb_build_object('staff', true)
 where exists (select 1 from public.user_roles r where r.user_id = u.id);
