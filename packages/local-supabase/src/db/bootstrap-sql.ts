import { pgrstWatchSql } from './pgrst-watch-sql.js'
import { storageSchemaSql } from './storage-schema-sql.js'

/**
 * The part of the Supabase Postgres image and GoTrue migrations that user migrations rely on
 * (roles, the auth schema, grants). Idempotent, so it runs on every start and repairs a half-initialised cluster.
 */
export function bootstrapSql(options: { autoExposeNewTables: boolean }): string {
  const revokeDefaults = options.autoExposeNewTables
    ? ''
    : `
alter default privileges for role postgres in schema public revoke select, insert, update, delete on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke usage, select on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke execute on functions from anon, authenticated, service_role;`

  return `
do $$
declare r text;
begin
  foreach r in array array['anon','authenticated','service_role','supabase_storage_admin','dashboard_user'] loop
    if not exists (select from pg_roles where rolname = r) then execute format('create role %I nologin noinherit', r); end if;
  end loop;
  if not exists (select from pg_roles where rolname = 'authenticator') then create role authenticator login noinherit; end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then create role supabase_auth_admin login noinherit createrole; end if;
  if not exists (select from pg_roles where rolname = 'supabase_admin') then create role supabase_admin login superuser createdb createrole replication bypassrls; end if;
end $$;

alter role authenticator with login noinherit password 'postgres';
alter role supabase_auth_admin with login noinherit createrole password 'postgres';
alter role supabase_admin with password 'postgres';
alter role service_role bypassrls;
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres;
grant supabase_auth_admin, supabase_storage_admin to postgres;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
alter role postgres set search_path to "$user", public, extensions;
alter role supabase_auth_admin set search_path = auth;
alter database postgres set timezone to 'UTC';

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
grant usage on schema public to postgres, anon, authenticated, service_role;
grant usage on schema extensions to postgres, anon, authenticated, service_role;
grant all on schema public to postgres, service_role;

alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;
${revokeDefaults}

do $$ begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then create publication supabase_realtime; end if;
end $$;

-- Realtime's authorization table for private channels (storage-realtime-contract §9.8). Hosted
-- partitions it by inserted_at; here it only ever holds the rolled-back probes of a join.
create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;
create or replace function realtime.topic() returns text language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '') $$;
grant execute on function realtime.topic() to postgres, anon, authenticated, service_role;

create schema if not exists auth authorization supabase_admin;
grant usage on schema auth to anon, authenticated, service_role, postgres;
grant all on schema auth to supabase_auth_admin;

set role supabase_auth_admin;

do $$ begin
  if not exists (select from pg_type where typname = 'aal_level' and typnamespace = 'auth'::regnamespace) then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
  end if;
  if not exists (select from pg_type where typname = 'code_challenge_method' and typnamespace = 'auth'::regnamespace) then
    create type auth.code_challenge_method as enum ('s256', 'plain');
  end if;
  if not exists (select from pg_type where typname = 'one_time_token_type' and typnamespace = 'auth'::regnamespace) then
    create type auth.one_time_token_type as enum ('confirmation_token', 'reauthentication_token', 'recovery_token',
      'email_change_token_new', 'email_change_token_current', 'phone_change_token');
  end if;
end $$;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text,
  amr jsonb not null default '[]'
);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);

create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);

create table if not exists auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp without time zone not null default now(),
  updated_at timestamp without time zone not null default now(),
  unique (user_id, token_type)
);

-- MFA, as GoTrue's migrations leave it (20221003041349 through 20250925093508).
do $$ begin
  if not exists (select from pg_type where typname = 'factor_type' and typnamespace = 'auth'::regnamespace) then
    create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
  end if;
  if not exists (select from pg_type where typname = 'factor_status' and typnamespace = 'auth'::regnamespace) then
    create type auth.factor_status as enum ('unverified', 'verified');
  end if;
end $$;

create table if not exists auth.mfa_factors (
  id uuid not null constraint mfa_factors_pkey primary key,
  user_id uuid not null constraint mfa_factors_user_id_fkey references auth.users (id) on delete cascade,
  friendly_name text null,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text null,
  phone text null default null,
  last_challenged_at timestamptz unique default null,
  web_authn_credential jsonb null,
  web_authn_aaguid uuid null,
  last_webauthn_challenge_data jsonb null
);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

create table if not exists auth.mfa_challenges (
  id uuid not null constraint mfa_challenges_pkey primary key,
  factor_id uuid not null constraint mfa_challenges_auth_factor_id_fkey references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz null,
  ip_address inet not null,
  otp_code text null,
  web_authn_session_data jsonb null
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null constraint mfa_amr_claims_session_id_fkey references auth.sessions (id) on delete cascade,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  authentication_method text not null,
  id uuid not null constraint amr_id_pk primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);
create index if not exists user_id_created_at_idx on auth.sessions (user_id, created_at);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) not null default ''
);
create table if not exists auth.instances (id uuid primary key, uuid uuid, raw_base_config text, created_at timestamptz, updated_at timestamptz);
create table if not exists auth.schema_migrations (version varchar(255) primary key);

create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid $$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text $$;
create or replace function auth.email() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'))::text $$;
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), ''))::jsonb $$;

alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;
alter table auth.flow_state enable row level security;
alter table auth.one_time_tokens enable row level security;
alter table auth.mfa_factors enable row level security;
alter table auth.mfa_challenges enable row level security;
alter table auth.mfa_amr_claims enable row level security;
alter table auth.audit_log_entries enable row level security;
alter table auth.instances enable row level security;
alter table auth.schema_migrations enable row level security;

reset role;

grant all on all tables in schema auth to postgres, dashboard_user;
grant all on all sequences in schema auth to postgres, dashboard_user;
grant execute on all functions in schema auth to postgres, anon, authenticated, service_role;

${storageSchemaSql}

${pgrstWatchSql}

create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);
`
}
