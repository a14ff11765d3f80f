-- Demo data for local development and tests. Runs once, as postgres, after the migrations.
-- Every demo login uses the password Password123! and has a confirmed email. The UUIDs are fixed so
-- tests can refer to them (supabase/tests/helpers.ts: DEMO).
--
--   admin@siyakha.example       provider admin (siyakha_admin)
--   agent@siyakha.example       support agent (agent)
--   owner@acme-clinic.example   company admin of Acme Clinic
--   staff@acme-clinic.example   member of Acme Clinic
--   thabo@example.co.za         customer without a company

-- Demo history, not news: nobody is mailed about it (private.notifications_off).
set siyakha.notifications = 'off';

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, confirmation_token, recovery_token, email_change_token_new,
  email_change, email_change_token_current, reauthentication_token, phone_change, phone_change_token,
  created_at, updated_at, is_sso_user, is_anonymous
)
select
  '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email,
  extensions.crypt('Password123!', extensions.gen_salt('bf', 10)), now() - interval '30 days', null,
  '{"provider": "email", "providers": ["email"]}'::jsonb,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false,
    'full_name', u.full_name),
  '', '', '', '', '', '', '', '',
  now() - interval '30 days', now() - interval '30 days', false, false
from (values
  ('00000000-0000-4000-8000-000000000001'::uuid, 'admin@siyakha.example', 'Naledi Mokoena'),
  ('00000000-0000-4000-8000-000000000002'::uuid, 'agent@siyakha.example', 'Sipho Dlamini'),
  ('00000000-0000-4000-8000-000000000003'::uuid, 'owner@acme-clinic.example', 'Dr Anele Khumalo'),
  ('00000000-0000-4000-8000-000000000004'::uuid, 'staff@acme-clinic.example', 'Lerato Nkosi'),
  ('00000000-0000-4000-8000-000000000005'::uuid, 'thabo@example.co.za', 'Thabo Molefe')
) as u (id, email, full_name);

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select gen_random_uuid(), u.id::text, u.id, u.raw_user_meta_data, 'email', null, u.created_at, u.created_at
from auth.users u
where u.id in (
  '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002',
  '00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000004',
  '00000000-0000-4000-8000-000000000005'
);

insert into public.user_roles (user_id, role) values
  ('00000000-0000-4000-8000-000000000001', 'siyakha_admin'),
  ('00000000-0000-4000-8000-000000000002', 'agent');

insert into public.companies (id, name, created_by, created_at) values
  ('00000000-0000-4000-8000-0000000000c1', 'Acme Clinic', '00000000-0000-4000-8000-000000000001',
   now() - interval '30 days');

insert into public.company_members (company_id, user_id, role) values
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000003', 'company_admin'),
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-000000000004', 'member');

-- Acme Clinic's email domain (new users at it join the company) and its sites, which agents see
-- beside Acme's tickets (issue 46, part 3).
insert into public.company_domains (domain, company_id) values
  ('acme-clinic.example', '00000000-0000-4000-8000-0000000000c1');
insert into public.company_sites (company_id, name, address, notes) values
  ('00000000-0000-4000-8000-0000000000c1', 'Rosebank practice', '12 Tyrwhitt Avenue, Rosebank, Johannesburg, 2196',
   'Server cupboard behind reception; ask for Lindiwe at the front desk.'),
  ('00000000-0000-4000-8000-0000000000c1', 'Sandton branch', '5 Rivonia Road, Sandton, 2196',
   'Parking in the basement; the printers are on the second floor.');

