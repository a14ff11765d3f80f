-- Two-factor sign-in for staff (issue 15, part 3). Staff turn on an authenticator app through
-- Supabase Auth's TOTP factors; a provider admin can require it of all staff. The requirement is
-- held here, not in the portal: the one staff check every policy, trigger and function goes
-- through (private.is_staff / private.has_role) also asks for the session's `aal` claim to be
-- 'aal2' while the requirement is on, as Supabase documents for MFA with row-level security.
-- Customers are never asked: their access does not go through the staff check.

-- Settings ---------------------------------------------------------------------------------------

-- The helpdesk's provider-wide settings: one row, whose key can only be true.
create table public.helpdesk_settings (
  id boolean primary key default true check (id),
  staff_two_factor_required boolean not null default false,
  updated_at timestamptz not null default now(),
  updated_by uuid references auth.users (id) on delete set null
);
comment on table public.helpdesk_settings is
  'One row of provider-wide helpdesk settings. Staff read it; provider admins change it.';
comment on column public.helpdesk_settings.staff_two_factor_required is
  'While true, staff powers need a session signed in with two factors (JWT aal = aal2).';
insert into public.helpdesk_settings (id) values (true);

-- Whether two factors are required. Security definer, so the staff check can read the setting
-- whatever the caller may read; one primary-key lookup, paid once per statement by the
-- `(select ...)` wrappers of the policies.
create function private.staff_two_factor_required() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce((select s.staff_two_factor_required from public.helpdesk_settings s where s.id), false)
$$;

-- The session passes the requirement: signed in with two factors, or neither required for all
-- staff nor turned on by this staff member. Someone who turned on an authenticator app is asked for
-- it always (Supabase's "enforce for users who enrolled"), so a stolen password alone gives no staff
-- powers; the portal asks them for the code at sign-in.
create function private.staff_session_ok() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce((select auth.jwt() ->> 'aal'), '') = 'aal2'
    or (
      not private.staff_two_factor_required()
      and not exists (
        select 1 from auth.mfa_factors f where f.user_id = (select auth.uid()) and f.status = 'verified'
      )
    )
$$;

-- The one staff check, now with the session's strength. A staff member at aal1 while two factors
-- are required has no staff powers: everything staff-only (policies, triggers, functions) refuses
-- them, and what is left is what any signed-in user may do.
create or replace function private.is_staff() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.user_roles where user_id = (select auth.uid()))
    and private.staff_session_ok()
$$;

create or replace function private.has_role(wanted public.staff_role) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.user_roles where user_id = (select auth.uid()) and role = wanted)
    and private.staff_session_ok()
$$;

revoke execute on function private.staff_two_factor_required(), private.staff_session_ok() from public;
grant execute on function private.staff_two_factor_required(), private.staff_session_ok()
  to anon, authenticated, service_role;

-- Updated_at and who changed it, whatever the client sends.
create function private.stamp_helpdesk_settings() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  return new;
end;
$$;
create trigger helpdesk_settings_stamp before update on public.helpdesk_settings
  for each row execute function private.stamp_helpdesk_settings();

alter table public.helpdesk_settings enable row level security;

-- helpdesk_settings: staff (with their staff powers) read the row.
create policy "helpdesk_settings: read as staff" on public.helpdesk_settings
  for select to authenticated using ((select private.is_staff()));

-- helpdesk_settings: provider admins change it; requiring two factors takes a session that has
-- them, so an admin cannot lock themselves out of the setting by turning it on at aal1.
create policy "helpdesk_settings: provider admins change it" on public.helpdesk_settings
  for update to authenticated
  using ((select private.has_role('siyakha_admin')))
  with check (
    (select private.has_role('siyakha_admin'))
    and (not staff_two_factor_required or coalesce((select auth.jwt() ->> 'aal'), '') = 'aal2')
  );

revoke all on public.helpdesk_settings from anon, authenticated;
grant select on public.helpdesk_settings to authenticated;
grant update (staff_two_factor_required) on public.helpdesk_settings to authenticated;

-- The one policy that checked the admin role by hand now uses the staff check, so it follows the
-- requirement too.
drop policy "sla_targets: provider admins change them" on public.sla_targets;
create policy "sla_targets: provider admins change them" on public.sla_targets
  for update to authenticated
  using ((select private.has_role('siyakha_admin')))
  with check ((select private.has_role('siyakha_admin')));

-- What the portal needs to know -------------------------------------------------------------------

-- For the signed-in user: whether two factors are required, the session's level, whether they
-- are staff by role (whatever the session), a provider admin by role, whether their staff powers
-- hold now, and whether they have an authenticator app turned on. "Staff by role but no powers" is
-- the portal's cue to ask for the code or to set up two-factor sign-in rather than show pages that
-- would come back empty; "an app turned on but a session without it" is its cue to ask for the code.
create function public.staff_two_factor_state()
returns table (
  required boolean,
  aal text,
  staff_member boolean,
  provider_admin boolean,
  staff_access boolean,
  has_second_factor boolean
)
language sql stable security definer set search_path = ''
as $$
  select
    private.staff_two_factor_required(),
    coalesce((select auth.jwt() ->> 'aal'), 'aal1'),
    exists (select 1 from public.user_roles r where r.user_id = (select auth.uid())),
    exists (select 1 from public.user_roles r where r.user_id = (select auth.uid()) and r.role = 'siyakha_admin'),
    private.is_staff(),
    exists (select 1 from auth.mfa_factors f where f.user_id = (select auth.uid()) and f.status = 'verified')
  where (select auth.uid()) is not null
$$;
revoke execute on function public.staff_two_factor_state() from public, anon;
grant execute on function public.staff_two_factor_state() to authenticated, service_role;
