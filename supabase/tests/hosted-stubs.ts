// A hosted project's Vault and pg_net, played on the embedded PostgreSQL (which has neither) for the
// tests of what the outbox nudge and `npm run doctor` do there: `vault.decrypted_secrets` (empty)
// and `net.http_post`, which queues the request in a table whose url is NOT NULL, as pg_net's own
// queue is; then the nudge trigger the baseline migration creates where pg_net exists.
// In schemas the tests create and drop, never in a migration: the other files share this stack.
import { sql } from './helpers'

export async function installHostedStubs(): Promise<void> {
  await sql(`
    create schema vault;
    create table vault.decrypted_secrets (name text primary key, decrypted_secret text);
    create schema net;
    create table net.http_request_queue (
      id bigint generated always as identity primary key,
      url text not null,
      headers jsonb,
      body jsonb
    );
    create function net.http_post(url text, body jsonb default '{}'::jsonb, params jsonb default '{}'::jsonb,
                                  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
                                  timeout_milliseconds integer default 5000)
    returns bigint language sql volatile
    as $$ insert into net.http_request_queue (url, headers, body) values (url, headers, body) returning id $$;
    create trigger notification_outbox_nudge after insert on private.notification_outbox
      for each statement execute function private.nudge_outbox_worker();
  `)
}

export async function removeHostedStubs(): Promise<void> {
  await sql(`
    drop trigger if exists notification_outbox_nudge on private.notification_outbox;
    drop schema if exists vault cascade;
    drop schema if exists net cascade;
    delete from private.configuration_warnings;
  `)
}
