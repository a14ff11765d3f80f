-- Issue 46 part 3: provider admins administer companies (domains, sites, members, account manager) and staff (role, deactivate, reactivate); new users at a company domain join it.
-- Data (rows, cron schedules, storage buckets) is not diffed: add it by hand.

create table "public"."company_domains" (
    "domain" text not null,
    "company_id" uuid not null,
    "created_at" timestamp with time zone not null default now()
      );

alter table "public"."company_domains" enable row level security;

create table "public"."company_sites" (
    "id" uuid not null default gen_random_uuid(),
    "company_id" uuid not null,
    "name" text not null,
    "address" text not null default ''::text,
    "notes" text not null default ''::text,
    "created_at" timestamp with time zone not null default now()
      );

alter table "public"."company_sites" enable row level security;

create table "public"."deactivated_staff" (
    "user_id" uuid not null,
    "roles" public.staff_role[] not null,
    "deactivated_at" timestamp with time zone not null default now(),
    "deactivated_by" uuid
      );

alter table "public"."deactivated_staff" enable row level security;

CREATE INDEX company_domains_company_id_idx ON public.company_domains USING btree (company_id);

CREATE UNIQUE INDEX company_domains_pkey ON public.company_domains USING btree (domain);

CREATE INDEX company_sites_company_id_idx ON public.company_sites USING btree (company_id, name);

CREATE UNIQUE INDEX company_sites_pkey ON public.company_sites USING btree (id);

CREATE UNIQUE INDEX deactivated_staff_pkey ON public.deactivated_staff USING btree (user_id);

alter table "public"."company_domains" add constraint "company_domains_pkey" PRIMARY KEY using index "company_domains_pkey";

alter table "public"."company_sites" add constraint "company_sites_pkey" PRIMARY KEY using index "company_sites_pkey";

alter table "public"."deactivated_staff" add constraint "deactivated_staff_pkey" PRIMARY KEY using index "deactivated_staff_pkey";

alter table "public"."company_domains" add constraint "company_domains_company_id_fkey" FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE not valid;

alter table "public"."company_domains" validate constraint "company_domains_company_id_fkey";

