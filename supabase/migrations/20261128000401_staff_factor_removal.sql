-- A provider admin removes a staff member's two-factor sign-in (issue 43, item 14): the way back
-- for someone who lost the phone with their authenticator app. Every removal is written to the
-- staff audit log with who did it and when.
--
-- The function deletes rows of auth.mfa_factors (their challenges go with them) and ends the staff
-- member's sessions, so a session signed in with the lost app ends too. It runs as its owner,
-- postgres: on hosted Supabase postgres holds DELETE on the auth tables and bypasses their
-- row-level security (as the local stand-in's bootstrap grants), and no client role holds either.

create table private.staff_audit_log (
  id bigint generated always as identity primary key,
  action text not null check (action in ('two_factor_removed')),
  actor_id uuid references auth.users (id) on delete set null,
  actor_name text not null,
  target_id uuid references auth.users (id) on delete set null,
  target_name text not null,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
comment on table private.staff_audit_log is
  'What provider admins did to staff accounts, by whom and when (names kept as they were then).';
create index staff_audit_log_target_idx on private.staff_audit_log (target_id, created_at desc);

-- Written and read only by the functions below: RLS with no policy, and no grants.
alter table private.staff_audit_log enable row level security;
revoke all on private.staff_audit_log from public, anon, authenticated;

-- Removes every authenticator factor of a staff member and signs them out everywhere. Only a
-- provider admin with staff powers now (private.has_role: a session with two factors when the
-- admin has turned them on, or when they are required), never on themselves (their own "Turn off"
-- keeps the rules of the Security page), and only for staff. Returns the number of factors removed.
create function public.remove_staff_two_factor(staff_member uuid)
returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  removed integer;
begin
  if not (select private.has_role('siyakha_admin')) then
    raise exception 'Only a provider admin signed in with two-factor sign-in can remove it for staff'
      using errcode = '42501';
  end if;
  if staff_member = caller then
    raise exception 'Turn off your own two-factor sign-in on your Security page' using errcode = '22023';
  end if;
  if not exists (select 1 from public.user_roles r where r.user_id = staff_member) then
    raise exception 'Not a staff member' using errcode = 'P0002';
  end if;
  with gone as (
    delete from auth.mfa_factors f where f.user_id = staff_member returning 1
  )
  select count(*) into removed from gone;
  delete from auth.sessions s where s.user_id = staff_member;
  insert into private.staff_audit_log (action, actor_id, actor_name, target_id, target_name, details)
  values (
    'two_factor_removed',
    caller,
    coalesce(private.display_name(caller), 'Unknown user'),
    staff_member,
    coalesce(private.display_name(staff_member), 'Unknown user'),
    jsonb_build_object('factors_removed', removed)
  );
  return removed;
end;
$$;
comment on function public.remove_staff_two_factor(uuid) is
  'A provider admin removes a staff member''s authenticator factors and sessions; logged.';

-- For the provider admin's staff list: each staff member, whether two-factor sign-in is on, and
-- the last removal (who and when). Provider admins only; anyone else gets no rows.
create function public.staff_two_factor_overview()
returns table (
  id uuid,
  name text,
  email text,
  role public.staff_role,
  has_second_factor boolean,
  last_removed_at timestamptz,
  last_removed_by text
)
language sql stable security definer set search_path = ''
as $$
  select
    u.id,
    private.display_name(u.id),
    u.email::text,
    min(r.role),
    exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified'),
    l.created_at,
    l.actor_name
  from public.user_roles r
  join auth.users u on u.id = r.user_id
  left join lateral (
    select a.created_at, a.actor_name from private.staff_audit_log a
    where a.target_id = u.id and a.action = 'two_factor_removed'
    order by a.created_at desc limit 1
  ) l on true
  where (select private.has_role('siyakha_admin'))
  group by u.id, l.created_at, l.actor_name
  order by 2
$$;

revoke execute on function public.remove_staff_two_factor(uuid), public.staff_two_factor_overview()
  from public, anon;
grant execute on function public.remove_staff_two_factor(uuid), public.staff_two_factor_overview()
  to authenticated;
