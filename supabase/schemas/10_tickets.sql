-- Tickets: the row, its reference, who reads and writes which columns, the version every staff
-- change carries, and where a ticket is filed.
--
-- Bodies are checked when they run, not here: functions in this file read tables that later
-- files create (plpgsql checks nothing at creation; sql would parse its body).
set check_function_bodies = off;

-- 'TCK-' + 6 random characters of A-Z0-9 (36^6 ≈ 2.2 billion), retried on the rare collision.
CREATE OR REPLACE FUNCTION private.new_tracking_ref()
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  alphabet constant text := 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  candidate text;
begin
  loop
    candidate := 'TCK-' || (
      select string_agg(substr(alphabet, 1 + (get_byte(b, i) % 36), 1), '' order by i)
      from (select extensions.gen_random_bytes(6) as b) as r, generate_series(0, 5) as i
    );
    exit when not exists (select 1 from public.tickets where tracking_ref = candidate);
  end loop;
  return candidate;
end
$function$
;

create table public.tickets (
    id uuid not null default gen_random_uuid(),
    company_id uuid,
    created_by_user_id uuid default auth.uid(),
    channel public.message_channel not null default 'portal'::public.message_channel,
    summary text not null,
    details text,
    service_category_id text,
    priority public.ticket_priority not null default 'normal'::public.ticket_priority,
    location text,
    tracking_ref text not null default private.new_tracking_ref(),
    status public.ticket_status not null default 'new'::public.ticket_status,
    close_reason public.close_reason,
    assigned_to uuid,
    first_response_at timestamp with time zone,
    created_at timestamp with time zone not null default now(),
    updated_at timestamp with time zone not null default now(),
    -- Optimistic locking for tickets: two agents editing the same ticket must not overwrite each
    -- other silently. Every change bumps the ticket's version; a write that names the version it
    -- was based on is refused when the ticket has moved on since.
    version integer not null default 1,
    -- The requester's name as the conversation shows it (a company admin reads a colleague's tickets;
    -- a web request may come from someone without an account). Set by the database from the account.
    requester_name text,
    requester_contact_id uuid,
    -- Reply by email (issue 12, part 5; ../shared/docs/messaging-contract.md §3). A customer's answer to a
    -- notification arrives through the inbound-email function (the provider's signed webhook); the
    -- function checks the signature, drops automatic mail, strips the quoted history and hands the rest
    -- to public.receive_email, which finds the ticket, checks the sender and stores the message in one
    -- transaction, together with the record that this event was handled.
    -- A customer who writes on a closed ticket gets a new one that points back at it.
    follow_up_of uuid,
    -- The customer's own WhatsApp number for this ticket (the portal's create form asks for it: agents
    -- answer there, and messages from it find the ticket), and their consent to be messaged on WhatsApp
    -- about it (needed before any template): they gave the number, or wrote to us on WhatsApp about it.
    contact_phone text,
    whatsapp_opt_in_at timestamp with time zone,
    -- Written only by the trigger below (no API grant), read with the ticket.
    first_response_due_at timestamp with time zone,
    resolution_due_at timestamp with time zone,
    resolved_at timestamp with time zone,
    -- while waiting on the customer: since when; the business minutes of earlier waits
    sla_paused_at timestamp with time zone,
    sla_paused_minutes integer not null default 0,
    -- a resolved ticket's "still broken?" reminder went (public.close_resolved_tickets)
    resolution_reminder_at timestamp with time zone,
    -- Short labels staff put on a ticket (lowercase words joined by hyphens).
    tags text[] not null default '{}'::text[],
    -- Copies kept by the triggers below, so the queue sorts by them with an index. '' when none.
    company_name text not null default ''::text,
    assignee_name text not null default ''::text,
    -- The last message or change on the ticket.
    last_activity_at timestamp with time zone not null default now(),
    -- When the running SLA clock runs out: the first response until there is one, then the
    -- resolution; 'infinity' while no clock runs (paused, resolved, closed). Derived, never written.
    sla_due_at timestamp with time zone not null generated always as (
CASE
    WHEN ((status = ANY (ARRAY['resolved'::public.ticket_status, 'closed'::public.ticket_status])) OR (sla_paused_at IS NOT NULL)) THEN 'infinity'::timestamp with time zone
    WHEN (first_response_at IS NULL) THEN COALESCE(first_response_due_at, 'infinity'::timestamp with time zone)
    ELSE COALESCE(resolution_due_at, 'infinity'::timestamp with time zone)
END) stored,
    -- WhatsApp: a number belongs to whoever proves it (issue 43, part C; messaging-contract.md §6,
    -- revised 2026-11-28). A number typed into a form (tickets.contact_phone, the /log-it WhatsApp
    -- number, a requester's phone) is only a claim: typing it no longer records consent, routes
    -- messages to the ticket or lets agents' replies go to it. Meta authenticates the sender of an
    -- inbound message, so a number is verified for a ticket when it writes to us with that ticket's
    -- `Ref:` while the ticket claims it (both sides agree: the requester gave the number, the number's
    -- holder knows the ticket), unless it is verified for someone else already. It is verified for the
    -- person, not just the ticket, when the claim came from that person signed in (the number they
    -- typed on their own portal ticket, or their own wa.me hand-off). Consent is stamped only then.
    -- A number nobody knows opens a ticket of its own in the queue, for a WhatsApp contact; a known
    -- number without a Ref goes to its latest ticket only if that was active in the last 24 hours.
    -- Agents can move a WhatsApp message to a new ticket (public.split_whatsapp_message).
    -- Someone known only by their number: the ticket an unknown number opens is theirs (staff see it;
    -- no customer account reads it).
    whatsapp_contact_id uuid,
    -- Stale-write protection that no client can skip (issue 43, item 17).
    --
    -- A client said which version of a ticket its change was based on by sending tickets.version, and
    -- an update that left it out kept the version it had: so a staff client that sent nothing
    -- overwrote whatever a colleague had saved meanwhile. Leaving a column out of an update and
    -- sending its current value look the same to a trigger, so the version a change is based on now
    -- travels in a column of its own, tickets.expected_version, which is never stored (the trigger
    -- reads it and clears it). A staff member's change to a ticket must carry it, or it is refused
    -- (PT428, "Precondition Required"); a change based on an outdated copy is refused as before
    -- (PT409). The database's own writes (triggers running as the owner, the service role) and a
    -- customer's writes to their own ticket (whose moves are guarded by the status they start from)
    -- are not asked for one.
    expected_version integer,
    -- Two data mistakes (issue 43, item 20 a and b):
    --   a) a company member's ticket was filed with no company (the portal sends company_id null), so
    --      their company admin never saw it: a ticket of a company member now goes under their company;
    --   b) a ticket an agent logged for a client with an account lost the phone number the agent typed
    --      (it was kept only on a requester contact, which a client with an account does not get) and
    --      the client's company: the ticket now keeps the number as typed, and (a) files it.
    -- The phone number given for this ticket, as typed (a landline is fine: nobody is messaged on it;
    -- WhatsApp numbers are proven separately, supabase/schemas/60_whatsapp.sql).
    requester_phone text
);

