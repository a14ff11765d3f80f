-- Staff accounts: provider-wide settings, two-factor sign-in and its attempt limits, and removing a
-- staff member's factors (audited).
--
-- Bodies are checked when they run, not here: functions in this file read tables that later
-- files create (plpgsql checks nothing at creation; sql would parse its body).
set check_function_bodies = off;

-- A provider admin removes a staff member's two-factor sign-in (issue 43, item 14): the way back
-- for someone who lost the phone with their authenticator app. Every removal is written to the
-- staff audit log with who did it and when.
--
-- The function deletes rows of auth.mfa_factors (their challenges go with them) and ends the staff
-- member's sessions, so a session signed in with the lost app ends too. It runs as its owner,
-- postgres: on hosted Supabase postgres holds DELETE on the auth tables and bypasses their
-- row-level security (as the local stand-in's bootstrap grants), and no client role holds either.
--
-- Written and read only by the functions below: RLS with no policy, and no grants.
create table private.staff_audit_log (
    id bigint generated always as identity not null,
    action text not null,
    actor_id uuid,
    actor_name text not null,
    target_id uuid,
    target_name text not null,
    details jsonb not null default '{}'::jsonb,
    created_at timestamp with time zone not null default now()
);

-- Wrong two-factor codes, counted per account (issue 43, item 13). Supabase Auth limits MFA
-- verification per client address only (GoTrue: 30 at once, 15 a minute), and the portal's
-- server calls Auth from one address for every user, so that limit is everyone's together. Here
-- each account gets at most 5 codes that were not proven right in 15 minutes, in the database so
-- that it holds across portal instances. The portal reserves an attempt before it asks Auth to
-- check a code, and clears it only once the session shows the code was right (aal2): a caller
-- with the password alone cannot undo the count, and parallel requests cannot overrun it.
--
-- Only the functions below read or write it: RLS with no policy, and no grants.
create table private.two_factor_attempts (
    id uuid not null default gen_random_uuid(),
    user_id uuid not null,
    attempted_at timestamp with time zone not null default now(),
    -- Two-factor codes counted by Auth itself (issue 43, item 13, hosted). The portal takes one of an
    -- account's 5 attempts per 15 minutes before it sends a code to Auth (supabase/schemas/80_staff_and_two_factor.sql),
    -- but whoever has the password can call Auth's verify endpoint directly, where only GoTrue's
    -- per-address limit applies. Auth's MFA verification attempt hook (`[auth.hook.
    -- mfa_verification_attempt]` in config.toml; Team and Enterprise plans on hosted, and the local
    -- stack) calls this function after every code it checks, so the same per-account count holds there:
    -- a wrong code is counted once (the portal's reservation for it, when it made one, else a new row),
    -- and once 5 wrong codes are on the account in 15 minutes Auth refuses every code, the right one
    -- included, and ends the account's sessions.
    seen_by_auth boolean not null default false
);

-- Two-factor sign-in for staff (issue 15, part 3). Staff turn on an authenticator app through
-- Supabase Auth's TOTP factors; a provider admin can require it of all staff. The requirement is
-- held here, not in the portal: the one staff check every policy, trigger and function goes
-- through (private.is_staff / private.has_role) also asks for the session's `aal` claim to be
-- 'aal2' while the requirement is on, as Supabase documents for MFA with row-level security.
-- Customers are never asked: their access does not go through the staff check.


-- The helpdesk's provider-wide settings: one row, whose key can only be true.
create table public.helpdesk_settings (
    id boolean not null default true,
    staff_two_factor_required boolean not null default false,
    updated_at timestamp with time zone not null default now(),
    updated_by uuid
);

create unique index staff_audit_log_pkey on private.staff_audit_log (id);
create index staff_audit_log_target_idx on private.staff_audit_log (target_id, created_at DESC);
create unique index two_factor_attempts_pkey on private.two_factor_attempts (id);
create index two_factor_attempts_user_idx on private.two_factor_attempts (user_id, attempted_at);
create unique index helpdesk_settings_pkey on public.helpdesk_settings (id);

alter table private.staff_audit_log add constraint staff_audit_log_pkey PRIMARY KEY using index staff_audit_log_pkey;
alter table private.two_factor_attempts add constraint two_factor_attempts_pkey PRIMARY KEY using index two_factor_attempts_pkey;
alter table public.helpdesk_settings add constraint helpdesk_settings_pkey PRIMARY KEY using index helpdesk_settings_pkey;
alter table private.staff_audit_log add constraint staff_audit_log_action_check CHECK ((action = 'two_factor_removed'::text));
alter table public.helpdesk_settings add constraint helpdesk_settings_id_check CHECK (id);

alter table private.staff_audit_log add constraint staff_audit_log_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table private.staff_audit_log add constraint staff_audit_log_target_id_fkey FOREIGN KEY (target_id) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table private.two_factor_attempts add constraint two_factor_attempts_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.helpdesk_settings add constraint helpdesk_settings_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL;

-- Whether two factors are required. Security definer, so the staff check can read the setting
-- whatever the caller may read; one primary-key lookup, paid once per statement by the
-- `(select ...)` wrappers of the policies.
CREATE OR REPLACE FUNCTION private.staff_two_factor_required()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((select s.staff_two_factor_required from public.helpdesk_settings s where s.id), false)
$function$
;

-- Updated_at and who changed it, whatever the client sends.
CREATE OR REPLACE FUNCTION private.stamp_helpdesk_settings()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.updated_at := now();
  new.updated_by := (select auth.uid());
  return new;
end;
$function$
;

-- Takes one of the caller's attempts. `attempt_id` is the reservation to clear once the code is
-- right; when the 5 are used up it is null and `retry_after` says in how many seconds the oldest
-- of them drops out of the 15 minutes. `wait_if_wrong` is that wait should this attempt turn out
-- wrong too (0 while attempts are left after it), so the fifth wrong code can already say so. One
-- account's reservations are taken one at a time (a transaction-scoped lock on the account), so
-- parallel requests cannot all see 4.
CREATE OR REPLACE FUNCTION public.begin_two_factor_attempt()
 RETURNS TABLE(attempt_id uuid, retry_after integer, wait_if_wrong integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := (select auth.uid());
  recent timestamptz[];
  reserved uuid;
begin
  if caller is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('two_factor_attempts:' || caller::text, 0));
  -- Older attempts no longer count; nothing else removes them.
  delete from private.two_factor_attempts a
  where a.user_id = caller and a.attempted_at <= now() - interval '15 minutes';
  select array_agg(a.attempted_at order by a.attempted_at desc) into recent
  from private.two_factor_attempts a where a.user_id = caller;
  if coalesce(array_length(recent, 1), 0) >= 5 then
    return query select null::uuid,
      greatest(1, ceil(extract(epoch from (recent[5] + interval '15 minutes' - now())))::integer), 0;
    return;
  end if;
  insert into private.two_factor_attempts (user_id) values (caller) returning id into reserved;
  return query select reserved, 0,
    case when coalesce(array_length(recent, 1), 0) = 4
      then greatest(1, ceil(extract(epoch from (recent[4] + interval '15 minutes' - now())))::integer)
      else 0 end;
end;
$function$
;
CREATE OR REPLACE FUNCTION public.hook_mfa_verification_attempt(event jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  person uuid := (event ->> 'user_id')::uuid;
  wrong timestamptz[];
  wait_seconds integer;
  reservation uuid;
begin
  -- The lock begin_two_factor_attempt takes: one account's count changes one request at a time.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('two_factor_attempts:' || person::text, 0));
  select array_agg(a.attempted_at order by a.attempted_at desc) into wrong
  from private.two_factor_attempts a
  where a.user_id = person and a.seen_by_auth and a.attempted_at > now() - interval '15 minutes';
  if coalesce(array_length(wrong, 1), 0) >= 5 then
    wait_seconds := greatest(1, ceil(extract(epoch from (wrong[5] + interval '15 minutes' - now())))::integer);
    -- The portal's words (tooManyWrongCodes in packages/schemas), whole minutes rounded up.
    return jsonb_build_object('decision', 'reject', 'message',
      format('Too many wrong codes. Try again in %s %s.', ceil(wait_seconds / 60.0)::integer,
             case when ceil(wait_seconds / 60.0) = 1 then 'minute' else 'minutes' end));
  end if;
  if not coalesce((event ->> 'valid')::boolean, false) then
    update private.two_factor_attempts a set seen_by_auth = true
    where a.id = (select r.id from private.two_factor_attempts r
                  where r.user_id = person and not r.seen_by_auth and r.attempted_at > now() - interval '1 minute'
                  order by r.attempted_at limit 1)
    returning a.id into reservation;
    if reservation is null then
      insert into private.two_factor_attempts (user_id, seen_by_auth) values (person, true);
    end if;
  end if;
  return jsonb_build_object('decision', 'continue');
end
$function$
;

-- Removes every authenticator factor of a staff member and signs them out everywhere. Only a
-- provider admin with staff powers now (private.has_role: a session with two factors when the
-- admin has turned them on, or when they are required), never on themselves (their own "Turn off"
-- keeps the rules of the Security page), and only for staff. Returns the number of factors removed.
CREATE OR REPLACE FUNCTION public.remove_staff_two_factor(staff_member uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

-- For the provider admin's staff list: each staff member, whether two-factor sign-in is on, and
-- the last removal (who and when). Provider admins only; anyone else gets no rows.
CREATE OR REPLACE FUNCTION public.staff_two_factor_overview()
 RETURNS TABLE(id uuid, name text, email text, role public.staff_role, has_second_factor boolean, last_removed_at timestamp with time zone, last_removed_by text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

-- For the signed-in user: whether two factors are required, the session's level, whether they
-- are staff by role (whatever the session), a provider admin by role, whether their staff powers
-- hold now, and whether they have an authenticator app turned on. "Staff by role but no powers" is
-- the portal's cue to ask for the code or to set up two-factor sign-in rather than show pages that
-- would come back empty; "an app turned on but a session without it" is its cue to ask for the code.
CREATE OR REPLACE FUNCTION public.staff_two_factor_state()
 RETURNS TABLE(required boolean, aal text, staff_member boolean, provider_admin boolean, staff_access boolean, has_second_factor boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select
    private.staff_two_factor_required(),
    coalesce((select auth.jwt() ->> 'aal'), 'aal1'),
    exists (select 1 from public.user_roles r where r.user_id = (select auth.uid())),
    exists (select 1 from public.user_roles r where r.user_id = (select auth.uid()) and r.role = 'siyakha_admin'),
    private.is_staff(),
    exists (select 1 from auth.mfa_factors f where f.user_id = (select auth.uid()) and f.status = 'verified')
  where (select auth.uid()) is not null
$function$
;

-- The code was right: the caller's session now has two factors, and the reservation is cleared so
-- it does not count as a wrong code. From a session with the password only it clears nothing.
CREATE OR REPLACE FUNCTION public.two_factor_attempt_succeeded(attempt uuid)
 RETURNS boolean
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with cleared as (
    delete from private.two_factor_attempts a
    where a.id = attempt
      and a.user_id = (select auth.uid())
      and coalesce((select auth.jwt() ->> 'aal'), '') = 'aal2'
    returning 1
  )
  select exists (select 1 from cleared)
$function$
;

alter table private.staff_audit_log enable row level security;
alter table private.two_factor_attempts enable row level security;
alter table public.helpdesk_settings enable row level security;

-- helpdesk_settings: provider admins change it; requiring two factors takes a session that has
-- them, so an admin cannot lock themselves out of the setting by turning it on at aal1.
create policy "helpdesk_settings: provider admins change it" on public.helpdesk_settings
  for update to authenticated
  using ((select private.has_role('siyakha_admin')))
  with check (
    (select private.has_role('siyakha_admin'))
    and (not staff_two_factor_required or coalesce((select auth.jwt() ->> 'aal'), '') = 'aal2')
  );

-- helpdesk_settings: staff (with their staff powers) read the row.
create policy "helpdesk_settings: read as staff" on public.helpdesk_settings
  for select to authenticated using ((select private.is_staff()));

create trigger helpdesk_settings_stamp BEFORE UPDATE ON public.helpdesk_settings FOR EACH ROW EXECUTE FUNCTION private.stamp_helpdesk_settings();

revoke all on function private.staff_two_factor_required() from public, anon, authenticated, service_role;
revoke all on function private.stamp_helpdesk_settings() from public, anon, authenticated, service_role;
revoke all on function public.begin_two_factor_attempt() from public, anon, authenticated, service_role;

-- Auth alone calls it (as supabase_auth_admin); nobody through the API.
revoke all on function public.hook_mfa_verification_attempt(event jsonb) from public, anon, authenticated, service_role;
revoke all on function public.remove_staff_two_factor(staff_member uuid) from public, anon, authenticated, service_role;
revoke all on function public.staff_two_factor_overview() from public, anon, authenticated, service_role;
revoke all on function public.staff_two_factor_state() from public, anon, authenticated, service_role;
revoke all on function public.two_factor_attempt_succeeded(attempt uuid) from public, anon, authenticated, service_role;
revoke all on sequence private.staff_audit_log_id_seq from public, anon, authenticated, service_role;
revoke all on table private.staff_audit_log from public, anon, authenticated, service_role;
revoke all on table private.two_factor_attempts from public, anon, authenticated, service_role;
revoke all on table public.helpdesk_settings from public, anon, authenticated, service_role;
grant execute on function private.staff_two_factor_required() to anon, authenticated, service_role;
grant execute on function private.stamp_helpdesk_settings() to public;
grant execute on function public.begin_two_factor_attempt() to authenticated, service_role;
grant execute on function public.hook_mfa_verification_attempt(event jsonb) to supabase_auth_admin;
grant execute on function public.remove_staff_two_factor(staff_member uuid) to authenticated, service_role;
grant execute on function public.staff_two_factor_overview() to authenticated, service_role;
grant execute on function public.staff_two_factor_state() to authenticated, service_role;
grant execute on function public.two_factor_attempt_succeeded(attempt uuid) to authenticated, service_role;
grant all on table public.helpdesk_settings to service_role;
grant select, update (staff_two_factor_required) on table public.helpdesk_settings to authenticated;

comment on column private.two_factor_attempts.seen_by_auth is 'Auth checked this code and found it wrong (the hook); false while it is only the portal''s reservation.';
comment on column public.helpdesk_settings.staff_two_factor_required is 'While true, staff powers need a session signed in with two factors (JWT aal = aal2).';
comment on function public.begin_two_factor_attempt() is 'Reserves one of the caller''s 5 two-factor attempts per 15 minutes, or says how long to wait.';
comment on function public.hook_mfa_verification_attempt(event jsonb) is 'Auth''s MFA verification attempt hook: counts wrong codes per account, refuses all past 5 in 15 minutes.';
comment on function public.remove_staff_two_factor(staff_member uuid) is 'A provider admin removes a staff member''s authenticator factors and sessions; logged.';
comment on function public.two_factor_attempt_succeeded(attempt uuid) is 'Clears a reservation once the caller''s session has two factors (the code was right).';
comment on table private.staff_audit_log is 'What provider admins did to staff accounts, by whom and when (names kept as they were then).';
comment on table private.two_factor_attempts is 'Two-factor codes tried at sign-in and not (yet) proven right; 5 per account in 15 minutes.';
comment on table public.helpdesk_settings is 'One row of provider-wide helpdesk settings. Staff read it; provider admins change it.';
