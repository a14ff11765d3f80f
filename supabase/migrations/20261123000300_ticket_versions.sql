-- Optimistic locking for tickets: two agents editing the same ticket must not overwrite each
-- other silently. Every change bumps the ticket's version; a write that names the version it
-- was based on is refused when the ticket has moved on since.

alter table public.tickets add column version integer not null default 1 check (version >= 1);
comment on column public.tickets.version is
  'Bumped by every update. Send the version you loaded with your update: a stale one is refused (PT409).';

-- Sending the version is how a client says "based on what I loaded": an update that leaves it
-- out keeps the value it had (so trusted writers, the message trigger and the customers'
-- status-guarded decisions go through), anything else must match. PT409 makes PostgREST answer
-- 409 Conflict; the message is what the helpdesk shows.
create function private.check_ticket_version() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.version is distinct from old.version then
    raise exception 'This ticket was changed by someone else since you loaded it (you had version %, it is now at version %).', new.version, old.version
      using errcode = 'PT409', hint = 'Reload the ticket to see its current values, then make your change again.';
  end if;
  new.version := old.version + 1;
  return new;
end
$$;
revoke execute on function private.check_ticket_version() from public;

-- Named to fire before tickets_enforce_rules (same event, alphabetical order): a stale write is
-- reported as stale, not as whatever rule the outdated values break.
create trigger tickets_check_version before update on public.tickets
  for each row execute function private.check_ticket_version();

grant update (version) on public.tickets to authenticated;