alter table "public"."company_domains" add constraint "company_domains_domain_check" CHECK (((char_length(domain) <= 253) AND (domain ~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$'::text))) not valid;

alter table "public"."company_domains" validate constraint "company_domains_domain_check";

alter table "public"."company_sites" add constraint "company_sites_address_check" CHECK ((char_length(address) <= 1000)) not valid;

alter table "public"."company_sites" validate constraint "company_sites_address_check";

alter table "public"."company_sites" add constraint "company_sites_company_id_fkey" FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE CASCADE not valid;

alter table "public"."company_sites" validate constraint "company_sites_company_id_fkey";

alter table "public"."company_sites" add constraint "company_sites_name_check" CHECK (((char_length(btrim(name)) >= 1) AND (char_length(name) <= 200))) not valid;

alter table "public"."company_sites" validate constraint "company_sites_name_check";

alter table "public"."company_sites" add constraint "company_sites_notes_check" CHECK ((char_length(notes) <= 2000)) not valid;

alter table "public"."company_sites" validate constraint "company_sites_notes_check";

alter table "public"."deactivated_staff" add constraint "deactivated_staff_deactivated_by_fkey" FOREIGN KEY (deactivated_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."deactivated_staff" validate constraint "deactivated_staff_deactivated_by_fkey";

alter table "public"."deactivated_staff" add constraint "deactivated_staff_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."deactivated_staff" validate constraint "deactivated_staff_user_id_fkey";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.check_company()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    new.created_by := coalesce((select auth.uid()), new.created_by);
  end if;
  if new.account_manager_id is not null
     and (tg_op = 'INSERT' or new.account_manager_id is distinct from old.account_manager_id)
     and not exists (select 1 from public.user_roles r where r.user_id = new.account_manager_id) then
    raise exception 'The account manager must be a staff member' using errcode = '23514';
  end if;
  return new;
end
$function$
;

CREATE OR REPLACE FUNCTION private.check_company_domain()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.domain := lower(btrim(new.domain));
  if new.domain = any (array[
    'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'yahoo.com',
    'yahoo.co.uk', 'ymail.com', 'icloud.com', 'me.com', 'mac.com', 'aol.com', 'proton.me',
    'protonmail.com', 'gmx.com', 'gmx.net', 'mail.com', 'zoho.com', 'yandex.com', 'tutanota.com',
    'webmail.co.za', 'mweb.co.za', 'telkomsa.net', 'vodamail.co.za', 'iafrica.com', 'lantic.net',
    'afrihost.co.za', 'cybersmart.co.za'
  ]) then
    raise exception '% is a free email service: anyone can have an address there, so it cannot be a company domain', new.domain
      using errcode = '23514';
  end if;
  return new;
end
$function$
;

CREATE OR REPLACE FUNCTION private.is_last_admin(member uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.user_roles r where r.user_id = member and r.role = 'siyakha_admin')
    and not exists (select 1 from public.user_roles r where r.role = 'siyakha_admin' and r.user_id <> member)
$function$
;

CREATE OR REPLACE FUNCTION private.join_company_by_domain()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  company public.companies;
  joined integer;
  admin_row record;
begin
  if new.email is null or new.email_confirmed_at is null
     or (tg_op = 'UPDATE' and old.email_confirmed_at is not null and old.email is not distinct from new.email) then
    return null;
  end if;
  select c.* into company
  from public.company_domains d join public.companies c on c.id = d.company_id
  where d.domain = lower(split_part(new.email::text, '@', 2));
  if company.id is null or exists (select 1 from public.user_roles r where r.user_id = new.id) then
    return null;
  end if;
  insert into public.company_members (company_id, user_id, role)
  values (company.id, new.id, 'member')
  on conflict (company_id, user_id) do nothing;
  get diagnostics joined = row_count;
  if joined = 0 then
    return null;
  end if;
  for admin_row in
    select u.id, u.email::text as email
    from public.company_members m join auth.users u on u.id = m.user_id
    where m.company_id = company.id and m.role = 'company_admin' and u.id <> new.id
  loop
    perform private.enqueue_email(
      'company_member_joined:' || company.id || ':' || new.id, 'company_member_joined', null, null, null,
      admin_row.email, admin_row.id,
      jsonb_build_object('company_name', company.name, 'member_email', new.email::text,
                         'member_name', coalesce(private.display_name(new.id), new.email::text)));
  end loop;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.require_provider_admin()
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not (select private.has_role('siyakha_admin')) then
    raise exception 'Only a provider admin can do that' using errcode = '42501';
  end if;
  return (select auth.uid());
end
$function$
;

CREATE OR REPLACE FUNCTION public.deactivate_staff(member uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := private.require_provider_admin();
  held public.staff_role[];
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('staff_roles', 0));
  if private.is_last_admin(member) then
    raise exception 'This is the last provider admin: make someone else an admin first' using errcode = '22023';
  end if;
  if member = caller then
    raise exception 'You cannot deactivate yourself: ask another admin' using errcode = '22023';
  end if;
  select array_agg(r.role order by r.role) into held from public.user_roles r where r.user_id = member;
  if held is null then
    raise exception 'Not an active staff member' using errcode = 'P0002';
  end if;
  insert into public.deactivated_staff (user_id, roles, deactivated_by) values (member, held, caller);
  delete from public.user_roles r where r.user_id = member;
  update auth.users u set banned_until = now() + interval '100 years' where u.id = member;
  delete from auth.sessions s where s.user_id = member;
  return (select count(*)::integer from public.tickets t
          where t.assigned_to = member and t.status not in ('resolved', 'closed'));
end
$function$
;

CREATE OR REPLACE FUNCTION public.reactivate_staff(member uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  held public.staff_role[];
begin
  perform private.require_provider_admin();
  delete from public.deactivated_staff d where d.user_id = member returning d.roles into held;
  if held is null then
    raise exception 'Not a deactivated staff member' using errcode = 'P0002';
  end if;
  insert into public.user_roles (user_id, role) select member, unnest(held) on conflict do nothing;
  update auth.users u set banned_until = null where u.id = member;
end
$function$
;

CREATE OR REPLACE FUNCTION public.reassign_open_tickets(from_member uuid, to_member uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  moved integer;
begin
  perform private.require_provider_admin();
  update public.tickets t set assigned_to = to_member, expected_version = t.version
  where t.assigned_to = from_member and t.status not in ('resolved', 'closed');
  get diagnostics moved = row_count;
  return moved;
end
$function$
;

CREATE OR REPLACE FUNCTION public.set_staff_role(member uuid, new_role public.staff_role)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := private.require_provider_admin();
begin
  if not exists (select 1 from auth.users u where u.id = member) then
    raise exception 'No such user' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.deactivated_staff d where d.user_id = member) then
    raise exception 'This staff member is deactivated: reactivate them first' using errcode = '22023';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('staff_roles', 0));
  if new_role <> 'siyakha_admin' and private.is_last_admin(member) then
    raise exception 'This is the last provider admin: make someone else an admin first' using errcode = '22023';
  end if;
  if member = caller and new_role <> 'siyakha_admin' then
    raise exception 'You cannot change your own role: ask another admin' using errcode = '22023';
  end if;
  delete from public.user_roles r where r.user_id = member and r.role <> new_role;
  insert into public.user_roles (user_id, role) values (member, new_role) on conflict do nothing;
end
$function$
;

CREATE OR REPLACE FUNCTION public.staff_directory()
 RETURNS TABLE(id uuid, name text, email text, role public.staff_role, active boolean, has_second_factor boolean, open_tickets integer, deactivated_at timestamp with time zone, invited boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with people as (
    select r.user_id, min(r.role) as role, true as active, null::timestamptz as deactivated_at
    from public.user_roles r group by r.user_id
    union all
    select d.user_id, d.roles[1], false, d.deactivated_at from public.deactivated_staff d
  )
  select
    u.id,
    private.display_name(u.id),
    u.email::text,
    p.role,
    p.active,
    exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified'),
    (select count(*)::integer from public.tickets t
     where t.assigned_to = u.id and t.status not in ('resolved', 'closed')),
    p.deactivated_at,
    u.email_confirmed_at is null and u.invited_at is not null
  from people p join auth.users u on u.id = p.user_id
  where (select private.has_role('siyakha_admin'))
  order by p.active desc, 2
$function$
;

CREATE OR REPLACE FUNCTION public.user_id_by_email(address text)
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select u.id from auth.users u
  where lower(u.email) = lower(btrim(address)) and u.deleted_at is null
    and (select private.has_role('siyakha_admin'))
  limit 1
$function$
;

create policy "companies: provider admins create"
  on "public"."companies"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role));

create policy "companies: provider admins edit"
  on "public"."companies"
  as permissive
  for update
  to authenticated
using (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role))
with check (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role));

create policy "company_domains: provider admins write"
  on "public"."company_domains"
  as permissive
  for all
  to authenticated
using (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role))
with check (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role));