-- Tickets. Postgres is trusted by the ticket trigger, so any status can be seeded directly; the
-- trigger stamps updated_at.
insert into public.tickets (
  id, company_id, created_by_user_id, channel, summary, details, service_category_id, priority, location,
  tracking_ref, status, close_reason, assigned_to, first_response_at, created_at
) values
  -- Thabo (no company)
  ('00000000-0000-4000-8000-0000000000a1', null, '00000000-0000-4000-8000-000000000005', 'portal',
   'Laptop will not connect to Wi-Fi after Windows update',
   'Since last night''s Windows update my Lenovo ThinkPad sees the home fibre router but says "Can''t connect to this network". My phone connects fine. I work from home on Tuesdays and Thursdays and need it by tomorrow morning.',
   'it-support', 'normal', 'Home office, Randburg', 'TCK-7Q4M2A', 'open', null,
   '00000000-0000-4000-8000-000000000002', now() - interval '2 days 20 hours', now() - interval '3 days'),
  ('00000000-0000-4000-8000-0000000000a2', null, '00000000-0000-4000-8000-000000000005', 'whatsapp',
   'Outlook keeps asking for my password',
   'Outlook on my desktop pops up a password box every few minutes. I have typed the correct password each time.',
   'email-and-microsoft-365', 'normal', null, 'TCK-K8P3ZD', 'resolved', null,
   '00000000-0000-4000-8000-000000000002', now() - interval '9 days 22 hours', now() - interval '10 days'),
  ('00000000-0000-4000-8000-0000000000a3', null, '00000000-0000-4000-8000-000000000005', 'portal',
   'Printer shows offline on my PC',
   'The HP LaserJet is on and the display shows it is connected to the network, but Windows lists it as offline.',
   'it-support', 'low', 'Home office, Randburg', 'TCK-3RW9HX', 'new', null, null, null,
   now() - interval '2 hours'),
  ('00000000-0000-4000-8000-0000000000a4', null, '00000000-0000-4000-8000-000000000005', 'portal',
   'Backup drive not showing in File Explorer',
   'My external backup drive stopped appearing. Never mind, it was the cable.',
   'backup-and-recovery', 'normal', null, 'TCK-V2N6TB', 'closed', 'cancelled', null, null,
   now() - interval '20 days'),
  -- Acme Clinic, logged by the owner (company admin)
  ('00000000-0000-4000-8000-0000000000a5', '00000000-0000-4000-8000-0000000000c1',
   '00000000-0000-4000-8000-000000000003', 'portal',
   'Reception PC very slow since the power came back',
   'After load-shedding on Monday the reception PC takes ten minutes to start and the booking system freezes when we open the diary.',
   'it-support', 'high', 'Reception, Acme Clinic, Sandton', 'TCK-P5L8QC', 'waiting_on_customer', null,
   '00000000-0000-4000-8000-000000000002', now() - interval '1 day 23 hours', now() - interval '2 days'),
  ('00000000-0000-4000-8000-0000000000a6', '00000000-0000-4000-8000-0000000000c1',
   '00000000-0000-4000-8000-000000000003', 'email',
   'Set up a mailbox for our new nurse',
   'Sister Zanele Mthembu starts on the 1st. Please create zanele@acme-clinic.example with access to the bookings calendar.',
   'email-and-microsoft-365', 'normal', null, 'TCK-D4J7WE', 'closed', 'confirmed',
   '00000000-0000-4000-8000-000000000002', now() - interval '14 days 21 hours', now() - interval '15 days'),
  ('00000000-0000-4000-8000-0000000000a7', '00000000-0000-4000-8000-0000000000c1',
   '00000000-0000-4000-8000-000000000003', 'portal',
   'UPS in the server cupboard is beeping',
   'The UPS under the server has been beeping every 30 seconds since this morning and shows a red battery light.',
   'networking-and-infrastructure', 'urgent', 'Server cupboard, Acme Clinic, Sandton', 'TCK-U9S2MF', 'resolved',
   null, '00000000-0000-4000-8000-000000000002', now() - interval '5 days 23 hours 30 minutes',
   now() - interval '6 days'),
  -- Acme Clinic, logged by a member of staff
  ('00000000-0000-4000-8000-0000000000a8', '00000000-0000-4000-8000-0000000000c1',
   '00000000-0000-4000-8000-000000000004', 'portal',
   'Practice software will not open in consulting room 2',
   'The practice management program shows "Database connection failed" on the consulting room 2 PC. The other rooms work.',
   'it-support', 'high', 'Consulting room 2, Acme Clinic, Sandton', 'TCK-H6B3YG', 'on_hold', null,
   '00000000-0000-4000-8000-000000000002', now() - interval '3 days 22 hours', now() - interval '4 days'),
  ('00000000-0000-4000-8000-0000000000a9', '00000000-0000-4000-8000-0000000000c1',
   '00000000-0000-4000-8000-000000000004', 'portal',
   'Scanner at reception not saving to the shared folder',
   'Scanned ID documents used to appear in the Scans folder on the server. Since Friday the scanner says "Send failed".',
   'it-support', 'normal', 'Reception, Acme Clinic, Sandton', 'TCK-S7C5NR', 'new', null, null, null,
   now() - interval '5 hours'),
  -- A member's own ticket, not shared with the company
  ('00000000-0000-4000-8000-0000000000aa', null, '00000000-0000-4000-8000-000000000004', 'whatsapp',
   'Cannot get work email on my phone',
   'I would like the clinic email on my own Samsung phone. It says the server settings are wrong.',
   'email-and-microsoft-365', 'low', null, 'TCK-E3F8KA', 'open', null,
   '00000000-0000-4000-8000-000000000002', now() - interval '22 hours', now() - interval '1 day'),
  ('00000000-0000-4000-8000-0000000000ab', null, '00000000-0000-4000-8000-000000000005', 'web',
   'Laptop Wi-Fi problem',
   'Logged twice by mistake, same as the Wi-Fi ticket.',
   'it-support', 'normal', null, 'TCK-W1X4QJ', 'closed', 'duplicate',
   '00000000-0000-4000-8000-000000000002', now() - interval '2 days 23 hours', now() - interval '3 days');