-- Helpdesk, "All open work" (the default view): only unfinished tickets, which stay few while
-- resolved and closed ones pile up, so the list never walks past the closed million.
create index tickets_active_created_at_id_idx on public.tickets (created_at DESC, id DESC) WHERE (status <> ALL (ARRAY['resolved'::public.ticket_status, 'closed'::public.ticket_status]));

-- Helpdesk, "Assigned to me".
create index tickets_assigned_created_at_id_idx on public.tickets (assigned_to, created_at DESC, id DESC) WHERE (assigned_to IS NOT NULL);

-- A company admin's My Tickets: their companies' tickets, same order.
create index tickets_company_created_at_id_idx on public.tickets (company_id, created_at DESC, id DESC) WHERE (company_id IS NOT NULL);
create index tickets_contact_phone_idx on public.tickets (contact_phone) WHERE (contact_phone IS NOT NULL);

-- Helpdesk, "All tickets" (and the service role's lists).
create index tickets_created_at_id_idx on public.tickets (created_at DESC, id DESC);

-- My Tickets: the user's own, newest first, ties broken by id (the cursor's order).
create index tickets_created_by_created_at_id_idx on public.tickets (created_by_user_id, created_at DESC, id DESC);
create index tickets_follow_up_of_idx on public.tickets (follow_up_of) WHERE (follow_up_of IS NOT NULL);