create policy "company_domains: read as staff"
  on "public"."company_domains"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_staff() AS is_staff));

create policy "company_members: provider admins add"
  on "public"."company_members"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role));

create policy "company_members: provider admins change role"
  on "public"."company_members"
  as permissive
  for update
  to authenticated
using (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role))
with check (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role));

create policy "company_members: provider admins remove"
  on "public"."company_members"
  as permissive
  for delete
  to authenticated
using (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role));

create policy "company_sites: provider admins write"
  on "public"."company_sites"
  as permissive
  for all
  to authenticated
using (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role))
with check (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role));

create policy "company_sites: read as staff or member"
  on "public"."company_sites"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_staff() AS is_staff) OR (company_id = ANY (ARRAY( SELECT private.member_company_ids() AS member_company_ids)))));

create policy "deactivated_staff: read as provider admin"
  on "public"."deactivated_staff"
  as permissive
  for select
  to authenticated
using (( SELECT private.has_role('siyakha_admin'::public.staff_role) AS has_role));

CREATE TRIGGER on_email_confirmed_join_company AFTER INSERT OR UPDATE OF email_confirmed_at, email ON auth.users FOR EACH ROW EXECUTE FUNCTION private.join_company_by_domain();

CREATE TRIGGER companies_check BEFORE INSERT OR UPDATE ON public.companies FOR EACH ROW EXECUTE FUNCTION private.check_company();

