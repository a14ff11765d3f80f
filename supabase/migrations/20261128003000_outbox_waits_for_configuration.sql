-- Nothing fails for want of configuration (issue 44, part 1). On a fresh hosted project the two
-- Vault secrets the outbox nudge reads (20261125000400_outbox_schedule.sql) do not exist yet, so
-- net.http_post was handed a NULL URL and refused it: every insert into the outbox failed, and with
-- it every new ticket and message, and the cron job failed every 10 seconds. Now the call checks
-- the secrets first; while either is missing it calls nothing, records one warning an operator
-- (and `npm run doctor`) can read, and the mail waits in the outbox until the secrets exist.
--
-- The functions are created everywhere (PL/pgSQL resolves vault and net only when a branch runs,
-- so they compile where neither exists, e.g. the embedded PostgreSQL of packages/local-supabase);
-- the trigger and the schedule stay where 20261125000400 creates them, on servers with pg_cron and
-- pg_net. One definition then serves both, and a test can play a hosted database by stubbing vault
-- and net and installing the trigger.

-- What the product found missing, by name, while it kept working: one row per piece of
-- configuration, gone once the piece is there. Written only by the functions below.
create table private.configuration_warnings (
  name text primary key,
  detail text not null,
  first_seen timestamptz not null default now(),
  last_seen timestamptz not null default now(),
  -- times it was recorded; a call that finds the row locked by another transaction leaves it
  -- to that one rather than wait, so this is a lower bound
  seen integer not null default 1
);
alter table private.configuration_warnings enable row level security;
revoke all on private.configuration_warnings from public, anon, authenticated;
comment on table private.configuration_warnings is
  'Configuration the product found missing while it kept working (no policies: read through public.configuration_status()).';

create function private.note_configuration_warning(p_name text, p_detail text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
begin
  -- A customer's insert must never wait on another's: skip a row another transaction holds.
  perform 1 from private.configuration_warnings where name = p_name for update skip locked;
  if found then
    update private.configuration_warnings
    set detail = p_detail, last_seen = now(), seen = seen + 1
    where name = p_name;
    return;
  end if;
  insert into private.configuration_warnings (name, detail) values (p_name, p_detail)
  on conflict (name) do nothing;
  if found then
    raise warning '%', p_detail;
  end if;
end
$$;

create function private.clear_configuration_warning(p_name text) returns void
language sql volatile security definer set search_path = ''
as $$
  delete from private.configuration_warnings where name = p_name
$$;

-- The secret's value, or null where Vault or the secret is missing or it is blank.
create function private.vault_secret(p_name text) returns text
language plpgsql stable security definer set search_path = ''
as $$
begin
  if to_regclass('vault.decrypted_secrets') is null then
    return null;
  end if;
  return (select nullif(btrim(decrypted_secret), '') from vault.decrypted_secrets where name = p_name limit 1);
end
$$;

create or replace function private.call_outbox_worker() returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  project_url text := private.vault_secret('project_url');
  worker_secret text := private.vault_secret('outbox_worker_secret');
begin
  if project_url is null then
    perform private.note_configuration_warning('vault:project_url',
      'Vault secret project_url is missing: the outbox worker is not called and mail waits in '
      'private.notification_outbox. Add it: select vault.create_secret(''https://<project-ref>.supabase.co'', ''project_url'')');
  else
    perform private.clear_configuration_warning('vault:project_url');
  end if;
  if worker_secret is null then
    perform private.note_configuration_warning('vault:outbox_worker_secret',
      'Vault secret outbox_worker_secret is missing: the outbox worker is not called and mail waits in '
      'private.notification_outbox. Add it with the OUTBOX_WORKER_SECRET function secret''s value: '
      'select vault.create_secret(''<OUTBOX_WORKER_SECRET>'', ''outbox_worker_secret'')');
  else
    perform private.clear_configuration_warning('vault:outbox_worker_secret');
  end if;
  if project_url is null or worker_secret is null then
    return;
  end if;
  perform net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/outbox-worker',
    headers := jsonb_build_object('Content-Type', 'application/json', 'X-Worker-Secret', worker_secret),
    body := '{}'::jsonb
  );
end
$$;
revoke execute on function private.call_outbox_worker() from public, anon, authenticated;

create or replace function private.nudge_outbox_worker() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.call_outbox_worker();
  return null;
end
$$;

revoke execute on function private.note_configuration_warning(text, text), private.clear_configuration_warning(text),
  private.vault_secret(text), private.nudge_outbox_worker() from public, anon, authenticated;

-- For `npm run doctor` and operators (service role only): which of the hosted pieces the outbox
-- needs exist, never a secret's value. p_project_url, when given, is compared with the project_url
-- secret (a wrong one sends every nudge elsewhere).
create function public.configuration_status(p_project_url text default null) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  project_url text := private.vault_secret('project_url');
begin
  return jsonb_build_object(
    'vault', to_regclass('vault.decrypted_secrets') is not null,
    'pg_cron', exists (select 1 from pg_catalog.pg_extension where extname = 'pg_cron'),
    'pg_net', exists (select 1 from pg_catalog.pg_extension where extname = 'pg_net'),
    'outbox_nudge_trigger', exists (select 1 from pg_catalog.pg_trigger
                                    where tgrelid = 'private.notification_outbox'::regclass
                                      and tgname = 'notification_outbox_nudge'),
    'secrets', jsonb_build_object(
      'project_url', project_url is not null,
      'outbox_worker_secret', private.vault_secret('outbox_worker_secret') is not null),
    'project_url_matches', case when project_url is null or p_project_url is null then null
                                else rtrim(project_url, '/') = rtrim(p_project_url, '/') end,
    'warnings', coalesce((select jsonb_agg(jsonb_build_object('name', name, 'detail', detail,
                                                              'first_seen', first_seen, 'last_seen', last_seen,
                                                              'seen', seen) order by name)
                          from private.configuration_warnings), '[]'::jsonb));
end
$$;
revoke execute on function public.configuration_status(text) from public, anon, authenticated;
grant execute on function public.configuration_status(text) to service_role;
