import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { signedIn, sql } from './helpers.js'

/**
 * The realtime tests' own tables and policies, shaped like the product's helpdesk (tickets owned
 * by a customer, messages with staff-only internal notes) but named `rt_*`, so product migrations
 * and the other suites stay untouched. Idempotent: every realtime test file runs it.
 */
export async function realtimeFixtures(): Promise<void> {
  await sql(`
    create table if not exists public.rt_staff (user_id uuid primary key);
    create or replace function public.rt_is_staff() returns boolean language sql stable security definer
      set search_path = '' as $$ select exists(select 1 from public.rt_staff where user_id = auth.uid()) $$;
    create table if not exists public.rt_tickets (
      id uuid primary key default gen_random_uuid(), owner_id uuid not null, status text not null default 'open',
      subject text, updated_at timestamptz not null default now());
    create table if not exists public.rt_messages (
      id uuid primary key default gen_random_uuid(),
      ticket_id uuid not null references public.rt_tickets (id) on delete cascade,
      author_id uuid default auth.uid(), body text not null, internal boolean not null default false,
      created_at timestamptz not null default now(), metadata jsonb, tags text[], amount numeric, n int8);
    create table if not exists public.rt_full (id int primary key, label text, note text);
    alter table public.rt_full replica identity full;
    create table if not exists public.rt_unpublished (id int primary key, label text);
    alter table public.rt_tickets enable row level security;
    alter table public.rt_messages enable row level security;
    drop policy if exists "rt tickets: owner or staff read" on public.rt_tickets;
    create policy "rt tickets: owner or staff read" on public.rt_tickets for select
      using (owner_id = (select auth.uid()) or (select public.rt_is_staff()));
    drop policy if exists "rt tickets: owner creates" on public.rt_tickets;
    create policy "rt tickets: owner creates" on public.rt_tickets for insert with check (owner_id = (select auth.uid()));
    drop policy if exists "rt tickets: staff updates" on public.rt_tickets;
    create policy "rt tickets: staff updates" on public.rt_tickets for update using ((select public.rt_is_staff()));
    drop policy if exists "rt messages: staff, or the owner without internal notes" on public.rt_messages;
    create policy "rt messages: staff, or the owner without internal notes" on public.rt_messages for select
      using ((select public.rt_is_staff()) or (not internal and exists (
        select 1 from public.rt_tickets t where t.id = ticket_id and t.owner_id = (select auth.uid()))));
    drop policy if exists "rt messages: staff, or the owner on own ticket" on public.rt_messages;
    create policy "rt messages: staff, or the owner on own ticket" on public.rt_messages for insert
      with check ((select public.rt_is_staff()) or (not internal and exists (
        select 1 from public.rt_tickets t where t.id = ticket_id and t.owner_id = (select auth.uid()))));
    drop policy if exists "rt helpdesk channels: staff read" on realtime.messages;
    create policy "rt helpdesk channels: staff read" on realtime.messages for select to authenticated
      using ((select realtime.topic()) like 'rt-helpdesk:%' and (select public.rt_is_staff()));
    drop policy if exists "rt helpdesk channels: staff track" on realtime.messages;
    create policy "rt helpdesk channels: staff track" on realtime.messages for insert to authenticated
      with check (realtime.messages.extension = 'presence' and (select realtime.topic()) like 'rt-helpdesk:%'
                  and (select public.rt_is_staff()));
    do $$ declare t text; begin
      foreach t in array array['rt_tickets', 'rt_messages', 'rt_full'] loop
        if not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t) then
          execute format('alter publication supabase_realtime add table public.%I', t);
        end if;
      end loop;
    end $$;
  `)
}

export async function staffUser(prefix = 'staff') {
  const user = await signedIn(prefix)
  await sql('insert into public.rt_staff (user_id) values ($1)', [user.id])
  return user
}

/** A ticket owned by `ownerId`, created directly in the database. */
export async function ticket(ownerId: string, subject = 'help'): Promise<string> {
  const rows = await sql<{ id: string }>(
    'insert into public.rt_tickets (owner_id, subject) values ($1, $2) returning id',
    [ownerId, subject],
  )
  return rows[0]?.id as string
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function waitFor<T>(
  probe: () => T | undefined | false,
  timeoutMs = 3000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(20)
  }
}

export interface ChangeEvent {
  schema: string
  table: string
  commit_timestamp: string
  eventType: string
  new: Record<string, unknown>
  old: Record<string, unknown>
  errors: string[] | null
  receivedAt: number
}

export interface Watch {
  channel: RealtimeChannel
  events: ChangeEvent[]
  system: { extension?: string; status: string; message: string }[]
  statuses: { status: string; error?: string }[]
}

type ChangeBinding = {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'
  table: string
  schema?: string
  filter?: string
}

/** Subscribes to postgres_changes and collects what arrives; resolves on the first status. */
export async function watch(
  // biome-ignore lint/suspicious/noExplicitAny: any client, whatever its schema typing
  supabase: SupabaseClient<any, any, any>,
  name: string,
  bindings: ChangeBinding[],
  config: Record<string, unknown> = {},
): Promise<Watch> {
  const channel = supabase.channel(name, { config })
  const result: Watch = { channel, events: [], system: [], statuses: [] }
  for (const binding of bindings) {
    channel.on(
      'postgres_changes' as never,
      { schema: 'public', ...binding } as never,
      ((payload: Omit<ChangeEvent, 'receivedAt'>) =>
        result.events.push({ ...payload, receivedAt: Date.now() })) as never,
    )
  }
  channel.on(
    'system' as never,
    {} as never,
    ((payload: Watch['system'][number]) => result.system.push(payload)) as never,
  )
  channel.subscribe((status, error) => result.statuses.push({ status, error: error?.message }))
  await waitFor(() => result.statuses.length > 0, 5000, `a status for ${name}`)
  return result
}

/** SUBSCRIBED and postgres_changes confirmed by the server's `system` message. */
export async function subscribed(watching: Promise<Watch>): Promise<Watch> {
  const w = await watching
  if (w.statuses[0]?.status !== 'SUBSCRIBED') throw new Error(`not subscribed: ${JSON.stringify(w.statuses)}`)
  await waitFor(
    () => w.system.find((s) => s.extension === 'postgres_changes'),
    3000,
    'the postgres_changes system message',
  )
  return w
}

export const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`
