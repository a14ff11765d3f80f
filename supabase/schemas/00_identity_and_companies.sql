-- Who the caller is (private.uid, staff roles, company membership), the enums every file uses, and
-- the grants that apply to every table in public.
--
-- Bodies are checked when they run, not here: functions in this file read tables that later
-- files create (plpgsql checks nothing at creation; sql would parse its body).
set check_function_bodies = off;

create schema if not exists private;
create extension if not exists pg_trgm with schema extensions version '1.6';
grant usage on schema private to anon, authenticated, service_role;
do $$
begin
  if current_setting('server_version_num')::integer >= 170000 then
    execute 'alter default privileges for role postgres in schema public revoke maintain on tables from anon, authenticated';
  end if;
end
$$;
alter default privileges for role postgres in schema public revoke references, trigger, truncate on tables from anon, authenticated;

create type public.close_reason as enum ('confirmed', 'auto_closed', 'cancelled', 'duplicate', 'spam');
create type public.company_role as enum ('company_admin', 'member');

-- A ticket is a conversation (issue 12): every message says who wrote it, the requester's own words
-- open the thread, a customer's reply to a resolved ticket reopens it, and the requester rates the
-- outcome. Who wrote what is the database's to record, never the client's.
create type public.message_author_kind as enum ('customer', 'staff', 'system');
create type public.message_channel as enum ('portal', 'whatsapp', 'email', 'web', 'phone', 'walk_in');
create type public.message_direction as enum ('inbound', 'outbound', 'internal');
create type public.message_status as enum ('queued', 'sent', 'delivered', 'read', 'failed');
create type public.staff_role as enum ('siyakha_admin', 'agent');
create type public.subscription_status as enum ('pending', 'confirmed', 'unsubscribed');
create type public.ticket_priority as enum ('low', 'normal', 'high', 'urgent');

-- Tickets and their messages: statuses and their allowed moves, the generated TCK- reference, and who may read and write each row.
create type public.ticket_status as enum ('new', 'open', 'waiting_on_customer', 'on_hold', 'resolved', 'closed');

create table public.companies (
    id uuid not null default gen_random_uuid(),
    name text not null,
    created_by uuid,
    created_at timestamp with time zone not null default now(),
    -- What agents see beside the company's tickets (issue 46): the provider's notes on the client
    -- and the staff member who looks after the account (told when a retainer runs down).
    notes text not null default ''::text,
    account_manager_id uuid
);
create table public.company_members (
    company_id uuid not null,
    user_id uuid not null,
    role public.company_role not null default 'member'::public.company_role,
    created_at timestamp with time zone not null default now()
);

-- The provider's own staff: siyakha_admin (the spec's {brand}_admin) and agents.
create table public.user_roles (
    user_id uuid not null,
    role public.staff_role not null,
    created_at timestamp with time zone not null default now()
);

create unique index companies_name_key on public.companies (lower(name));
create unique index companies_pkey on public.companies (id);
create unique index company_members_pkey on public.company_members (company_id, user_id);
create index company_members_user_id_idx on public.company_members (user_id);
create unique index user_roles_pkey on public.user_roles (user_id, role);

alter table public.companies add constraint companies_pkey PRIMARY KEY using index companies_pkey;
alter table public.company_members add constraint company_members_pkey PRIMARY KEY using index company_members_pkey;
alter table public.user_roles add constraint user_roles_pkey PRIMARY KEY using index user_roles_pkey;
alter table public.companies add constraint companies_name_check CHECK (((char_length(btrim(name)) >= 2) AND (char_length(btrim(name)) <= 200)));

alter table public.companies add constraint companies_notes_check CHECK ((char_length(notes) <= 4000));
alter table public.companies add constraint companies_account_manager_id_fkey FOREIGN KEY (account_manager_id) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.companies add constraint companies_created_by_fkey FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.company_members add constraint company_members_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE;
alter table public.company_members add constraint company_members_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.user_roles add constraint user_roles_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

-- Companies the caller administers, for `company_id in (select ...)` policies (evaluated once per
-- statement, then an index lookup).
CREATE OR REPLACE FUNCTION private.admin_company_ids()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select company_id from public.company_members
  where user_id = (select auth.uid()) and role = 'company_admin'
$function$
;

-- A role (provider admin, for admin-only changes), with is_staff's session rule: two calls, on
-- paths that are rare.
CREATE OR REPLACE FUNCTION private.has_role(wanted public.staff_role)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.user_roles where user_id = (select auth.uid()) and role = wanted)
    and private.is_staff()