-- The queue sorts and filters open tickets by what is due first.
create index tickets_open_resolution_due_idx on public.tickets (resolution_due_at) WHERE (status <> ALL (ARRAY['resolved'::public.ticket_status, 'closed'::public.ticket_status]));
create unique index tickets_pkey on public.tickets (id);

-- One index per sort, in the queue's order (sort key, then created_at and id as tie-breakers), so
-- any page of any sort is a LIMIT-bounded index scan from its cursor. Open work, the queue's
-- default, has its own smaller indexes for the sorts agents use most (newest first, and "mine",
-- have theirs since supabase/schemas/00_identity_and_companies.sql; the reference is unique, so its own index
-- orders it).
create index tickets_queue_activity_idx on public.tickets (last_activity_at, created_at, id);
create index tickets_queue_assignee_idx on public.tickets (assignee_name, created_at, id);
create index tickets_queue_company_idx on public.tickets (company_name, created_at, id);
create index tickets_queue_open_activity_idx on public.tickets (last_activity_at, created_at, id) WHERE (status <> ALL (ARRAY['resolved'::public.ticket_status, 'closed'::public.ticket_status]));
create index tickets_queue_open_priority_idx on public.tickets (priority, created_at, id) WHERE (status <> ALL (ARRAY['resolved'::public.ticket_status, 'closed'::public.ticket_status]));
create index tickets_queue_open_sla_idx on public.tickets (sla_due_at, created_at, id) WHERE (status <> ALL (ARRAY['resolved'::public.ticket_status, 'closed'::public.ticket_status]));
create index tickets_queue_priority_idx on public.tickets (priority, created_at, id);
create index tickets_queue_requester_idx on public.tickets (COALESCE(requester_name, ''::text), created_at, id);
create index tickets_queue_status_idx on public.tickets (status, created_at, id);
create index tickets_requester_contact_idx on public.tickets (requester_contact_id) WHERE (requester_contact_id IS NOT NULL);

