-- The public site's forms (support, quote, newsletter, page views), rate limits, and web requests
-- that become tickets for people without an account.
--
-- Bodies are checked when they run, not here: functions in this file read tables that later
-- files create (plpgsql checks nothing at creation; sql would parse its body).
set check_function_bodies = off;

-- Fixed-window rate limits for public endpoints, keyed by a hash of the client address.
create table private.rate_limits (
    bucket text not null,
    key text not null,
    window_start timestamp with time zone not null,
    count integer not null default 0
);
create table public.newsletter_subscribers (
    id uuid not null default gen_random_uuid(),
    email text not null,
    status public.subscription_status not null default 'pending'::public.subscription_status,
    confirm_token uuid not null default gen_random_uuid(),
    unsubscribe_token uuid not null default gen_random_uuid(),
    created_at timestamp with time zone not null default now(),
    confirmed_at timestamp with time zone,
    unsubscribed_at timestamp with time zone
);

-- Page view counters (the old site's third-party counter, self-hosted): one row per page key.
create table public.page_views (
    namespace text not null,
    page_key text not null,
    count bigint not null default 0,
    updated_at timestamp with time zone not null default now()
);
create table public.quote_requests (
    id uuid not null default gen_random_uuid(),
    reference text not null,
    full_name text not null,
    company text,
    email text not null,
    phone text not null,
    service text not null,
    message text not null,
    created_at timestamp with time zone not null default now(),
    ticket_id uuid
);

-- A /log-it call and a quote request become tickets in the helpdesk queue (issue 12). The ticket
-- belongs to the account with that (confirmed) email, else to a requester contact, which joins the
-- account once someone signs up and confirms that address.


-- People who asked through the site without an account. One per address; the latest name and
-- phone they gave. Staff read them; only the service role writes (the public form functions).
create table public.requester_contacts (
    id uuid not null default gen_random_uuid(),
    email text not null,
    full_name text not null,
    phone text,
    user_id uuid,
    created_at timestamp with time zone not null default now(),
    updated_at timestamp with time zone not null default now()
);

-- What the public site's forms and counters store. Written only by edge functions with the
-- service role (after zod validation, honeypot and rate limits); staff read them.
create table public.support_requests (
    id uuid not null default gen_random_uuid(),
    reference text not null,
    full_name text not null,
    contact_number text not null,
    whatsapp_number text,
    email text not null,
    category text not null,
    description text not null,
    preferred_channel text not null default 'email'::text,
    created_at timestamp with time zone not null default now(),
    ticket_id uuid
);

create unique index rate_limits_pkey on private.rate_limits (bucket, key, window_start);
create unique index newsletter_subscribers_confirm_token_key on public.newsletter_subscribers (confirm_token);
create unique index newsletter_subscribers_email_key on public.newsletter_subscribers (lower(email));
create unique index newsletter_subscribers_pkey on public.newsletter_subscribers (id);
create unique index newsletter_subscribers_unsubscribe_token_key on public.newsletter_subscribers (unsubscribe_token);
create unique index page_views_pkey on public.page_views (namespace, page_key);
create unique index quote_requests_pkey on public.quote_requests (id);
create unique index quote_requests_reference_key on public.quote_requests (reference);
create unique index requester_contacts_email_key on public.requester_contacts (lower(email));
create unique index requester_contacts_pkey on public.requester_contacts (id);
create index requester_contacts_user_id_idx on public.requester_contacts (user_id) WHERE (user_id IS NOT NULL);
create unique index support_requests_pkey on public.support_requests (id);
create unique index support_requests_reference_key on public.support_requests (reference);

alter table private.rate_limits add constraint rate_limits_pkey PRIMARY KEY using index rate_limits_pkey;
alter table public.newsletter_subscribers add constraint newsletter_subscribers_pkey PRIMARY KEY using index newsletter_subscribers_pkey;
alter table public.page_views add constraint page_views_pkey PRIMARY KEY using index page_views_pkey;
alter table public.quote_requests add constraint quote_requests_pkey PRIMARY KEY using index quote_requests_pkey;
alter table public.requester_contacts add constraint requester_contacts_pkey PRIMARY KEY using index requester_contacts_pkey;
alter table public.support_requests add constraint support_requests_pkey PRIMARY KEY using index support_requests_pkey;
alter table public.newsletter_subscribers add constraint newsletter_subscribers_confirm_token_key UNIQUE using index newsletter_subscribers_confirm_token_key;
alter table public.newsletter_subscribers add constraint newsletter_subscribers_email_check CHECK ((char_length(email) <= 320));
alter table public.newsletter_subscribers add constraint newsletter_subscribers_unsubscribe_token_key UNIQUE using index newsletter_subscribers_unsubscribe_token_key;
alter table public.page_views add constraint page_views_count_check CHECK ((count >= 0));
alter table public.page_views add constraint page_views_namespace_check CHECK ((char_length(namespace) <= 200));
alter table public.page_views add constraint page_views_page_key_check CHECK ((char_length(page_key) <= 300));
alter table public.quote_requests add constraint quote_requests_company_check CHECK ((char_length(company) <= 200));
alter table public.quote_requests add constraint quote_requests_email_check CHECK ((char_length(email) <= 320));
alter table public.quote_requests add constraint quote_requests_full_name_check CHECK (((char_length(full_name) >= 2) AND (char_length(full_name) <= 200)));
alter table public.quote_requests add constraint quote_requests_message_check CHECK (((char_length(message) >= 10) AND (char_length(message) <= 10000)));
alter table public.quote_requests add constraint quote_requests_phone_check CHECK (((char_length(phone) >= 5) AND (char_length(phone) <= 50)));
alter table public.quote_requests add constraint quote_requests_reference_key UNIQUE using index quote_requests_reference_key;
alter table public.quote_requests add constraint quote_requests_service_check CHECK ((char_length(service) <= 100));
alter table public.requester_contacts add constraint requester_contacts_email_check CHECK (((char_length(email) >= 3) AND (char_length(email) <= 320)));
alter table public.requester_contacts add constraint requester_contacts_full_name_check CHECK (((char_length(full_name) >= 1) AND (char_length(full_name) <= 200)));
alter table public.requester_contacts add constraint requester_contacts_phone_check CHECK ((char_length(phone) <= 50));
alter table public.support_requests add constraint support_requests_category_check CHECK (((char_length(category) >= 2) AND (char_length(category) <= 100)));
alter table public.support_requests add constraint support_requests_contact_number_check CHECK (((char_length(contact_number) >= 5) AND (char_length(contact_number) <= 50)));
alter table public.support_requests add constraint support_requests_description_check CHECK (((char_length(description) >= 10) AND (char_length(description) <= 10000)));
alter table public.support_requests add constraint support_requests_email_check CHECK ((char_length(email) <= 320));
alter table public.support_requests add constraint support_requests_full_name_check CHECK (((char_length(full_name) >= 2) AND (char_length(full_name) <= 200)));
alter table public.support_requests add constraint support_requests_preferred_channel_check CHECK ((preferred_channel = 'email'::text));
alter table public.support_requests add constraint support_requests_reference_key UNIQUE using index support_requests_reference_key;
alter table public.support_requests add constraint support_requests_whatsapp_number_check CHECK ((char_length(whatsapp_number) <= 50));

alter table public.quote_requests add constraint quote_requests_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE SET NULL;
alter table public.requester_contacts add constraint requester_contacts_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.support_requests add constraint support_requests_ticket_id_fkey FOREIGN KEY (ticket_id) REFERENCES public.tickets(id) ON DELETE SET NULL;
alter table public.tickets add constraint tickets_requester_contact_id_fkey FOREIGN KEY (requester_contact_id) REFERENCES public.requester_contacts(id) ON DELETE SET NULL;

-- When an address is confirmed (sign-up confirmed, or an account created already confirmed), the
-- requests made from it join the account: only then, so nobody reads someone else's tickets by
-- signing up with their address.
CREATE OR REPLACE FUNCTION private.attach_requester_contacts()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

-- A form reference: prefix + '-' + 6 random characters of A-Z0-9, as the functions made them.
CREATE OR REPLACE FUNCTION private.new_form_reference(prefix text)
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select prefix || '-' || string_agg(substr('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 1 + (get_byte(b, i) % 36), 1), '' order by i)
  from (select extensions.gen_random_bytes(6) as b) as r, generate_series(0, 5) as i
$function$
;

-- Atomic increment for the page-views function.
CREATE OR REPLACE FUNCTION public.hit_page_view(p_namespace text, p_page_key text)
 RETURNS bigint
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into public.page_views as v (namespace, page_key, count) values (p_namespace, p_page_key, 1)
  on conflict (namespace, page_key) do update set count = v.count + 1, updated_at = now()
  returning count
$function$
;
CREATE OR REPLACE FUNCTION public.rate_limit_hit(p_bucket text, p_key text, p_window_seconds integer, p_max integer)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  -- Not named window_start: a variable named like the column makes the upsert ambiguous (42702).
  this_window timestamptz := to_timestamp(floor(extract(epoch from now()) / p_window_seconds) * p_window_seconds);
  hits integer;
begin
  insert into private.rate_limits as r (bucket, key, window_start, count)
  values (p_bucket, p_key, this_window, 1)
  on conflict (bucket, key, window_start) do update set count = r.count + 1
  returning count into hits;
  delete from private.rate_limits where rate_limits.window_start < now() - interval '1 day';
  return hits <= p_max;
end
$function$
;

-- The public form functions' one write (service role only), in one transaction: the form's row
-- (support_requests or quote_requests, with a fresh SR-/QR- reference) and the ticket it opens in
-- the queue, owned by the confirmed account with that address or else by the address's requester
-- contact. Answers both references and the ticket's id. The functions validated the values with
-- the forms' zod schemas; the tables' checks stand behind them.
CREATE OR REPLACE FUNCTION public.submit_web_request(p_kind text, p_request jsonb, p_ticket jsonb)
 RETURNS TABLE(request_reference text, ticket_id uuid, tracking_ref text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

alter table private.rate_limits enable row level security;
alter table public.newsletter_subscribers enable row level security;
alter table public.page_views enable row level security;
alter table public.quote_requests enable row level security;
alter table public.requester_contacts enable row level security;
alter table public.support_requests enable row level security;

create policy "newsletter_subscribers: read as staff" on public.newsletter_subscribers
  for select to authenticated using ((select private.is_staff()));

-- Page views are public numbers: anyone may read them; only the function counts.
create policy "page_views: read by anyone" on public.page_views
  for select to anon, authenticated using (true);
create policy "quote_requests: read as staff" on public.quote_requests
  for select to authenticated using ((select private.is_staff()));
create policy "requester_contacts: read as staff" on public.requester_contacts
  for select to authenticated using ((select private.is_staff()));

-- Form submissions and subscribers: staff read; writes only through the functions.
create policy "support_requests: read as staff" on public.support_requests
  for select to authenticated using ((select private.is_staff()));

create trigger on_email_confirmed_attach_requests AFTER INSERT OR UPDATE OF email_confirmed_at, email ON auth.users FOR EACH ROW EXECUTE FUNCTION private.attach_requester_contacts();

revoke all on function private.attach_requester_contacts() from public, anon, authenticated, service_role;
revoke all on function private.new_form_reference(prefix text) from public, anon, authenticated, service_role;
revoke all on function public.hit_page_view(p_namespace text, p_page_key text) from public, anon, authenticated, service_role;
revoke all on function public.rate_limit_hit(p_bucket text, p_key text, p_window_seconds integer, p_max integer) from public, anon, authenticated, service_role;
revoke all on function public.submit_web_request(p_kind text, p_request jsonb, p_ticket jsonb) from public, anon, authenticated, service_role;
revoke all on table private.rate_limits from public, anon, authenticated, service_role;
revoke all on table public.newsletter_subscribers from public, anon, authenticated, service_role;
revoke all on table public.page_views from public, anon, authenticated, service_role;
revoke all on table public.quote_requests from public, anon, authenticated, service_role;
revoke all on table public.requester_contacts from public, anon, authenticated, service_role;
revoke all on table public.support_requests from public, anon, authenticated, service_role;
grant execute on function public.hit_page_view(p_namespace text, p_page_key text) to service_role;
grant execute on function public.rate_limit_hit(p_bucket text, p_key text, p_window_seconds integer, p_max integer) to service_role;
grant execute on function public.submit_web_request(p_kind text, p_request jsonb, p_ticket jsonb) to service_role;
grant all on table public.newsletter_subscribers to service_role;
grant select on table public.newsletter_subscribers to anon, authenticated;
grant all on table public.page_views to service_role;
grant select on table public.page_views to anon, authenticated;
grant all on table public.quote_requests to service_role;
grant select on table public.quote_requests to anon, authenticated;
grant all on table public.requester_contacts to service_role;
grant select on table public.requester_contacts to authenticated;
grant all on table public.support_requests to service_role;
grant select on table public.support_requests to anon, authenticated;
