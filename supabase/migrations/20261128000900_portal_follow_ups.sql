-- A customer who needs more help after their ticket closed opens a follow-up from its page, and the
-- new ticket says which one it follows (tickets.follow_up_of), as the email and WhatsApp
-- follow-ups already do (issue 43, item 20d). Until now the portal's new ticket carried no link.
-- A person may only follow up a closed ticket they can read (row-level security decides which, as
-- the writer; staff read every ticket).

grant insert (follow_up_of) on public.tickets to authenticated;

create function private.check_ticket_follow_up() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.follow_up_of is null or current_user in ('service_role', 'postgres', 'supabase_admin') then
    return new;
  end if;
  -- Runs as the writer: a ticket they cannot read does not exist here.
  if not exists (select 1 from public.tickets t where t.id = new.follow_up_of and t.status = 'closed') then
    raise exception 'A follow-up is of a closed ticket of yours' using errcode = '42501';
  end if;
  return new;
end
$$;
revoke execute on function private.check_ticket_follow_up() from public;

create trigger tickets_check_follow_up before insert on public.tickets
  for each row execute function private.check_ticket_follow_up();