-- A resolved ticket nobody answers closes itself after 5 business days (close reason auto_closed,
-- which mails the requester), with a reminder after 3. The outbox worker calls this at the start of
-- every run (hosted: every 10 s by pg_cron; locally the stack's driver); both steps only look at
-- tickets resolved at least two calendar days ago, through the index below. Answers what it did.
create index tickets_resolved_at_idx on public.tickets (resolved_at) WHERE (status = 'resolved'::public.ticket_status);

-- Search: reference, summary and requester on the ticket, and the text of every message.
create index tickets_search_trgm_idx on public.tickets using gin ((((((tracking_ref || ' '::text) || summary) || ' '::text) || COALESCE(requester_name, ''::text))) extensions.gin_trgm_ops);
create unique index tickets_tracking_ref_key on public.tickets (tracking_ref);
create index tickets_unanswered_first_response_due_idx on public.tickets (first_response_due_at) WHERE ((first_response_at IS NULL) AND (status <> ALL (ARRAY['resolved'::public.ticket_status, 'closed'::public.ticket_status])));
create index tickets_whatsapp_contact_idx on public.tickets (whatsapp_contact_id) WHERE (whatsapp_contact_id IS NOT NULL);

alter table public.tickets add constraint tickets_pkey PRIMARY KEY using index tickets_pkey;
alter table public.tickets add constraint tickets_check CHECK (((status = 'closed'::public.ticket_status) = (close_reason IS NOT NULL)));
alter table public.tickets add constraint tickets_contact_phone_check CHECK ((contact_phone ~ '^\+[1-9][0-9]{7,14}$'::text));
alter table public.tickets add constraint tickets_details_check CHECK ((char_length(details) <= 10000));
alter table public.tickets add constraint tickets_expected_version_check CHECK ((expected_version IS NULL));
alter table public.tickets add constraint tickets_have_a_requester CHECK (((created_by_user_id IS NOT NULL) OR (requester_contact_id IS NOT NULL) OR (whatsapp_contact_id IS NOT NULL)));
alter table public.tickets add constraint tickets_location_check CHECK ((char_length(location) <= 200));
alter table public.tickets add constraint tickets_requester_name_check CHECK (((char_length(requester_name) >= 1) AND (char_length(requester_name) <= 200)));
alter table public.tickets add constraint tickets_requester_phone_check CHECK (((char_length(requester_phone) >= 1) AND (char_length(requester_phone) <= 50)));
alter table public.tickets add constraint tickets_service_category_id_check CHECK ((char_length(service_category_id) <= 100));
alter table public.tickets add constraint tickets_summary_check CHECK (((char_length(btrim(summary)) >= 1) AND (char_length(btrim(summary)) <= 200)));
alter table public.tickets add constraint tickets_tags_check CHECK (((cardinality(tags) <= 10) AND (array_position(tags, NULL::text) IS NULL) AND ((cardinality(tags) = 0) OR (array_to_string(tags, ' '::text) ~ '^[a-z0-9][a-z0-9-]{0,29}( [a-z0-9][a-z0-9-]{0,29})*$'::text))));
alter table public.tickets add constraint tickets_tracking_ref_check CHECK ((tracking_ref ~ '^TCK-[A-Z0-9]{6}$'::text));
alter table public.tickets add constraint tickets_tracking_ref_key UNIQUE using index tickets_tracking_ref_key;
alter table public.tickets add constraint tickets_version_check CHECK ((version >= 1));

alter table public.tickets add constraint tickets_assigned_to_fkey FOREIGN KEY (assigned_to) REFERENCES auth.users(id) ON DELETE SET NULL;
alter table public.tickets add constraint tickets_company_id_fkey FOREIGN KEY (company_id) REFERENCES public.companies(id) ON DELETE SET NULL;
alter table public.tickets add constraint tickets_created_by_user_id_fkey FOREIGN KEY (created_by_user_id) REFERENCES auth.users(id) ON DELETE CASCADE;
alter table public.tickets add constraint tickets_follow_up_of_fkey FOREIGN KEY (follow_up_of) REFERENCES public.tickets(id) ON DELETE SET NULL;

CREATE OR REPLACE FUNCTION private.can_read_ticket(ticket uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.tickets t
    where t.id = ticket
      and (
        t.created_by_user_id = (select auth.uid())
        or t.company_id in (select private.admin_company_ids())
        or (select private.is_staff())
      )
  )
$function$
;
CREATE OR REPLACE FUNCTION private.check_ticket_follow_up()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.follow_up_of is null or current_user in ('service_role', 'postgres', 'supabase_admin') then
    return new;
  end if;
  -- Runs as the writer: a ticket they cannot read does not exist here.
  if not exists (select 1 from public.tickets t where t.id = new.follow_up_of and t.status = 'closed') then
    raise exception 'A follow-up is of a closed ticket of yours' using errcode = '42501';
  end if;
  return new;
end
$function$
;

-- The version counts changes people make. Columns the database keeps for itself (activity time,
-- copied names) do not move it, so a customer's reply arriving does not make an agent's open
-- form stale; the activity itself is new.last_activity_at.
CREATE OR REPLACE FUNCTION private.check_ticket_version()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  based_on constant integer := new.expected_version;
begin
  new.expected_version := null;
  if based_on <> old.version or new.version is distinct from old.version then
    raise exception 'This ticket was changed by someone else since you loaded it (you had version %, it is now at version %).',
      coalesce(based_on, new.version), old.version
      using errcode = 'PT409', hint = 'Reload the ticket to see its current values, then make your change again.';
  end if;
  -- Columns the database keeps for itself (activity time, copied names) do not count as a change.
  if (to_jsonb(new) - '{last_activity_at,company_name,assignee_name,updated_at,sla_due_at}'::text[])
     = (to_jsonb(old) - '{last_activity_at,company_name,assignee_name,updated_at,sla_due_at}'::text[]) then
    return new;
  end if;
  if based_on is null and current_user not in ('service_role', 'postgres', 'supabase_admin')
     and (select private.is_staff()) then
    raise exception 'A change to a ticket must say which version of the ticket it is based on.'
      using errcode = 'PT428', hint = 'Send expected_version: the version of the ticket you loaded.';
  end if;
  new.version := old.version + 1;
  new.last_activity_at := now();
  return new;
end
$function$
;

-- Rules first, the staff check only when a rule is broken (issue 11: RLS ≤ 1.5× the service role;
-- the WhatsApp intent's insert was ×1.52). Staff may break these rules and nobody else may, so
-- asking whether the caller is staff only matters once a rule is broken. Same outcome for every row.
--
-- A message: private.enforce_message_insert_rules asked private.is_staff() first, so every
-- customer's message paid for the check (a user_roles lookup in a security definer call, ~65 µs)
-- before rules it keeps anyway.
CREATE OR REPLACE FUNCTION private.enforce_message_insert_rules()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if current_user in ('service_role', 'postgres', 'supabase_admin') then
    return new;
  end if;
  if new.status <> 'queued' then
    if (select private.is_staff()) then return new; end if;
    raise exception 'Only staff set the delivery status of a message' using errcode = '42501';
  end if;
  if jsonb_typeof(new.metadata) <> 'object' or (new.metadata - 'tracking_ref') <> '{}'::jsonb
     or jsonb_typeof(coalesce(new.metadata -> 'tracking_ref', 'null'::jsonb)) not in ('string', 'null') then
    if (select private.is_staff()) then return new; end if;
    raise exception 'A message''s metadata may only hold the ticket''s tracking reference' using errcode = '42501';
  end if;
  if new.direction = 'inbound'
     and exists (select 1 from public.tickets where id = new.ticket_id and status = 'closed') then
    if (select private.is_staff()) then return new; end if;
    raise exception 'This ticket is closed. Please open a new ticket.' using errcode = '42501';
  end if;
  return new;
end
$function$
;

-- The same for a ticket. The staff check was worked out before anything else, for every insert and
-- update: a customer's new ticket paid for it before rules it keeps, and so did the update by
-- which a message moves its ticket's last activity (private.touch_ticket_activity, which runs as
-- the table's owner and is trusted anyway). A new ticket's rules now come first, with the staff
-- check only when one is broken. An update asks it only for a caller who is not trusted, where it
-- still decides which rules apply before any is tested (staff and customers both may reopen a
-- ticket, with different side effects).
CREATE OR REPLACE FUNCTION private.enforce_ticket_rules()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  trusted boolean := current_user in ('service_role', 'postgres', 'supabase_admin');
begin
  new.updated_at := now();
  if tg_op = 'INSERT' then
    if trusted then
      return new;
    end if;
    if new.status <> 'new' or new.close_reason is not null or new.assigned_to is not null
       or new.first_response_at is not null then
      if (select private.is_staff()) then return new; end if;
      raise exception 'A new ticket starts as new' using errcode = '42501';
    end if;
    if new.priority <> 'normal' then
      if (select private.is_staff()) then return new; end if;
      raise exception 'Only staff can set the priority of a ticket' using errcode = '42501';
    end if;
    if new.channel <> 'portal' then
      if (select private.is_staff()) then return new; end if;
      raise exception 'A ticket created in the portal has the channel portal' using errcode = '42501';
    end if;
    if new.company_id is not null and not (select private.is_company_member(new.company_id)) then
      if (select private.is_staff()) then return new; end if;
      raise exception 'Not a member of that company' using errcode = '42501';
    end if;
    return new;
  end if;

  if new.id <> old.id or new.tracking_ref <> old.tracking_ref or new.created_at <> old.created_at
     or (new.created_by_user_id is distinct from old.created_by_user_id
         and not (trusted and old.created_by_user_id is null)) then
    raise exception 'Ticket identity cannot change' using errcode = '42501';
  end if;
  if trusted or (select private.is_staff()) then
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
$function$
;

-- A company member's ticket goes under their company whichever channel opened it (issue 43, item
-- 20a). supabase/schemas/10_tickets.sql filed portal tickets only: tickets opened by mail or
-- WhatsApp are written by the inbound functions as the database's owner, which that trigger took
-- for the seed and left alone, so a member's emailed request never reached their company admin.
-- What sets the seed and a migration apart from the inbound functions is not the role (both run as
-- the owner) but the request: every write through the API carries PostgREST's JWT claims, and a
-- direct SQL session (the seed, a migration, an operator in psql) carries none.
CREATE OR REPLACE FUNCTION private.file_ticket_under_company()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.company_id is null and new.created_by_user_id is not null
     and coalesce(current_setting('request.jwt.claims', true), '') not in ('', '{}') then
    new.company_id := private.requester_company(new.created_by_user_id);
  end if;
  return new;
end
$function$
;

-- The company a requester's tickets go under: the first company they joined, when there are
-- several (a requester rarely is in two; an agent can move the ticket). Null for anyone in none.
CREATE OR REPLACE FUNCTION private.requester_company(requester uuid)
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select m.company_id from public.company_members m
  where m.user_id = requester
  order by m.created_at, m.company_id
  limit 1
$function$
;

-- 'Waiting on customer' with the question: the ticket moves (based on the version the agent
-- loaded, as every staff change) and the question goes to the customer as a public reply, both or
-- neither. Runs as the caller: row-level security and the triggers decide as for each write alone
-- (a customer is refused the move; a ticket the caller cannot see is P0002). Answers the ticket's
-- new version.
CREATE OR REPLACE FUNCTION public.ask_customer(p_ticket uuid, p_version integer, p_question text)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  moved integer;
begin
  if nullif(btrim(coalesce(p_question, '')), '') is null then
    raise exception 'Write the question the customer is asked.' using errcode = '22023';
  end if;
  update public.tickets
  set status = 'waiting_on_customer', close_reason = null, expected_version = p_version
  where id = p_ticket
  returning version into moved;
  if moved is null then
    raise exception 'Not found or access denied.' using errcode = 'P0002';
  end if;
  insert into public.ticket_messages (ticket_id, direction, channel, status, body, created_by)
  values (p_ticket, 'outbound', 'portal', 'sent', p_question, (select auth.uid()));
  return moved;
end
$function$
;

-- 'Apply to selected' in the queue: one change to many tickets, each carrying the version its row
-- showed. All or nothing: if any ticket changed since the list was loaded, nothing is written and
-- the refusal names every such ticket by its reference. Runs as the caller, so row-level security
-- and the ticket triggers decide as for a change to one ticket (a ticket the caller cannot read is
-- neither changed nor counted). p_tickets: [{"id": uuid, "version": integer}, …]; the assignee
-- changes only with p_set_assignee (p_assignee null then unassigns); a status other than closed
-- clears the close reason.
CREATE OR REPLACE FUNCTION public.bulk_change_tickets(p_tickets jsonb, p_set_assignee boolean DEFAULT false, p_assignee uuid DEFAULT NULL::uuid, p_status public.ticket_status DEFAULT NULL::public.ticket_status, p_close_reason public.close_reason DEFAULT NULL::public.close_reason, p_priority public.ticket_priority DEFAULT NULL::public.ticket_priority)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  stale text;
  changed integer;
begin
  if jsonb_typeof(p_tickets) is distinct from 'array' or jsonb_array_length(p_tickets) = 0
     or jsonb_array_length(p_tickets) > 100 then
    raise exception 'Choose between 1 and 100 tickets, each with the version you loaded.' using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_to_recordset(p_tickets) as r (id uuid, version integer)
             where r.id is null or r.version is null) then
    raise exception 'Every ticket needs the version you loaded.' using errcode = 'PT428';
  end if;
  select string_agg(t.tracking_ref, ', ' order by t.tracking_ref) into stale
  from public.tickets t
  join jsonb_to_recordset(p_tickets) as r (id uuid, version integer) on r.id = t.id
  where t.version <> r.version;
  if stale is not null then
    raise exception '% changed since you loaded the list.', stale
      using errcode = 'PT409', detail = stale, hint = 'Reload the queue to see their current values, then apply the change again.';
  end if;
  update public.tickets t set
    assigned_to = case when p_set_assignee then p_assignee else t.assigned_to end,
    status = coalesce(p_status, t.status),
    close_reason = case when p_status is null then t.close_reason when p_status = 'closed' then p_close_reason end,
    priority = coalesce(p_priority, t.priority),
    expected_version = r.version
  from jsonb_to_recordset(p_tickets) as r (id uuid, version integer)
  where t.id = r.id;
  get diagnostics changed = row_count;
  return changed;
