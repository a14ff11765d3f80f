/*
 * A self-contained stand-in for the product's attachment bucket (contract §8.7): a private bucket
 * inserted the way a migration does, a "tickets" table with owners and a staff table, and
 * policies on storage.objects that let a ticket's owner and staff read, the owner add files in
 * the ticket's folder, and the uploader or staff delete.
 */
import { randomUUID } from 'node:crypto'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { sql, stack } from './helpers.js'

export const MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'text/csv',
]
export const TEN_MIB = 10 * 1024 * 1024

const schemaReady = sql(`
  create table if not exists public.storage_test_tickets (id uuid primary key default gen_random_uuid(), owner uuid not null);
  create table if not exists public.storage_test_staff (user_id uuid primary key);
  create schema if not exists storage_test;
  grant usage on schema storage_test to authenticated, anon;
  create or replace function storage_test.is_staff() returns boolean
    language sql stable security definer set search_path = '' as $$
      select exists (select from public.storage_test_staff where user_id = (select auth.uid())) $$;
  create or replace function storage_test.can_read_ticket(ticket uuid) returns boolean
    language sql stable security definer set search_path = '' as $$
      select storage_test.is_staff()
          or exists (select from public.storage_test_tickets t where t.id = ticket and t.owner = (select auth.uid())) $$;
  create or replace function storage_test.ticket_id(object_name text) returns uuid
    language sql immutable set search_path = '' as $$
      select case when (storage.foldername(object_name))[1]
                       ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'
                  then ((storage.foldername(object_name))[1])::uuid end $$;
`)

/** A fresh private bucket with the attachment policies, so test files do not share state. */
export async function ticketBucket() {
  await schemaReady
  const bucket = `attachments-${randomUUID().slice(0, 8)}`
  const lit = `'${bucket}'`
  await sql(
    `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
     values ($1, $1, false, ${TEN_MIB}, $2) on conflict (id) do nothing`,
    [bucket, MIME_TYPES],
  )
  await sql(`
    -- Owner and staff read a ticket's files.
    create policy "${bucket} read" on storage.objects for select to authenticated
      using (bucket_id = ${lit} and storage_test.can_read_ticket(storage_test.ticket_id(name)));
    -- The owner adds files directly in a ticket folder they can read, as themselves.
    create policy "${bucket} insert" on storage.objects for insert to authenticated
      with check (bucket_id = ${lit} and owner_id = (select auth.uid())::text
                  and array_length(storage.foldername(name), 1) = 1
                  and storage_test.can_read_ticket(storage_test.ticket_id(name)));
    -- The uploader or staff delete.
    create policy "${bucket} delete" on storage.objects for delete to authenticated
      using (bucket_id = ${lit} and (owner_id = (select auth.uid())::text or storage_test.is_staff()));
  `)
  return {
    bucket,
    async ticket(owner: string): Promise<string> {
      const [row] = await sql<{ id: string }>(
        'insert into public.storage_test_tickets (owner) values ($1) returning id',
        [owner],
      )
      return (row as { id: string }).id
    },
    async staff(userId: string): Promise<void> {
      await sql('insert into public.storage_test_staff (user_id) values ($1) on conflict do nothing', [
        userId,
      ])
    },
    rows(name?: string) {
      return sql<{ name: string; owner_id: string; version: string; metadata: Record<string, unknown> }>(
        `select name, owner_id, version, metadata from storage.objects where bucket_id = $1 ${name ? 'and name = $2' : ''}`,
        name ? [bucket, name] : [bucket],
      )
    },
  }
}

export const storageRoot = path.join(stack.dataDir, 'storage')

/** The object files and temp files on disk now. */
export function filesOnDisk(): { objects: string[]; tmp: string[] } {
  return {
    objects: readdirSync(path.join(storageRoot, 'objects')),
    tmp: readdirSync(path.join(storageRoot, 'tmp')),
  }
}
