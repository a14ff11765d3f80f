-- A customer may change the words of their own ticket after staff have acted on it: its details,
-- where the problem is, its service category (private.enforce_ticket_rules lets them; the summary
-- was already logged). Those changes went unrecorded, so an agent could find the ticket saying
-- something else than what they had answered (issue 43, item 18). Now every change to them is in
-- the activity log, with who made it and the values before and after, whoever makes it.

-- The activity log learns three more kinds of entry. The field list is read from the constraint as
-- it stands (written as ARRAY['…'::text, …] or as '{…}'::text[], depending on how it was last
-- made), so values other migrations added stay allowed; it is written back in the ARRAY form.
do $$
declare
  name text;
  allowed text[];
begin
  select c.conname,
         array(select m[1] from regexp_matches(
           regexp_replace(split_part(pg_get_constraintdef(c.oid), 'ANY', 2), '::text(\[\])?', '', 'g'),
           '([a-z_]+)', 'g') as m)
  into name, allowed
  from pg_constraint c
  where c.conrelid = 'public.ticket_events'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%field = ANY%';
  allowed := array(select distinct v from unnest(allowed || array['details', 'location', 'service_category']) as v order by v);
  execute format('alter table public.ticket_events drop constraint %I', name);
  execute format('alter table public.ticket_events add constraint %I check (field = any (array[%s]))',
                 name, (select string_agg(quote_literal(v), ', ') from unnest(allowed) as v));
end
$$;

-- As in …_helpdesk_workspace.sql, and the details, location and service category.
create or replace function private.log_ticket_changes() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  actor uuid := (select auth.uid());
  who text := coalesce(private.display_name(actor), 'System');
begin
  if tg_op = 'INSERT' then
    insert into public.ticket_events (ticket_id, actor_id, actor_name, field, to_value, created_at)
    values (new.id, actor, who, 'created', new.channel::text, new.created_at);
    return null;
  end if;
  insert into public.ticket_events (ticket_id, actor_id, actor_name, field, from_value, to_value)
  select new.id, actor, who, change.field, change.from_value, change.to_value
  from (values
    ('status', old.status::text <> new.status::text, old.status::text, new.status::text),
    ('close_reason', old.close_reason is distinct from new.close_reason, old.close_reason::text, new.close_reason::text),
    ('priority', old.priority <> new.priority, old.priority::text, new.priority::text),
    ('assignee', old.assigned_to is distinct from new.assigned_to, nullif(old.assignee_name, ''), nullif(new.assignee_name, '')),
    ('company', old.company_id is distinct from new.company_id, nullif(old.company_name, ''), nullif(new.company_name, '')),
    ('tags', old.tags <> new.tags, nullif(array_to_string(old.tags, ', '), ''), nullif(array_to_string(new.tags, ', '), '')),
    ('summary', old.summary <> new.summary, old.summary, new.summary),
    ('details', old.details is distinct from new.details, old.details, new.details),
    ('location', old.location is distinct from new.location, old.location, new.location),
    ('service_category', old.service_category_id is distinct from new.service_category_id,
     old.service_category_id::text, new.service_category_id::text)
  ) as change (field, changed, from_value, to_value)
  where change.changed;
  return null;
end
$$;
