import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { keys, sql, urls } from './helpers.js'

// Embedding as PostgREST detects relationships: through views, many-to-many through a junction,
// self-references, by constraint name or column, computed relationships and fields, spreads
// (to-many spreads become arrays), empty embeds that only filter, aggregates where enabled, and
// its error texts and hints.

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${urls.rest}${path}`, {
    headers: { apikey: keys.serviceRoleKey, Authorization: `Bearer ${keys.serviceRoleKey}`, ...headers },
  })

const json = async (path: string, headers?: Record<string, string>) => {
  const res = await get(path, headers)
  return { status: res.status, body: await res.json(), headers: res.headers }
}

beforeAll(async () => {
  await sql(`
    create table public.emb_authors (id int primary key, name text not null, mentor_id int references public.emb_authors (id));
    create table public.emb_tags (id int primary key, label text not null);
    create table public.emb_posts (
      id int primary key, title text not null, score int,
      author_id int not null constraint emb_posts_author_fk references public.emb_authors (id),
      editor_id int constraint emb_posts_editor_fk references public.emb_authors (id));
    create table public.emb_post_tags (
      post_id int references public.emb_posts (id), tag_id int references public.emb_tags (id),
      primary key (post_id, tag_id));
    create view public.emb_recent_posts as select id, title, author_id from public.emb_posts where id > 1;
    create function public.emb_title_upper(public.emb_posts) returns text language sql stable as $$ select upper($1.title) $$;
    create function public.emb_top_post(public.emb_authors) returns setof public.emb_posts rows 1 language sql stable as $$
      select * from public.emb_posts where author_id = $1.id order by score desc nulls last limit 1 $$;
    insert into public.emb_authors values (1, 'Ada', null), (2, 'Brian', 1);
    insert into public.emb_tags values (1, 'sql'), (2, 'rest');
    insert into public.emb_posts values (1, 'one', 5, 1, 2), (2, 'two', 9, 1, null), (3, 'three', null, 2, 1);
    insert into public.emb_post_tags values (1, 1), (1, 2), (3, 2);
    notify pgrst, 'reload schema';`)
  await vi.waitFor(async () => expect((await get('/emb_recent_posts')).status).toBe(200), { timeout: 5000 })
})

afterAll(async () => {
  await sql(`
    drop view if exists public.emb_recent_posts;
    drop function if exists public.emb_title_upper(public.emb_posts), public.emb_top_post(public.emb_authors);
    drop table if exists public.emb_post_tags, public.emb_posts, public.emb_tags, public.emb_authors;
    alter role authenticator reset pgrst.db_aggregates_enabled;
    alter role authenticator reset pgrst.db_plan_enabled;
    notify pgrst, 'reload schema';`)
})

describe('relationships', () => {
  it('are found through a view whose columns come from the keyed table', async () => {
    const { status, body } = await json('/emb_recent_posts?select=title,emb_authors(name)&order=id')
    expect(status).toBe(200)
    expect(body).toEqual([
      { title: 'two', emb_authors: { name: 'Ada' } },
      { title: 'three', emb_authors: { name: 'Brian' } },
    ])
  })

  it('go many-to-many through a junction whose primary key holds both keys', async () => {
    const { body } = await json('/emb_posts?select=title,emb_tags(label)&order=id&emb_tags.order=id')
    expect(body).toEqual([
      { title: 'one', emb_tags: [{ label: 'sql' }, { label: 'rest' }] },
      { title: 'two', emb_tags: [] },
      { title: 'three', emb_tags: [{ label: 'rest' }] },
    ])
  })

  it('two keys to one table are ambiguous: 300 PGRST201 lists them as objects, a hint picks one', async () => {
    const { status, body } = await json('/emb_posts?select=title,emb_authors(name)')
    expect(status).toBe(300)
    expect(body.code).toBe('PGRST201')
    expect(body.details).toEqual([
      {
        cardinality: 'many-to-one',
        embedding: 'emb_posts with emb_authors',
        relationship: 'emb_posts_author_fk using emb_posts(author_id) and emb_authors(id)',
      },
      {
        cardinality: 'many-to-one',
        embedding: 'emb_posts with emb_authors',
        relationship: 'emb_posts_editor_fk using emb_posts(editor_id) and emb_authors(id)',
      },
    ])
    const byConstraint = await json('/emb_posts?select=title,emb_authors!emb_posts_editor_fk(name)&id=eq.1')
    expect(byConstraint.body).toEqual([{ title: 'one', emb_authors: { name: 'Brian' } }])
    const byColumn = await json('/emb_posts?select=title,author:author_id(name)&id=eq.3')
    expect(byColumn.body).toEqual([{ title: 'three', author: { name: 'Brian' } }])
  })

  it('a self-reference reads the column as the parent and the table name as the children', async () => {
    const { body } = await json('/emb_authors?select=name,mentor_id(name),emb_authors(name)&order=id')
    expect(body).toEqual([
      { name: 'Ada', mentor_id: null, emb_authors: [{ name: 'Brian' }] },
      { name: 'Brian', mentor_id: { name: 'Ada' }, emb_authors: [] },
    ])
  })

  it('a function of a row is a computed relationship or a computed field', async () => {
    const { body } = await json('/emb_authors?select=name,emb_top_post(title)&order=id')
    expect(body).toEqual([
      { name: 'Ada', emb_top_post: { title: 'two' } },
      { name: 'Brian', emb_top_post: { title: 'three' } },
    ])
    const fields = await json('/emb_posts?select=id,emb_title_upper&emb_title_upper=eq.TWO')
    expect(fields.body).toEqual([{ id: 2, emb_title_upper: 'TWO' }])
  })

  it('an empty embed only filters; a to-many spread gives arrays', async () => {
    const { body } = await json('/emb_posts?select=title,emb_tags!inner()&emb_tags.label=eq.rest&order=id')
    expect(body).toEqual([{ title: 'one' }, { title: 'three' }])
    const spread = await json('/emb_authors?select=name,...emb_posts!emb_posts_author_fk(title)&id=eq.1')
    expect(spread.body).toEqual([{ name: 'Ada', title: ['one', 'two'] }])
  })

  it('answers what PostgreSQL and PostgREST answer for mistakes', async () => {
    const twice = await json('/emb_posts?select=emb_authors!author_id(*),emb_authors!editor_id(*)')
    expect([twice.status, twice.body.code]).toEqual([400, '42712'])
    const missing = await json('/emb_posts?select=emb_authorz(*)')
    expect([missing.status, missing.body.code, missing.body.hint]).toEqual([
      400,
      'PGRST200',
      "Perhaps you meant 'emb_authors' instead of 'emb_authorz'.",
    ])
    const column = await json('/emb_authors?select=emb_posts!emb_posts_author_fk(nope)')
    expect(column.body.message).toBe('column emb_posts_1.nope does not exist')
    const table = await json('/emb_postz')
    expect([table.status, table.body.hint]).toEqual([404, "Perhaps you meant the table 'public.emb_posts'"])
  })
})

describe('aggregates', () => {
  it('are refused unless the database enables them (as on Supabase), then group by the other columns', async () => {
    const off = await json('/emb_posts?select=author_id,count()')
    expect([off.status, off.body.code, off.body.message]).toEqual([
      400,
      'PGRST123',
      'Use of aggregate functions is not allowed',
    ])
    await sql(
      `alter role authenticator set pgrst.db_aggregates_enabled = 'true'; notify pgrst, 'reload config'`,
    )
    await vi.waitFor(async () => expect((await get('/emb_posts?select=count()')).status).toBe(200), {
      timeout: 5000,
    })
    const grouped = await json('/emb_posts?select=author_id,count(),total:score.sum()&order=author_id')
    expect(grouped.body).toEqual([
      { author_id: 1, count: 2, total: 14 },
      { author_id: 2, count: 1, total: null },
    ])
    const nested = await json('/emb_authors?select=name,emb_posts!emb_posts_author_fk(count)&order=id')
    expect(nested.body).toEqual([
      { name: 'Ada', emb_posts: [{ count: 2 }] },
      { name: 'Brian', emb_posts: [{ count: 1 }] },
    ])
  })
})

describe('media types', () => {
  it('CSV, stripped nulls, and the plan only where the database enables it', async () => {
    const csv = await get('/emb_posts?select=id,title,score&order=id', { Accept: 'text/csv' })
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(await csv.text()).toBe('id,title,score\n1,one,5\n2,two,9\n3,three,')
    const stripped = await json('/emb_posts?select=id,score&id=eq.3', {
      Accept: 'application/vnd.pgrst.array+json;nulls=stripped',
    })
    expect(stripped.body).toEqual([{ id: 3 }])
    const plan = 'application/vnd.pgrst.plan+json; for="application/json"'
    expect((await get('/emb_posts', { Accept: plan })).status).toBe(406)
    await sql(`alter role authenticator set pgrst.db_plan_enabled = 'true'; notify pgrst, 'reload config'`)
    await vi.waitFor(
      async () => {
        const res = await json('/emb_posts', { Accept: plan })
        expect(res.status).toBe(200)
        expect(res.body[0].Plan['Node Type']).toBe('Aggregate')
      },
      { timeout: 5000 },
    )
  })
})
