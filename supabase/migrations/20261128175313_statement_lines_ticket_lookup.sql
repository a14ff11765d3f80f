-- The statement's lines look each line's ticket up by id instead of merging with every ticket (the largest company's month at 1,000,000 tickets read them all, ~1.5 s; tests/perf/billing-perf.ts).
-- Data (rows, cron schedules, storage buckets) is not diffed: add it by hand.

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.statement_lines(p_company uuid, p_month date)
 RETURNS TABLE(ticket_id uuid, tracking_ref text, ticket_summary text, agent_id uuid, agent_name text, work_type public.work_type, billable boolean, entries integer, minutes bigint, hours numeric, first_day date, last_day date, notes text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  access text := private.statement_access(p_company);
  month_start date := date_trunc('month', p_month)::date;
  month_end date := (date_trunc('month', p_month) + interval '1 month - 1 day')::date;
begin
  if access is null or p_company is null or p_month is null then
    return;
  end if;
  return query
  with g as (
    select te.ticket_id, te.agent_id, te.work_type, te.billable, count(*) as entries,
           sum(te.minutes)::bigint as minutes, min(te.work_date) as first_day, max(te.work_date) as last_day
    from public.time_entries te
    where te.company_id = p_company and te.work_date between month_start and month_end
      and (access = 'staff' or te.billable)
    group by te.ticket_id, te.agent_id, te.work_type, te.billable
  ), n as (
    select te.ticket_id, te.agent_id, te.work_type, te.billable,
           string_agg(btrim(te.note), E'\n' order by te.work_date, te.created_at) as notes
    from public.time_entries te
    where access = 'staff' and te.company_id = p_company and te.work_date between month_start and month_end
      and te.note is not null and btrim(te.note) <> ''
    group by te.ticket_id, te.agent_id, te.work_type, te.billable
  ), names as (
    select a.agent_id,
           coalesce(private.display_name(a.agent_id),
                    (select e.agent_name from public.time_entries e where e.agent_id = a.agent_id limit 1)) as name
    from (select distinct g.agent_id from g where g.agent_id is not null) a
  )
  select g.ticket_id, t.tracking_ref, t.summary, g.agent_id, coalesce(names.name, 'Former staff member'),
         g.work_type, g.billable, g.entries::integer, g.minutes, round(g.minutes / 60.0, 2), g.first_day,
         g.last_day, n.notes
  from g
  -- Each line's ticket by id (offset 0 keeps it a lookup): joined directly, the planner merged
  -- with all of tickets' primary key and read every ticket (~1.5 s at 1,000,000 tickets).
  cross join lateral (select tk.tracking_ref, tk.summary from public.tickets tk
                      where tk.id = g.ticket_id offset 0) t
  left join names on names.agent_id = g.agent_id
  left join n on n.ticket_id = g.ticket_id and n.agent_id is not distinct from g.agent_id
             and n.work_type = g.work_type and n.billable = g.billable
  order by t.tracking_ref, 5, g.work_type, g.billable desc;
end
$function$
;
