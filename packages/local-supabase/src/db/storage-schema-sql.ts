/**
 * The `storage` schema as Storage API v1.60.2's migrations leave it (storage-realtime-contract §8.3),
 * written idempotently: it runs on every start and upgrades data dirs made with the earlier stub.
 * Runs as the bootstrap superuser, inside `bootstrapSql`.
 */
export const storageSchemaSql = `
do $$ begin
  if not exists (select from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin login noinherit;
  end if;
end $$;
alter role supabase_storage_admin with login noinherit password 'postgres';
alter role supabase_storage_admin set search_path = storage;
grant supabase_storage_admin to postgres;

create schema if not exists storage authorization supabase_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;
grant all on schema storage to supabase_storage_admin;

do $$ begin
  if not exists (select from pg_type where typname = 'buckettype' and typnamespace = 'storage'::regnamespace) then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end $$;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
alter table storage.buckets add column if not exists public boolean default false;
alter table storage.buckets add column if not exists avif_autodetection boolean default false;
alter table storage.buckets add column if not exists file_size_limit bigint;
alter table storage.buckets add column if not exists allowed_mime_types text[];
alter table storage.buckets add column if not exists owner_id text;
alter table storage.buckets add column if not exists type storage.buckettype not null default 'STANDARD';
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text,
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb
);
alter table storage.objects add column if not exists path_tokens text[] generated always as (string_to_array(name, '/')) stored;
alter table storage.objects add column if not exists version text;
alter table storage.objects add column if not exists owner_id text;
alter table storage.objects add column if not exists user_metadata jsonb;
do $$ begin
  -- The earlier stub let PostgreSQL name the foreign key; hosted tooling expects Storage's name.
  if exists (select from pg_constraint where conname = 'objects_bucket_id_fkey' and conrelid = 'storage.objects'::regclass) then
    alter table storage.objects rename constraint objects_bucket_id_fkey to "objects_bucketId_fkey";
  end if;
  if not exists (select from pg_constraint where conname = 'objects_bucketId_fkey' and conrelid = 'storage.objects'::regclass) then
    alter table storage.objects add constraint "objects_bucketId_fkey" foreign key (bucket_id) references storage.buckets (id);
  end if;
end $$;
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects using btree (name text_pattern_ops);
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
create index if not exists idx_objects_bucket_id_name_lower on storage.objects (bucket_id, lower(name) collate "C");

create table if not exists storage.migrations (
  id integer primary key,
  name varchar(100) unique not null,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp
);

create or replace function storage.foldername(name text) returns text[]
language sql immutable as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1] $$;

create or replace function storage.filename(name text) returns text
language sql as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)] $$;

create or replace function storage.extension(name text) returns text
language sql immutable as $$
  select reverse(split_part(reverse((string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]), '.', 1)) $$;

create or replace function storage.operation() returns text
language sql stable as $$ select current_setting('storage.operation', true) $$;

create or replace function storage.allow_only_operation(expected_operation text) returns boolean
language sql stable as $$
  select regexp_replace(coalesce(current_setting('storage.operation', true), ''), '^storage\\.', '')
       = regexp_replace(expected_operation, '^storage\\.', '') $$;

create or replace function storage.allow_any_operation(expected_operations text[]) returns boolean
language sql stable as $$
  select exists (select from unnest(expected_operations) as e(op)
                 where storage.allow_only_operation(e.op)) $$;

create or replace function storage.get_size_by_bucket() returns table (size bigint, bucket_id text)
language sql stable as $$
  select sum((metadata ->> 'size')::bigint)::bigint as size, bucket_id from storage.objects group by bucket_id $$;

-- Storage's legacy v1 search, the one list() reaches: files at depth "levels" and one row per
-- folder there. SECURITY INVOKER, so the caller's RLS policies decide what is listed.
create or replace function storage.search(
  prefix text, bucketname text, limits int default 100, levels int default 1, offsets int default 0,
  search text default '', sortcolumn text default 'name', sortorder text default 'asc'
) returns table (name text, id uuid, updated_at timestamptz, created_at timestamptz,
                 last_accessed_at timestamptz, metadata jsonb)
language plpgsql stable as $fn$
declare
  v_order text;
  v_dir text;
begin
  v_order := case when sortcolumn in ('name', 'updated_at', 'created_at', 'last_accessed_at') then sortcolumn else 'name' end;
  v_dir := case when lower(sortorder) = 'desc' then 'desc' else 'asc' end;
  return query execute
    'with folders as (
       select path_tokens[$1] as folder from storage.objects
       where objects.name ilike $2 || $3 || ''%'' and bucket_id = $4 and array_length(objects.path_tokens, 1) <> $1
       group by folder order by folder ' || v_dir || '
     )
     (select folder as "name", null::uuid as id, null::timestamptz as updated_at, null::timestamptz as created_at,
             null::timestamptz as last_accessed_at, null::jsonb as metadata from folders)
     union all
     (select path_tokens[$1] as "name", id, updated_at, created_at, last_accessed_at, metadata
      from storage.objects
      where objects.name ilike $2 || $3 || ''%'' and bucket_id = $4 and array_length(objects.path_tokens, 1) = $1
      order by ' || quote_ident(v_order) || ' ' || v_dir || ')
     limit $5 offset $6'
    using levels, prefix, search, bucketname, least(limits, 1500), offsets;
end;
$fn$;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql as $$ begin new.updated_at = now(); return new; end $$;

create or replace function storage.enforce_bucket_name_length() returns trigger
language plpgsql as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end $$;

create or replace function storage.protect_delete() returns trigger
language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end $$;

create or replace trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();
create or replace trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();
create or replace trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();
create or replace trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();

alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter table storage.migrations owner to supabase_storage_admin;
alter type storage.buckettype owner to supabase_storage_admin;
do $$
declare f regprocedure;
begin
  for f in select p.oid::regprocedure from pg_proc p where p.pronamespace = 'storage'::regnamespace loop
    execute format('alter function %s owner to supabase_storage_admin', f);
  end loop;
end $$;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role, postgres;
grant all on storage.migrations to postgres;
grant usage on type storage.buckettype to anon, authenticated, service_role, postgres;
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
alter table storage.migrations enable row level security;
`
