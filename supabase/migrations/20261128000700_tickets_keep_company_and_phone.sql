-- Two data mistakes (issue 43, item 20 a and b):
--   a) a company member's ticket was filed with no company (the portal sends company_id null), so
--      their company admin never saw it: a ticket of a company member now goes under their company;
--   b) a ticket an agent logged for a client with an account lost the phone number the agent typed
--      (it was kept only on a requester contact, which a client with an account does not get) and
--      the client's company: the ticket now keeps the number as typed, and (a) files it.

-- The phone number given for this ticket, as typed (a landline is fine: nobody is messaged on it;
-- WhatsApp numbers are proven separately, …_whatsapp_numbers_are_proven.sql).
alter table public.tickets add column requester_phone text check (char_length(requester_phone) between 1 and 50);
comment on column public.tickets.requester_phone is
  'The phone number given for this ticket, as typed (an agent logging it for a client). Shown to staff; never messaged.';

-- The company a requester's tickets go under: the first company they joined, when there are
-- several (a requester rarely is in two; an agent can move the ticket). Null for anyone in none.
create function private.requester_company(requester uuid) returns uuid
language sql stable security definer set search_path = ''
as $$
  select m.company_id from public.company_members m
  where m.user_id = requester
  order by m.created_at, m.company_id
  limit 1
$$;
revoke execute on function private.requester_company(uuid) from public;
grant execute on function private.requester_company(uuid) to authenticated, service_role;

-- A ticket a signed-in person opens (a member in the portal, or staff for them through the API)
-- without a company goes under its requester's. The database's own writers (the seed, the
-- functions running as the owner) say for themselves which company a ticket is for.
create function private.file_ticket_under_company() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if new.company_id is null and new.created_by_user_id is not null
     and current_user not in ('service_role', 'postgres', 'supabase_admin') then
    new.company_id := private.requester_company(new.created_by_user_id);
  end if;
  return new;
end
$$;
revoke execute on function private.file_ticket_under_company() from public;

-- After tickets_enforce_rules (alphabetical), which checks a company the client sent, and before
-- tickets_stamp_names, which copies the company's name.
create trigger tickets_file_under_company before insert on public.tickets
  for each row execute function private.file_ticket_under_company();

-- As in …_tickets_for_clients.sql, and the ticket keeps the phone number typed.
create or replace function public.log_ticket_for_client(
  p_email text,
  p_full_name text,
  p_phone text,
  p_channel public.message_channel,
  p_summary text,
  p_details text,
  p_priority public.ticket_priority
) returns table (ticket_id uuid, tracking_ref text)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  agent uuid := (select auth.uid());
  client_email text := btrim(p_email);
  phone text := nullif(btrim(coalesce(p_phone, '')), '');
  account uuid;
  contact uuid;
  created public.tickets;
begin
  if not (select private.is_staff()) then
    raise exception 'Only staff log tickets for clients' using errcode = '42501';
  end if;
  select u.id into account
  from auth.users u
  where lower(u.email) = lower(client_email) and u.email_confirmed_at is not null and u.deleted_at is null
  limit 1;
  if account is null then
    insert into public.requester_contacts as c (email, full_name, phone)
    values (client_email, p_full_name, phone)
    on conflict (lower(email)) do update
      set full_name = excluded.full_name, phone = coalesce(excluded.phone, c.phone), updated_at = now()
    returning c.id into contact;
  end if;
  -- Open and answered: the call or visit that produced it was the first response. Under the
  -- account's company, if it has one.
  insert into public.tickets (created_by_user_id, requester_contact_id, company_id, requester_name, requester_phone,
                              channel, summary, details, priority, status, assigned_to, first_response_at)
  values (account, contact, private.requester_company(account), p_full_name, phone, p_channel, p_summary,
          nullif(btrim(coalesce(p_details, '')), ''), p_priority, 'open', agent, now())
  returning * into created;
  return query select created.id, created.tracking_ref;
end
$$;