insert into public.ticket_messages (ticket_id, direction, channel, to_from, subject, body, status, created_by, created_at, metadata)
values
  -- TCK-7Q4M2A
  ('00000000-0000-4000-8000-0000000000a1', 'outbound', 'whatsapp', '+27825550105', null,
   'Hi Thabo, Sipho from Siyakha Tech here. Please open Settings > Network & internet > Wi-Fi > Manage known networks, choose "Forget" on your home network and connect again. Let me know if it still fails.',
   'read', '00000000-0000-4000-8000-000000000002', now() - interval '2 days 20 hours', '{"tracking_ref": "TCK-7Q4M2A"}'),
  ('00000000-0000-4000-8000-0000000000a1', 'inbound', 'whatsapp', '+27825550105', null,
   'Tried that, still the same error. The router is a Huawei from the fibre provider if that helps.',
   'delivered', '00000000-0000-4000-8000-000000000005', now() - interval '2 days 18 hours', '{}'),
  ('00000000-0000-4000-8000-0000000000a1', 'internal', 'portal', null, null,
   'Probably the Intel Wi-Fi driver from the cumulative update. Remote session booked for tomorrow 08:30 to roll the driver back.',
   'sent', '00000000-0000-4000-8000-000000000002', now() - interval '2 days 17 hours', '{}'),
  -- TCK-K8P3ZD
  ('00000000-0000-4000-8000-0000000000a2', 'inbound', 'whatsapp', '+27825550105', null,
   'Morning, Outlook keeps asking for my password every few minutes. Ref: TCK-K8P3ZD',
   'read', '00000000-0000-4000-8000-000000000005', now() - interval '10 days', '{}'),
  ('00000000-0000-4000-8000-0000000000a2', 'outbound', 'email', 'thabo@example.co.za', 'Re: Outlook password prompts [TCK-K8P3ZD]',
   'Hi Thabo, we cleared the old saved credentials in Windows Credential Manager and switched your profile to modern authentication. The prompts should stop now. Please confirm in the portal if all is well.',
   'delivered', '00000000-0000-4000-8000-000000000002', now() - interval '9 days 20 hours', '{}'),
  -- TCK-3RW9HX
  ('00000000-0000-4000-8000-0000000000a3', 'inbound', 'portal', null, null,
   'The HP LaserJet is on and the display shows it is connected to the network, but Windows lists it as offline.',
   'sent', '00000000-0000-4000-8000-000000000005', now() - interval '2 hours', '{}'),
  -- TCK-V2N6TB
  ('00000000-0000-4000-8000-0000000000a4', 'inbound', 'portal', null, null,
   'Cancelling this one, the drive works with a different USB cable.',
   'sent', '00000000-0000-4000-8000-000000000005', now() - interval '19 days 23 hours', '{}'),
  -- TCK-P5L8QC
  ('00000000-0000-4000-8000-0000000000a5', 'outbound', 'email', 'owner@acme-clinic.example', 'Reception PC [TCK-P5L8QC]',
   'Dr Khumalo, the disk on the reception PC reports errors after the power cut. We have started a disk check remotely. Could someone leave the PC switched on tonight so it can finish?',
   'delivered', '00000000-0000-4000-8000-000000000002', now() - interval '1 day 23 hours', '{}'),
  ('00000000-0000-4000-8000-0000000000a5', 'internal', 'portal', null, null,
   'SMART shows reallocated sectors. Quote a replacement SSD and a small UPS for reception once the owner confirms.',
   'sent', '00000000-0000-4000-8000-000000000002', now() - interval '1 day 22 hours', '{}'),
  -- TCK-D4J7WE
  ('00000000-0000-4000-8000-0000000000a6', 'inbound', 'email', 'owner@acme-clinic.example', 'New nurse mailbox',
   'Sister Zanele Mthembu starts on the 1st. Please create zanele@acme-clinic.example with access to the bookings calendar.',
   'delivered', '00000000-0000-4000-8000-000000000003', now() - interval '15 days', '{}'),
  ('00000000-0000-4000-8000-0000000000a6', 'outbound', 'email', 'owner@acme-clinic.example', 'Re: New nurse mailbox [TCK-D4J7WE]',
   'The mailbox is ready and has editor access to the Bookings calendar. Her temporary password was sent to you by SMS.',
   'delivered', '00000000-0000-4000-8000-000000000002', now() - interval '14 days 21 hours', '{}'),
  ('00000000-0000-4000-8000-0000000000a6', 'inbound', 'portal', null, null,
   'Thanks, she is signed in and can see the calendar.',
   'sent', '00000000-0000-4000-8000-000000000003', now() - interval '13 days', '{}'),
  -- TCK-U9S2MF
  ('00000000-0000-4000-8000-0000000000a7', 'inbound', 'whatsapp', '+27825550103', null,
   'The UPS in the server cupboard is beeping non-stop with a red light. Ref: TCK-U9S2MF',
   'read', '00000000-0000-4000-8000-000000000003', now() - interval '6 days', '{}'),
  ('00000000-0000-4000-8000-0000000000a7', 'outbound', 'whatsapp', '+27825550103', null,
   'Thanks Dr Khumalo, a technician is on the way with a replacement battery pack. ETA 40 minutes.',
   'read', '00000000-0000-4000-8000-000000000002', now() - interval '5 days 23 hours 30 minutes', '{}'),
  ('00000000-0000-4000-8000-0000000000a7', 'internal', 'portal', null, null,
   'Battery pack replaced (APC RBC7), self-test passed, runtime 38 minutes at current load.',
   'sent', '00000000-0000-4000-8000-000000000002', now() - interval '5 days 21 hours', '{}'),
  ('00000000-0000-4000-8000-0000000000a7', 'outbound', 'email', 'owner@acme-clinic.example', 'UPS battery replaced [TCK-U9S2MF]',
   'The UPS battery has been replaced and tested. Please confirm the resolution in the portal, or reply if the beeping returns.',
   'sent', '00000000-0000-4000-8000-000000000002', now() - interval '5 days 20 hours', '{}'),
  -- TCK-H6B3YG
  ('00000000-0000-4000-8000-0000000000a8', 'outbound', 'portal', null, null,
   'The software vendor needs to reissue the licence for this PC. We have logged it with them and will update you as soon as they respond.',
   'sent', '00000000-0000-4000-8000-000000000002', now() - interval '3 days 22 hours', '{}'),
  ('00000000-0000-4000-8000-0000000000a8', 'internal', 'portal', null, null,
   'On hold for the vendor: their reference 88231. Follow up on Thursday if there is no reply.',
   'sent', '00000000-0000-4000-8000-000000000002', now() - interval '3 days 21 hours', '{}'),
  -- TCK-S7C5NR (new, no reply yet)
  -- TCK-E3F8KA
  ('00000000-0000-4000-8000-0000000000aa', 'inbound', 'whatsapp', '+27825550104', null,
   'Hi, can you help me set up the clinic email on my phone? Ref: TCK-E3F8KA',
   'read', '00000000-0000-4000-8000-000000000004', now() - interval '1 day', '{}'),
  ('00000000-0000-4000-8000-0000000000aa', 'outbound', 'whatsapp', '+27825550104', null,
   'Hi Lerato, please install the Outlook app from the Play Store and sign in with your clinic address. It will find the settings by itself.',
   'queued', '00000000-0000-4000-8000-000000000002', now() - interval '22 hours', '{"tracking_ref": "TCK-E3F8KA"}'),
  -- TCK-W1X4QJ
  ('00000000-0000-4000-8000-0000000000ab', 'internal', 'portal', null, null,
   'Duplicate of TCK-7Q4M2A, closed.',
   'sent', '00000000-0000-4000-8000-000000000002', now() - interval '2 days 23 hours', '{}');

