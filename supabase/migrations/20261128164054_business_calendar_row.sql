-- The business calendar's one row, with the hours due times used before it was data (Monday to
-- Friday 08:00–17:00 Africa/Johannesburg, South African public holidays closed).
insert into public.business_calendar (id) values (true) on conflict (id) do nothing;
