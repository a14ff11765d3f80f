-- A /log-it call and a quote request become tickets in the helpdesk queue (issue 12). The ticket
-- belongs to the account with that (confirmed) email, else to a requester contact, which joins the
-- account once someone signs up and confirms that address.

-- Requester contacts --------------------------------------------------------------------------

-- People who asked through the site without an account. One per address; the latest name and
-- phone they gave. Staff read them; only the service role writes (the public form functions).
create table public.requester_contacts (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) between 3 and 320),
  full_name text not null check (char_length(full_name) between 1 and 200),
  phone text check (char_length(phone) <= 50),
  user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index requester_contacts_email_key on public.requester_contacts (lower(email));
create index requester_contacts_user_id_idx on public.requester_contacts (user_id) where user_id is not null;

alter table public.requester_contacts enable row level security;
create policy "requester_contacts: read as staff" on public.requester_contacts
  for select to authenticated using ((select private.is_staff()));
revoke all on public.requester_contacts from anon, authenticated;
grant select on public.requester_contacts to authenticated;

-- Tickets without an account --------------------------------------------------------------------

alter table public.tickets
  alter column created_by_user_id drop not null,
  add column requester_contact_id uuid references public.requester_contacts (id) on delete set null,
  add constraint tickets_have_a_requester check (created_by_user_id is not null or requester_contact_id is not null);
create index tickets_requester_contact_idx on public.tickets (requester_contact_id)
  where requester_contact_id is not null;

alter table public.support_requests add column ticket_id uuid references public.tickets (id) on delete set null;
alter table public.quote_requests add column ticket_id uuid references public.tickets (id) on delete set null;

-- As before, plus: a ticket without an account may be handed to the account that confirms its
-- requester's address (private.attach_requester_contacts); nothing else changes who asked.
create or replace function private.enforce_ticket_rules() returns trigger
language plpgsql set search_path = ''
as $$
declare
  staff boolean := (select private.is_staff());
  trusted boolean := current_user in ('service_role', 'postgres', 'supabase_admin');
begin
  new.updated_at := now();
  if tg_op = 'INSERT' then
    if not (trusted or staff) then
      if new.status <> 'new' or new.close_reason is not null or new.assigned_to is not null
         or new.first_response_at is not null then
        raise exception 'A new ticket starts as new' using errcode = '42501';
      end if;
      if new.priority <> 'normal' then
        raise exception 'Only staff can set the priority of a ticket' using errcode = '42501';
      end if;
      if new.channel <> 'portal' then
        raise exception 'A ticket created in the portal has the channel portal' using errcode = '42501';
      end if;
      if new.company_id is not null and not (select private.is_company_member(new.company_id)) then
        raise exception 'Not a member of that company' using errcode = '42501';
      end if;
    end if;
    return new;
  end if;

  if new.id <> old.id or new.tracking_ref <> old.tracking_ref or new.created_at <> old.created_at
     or (new.created_by_user_id is distinct from old.created_by_user_id
         and not (trusted and old.created_by_user_id is null)) then
    raise exception 'Ticket identity cannot change' using errcode = '42501';
  end if;
  if trusted or staff then
    if new.status = 'open' and old.status = 'new' and new.first_response_at is null then
      new.first_response_at := now();
    end if;
    return new;
  end if;

  -- Customers: only these columns, only these moves.
  if new.company_id is distinct from old.company_id or new.priority <> old.priority
     or new.assigned_to is distinct from old.assigned_to or new.first_response_at is distinct from old.first_response_at
     or new.channel <> old.channel then
    raise exception 'Only staff can change that' using errcode = '42501';
  end if;
  -- The close reason only changes with an allowed move (no relabelling 'spam' as 'confirmed').
  if new.status = old.status and new.close_reason is distinct from old.close_reason then
    raise exception 'Only staff can change that' using errcode = '42501';
  end if;
  if new.status <> old.status and not (
       (old.status = 'new' and new.status = 'closed' and new.close_reason = 'cancelled')
    or (old.status = 'resolved' and new.status = 'closed' and new.close_reason = 'confirmed')
    or (old.status = 'resolved' and new.status = 'open')
    or (old.status = 'waiting_on_customer' and new.status = 'open')
  ) then
    raise exception 'Ticket status cannot move from % to %', old.status, new.status using errcode = '42501';
  end if;
  if new.status = 'open' then
    new.close_reason := null;
  end if;
  return new;
end
$$;

-- A web request as a ticket ---------------------------------------------------------------------

