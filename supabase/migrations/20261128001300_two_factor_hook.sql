-- Two-factor codes counted by Auth itself (issue 43, item 13, hosted). The portal takes one of an
-- account's 5 attempts per 15 minutes before it sends a code to Auth (…_two_factor_attempts.sql),
-- but whoever has the password can call Auth's verify endpoint directly, where only GoTrue's
-- per-address limit applies. Auth's MFA verification attempt hook (`[auth.hook.
-- mfa_verification_attempt]` in config.toml; Team and Enterprise plans on hosted, and the local
-- stack) calls this function after every code it checks, so the same per-account count holds there:
-- a wrong code is counted once (the portal's reservation for it, when it made one, else a new row),
-- and once 5 wrong codes are on the account in 15 minutes Auth refuses every code, the right one
-- included, and ends the account's sessions.

alter table private.two_factor_attempts add column seen_by_auth boolean not null default false;
comment on column private.two_factor_attempts.seen_by_auth is
  'Auth checked this code and found it wrong (the hook); false while it is only the portal''s reservation.';

create function public.hook_mfa_verification_attempt(event jsonb) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  person uuid := (event ->> 'user_id')::uuid;
  wrong timestamptz[];
  wait_seconds integer;
  reservation uuid;
begin
  -- The lock begin_two_factor_attempt takes: one account's count changes one request at a time.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('two_factor_attempts:' || person::text, 0));
  select array_agg(a.attempted_at order by a.attempted_at desc) into wrong
  from private.two_factor_attempts a
  where a.user_id = person and a.seen_by_auth and a.attempted_at > now() - interval '15 minutes';
  if coalesce(array_length(wrong, 1), 0) >= 5 then
    wait_seconds := greatest(1, ceil(extract(epoch from (wrong[5] + interval '15 minutes' - now())))::integer);
    -- The portal's words (tooManyWrongCodes in packages/schemas), whole minutes rounded up.
    return jsonb_build_object('decision', 'reject', 'message',
      format('Too many wrong codes. Try again in %s %s.', ceil(wait_seconds / 60.0)::integer,
             case when ceil(wait_seconds / 60.0) = 1 then 'minute' else 'minutes' end));
  end if;
  if not coalesce((event ->> 'valid')::boolean, false) then
    update private.two_factor_attempts a set seen_by_auth = true
    where a.id = (select r.id from private.two_factor_attempts r
                  where r.user_id = person and not r.seen_by_auth and r.attempted_at > now() - interval '1 minute'
                  order by r.attempted_at limit 1)
    returning a.id into reservation;
    if reservation is null then
      insert into private.two_factor_attempts (user_id, seen_by_auth) values (person, true);
    end if;
  end if;
  return jsonb_build_object('decision', 'continue');
end
$$;
comment on function public.hook_mfa_verification_attempt(jsonb) is
  'Auth''s MFA verification attempt hook: counts wrong codes per account, refuses all past 5 in 15 minutes.';

-- Auth alone calls it (as supabase_auth_admin); nobody through the API.
revoke execute on function public.hook_mfa_verification_attempt(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.hook_mfa_verification_attempt(jsonb) to supabase_auth_admin;