-- Canned replies the agents share ({{…}} is filled in the reply box).
insert into public.canned_replies (title, body, created_by) values
  ('Remote session', 'Hi {{requester_name}}, thanks for the details on {{reference}}. I would like to look at this with you over a remote session: please reply with a time today that suits you, and keep the computer switched on.

{{agent_name}}, Siyakha Support', '00000000-0000-4000-8000-000000000002'),
  ('Need more information', 'Hi {{requester_name}}, to get {{reference}} moving we need a little more: a screenshot of the error and the time it happened. Reply here and we will pick it up straight away.

{{agent_name}}', '00000000-0000-4000-8000-000000000002'),
  ('Resolved, please confirm', 'Hi {{requester_name}}, we believe {{reference}} is fixed. Please check on your side and confirm in the portal; if anything is still wrong, just reply and we will reopen it.

{{agent_name}}', '00000000-0000-4000-8000-000000000001');

-- A month of contracts and time (issue 46, part 2), relative to today in Africa/Johannesburg so
-- `npm start` always shows a current month: Acme Clinic's retainer (10 hours a month, unused hours
-- roll over, R 950 an hour beyond; its agent is the account manager) carried 3 hours in from last
-- month and is over this month (15.5 billable hours of 13); Karoo Freight pays as you go.
insert into public.companies (id, name, created_by, created_at, account_manager_id) values
  ('00000000-0000-4000-8000-0000000000c2', 'Karoo Freight', '00000000-0000-4000-8000-000000000001',
   now() - interval '20 days', '00000000-0000-4000-8000-000000000001');
update public.companies set account_manager_id = '00000000-0000-4000-8000-000000000002'
where id = '00000000-0000-4000-8000-0000000000c1';

insert into public.contracts (id, company_id, name, kind, starts_on, hours_per_month, rollover, hourly_rate_cents)
select '00000000-0000-4000-8000-0000000000d1', '00000000-0000-4000-8000-0000000000c1', 'Managed IT retainer',
       'retainer', (date_trunc('month', now() at time zone 'Africa/Johannesburg') - interval '2 months')::date,
       10, true, 95000;
insert into public.contracts (id, company_id, name, kind, starts_on, hourly_rate_cents)
select '00000000-0000-4000-8000-0000000000d2', '00000000-0000-4000-8000-0000000000c2', 'Ad hoc support',
       'pay_as_you_go', (date_trunc('month', now() at time zone 'Africa/Johannesburg') - interval '1 month')::date,
       75000;

insert into public.time_entries (ticket_id, agent_id, agent_name, work_date, minutes, work_type, billable, note)
select ('00000000-0000-4000-8000-0000000000' || e.ticket)::uuid, ('00000000-0000-4000-8000-00000000000' || e.agent)::uuid,
       'Staff', e.day, e.minutes, e.work_type::public.work_type, e.billable, e.note
from (
  select v.*, greatest(month_start, today - v.days_ago) as day
  from (select (now() at time zone 'Africa/Johannesburg')::date as today,
               date_trunc('month', now() at time zone 'Africa/Johannesburg')::date as month_start) d,
  (values
    ('a5', 2, 1, 120, 'remote', true, 'Rebuilt the reception PC''s Outlook profile'),
    ('a5', 2, 0, 45, 'remote', true, 'Follow-up: archive rules'),
    ('a6', 1, 6, 180, 'on_site', true, 'Replaced the Rosebank switch'),
    ('a6', 1, 6, 60, 'travel', true, 'Rosebank return trip'),
    ('a7', 2, 4, 150, 'remote', true, 'Printer driver rollout'),
    ('a8', 2, 3, 90, 'project', true, 'Vendor escalation, firmware upgrade'),
    ('a8', 2, 3, 60, 'remote', false, 'Waiting on the vendor: goodwill, not billed'),
    ('a9', 1, 2, 135, 'on_site', true, 'Sandton branch Wi-Fi survey'),
    ('a9', 2, 8, 150, 'project', true, 'Backup job redesign')
  ) as v (ticket, agent, days_ago, minutes, work_type, billable, note)
  union all
  -- Last month: 7 of 10 hours used, so 3 carry into this month.
  select v.*, (month_start - interval '1 month' + v.days_ago * interval '1 day')::date
  from (select date_trunc('month', now() at time zone 'Africa/Johannesburg')::date as month_start) d,
  (values
    ('a6', 2, 4, 240, 'remote', true, 'Server patching'),
    ('a7', 1, 10, 180, 'on_site', true, 'New workstation set-up')
  ) as v (ticket, agent, days_ago, minutes, work_type, billable, note)
) e;

reset siyakha.notifications;

-- The demo month's retainer alerts (80% and 100%), sent like live ones: the account manager and the
-- provider admin find them in the local mailbox.
select private.check_retainer_alerts('00000000-0000-4000-8000-0000000000d1', (now() at time zone 'Africa/Johannesburg')::date);