$function$
;
CREATE OR REPLACE FUNCTION private.is_company_admin(company uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.company_members
    where company_id = company and user_id = (select auth.uid()) and role = 'company_admin'
  )
$function$
;
CREATE OR REPLACE FUNCTION private.is_company_member(company uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.company_members where company_id = company and user_id = (select auth.uid())
  )
$function$
;

-- private.is_staff() reads the caller's token once (issue 11: RLS ≤ 1.5× the service role).
--
-- It asked auth.uid() and auth.jwt() ->> 'aal' apart, and each parses the request's claims from
-- text to jsonb: ~1 µs for claims of `sub` and `role` alone, ~6.6 µs for the ~700 bytes of an access
-- token from Supabase Auth. Now the claims are parsed once, by auth.jwt() (Supabase's own reading of
-- them), and the caller's id and aal are taken from that. auth.uid() would also take a `sub` from
-- the legacy `request.jwt.claim.sub` setting, which current PostgREST does not set (it sets the
-- claims as one JSON setting, `request.jwt.claims`, and so does the local stand-in).
--
-- The answer is the same for every session: staff by role, and signed in with two factors, or
-- without an authenticator app while the provider does not require two factors.
--
-- Measured on the dev database as the demo agent with a real token's claims: a ticket by id,
-- prepared, with one more is_staff() call in its filter than the policy makes: ~37 µs more than
-- without that call as the SQL function, ~26 µs with this one (aal1; aal2 ~29 → ~18).
CREATE OR REPLACE FUNCTION private.is_staff()
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  claims constant jsonb := auth.jwt();
  caller constant uuid := (claims ->> 'sub')::uuid;
begin
  if caller is null or not exists (select 1 from public.user_roles r where r.user_id = caller) then
    return false;
  end if;
  return coalesce(claims ->> 'aal', '') = 'aal2'
    or (
      not coalesce((select s.staff_two_factor_required from public.helpdesk_settings s where s.id), false)
      and not exists (
        select 1 from auth.mfa_factors f where f.user_id = caller and f.status = 'verified'
      )
    );
end
$function$
;

-- The portal's reads at a million tickets (issue 11). Same rules as before, cheaper to check:
--   * every membership and role lookup in a policy runs once per statement (an InitPlan), never once
--     per row: `(select private.is_staff())`, `= any (array(select private.…_ids()))`;
--   * the ticket policies test "created it" first: an InitPlan runs only when a row first reaches it,
--     so a customer's own list never calls a helper at all (each call has a fixed cost of ~25 µs,
--     as much as the whole list query), and staff's check runs once before the company lookup;
--   * the list indexes match each list's filter and its order (created_at desc, id desc), so a page
--     is a LIMIT-bounded index scan, and the next page starts at a (created_at, id) cursor.
-- supabase/tests/perf/rls-perf.ts measures every query below as each caller and as the service role.


-- Companies the caller belongs to (any role), for the companies policy (was a per-row
-- private.is_company_member(id) call).
CREATE OR REPLACE FUNCTION private.member_company_ids()
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select company_id from public.company_members where user_id = (select auth.uid())
$function$
;

-- The portal draws its header (the Helpdesk and Security links) on every page. Asking the database
-- whether the user is staff cost each signed-in page one PostgREST call, ~4 ms of the portal's CPU
-- (docs/performance.md). Auth copies a user's app_metadata into every access token it issues, and
-- users cannot change their own, so a flag kept there answers from the token.
--
-- The flag only decides what the portal shows. Row-level security and private.is_staff() still read
-- user_roles, and staff pages still ask the database (staff_two_factor_state). A change of role
-- reaches the token at its next refresh (within the hour) or sign-in.
CREATE OR REPLACE FUNCTION private.sync_staff_flag()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update auth.users u
     set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb)
           || jsonb_build_object('staff', exists (select 1 from public.user_roles r where r.user_id = u.id))
   where u.id = new.user_id or u.id = old.user_id;
  return null;
end
$function$
;

-- The caller's id in policies without re-parsing auth.uid() in every statement (issue 11: RLS
-- ≤ 1.5× the service role).
--
-- auth.uid() is a one-line SQL function, so PostgreSQL inlines it: whenever a statement reaches a
-- policy that mentions it, the planner fetches the function's body as text, parses and analyses it
-- (coalesce, nullif, two current_setting calls, a jsonb cast and ->>, a uuid cast), once per
-- mention. Measured from a client, a statement `select (select auth.uid())` costs ~70 µs more than
-- `select 1`; nearly all of it is that parse, and it is paid again by every request. A ticket's
-- insert policy mentions it twice.
--
-- private.uid() returns the same value from PL/pgSQL, which PostgreSQL calls instead of inlining; its
-- expression is parsed once per connection and its plan kept (~30 µs a call, initplan included).
-- It asks auth.uid() itself, so what counts as the caller stays Supabase's definition.
--
-- Every policy that mentioned auth.uid() is rewritten with private.uid() in its place, from the
-- catalogue's own text of the policy. Nothing else in a policy changes. A test
-- (supabase/tests/rls/policy-shape.test.ts) fails on any policy that mentions auth.uid() again.
-- Functions keep auth.uid(): their plans are cached per connection, so the parse is paid once.
CREATE OR REPLACE FUNCTION private.uid()
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  return auth.uid();
end
$function$
;