end
$function$
;

-- As in supabase/schemas/10_tickets.sql, and the ticket keeps the phone number typed.
CREATE OR REPLACE FUNCTION public.log_ticket_for_client(p_email text, p_full_name text, p_phone text, p_channel public.message_channel, p_summary text, p_details text, p_priority public.ticket_priority)
 RETURNS TABLE(ticket_id uuid, tracking_ref text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

alter table public.tickets enable row level security;

-- tickets: signed-in users create tickets as themselves (the trigger checks status and company).
create policy "tickets: create as yourself" on public.tickets
  for insert to authenticated
  with check (created_by_user_id = (select private.uid()) or (select private.is_staff()));

-- tickets: only provider admins delete (spam, tests); customers cancel instead.
create policy "tickets: delete as provider admin" on public.tickets
  for delete to authenticated
  using ((select private.has_role('siyakha_admin')));

-- tickets: a customer reads what they created, a company admin their company's, staff all.
create policy "tickets: read own, company's as admin, or as staff"
  on public.tickets
  as permissive
  for select
  to authenticated
using (((created_by_user_id = ( SELECT private.uid() AS uid)) OR ( SELECT private.is_staff() AS is_staff) OR (company_id = ANY (ARRAY( SELECT private.admin_company_ids() AS admin_company_ids)))));

-- tickets: customers update their own (the trigger limits columns and moves); staff any.
create policy "tickets: update own or as staff" on public.tickets
  for update to authenticated
  using (created_by_user_id = (select private.uid()) or (select private.is_staff()))
  with check (created_by_user_id = (select private.uid()) or (select private.is_staff()));

create trigger tickets_check_follow_up BEFORE INSERT ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.check_ticket_follow_up();

-- Named to fire before tickets_enforce_rules (same event, alphabetical order): a stale write is
-- reported as stale, not as whatever rule the outdated values break.
create trigger tickets_check_version BEFORE UPDATE ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.check_ticket_version();
create trigger tickets_enforce_rules BEFORE INSERT OR UPDATE ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.enforce_ticket_rules();

-- After tickets_enforce_rules (alphabetical), which checks a company the client sent, and before
-- tickets_stamp_names, which copies the company's name.
create trigger tickets_file_under_company BEFORE INSERT ON public.tickets FOR EACH ROW EXECUTE FUNCTION private.file_ticket_under_company();

revoke all on function private.can_read_ticket(ticket uuid) from public, anon, authenticated, service_role;
revoke all on function private.check_ticket_follow_up() from public, anon, authenticated, service_role;
revoke all on function private.check_ticket_version() from public, anon, authenticated, service_role;
revoke all on function private.enforce_message_insert_rules() from public, anon, authenticated, service_role;
revoke all on function private.enforce_ticket_rules() from public, anon, authenticated, service_role;
revoke all on function private.file_ticket_under_company() from public, anon, authenticated, service_role;
revoke all on function private.new_tracking_ref() from public, anon, authenticated, service_role;
revoke all on function private.requester_company(requester uuid) from public, anon, authenticated, service_role;
revoke all on function public.ask_customer(p_ticket uuid, p_version integer, p_question text) from public, anon, authenticated, service_role;
revoke all on function public.bulk_change_tickets(p_tickets jsonb, p_set_assignee boolean, p_assignee uuid, p_status public.ticket_status, p_close_reason public.close_reason, p_priority public.ticket_priority) from public, anon, authenticated, service_role;
revoke all on function public.log_ticket_for_client(p_email text, p_full_name text, p_phone text, p_channel public.message_channel, p_summary text, p_details text, p_priority public.ticket_priority) from public, anon, authenticated, service_role;

-- Which columns a client may write, and with which values. Two layers:
--   1. Column privileges: what no API caller ever writes (ids, tracking references, timestamps,
--      the first-response stamp) is simply not granted, so sending it at all is refused with
--      42501 "permission denied". The database fills those in itself.
--   2. The triggers: columns staff may set but customers may not (priority, channel, status,
--      assignee, a message's delivery status, its metadata) are refused with 42501 and a message
--      naming the column when a customer sends a value other than the one the database would
--      choose (the default). Refusing, not silently resetting: a client that asks for 'urgent'
--      learns that it did not get it.
-- The service role (edge functions, seed) keeps its table-wide grants and is trusted as before.
--
-- A customer who needs more help after their ticket closed opens a follow-up from its page, and the
-- new ticket says which one it follows (tickets.follow_up_of), as the email and WhatsApp
-- follow-ups already do (issue 43, item 20d). Until now the portal's new ticket carried no link.
-- A person may only follow up a closed ticket they can read (row-level security decides which, as
-- the writer; staff read every ticket).
revoke all on table public.tickets from public, anon, authenticated, service_role;
grant execute on function private.can_read_ticket(ticket uuid) to authenticated, service_role;
grant execute on function private.enforce_ticket_rules() to public;
grant execute on function private.new_tracking_ref() to authenticated, service_role;
grant execute on function private.requester_company(requester uuid) to authenticated, service_role;
grant execute on function public.ask_customer(p_ticket uuid, p_version integer, p_question text) to authenticated, service_role;
grant execute on function public.bulk_change_tickets(p_tickets jsonb, p_set_assignee boolean, p_assignee uuid, p_status public.ticket_status, p_close_reason public.close_reason, p_priority public.ticket_priority) to authenticated, service_role;
grant execute on function public.log_ticket_for_client(p_email text, p_full_name text, p_phone text, p_channel public.message_channel, p_summary text, p_details text, p_priority public.ticket_priority) to authenticated, service_role;
grant all on table public.tickets to service_role;
grant delete, select, insert (assigned_to, channel, close_reason, company_id, contact_phone, created_by_user_id, details, follow_up_of, location, priority, service_category_id, status, summary), update (assigned_to, channel, close_reason, company_id, details, expected_version, location, priority, service_category_id, status, summary, tags, version) on table public.tickets to authenticated;

comment on column public.tickets.expected_version is 'Write-only: the tickets.version a change is based on. Required on every staff change (PT428 without it, PT409 when stale); never stored.';
comment on column public.tickets.requester_phone is 'The phone number given for this ticket, as typed (an agent logging it for a client). Shown to staff; never messaged.';
comment on column public.tickets.version is 'Bumped by every update. Send the version you loaded with your update: a stale one is refused (PT409).';

alter publication supabase_realtime add table public.tickets;
