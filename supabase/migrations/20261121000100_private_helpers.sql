-- Helpers used by row-level security. They live in `private`, a schema the Data API does not
-- expose, run as their owner (security definer) so a policy can look at memberships and roles
-- without recursing into those tables' own policies, and pin search_path against hijacking.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

create type public.staff_role as enum ('siyakha_admin', 'agent');
create type public.company_role as enum ('company_admin', 'member');

-- The provider's own staff: siyakha_admin (the spec's {brand}_admin) and agents.
create table public.user_roles (
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.staff_role not null,
  created_at timestamptz not null default now(),
  primary key (user_id, role)
);
comment on table public.user_roles is 'Provider staff roles. Granted only by the service role (create-company-admin) or SQL.';

create table public.companies (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 2 and 200),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
create unique index companies_name_key on public.companies (lower(name));

create table public.company_members (
  company_id uuid not null references public.companies (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.company_role not null default 'member',
  created_at timestamptz not null default now(),
  primary key (company_id, user_id)
);
create index company_members_user_id_idx on public.company_members (user_id);

create function private.is_staff() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.user_roles where user_id = (select auth.uid()))
$$;

create function private.has_role(wanted public.staff_role) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.user_roles where user_id = (select auth.uid()) and role = wanted)
$$;

create function private.is_company_member(company uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.company_members where company_id = company and user_id = (select auth.uid())
  )
$$;

create function private.is_company_admin(company uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.company_members
    where company_id = company and user_id = (select auth.uid()) and role = 'company_admin'
  )
$$;

-- Companies the caller administers, for `company_id in (select ...)` policies (evaluated once per
-- statement, then an index lookup).
create function private.admin_company_ids() returns setof uuid
language sql stable security definer set search_path = ''
as $$
  select company_id from public.company_members
  where user_id = (select auth.uid()) and role = 'company_admin'
$$;

revoke execute on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;

alter table public.user_roles enable row level security;
alter table public.companies enable row level security;
alter table public.company_members enable row level security;

-- user_roles: you see your own roles; provider admins see everyone's. No one writes through the API.
create policy "user_roles: read own or as provider admin" on public.user_roles
  for select to authenticated
  using (user_id = (select auth.uid()) or (select private.has_role('siyakha_admin')));

-- companies: members see their company; staff see all. Created only by the service role.
create policy "companies: read as member or staff" on public.companies
  for select to authenticated
  using ((select private.is_company_member(id)) or (select private.is_staff()));

-- company_members: you see your own membership, company admins see their company's, staff all.
create policy "company_members: read own, own company as admin, or as staff" on public.company_members
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or company_id in (select private.admin_company_ids())
    or (select private.is_staff())
  );

-- Writes to roles and memberships are the service role's alone: nobody grants themselves a role
-- or joins a company. Revoking the privileges makes that explicit beyond "no policy".
revoke insert, update, delete on public.user_roles, public.companies, public.company_members from anon, authenticated;
