-- Every ticket already there gets its time totals row (new tickets get theirs by trigger), with the
-- minutes of any entries logged before the totals were kept, so the queue's time sort sees them all.
insert into public.ticket_time_totals (ticket_id, ticket_created_at, minutes, billable_minutes)
select t.id, t.created_at,
       coalesce(sum(e.minutes), 0),
       coalesce(sum(e.minutes) filter (where e.billable), 0)
from public.tickets t
left join public.time_entries e on e.ticket_id = t.id
group by t.id, t.created_at
on conflict (ticket_id) do update
  set minutes = excluded.minutes, billable_minutes = excluded.billable_minutes;