-- A form reference: prefix + '-' + 6 random characters of A-Z0-9, as the functions made them.
create function private.new_form_reference(prefix text) returns text
language sql volatile set search_path = ''
as $$
  select prefix || '-' || string_agg(substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 1 + (get_byte(b, i) % 36), 1), '' order by i)
  from (select extensions.gen_random_bytes(6) as b) as r, generate_series(0, 5) as i
$$;

-- The public form functions' one write (service role only), in one transaction: the form's row
-- (support_requests or quote_requests, with a fresh SR-/QR- reference) and the ticket it opens in
-- the queue, owned by the confirmed account with that address or else by the address's requester
-- contact. Answers both references and the ticket's id. The functions validated the values with
-- the forms' zod schemas; the tables' checks stand behind them.
create function public.submit_web_request(p_kind text, p_request jsonb, p_ticket jsonb)
returns table (request_reference text, ticket_id uuid, tracking_ref text)
language plpgsql volatile security definer set search_path = ''
as $$
declare
  requester_email text := btrim(p_ticket ->> 'email');
  account uuid;
  contact uuid;
  created public.tickets;
  new_reference text;
begin
  if p_kind not in ('support', 'quote') then
    raise exception 'Unknown kind of web request: %', p_kind using errcode = '22023';
  end if;
  -- The function sends its own confirmation, limited per recipient, so the new ticket's trigger
  -- (…_notification_outbox.sql) skips the acknowledgement for this insert.
  perform set_config('siyakha.acknowledged', 'on', true);

  select u.id into account
  from auth.users u
  where lower(u.email) = lower(requester_email) and u.email_confirmed_at is not null and u.deleted_at is null
  limit 1;
  if account is null then
    insert into public.requester_contacts as c (email, full_name, phone)
    values (requester_email, p_ticket ->> 'full_name', nullif(btrim(coalesce(p_ticket ->> 'phone', '')), ''))
    on conflict (lower(email)) do update
      set full_name = excluded.full_name, phone = coalesce(excluded.phone, c.phone), updated_at = now()
    returning c.id into contact;
  end if;
  insert into public.tickets (created_by_user_id, requester_contact_id, requester_name, channel, summary, details,
                              service_category_id)
  values (account, contact, p_ticket ->> 'full_name', 'web', p_ticket ->> 'summary', p_ticket ->> 'details',
          p_ticket ->> 'category')
  returning * into created;
  perform set_config('siyakha.acknowledged', '', true);

  loop
    new_reference := private.new_form_reference(case p_kind when 'support' then 'SR' else 'QR' end);
    begin
      if p_kind = 'support' then
        insert into public.support_requests (reference, full_name, contact_number, whatsapp_number, email, category,
                                             description, preferred_channel, ticket_id)
        values (new_reference, p_request ->> 'full_name', p_request ->> 'contact_number',
                nullif(p_request ->> 'whatsapp_number', ''), p_request ->> 'email', p_request ->> 'category',
                p_request ->> 'description', coalesce(p_request ->> 'preferred_channel', 'email'), created.id);
      else
        insert into public.quote_requests (reference, full_name, company, email, phone, service, message, ticket_id)
        values (new_reference, p_request ->> 'full_name', nullif(p_request ->> 'company', ''), p_request ->> 'email',
                p_request ->> 'phone', p_request ->> 'service', p_request ->> 'message', created.id);
      end if;
      exit;
    exception when unique_violation then
      -- The rare reference collision: draw again.
    end;
  end loop;

  return query select new_reference, created.id, created.tracking_ref;
end
$$;
revoke execute on function private.new_form_reference(text) from public;
revoke execute on function public.submit_web_request(text, jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.submit_web_request(text, jsonb, jsonb) to service_role;

-- Joining the account ---------------------------------------------------------------------------

-- When an address is confirmed (sign-up confirmed, or an account created already confirmed), the
-- requests made from it join the account: only then, so nobody reads someone else's tickets by
-- signing up with their address.
create function private.attach_requester_contacts() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.email_confirmed_at is null or new.email is null
     or (tg_op = 'UPDATE' and old.email_confirmed_at is not null and old.email is not distinct from new.email) then
    return null;
  end if;
  with joined as (
    update public.requester_contacts c set user_id = new.id, updated_at = now()
    where lower(c.email) = lower(new.email) and c.user_id is null
    returning c.id
  )
  update public.tickets t set created_by_user_id = new.id, requester_name = private.display_name(new.id)
  where t.requester_contact_id in (select id from joined) and t.created_by_user_id is null;
  return null;
end
$$;
revoke execute on function private.attach_requester_contacts() from public;

create trigger on_email_confirmed_attach_requests after insert or update of email_confirmed_at, email on auth.users
  for each row execute function private.attach_requester_contacts();
