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

create function private.uid() returns uuid
language plpgsql stable set search_path = ''
as $$
begin
  return auth.uid();
end
$$;
comment on function private.uid() is
  'auth.uid() for policies: called, not inlined, so a statement does not re-parse its body (20261127000400).';
grant execute on function private.uid() to anon, authenticated, service_role;

do $$
declare
  p record;
begin
  for p in
    select schemaname, tablename, policyname, qual, with_check
    from pg_policies
    where coalesce(qual, '') || coalesce(with_check, '') like '%auth.uid()%'
  loop
    execute format('alter policy %I on %I.%I', p.policyname, p.schemaname, p.tablename)
      || coalesce(' using (' || replace(p.qual, 'auth.uid()', 'private.uid()') || ')', '')
      || coalesce(' with check (' || replace(p.with_check, 'auth.uid()', 'private.uid()') || ')', '');
  end loop;
end
$$;
