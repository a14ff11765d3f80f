-- One-click unsubscribe from a ticket email (RFC 8058; issue 12): the email-unsubscribe function,
-- having checked the link's signature, turns a category off for the address: as the user's own
-- preference when the address has an account, else as a suppression of the address. Service role only.
create function public.unsubscribe_email(p_email text, p_category text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  account uuid;
begin
  if p_category not in ('ticket_updates', 'replies', 'staff_new_ticket', 'staff_customer_reply', 'staff_assigned') then
    raise exception 'Unknown notification category %', p_category using errcode = '22023';
  end if;
  select id into account from auth.users where lower(email) = lower(btrim(p_email)) limit 1;
  if account is not null then
    insert into public.notification_preferences (user_id, category, channel, enabled)
    values (account, p_category, 'email', false)
    on conflict (user_id, category, channel) do update set enabled = false, updated_at = now();
  else
    insert into private.email_suppressions (email_lower, category, reason)
    values (lower(btrim(p_email)), p_category, 'unsubscribe')
    on conflict (email_lower, category) do nothing;
  end if;
end
$$;
revoke execute on function public.unsubscribe_email(text, text) from public, anon, authenticated;
grant execute on function public.unsubscribe_email(text, text) to service_role;
