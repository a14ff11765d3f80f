-- The admin log (issue 46, part 3): every change a provider admin makes to how the helpdesk is set
-- up (staff, companies and their members, domains and sites, contracts, SLA targets, the business
-- calendar, shared canned replies) is one row here: who, when, which row, and the row before and
-- after. A trigger writes it, so a change made in the portal, by SQL or by a function is logged
-- alike and nobody can change something without a trace.
--
-- Bodies are checked when they run, not here: functions in this file read tables that later
-- files create (plpgsql checks nothing at creation; sql would parse its body).
set check_function_bodies = off;

create table public.admin_log (
    id bigint generated always as identity not null,
    -- Who: the signed-in user; null with the name 'System' for the service role and SQL.
    actor_id uuid,
    actor_name text not null,
    -- What: the table, the changed row's key (its id, or its key columns joined with ':'), and
    -- insert, update or delete.
    table_name text not null,
    row_key text not null,
    action text not null,
    -- The whole row before (null for an insert) and after (null for a delete).
    before jsonb,
    after jsonb,
    created_at timestamp with time zone not null default now()
);

create unique index admin_log_pkey on public.admin_log (id);
create index admin_log_created_at_idx on public.admin_log (created_at DESC, id DESC);
create index admin_log_row_idx on public.admin_log (table_name, row_key, id DESC);

alter table public.admin_log add constraint admin_log_pkey PRIMARY KEY using index admin_log_pkey;
alter table public.admin_log add constraint admin_log_action_check CHECK ((action = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text])));

alter table public.admin_log add constraint admin_log_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES auth.users(id) ON DELETE SET NULL;

-- AFTER INSERT OR UPDATE OR DELETE ... FOR EACH ROW EXECUTE FUNCTION private.log_admin_change('<key column>', ...):
-- the trigger's arguments name the columns that make the row's key (default: id). An update that
-- changes nothing but updated_at is not logged. Security definer: the log has no write grants.
CREATE OR REPLACE FUNCTION private.log_admin_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  before_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  after_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  key_columns text[] := case when tg_nargs > 0 then tg_argv else array['id'] end;
  actor uuid := (select auth.uid());
  row_key text;
begin
  if tg_op = 'UPDATE' and (before_row - 'updated_at') = (after_row - 'updated_at') then
    return null;
  end if;
  select string_agg(coalesce(after_row, before_row) ->> k, ':' order by ordinality)
  into row_key
  from unnest(key_columns) with ordinality as k;
  insert into public.admin_log (actor_id, actor_name, table_name, row_key, action, before, after)
  values (actor, coalesce(private.display_name(actor), 'System'), tg_table_name, coalesce(row_key, ''),
          lower(tg_op), before_row, after_row);
  return null;
end
$function$
;

alter table public.admin_log enable row level security;

-- Provider admins read the log; nobody writes it but the trigger.
create policy "admin_log: read as provider admin" on public.admin_log
  for select to authenticated
  using ((select private.has_role('siyakha_admin')));

create trigger companies_admin_log AFTER INSERT OR DELETE OR UPDATE ON public.companies FOR EACH ROW EXECUTE FUNCTION private.log_admin_change();
create trigger company_members_admin_log AFTER INSERT OR DELETE OR UPDATE ON public.company_members FOR EACH ROW EXECUTE FUNCTION private.log_admin_change('company_id', 'user_id');
create trigger user_roles_admin_log AFTER INSERT OR DELETE OR UPDATE ON public.user_roles FOR EACH ROW EXECUTE FUNCTION private.log_admin_change('user_id', 'role');
create trigger sla_targets_admin_log AFTER INSERT OR DELETE OR UPDATE ON public.sla_targets FOR EACH ROW EXECUTE FUNCTION private.log_admin_change('priority');
create trigger helpdesk_settings_admin_log AFTER INSERT OR DELETE OR UPDATE ON public.helpdesk_settings FOR EACH ROW EXECUTE FUNCTION private.log_admin_change();

revoke all on function private.log_admin_change() from public, anon, authenticated, service_role;
revoke all on sequence public.admin_log_id_seq from public, anon, authenticated, service_role;
revoke all on table public.admin_log from public, anon, authenticated, service_role;
grant select on table public.admin_log to authenticated, service_role;

comment on table public.admin_log is 'Every admin change (who, when, before and after), written by private.log_admin_change(); read by provider admins.';
