-- The API roles read and write rows through PostgREST and row-level security; they never need to
-- empty a table (TRUNCATE skips RLS and delete triggers), hang triggers on it (TRIGGER) or point
-- foreign keys at it (REFERENCES, which can probe for values). Supabase's default grants give
-- them ALL on every new table in public; the database advisor flags these three, so take them
-- back on every table that exists and on the ones later migrations create.

revoke truncate, trigger, references on all tables in schema public from anon, authenticated;

-- Tables created later by the role that runs migrations start without them too. (The same
-- defaults granted by supabase_admin are not ours to change; every table here is created by
-- the migration role.)
alter default privileges in schema public revoke truncate, trigger, references on tables from anon, authenticated;

-- PostgreSQL 17 adds MAINTAIN (VACUUM, ANALYZE, REINDEX, LOCK TABLE) to ALL; earlier versions
-- do not know the word, so it is revoked only where it exists.
do $$
begin
  if current_setting('server_version_num')::integer >= 170000 then
    execute 'revoke maintain on all tables in schema public from anon, authenticated';
    execute 'alter default privileges in schema public revoke maintain on tables from anon, authenticated';
  end if;
end
$$;
