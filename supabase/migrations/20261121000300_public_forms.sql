-- What the public site's forms and counters store. Written only by edge functions with the
-- service role (after zod validation, honeypot and rate limits); staff read them.

create table public.support_requests (
  id uuid primary key default gen_random_uuid(),
  reference text not null unique,
  full_name text not null check (char_length(full_name) between 2 and 200),
  contact_number text not null check (char_length(contact_number) between 5 and 50),
  whatsapp_number text check (char_length(whatsapp_number) <= 50),
  email text not null check (char_length(email) <= 320),
  category text not null check (char_length(category) between 2 and 100),
  description text not null check (char_length(description) between 10 and 10000),
  preferred_channel text not null default 'email' check (preferred_channel = 'email'),
  created_at timestamptz not null default now()
);

create table public.quote_requests (
  id uuid primary key default gen_random_uuid(),
  reference text not null unique,
  full_name text not null check (char_length(full_name) between 2 and 200),
  company text check (char_length(company) <= 200),
  email text not null check (char_length(email) <= 320),
  phone text not null check (char_length(phone) between 5 and 50),
  service text not null check (char_length(service) <= 100),
  message text not null check (char_length(message) between 10 and 10000),
  created_at timestamptz not null default now()
);

create type public.subscription_status as enum ('pending', 'confirmed', 'unsubscribed');

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (char_length(email) <= 320),
  status public.subscription_status not null default 'pending',
  confirm_token uuid not null default gen_random_uuid() unique,
  unsubscribe_token uuid not null default gen_random_uuid() unique,
  created_at timestamptz not null default now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz
);
create unique index newsletter_subscribers_email_key on public.newsletter_subscribers (lower(email));

-- Page view counters (the old site's third-party counter, self-hosted): one row per page key.
create table public.page_views (
  namespace text not null check (char_length(namespace) <= 200),
  page_key text not null check (char_length(page_key) <= 300),
  count bigint not null default 0 check (count >= 0),
  updated_at timestamptz not null default now(),
  primary key (namespace, page_key)
);

-- Atomic increment for the page-views function.
create function public.hit_page_view(p_namespace text, p_page_key text) returns bigint
language sql volatile set search_path = ''
as $$
  insert into public.page_views as v (namespace, page_key, count) values (p_namespace, p_page_key, 1)
  on conflict (namespace, page_key) do update set count = v.count + 1, updated_at = now()
  returning count
$$;
revoke execute on function public.hit_page_view(text, text) from public, anon, authenticated;
grant execute on function public.hit_page_view(text, text) to service_role;

-- Fixed-window rate limits for public endpoints, keyed by a hash of the client address.
create table private.rate_limits (
  bucket text not null,
  key text not null,
  window_start timestamptz not null,
  count integer not null default 0,
  primary key (bucket, key, window_start)
);

create function public.rate_limit_hit(p_bucket text, p_key text, p_window_seconds integer, p_max integer)
returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
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
$$;
revoke execute on function public.rate_limit_hit(text, text, integer, integer) from public, anon, authenticated;
grant execute on function public.rate_limit_hit(text, text, integer, integer) to service_role;

alter table public.support_requests enable row level security;
alter table public.quote_requests enable row level security;
alter table public.newsletter_subscribers enable row level security;
alter table public.page_views enable row level security;
alter table private.rate_limits enable row level security;

-- Form submissions and subscribers: staff read; writes only through the functions.
create policy "support_requests: read as staff" on public.support_requests
  for select to authenticated using ((select private.is_staff()));
create policy "quote_requests: read as staff" on public.quote_requests
  for select to authenticated using ((select private.is_staff()));
create policy "newsletter_subscribers: read as staff" on public.newsletter_subscribers
  for select to authenticated using ((select private.is_staff()));
-- Page views are public numbers: anyone may read them; only the function counts.
create policy "page_views: read by anyone" on public.page_views
  for select to anon, authenticated using (true);

revoke insert, update, delete on public.support_requests, public.quote_requests, public.newsletter_subscribers,
  public.page_views from anon, authenticated;
revoke all on private.rate_limits from anon, authenticated;
