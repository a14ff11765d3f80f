-- Staff need to know who filed a ticket and who handles it, and auth.users is not exposed.
-- Addresses only, only to staff: anyone else gets no rows, so a customer learns nothing about
-- other users (not even whether an id exists).
create function public.user_emails(user_ids uuid[]) returns table (id uuid, email text)
language sql stable security definer set search_path = ''
as $$
  select u.id, u.email::text
  from auth.users u
  where u.id = any (user_ids) and (select private.is_staff())
$$;
revoke execute on function public.user_emails(uuid[]) from public, anon;
grant execute on function public.user_emails(uuid[]) to authenticated;
