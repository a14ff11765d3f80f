-- The helpdesk's view of mail that could not be delivered (issue 12: "a dead-letter state staff can
-- see and retry"). Staff read the failed and dead rows and send them again; nobody else gets rows.

create function public.outbox_dead_letters(p_limit integer default 100)
returns table (
  id bigint, event text, recipient text, state text, attempts integer, last_error text, updated_at timestamptz,
  ticket_id uuid, tracking_ref text
)
language sql stable security definer set search_path = ''
as $$
  select o.id, o.event, o.recipient, o.state, o.attempts, o.last_error, o.updated_at, o.ticket_id, t.tracking_ref
  from private.notification_outbox o
  left join public.tickets t on t.id = o.ticket_id
  where o.state in ('failed', 'dead') and (select private.is_staff())
  order by o.updated_at desc
  limit greatest(1, least(p_limit, 500))
$$;

-- "Retry": back to pending for the next worker run. Staff only (anyone else: 42501).
create function public.outbox_retry(p_ids bigint[]) returns integer
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not (select private.is_staff()) then
    raise exception 'Only staff can retry notifications' using errcode = '42501';
  end if;
  return public.outbox_release(p_ids);
end
$$;

revoke execute on function public.outbox_dead_letters(integer), public.outbox_retry(bigint[]) from public, anon;
grant execute on function public.outbox_dead_letters(integer), public.outbox_retry(bigint[]) to authenticated, service_role;
