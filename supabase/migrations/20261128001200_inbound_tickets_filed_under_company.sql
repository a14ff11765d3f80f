-- A company member's ticket goes under their company whichever channel opened it (issue 43, item
-- 20a). …_tickets_keep_company_and_phone.sql filed portal tickets only: tickets opened by mail or
-- WhatsApp are written by the inbound functions as the database's owner, which that trigger took
-- for the seed and left alone, so a member's emailed request never reached their company admin.
-- What sets the seed and a migration apart from the inbound functions is not the role (both run as
-- the owner) but the request: every write through the API carries PostgREST's JWT claims, and a
-- direct SQL session (the seed, a migration, an operator in psql) carries none.
create or replace function private.file_ticket_under_company() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.company_id is null and new.created_by_user_id is not null
     and coalesce(current_setting('request.jwt.claims', true), '') not in ('', '{}') then
    new.company_id := private.requester_company(new.created_by_user_id);
  end if;
  return new;
end
$$;
revoke execute on function private.file_ticket_under_company() from public;