CREATE TRIGGER company_domains_admin_log AFTER INSERT OR DELETE OR UPDATE ON public.company_domains FOR EACH ROW EXECUTE FUNCTION private.log_admin_change('domain');

CREATE TRIGGER company_domains_check BEFORE INSERT OR UPDATE ON public.company_domains FOR EACH ROW EXECUTE FUNCTION private.check_company_domain();

CREATE TRIGGER company_sites_admin_log AFTER INSERT OR DELETE OR UPDATE ON public.company_sites FOR EACH ROW EXECUTE FUNCTION private.log_admin_change();

CREATE TRIGGER deactivated_staff_admin_log AFTER INSERT OR DELETE OR UPDATE ON public.deactivated_staff FOR EACH ROW EXECUTE FUNCTION private.log_admin_change('user_id');

revoke all on function private.check_company() from public, anon, authenticated, service_role;

revoke all on function private.check_company_domain() from public, anon, authenticated, service_role;

revoke all on function private.is_last_admin(member uuid) from public, anon, authenticated, service_role;

revoke all on function private.join_company_by_domain() from public, anon, authenticated, service_role;

revoke all on function private.require_provider_admin() from public, anon, authenticated, service_role;

revoke all on function public.deactivate_staff(member uuid) from public, anon, authenticated, service_role;

revoke all on function public.reactivate_staff(member uuid) from public, anon, authenticated, service_role;

revoke all on function public.reassign_open_tickets(from_member uuid, to_member uuid) from public, anon, authenticated, service_role;

revoke all on function public.set_staff_role(member uuid, new_role public.staff_role) from public, anon, authenticated, service_role;

revoke all on function public.staff_directory() from public, anon, authenticated, service_role;

revoke all on function public.user_id_by_email(address text) from public, anon, authenticated, service_role;

revoke all on table public.company_domains from public, anon, authenticated, service_role;

revoke all on table public.company_sites from public, anon, authenticated, service_role;

revoke all on table public.deactivated_staff from public, anon, authenticated, service_role;

grant execute on function private.check_company_domain() to public;

grant execute on function private.require_provider_admin() to authenticated, service_role;

grant execute on function public.deactivate_staff(member uuid) to authenticated;

grant execute on function public.reactivate_staff(member uuid) to authenticated;

grant execute on function public.reassign_open_tickets(from_member uuid, to_member uuid) to authenticated;

grant execute on function public.set_staff_role(member uuid, new_role public.staff_role) to authenticated;

grant execute on function public.staff_directory() to authenticated;

grant execute on function public.user_id_by_email(address text) to authenticated;

grant insert (account_manager_id, name, notes), update (account_manager_id, name, notes) on table public.companies to authenticated;

grant all on table public.company_domains to service_role;

grant delete, select, insert (company_id, domain) on table public.company_domains to authenticated;

grant delete, insert (company_id, role, user_id), update (role) on table public.company_members to authenticated;

grant all on table public.company_sites to service_role;

grant delete, select, insert (address, company_id, name, notes), update (address, name, notes) on table public.company_sites to authenticated;

grant all on table public.deactivated_staff to service_role;

grant select on table public.deactivated_staff to authenticated;

comment on function public.deactivate_staff(member uuid) is 'Provider admins: staff powers gone at once, sign-in banned, sessions ended; returns their open tickets count.';

comment on table public.company_domains is 'Email domains whose new confirmed users join the company as members (company admins are told).';

comment on table public.company_sites is 'A company''s addresses (offices, branches) with notes: agents see them beside the ticket.';

comment on table public.deactivated_staff is 'Staff whose roles were taken away by deactivate_staff (Auth-banned); reactivate_staff gives them back.';
