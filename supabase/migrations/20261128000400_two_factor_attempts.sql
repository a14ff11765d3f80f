-- Wrong two-factor codes, counted per account (issue 43, item 13). Supabase Auth limits MFA
-- verification per client address only (GoTrue: 30 at once, 15 a minute), and the portal's
-- server calls Auth from one address for every user, so that limit is everyone's together. Here
-- each account gets at most 5 codes that were not proven right in 15 minutes, in the database so
-- that it holds across portal instances. The portal reserves an attempt before it asks Auth to
-- check a code, and clears it only once the session shows the code was right (aal2): a caller
-- with the password alone cannot undo the count, and parallel requests cannot overrun it.

create table private.two_factor_attempts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  attempted_at timestamptz not null default now()
);
comment on table private.two_factor_attempts is
  'Two-factor codes tried at sign-in and not (yet) proven right; 5 per account in 15 minutes.';
create index two_factor_attempts_user_idx on private.two_factor_attempts (user_id, attempted_at);

-- Only the functions below read or write it: RLS with no policy, and no grants.
alter table private.two_factor_attempts enable row level security;
revoke all on private.two_factor_attempts from public, anon, authenticated;

-- Takes one of the caller's attempts. `attempt_id` is the reservation to clear once the code is
-- right; when the 5 are used up it is null and `retry_after` says in how many seconds the oldest
-- of them drops out of the 15 minutes. `wait_if_wrong` is that wait should this attempt turn out
-- wrong too (0 while attempts are left after it), so the fifth wrong code can already say so. One
-- account's reservations are taken one at a time (a transaction-scoped lock on the account), so
-- parallel requests cannot all see 4.
create function public.begin_two_factor_attempt()
returns table (attempt_id uuid, retry_after integer, wait_if_wrong integer)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  recent timestamptz[];
  reserved uuid;
begin
  if caller is null then
    raise exception 'Sign in first' using errcode = '42501';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('two_factor_attempts:' || caller::text, 0));
  -- Older attempts no longer count; nothing else removes them.
  delete from private.two_factor_attempts a
  where a.user_id = caller and a.attempted_at <= now() - interval '15 minutes';
  select array_agg(a.attempted_at order by a.attempted_at desc) into recent
  from private.two_factor_attempts a where a.user_id = caller;
  if coalesce(array_length(recent, 1), 0) >= 5 then
    return query select null::uuid,
      greatest(1, ceil(extract(epoch from (recent[5] + interval '15 minutes' - now())))::integer), 0;
    return;
  end if;
  insert into private.two_factor_attempts (user_id) values (caller) returning id into reserved;
  return query select reserved, 0,
    case when coalesce(array_length(recent, 1), 0) = 4
      then greatest(1, ceil(extract(epoch from (recent[4] + interval '15 minutes' - now())))::integer)
      else 0 end;
end;
$$;
comment on function public.begin_two_factor_attempt() is
  'Reserves one of the caller''s 5 two-factor attempts per 15 minutes, or says how long to wait.';

-- The code was right: the caller's session now has two factors, and the reservation is cleared so
-- it does not count as a wrong code. From a session with the password only it clears nothing.
create function public.two_factor_attempt_succeeded(attempt uuid)
returns boolean
language sql volatile security definer set search_path = ''
as $$
  with cleared as (
    delete from private.two_factor_attempts a
    where a.id = attempt
      and a.user_id = (select auth.uid())
      and coalesce((select auth.jwt() ->> 'aal'), '') = 'aal2'
    returning 1
  )
  select exists (select 1 from cleared)
$$;
comment on function public.two_factor_attempt_succeeded(uuid) is
  'Clears a reservation once the caller''s session has two factors (the code was right).';

revoke execute on function public.begin_two_factor_attempt(), public.two_factor_attempt_succeeded(uuid)
  from public, anon;
grant execute on function public.begin_two_factor_attempt(), public.two_factor_attempt_succeeded(uuid)
  to authenticated, service_role;
