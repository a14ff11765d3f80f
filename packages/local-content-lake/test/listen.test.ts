import { applyPatch } from 'mendoza'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestLake, type TestLake } from '../src/testing.js'
import { clientFor, mutations, randomId, record, welcomed } from './helpers.js'

let lake: TestLake
beforeAll(async () => {
  lake = await startTestLake()
})
afterAll(() => lake?.dispose())

const withoutRev = (doc: Record<string, unknown> | null | undefined) => {
  if (!doc) return null
  const { _rev, ...rest } = doc
  return rest
}

describe('GET /data/listen', () => {
  it('sends welcome first, then events whose revisions chain like the documents’ _rev', async () => {
    const writer = clientFor(lake)
    const id = randomId()
    const listener = record(clientFor(lake), '*[_id == $id]', { id }, { effectFormat: 'mendoza' })
    await listener.until(welcomed)
    expect(listener.events[0]?.type).toBe('welcome')

    const revs: string[] = []
    const docs: Record<string, unknown>[] = []
    const created = await writer.create({ _id: id, _type: 'testimonial', name: 'One' })
    revs.push(created._rev)
    docs.push(created)
    for (const name of ['Two', 'Three']) {
      const patched = await writer.patch(id).set({ name }).commit()
      revs.push(patched._rev)
      docs.push(patched)
    }
    await writer.delete(id)
    const events = mutations(await listener.until((all) => mutations(all).length === 4))
    listener.stop()

    expect(events.map((event) => event.transition)).toEqual(['appear', 'update', 'update', 'disappear'])
    expect(events[0]).not.toHaveProperty('previousRev')
    expect(events.slice(0, 3).map((event) => event.resultRev)).toEqual(revs)
    expect(events.slice(1).map((event) => event.previousRev)).toEqual(revs)
    expect(events[3]?.resultRev).toBe(events[3]?.transactionId)
    expect(events[0]?.identity).toBe('p-local-editor')
    expect(events[0]?.visibility).toBe('transaction')

    // Effects turn each document into the next, _rev aside, both ways.
    let current: unknown = null
    for (const [index, event] of events.entries()) {
      const effects = (event as unknown as { effects: { apply: unknown[]; revert: unknown[] } }).effects
      const next = applyPatch(current as never, effects.apply as never)
      expect(next).toEqual(withoutRev(docs[index]))
      expect(applyPatch(next as never, effects.revert as never)).toEqual(current)
      current = next
    }
  })

  it('delivers to a second client the mutations that rebuild the document', async () => {
    const id = randomId()
    const writer = clientFor(lake)
    await writer.create({ _id: id, _type: 'testimonial', name: 'Start' })
    const listener = record(
      clientFor(lake),
      '*[_id == $id]',
      { id },
      { includeResult: true, includePreviousRevision: true },
    )
    await listener.until(welcomed)
    await writer.patch(id).set({ name: 'Changed' }).commit()
    const [event] = mutations(await listener.until((all) => mutations(all).length === 1))
    listener.stop()
    expect(event?.mutations).toEqual(expect.any(Array))
    expect(event?.result).toMatchObject({ _id: id, name: 'Changed' })
    expect(event?.previous).toMatchObject({ _id: id, name: 'Start' })
    expect(event?.timestamp).toBe(event?.result?._updatedAt)
    expect(event).not.toHaveProperty('effects')
  })

  it('publishes by action as two events of one transaction', async () => {
    const id = randomId()
    const draftId = `drafts.${id}`
    const client = clientFor(lake)
    await client.action({
      actionType: 'sanity.action.document.create',
      publishedId: id,
      attributes: { _id: draftId, _type: 'testimonial', name: 'Draft' },
      ifExists: 'fail',
    })
    const listener = record(
      clientFor(lake),
      '*[_id in [$id, $draftId]]',
      { id, draftId },
      { includeAllVersions: true },
    )
    await listener.until(welcomed)
    const { transactionId } = await client.action({
      actionType: 'sanity.action.document.publish',
      draftId,
      publishedId: id,
    })
    const events = mutations(await listener.until((all) => mutations(all).length === 2))
    listener.stop()
    expect(new Set(events.map((event) => event.transactionId))).toEqual(new Set([transactionId]))
    expect(events.map((event) => event.transactionTotalEvents)).toEqual([2, 2])
    const byId = Object.fromEntries(events.map((event) => [event.documentId, event]))
    expect(byId[id]?.transition).toBe('appear')
    expect(byId[draftId]?.transition).toBe('disappear')
    expect(await client.getDocument(draftId)).toBeUndefined()
    expect(await client.getDocument(id)).toMatchObject({ name: 'Draft', _rev: transactionId })
  })

  it('counts transactionTotalEvents per listener and omits mutations when asked', async () => {
    const [a, b, c] = [randomId(), randomId(), randomId()]
    const listener = record(
      clientFor(lake),
      '*[_id in $ids]',
      { ids: [a, b] },
      { includeMutations: false, visibility: 'query', effectFormat: 'mendoza' },
    )
    await listener.until(welcomed)
    await clientFor(lake)
      .transaction()
      .create({ _id: a, _type: 'testimonial' })
      .create({ _id: b, _type: 'testimonial' })
      .create({ _id: c, _type: 'testimonial' })
      .commit()
    const events = mutations(await listener.until((all) => mutations(all).length === 2))
    listener.stop()
    expect(events.map((event) => event.transactionTotalEvents)).toEqual([2, 2])
    expect(
      events.map((event) => (event as { transactionCurrentEvent?: number }).transactionCurrentEvent),
    ).toEqual([0, 1])
    for (const event of events) {
      expect(event).not.toHaveProperty('mutations')
      expect(event.visibility).toBe('query')
      expect(event).toHaveProperty('effects')
    }
  })

  it('hears of drafts only with includeAllVersions from v2025-02-19 (and always before)', async () => {
    const id = randomId()
    const query = '*[_id in [$id, "drafts." + $id]]'
    const published = record(clientFor(lake), query, { id })
    const all = record(clientFor(lake), query, { id }, { includeAllVersions: true })
    const old = record(clientFor(lake, '2021-06-07'), query, { id })
    await Promise.all([published.until(welcomed), all.until(welcomed), old.until(welcomed)])
    const writer = clientFor(lake)
    await writer.create({ _id: `drafts.${id}`, _type: 'testimonial' })
    await writer.create({ _id: id, _type: 'testimonial' })
    await all.until((events) => mutations(events).length === 2)
    await old.until((events) => mutations(events).length === 2)
    await published.until((events) => mutations(events).length === 1)
    expect(mutations(published.events).map((event) => event.documentId)).toEqual([id])
    for (const listener of [published, all, old]) listener.stop()
  })

  it('reports a bad filter as a channelError', async () => {
    const listener = record(clientFor(lake), '*[_type == ', {})
    await expect(listener.until(() => false)).rejects.toMatchObject({ name: 'ChannelError' })
  })

  it('sends welcome on every connection, with event-stream headers', async () => {
    const controller = new AbortController()
    const response = await fetch(
      `${lake.httpUrl}/v2025-02-19/data/listen/production?query=${encodeURIComponent('*')}&includeAllVersions=true`,
      { signal: controller.signal, headers: { Accept: 'text/event-stream' } },
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    const reader = response.body?.getReader()
    const first = await reader?.read()
    expect(new TextDecoder().decode(first?.value)).toMatch(
      /^event: welcome\ndata: \{"listenerName":"[^"]+"\}\n\n/,
    )
    controller.abort()
  })
})
