-- Staff log a ticket on a client's behalf (issue 12, part 2): a call, a walk-in, a mail to someone's
-- own address. The ticket belongs to the client's account when their confirmed address has one,
-- else to their requester contact, and is the logging agent's to handle.

alter type public.message_channel add value if not exists 'phone';
alter type public.message_channel add value if not exists 'walk_in';

create function public.log_ticket_for_client(
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
    values (client_email, p_full_name, nullif(btrim(coalesce(p_phone, '')), ''))
    on conflict (lower(email)) do update
      set full_name = excluded.full_name, phone = coalesce(excluded.phone, c.phone), updated_at = now()
    returning c.id into contact;
  end if;
  -- Open and answered: the call or visit that produced it was the first response.
  insert into public.tickets (created_by_user_id, requester_contact_id, requester_name, channel, summary, details,
                              priority, status, assigned_to, first_response_at)
  values (account, contact, p_full_name, p_channel, p_summary, nullif(btrim(coalesce(p_details, '')), ''),
          p_priority, 'open', agent, now())
  returning * into created;
  return query select created.id, created.tracking_ref;
end
$$;
revoke execute on function public.log_ticket_for_client(text, text, text, public.message_channel, text, text,
  public.ticket_priority) from public, anon;
grant execute on function public.log_ticket_for_client(text, text, text, public.message_channel, text, text,
  public.ticket_priority) to authenticated, service_role;
