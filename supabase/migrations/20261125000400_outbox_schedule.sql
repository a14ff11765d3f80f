-- Runs the outbox worker on a hosted Supabase project (messaging-contract.md §8): pg_cron calls it
-- every 10 seconds through pg_net, and a statement-level trigger calls it as soon as a transaction
-- writes the outbox, so a reply leaves within about a second. Both read the project URL and the
-- worker's own secret from Vault (never the service-role key: pg_net's queue shows its headers):
--   select vault.create_secret('https://<ref>.supabase.co', 'project_url');
--   select vault.create_secret('<the OUTBOX_WORKER_SECRET function secret>', 'outbox_worker_secret');
-- Where pg_cron or pg_net is not available (the embedded PostgreSQL of packages/local-supabase,
-- whose driver does the same job) this migration does nothing.

do $migration$
begin
  if not (exists (select 1 from pg_available_extensions where name = 'pg_cron')
          and exists (select 1 from pg_available_extensions where name = 'pg_net')) then
    raise notice 'pg_cron or pg_net not available: the outbox worker is scheduled elsewhere';
    return;
  end if;

  create extension if not exists pg_cron;
  create extension if not exists pg_net with schema extensions;

  execute $fn$
    create or replace function private.call_outbox_worker() returns void
    language sql volatile security definer set search_path = ''
    as $body$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
               || '/functions/v1/outbox-worker',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'X-Worker-Secret', (select decrypted_secret from vault.decrypted_secrets where name = 'outbox_worker_secret')
        ),
        body := '{}'::jsonb
      );
    $body$
  $fn$;
  execute 'revoke execute on function private.call_outbox_worker() from public';

  execute $fn$
    create or replace function private.nudge_outbox_worker() returns trigger
    language plpgsql security definer set search_path = ''
    as $body$
    begin
      perform private.call_outbox_worker();
      return null;
    end
    $body$
  $fn$;
  execute 'revoke execute on function private.nudge_outbox_worker() from public';
  execute 'create trigger notification_outbox_nudge after insert on private.notification_outbox
             for each statement execute function private.nudge_outbox_worker()';

  perform cron.schedule('outbox-worker', '10 seconds', 'select private.call_outbox_worker()');
  perform cron.schedule('outbox-prune', '17 3 * * *', 'select public.outbox_prune(30)');
end
$migration$;
