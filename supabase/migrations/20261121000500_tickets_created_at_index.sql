-- The ticket list sorts by created_at for everyone. Without this index staff and the service role
-- read the whole table and sort it (tests/perf/rls-perf.ts: ~50 ms at 100,000 tickets); with it
-- the newest rows come straight off the index and the LIMIT stops the scan early.
create index tickets_created_at_idx on public.tickets (created_at desc);
