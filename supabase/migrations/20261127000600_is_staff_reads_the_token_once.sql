-- private.is_staff() reads the caller's token once (issue 11: RLS ≤ 1.5× the service role).
--
-- It asked auth.uid() and auth.jwt() ->> 'aal' apart, and each parses the request's claims from
-- text to jsonb: ~1 µs for claims of `sub` and `role` alone, ~6.6 µs for the ~700 bytes of an access
-- token from Supabase Auth. Now the claims are parsed once, by auth.jwt() (Supabase's own reading of
-- them), and the caller's id and aal are taken from that. auth.uid() would also take a `sub` from
-- the legacy `request.jwt.claim.sub` setting, which current PostgREST does not set (it sets the
-- claims as one JSON setting, `request.jwt.claims`, and so does the local stand-in).
--
-- The answer is the same for every session: staff by role, and signed in with two factors, or
-- without an authenticator app while the provider does not require two factors.
--
-- Measured on the dev database as the demo agent with a real token's claims: a ticket by id,
-- prepared, with one more is_staff() call in its filter than the policy makes: ~37 µs more than
-- without that call as the SQL function, ~26 µs with this one (aal1; aal2 ~29 → ~18).

create or replace function private.is_staff() returns boolean
language plpgsql stable security definer set search_path = ''
as $$
declare
  claims constant jsonb := auth.jwt();
  caller constant uuid := (claims ->> 'sub')::uuid;
begin
  if caller is null or not exists (select 1 from public.user_roles r where r.user_id = caller) then
    return false;
  end if;
  return coalesce(claims ->> 'aal', '') = 'aal2'
    or (
      not coalesce((select s.staff_two_factor_required from public.helpdesk_settings s where s.id), false)
      and not exists (
        select 1 from auth.mfa_factors f where f.user_id = caller and f.status = 'verified'
      )
    );
end
$$;