-- Staff need to know who filed a ticket and who handles it, and auth.users is not exposed.
-- Addresses only, only to staff: anyone else gets no rows, so a customer learns nothing about
-- other users (not even whether an id exists).
CREATE OR REPLACE FUNCTION public.user_emails(user_ids uuid[])
 RETURNS TABLE(id uuid, email text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select u.id, u.email::text
  from auth.users u
  where u.id = any (user_ids) and (select private.is_staff())
$function$
;

alter table public.companies enable row level security;
alter table public.company_members enable row level security;
alter table public.user_roles enable row level security;

-- companies: members see their company; staff see all. Created only by the service role.
create policy "companies: read as member or staff"
  on public.companies
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_staff() AS is_staff) OR (id = ANY (ARRAY( SELECT private.member_company_ids() AS member_company_ids)))));

-- company_members: you see your own membership, company admins see their company's, staff all.
create policy "company_members: read own, own company as admin, or as staff"
  on public.company_members
  as permissive
  for select
  to authenticated
using (((user_id = ( SELECT private.uid() AS uid)) OR ( SELECT private.is_staff() AS is_staff) OR (company_id = ANY (ARRAY( SELECT private.admin_company_ids() AS admin_company_ids)))));

-- user_roles: you see your own roles; provider admins see everyone's. No one writes through the API.
create policy "user_roles: read own or as provider admin" on public.user_roles
  for select to authenticated
  using (user_id = (select private.uid()) or (select private.has_role('siyakha_admin')));

create trigger user_roles_staff_flag AFTER INSERT OR DELETE OR UPDATE ON public.user_roles FOR EACH ROW EXECUTE FUNCTION private.sync_staff_flag();

revoke all on function private.admin_company_ids() from public, anon, authenticated, service_role;
revoke all on function private.has_role(wanted public.staff_role) from public, anon, authenticated, service_role;
revoke all on function private.is_company_admin(company uuid) from public, anon, authenticated, service_role;
revoke all on function private.is_company_member(company uuid) from public, anon, authenticated, service_role;
revoke all on function private.is_staff() from public, anon, authenticated, service_role;
revoke all on function private.member_company_ids() from public, anon, authenticated, service_role;
revoke all on function private.sync_staff_flag() from public, anon, authenticated, service_role;
revoke all on function private.uid() from public, anon, authenticated, service_role;
revoke all on function public.user_emails(user_ids uuid[]) from public, anon, authenticated, service_role;
revoke all on table public.companies from public, anon, authenticated, service_role;
revoke all on table public.company_members from public, anon, authenticated, service_role;

-- Writes to roles and memberships are the service role's alone: nobody grants themselves a role
-- or joins a company. Revoking the privileges makes that explicit beyond "no policy".
revoke all on table public.user_roles from public, anon, authenticated, service_role;
grant execute on function private.admin_company_ids() to anon, authenticated, service_role;
grant execute on function private.has_role(wanted public.staff_role) to anon, authenticated, service_role;
grant execute on function private.is_company_admin(company uuid) to anon, authenticated, service_role;
grant execute on function private.is_company_member(company uuid) to anon, authenticated, service_role;
grant execute on function private.is_staff() to anon, authenticated, service_role;
grant execute on function private.member_company_ids() to anon, authenticated, service_role;
grant execute on function private.uid() to anon, authenticated, public, service_role;
grant execute on function public.user_emails(user_ids uuid[]) to authenticated, service_role;
grant all on table public.companies to service_role;
grant select on table public.companies to anon, authenticated;
grant all on table public.company_members to service_role;
grant select on table public.company_members to anon, authenticated;
grant all on table public.user_roles to service_role;
grant select on table public.user_roles to anon, authenticated;

comment on function private.uid() is 'auth.uid() for policies: called, not inlined, so a statement does not re-parse its body (20261127000400).';
comment on table public.user_roles is 'Provider staff roles. Granted only by the service role (create-company-admin) or SQL.';
