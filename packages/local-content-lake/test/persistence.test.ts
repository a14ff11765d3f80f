import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { resetContentLake } from '../src/index.js'
import { startTestLake } from '../src/testing.js'
import { clientFor, randomId, record, welcomed } from './helpers.js'

const dataDir = mkdtempSync(path.join(tmpdir(), 'lake-persistence-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('persistence', () => {
  const id = randomId()
  let seededName: unknown

  it('keeps every acknowledged commit across a restart, and welcomes listeners again', async () => {
    const first = await startTestLake({ dataDir })
    const client = clientFor(first)
    seededName = (await client.getDocument('testimonial-1'))?.name
    const created = await client.create({ _id: id, _type: 'testimonial', name: 'Kept' })
    const edited = await client.patch('testimonial-1').set({ name: 'Edited before restart' }).commit()
    await first.close()

    const second = await startTestLake({ dataDir })
    try {
      const again = clientFor(second)
      expect(await again.getDocument(id)).toEqual(created)
      expect(await again.getDocument('testimonial-1')).toEqual(edited)
      const listener = record(again, '*[_id == $id]', { id })
      await listener.until(welcomed)
      listener.stop()
    } finally {
      await second.close()
    }
  })

  it('refuses a second lake on the same data dir', async () => {
    const running = await startTestLake({ dataDir })
    try {
      await expect(startTestLake({ dataDir })).rejects.toThrow(/local-content-lake \(pid \d+\) is using/)
      await expect(resetContentLake({ dataDir })).rejects.toThrow(/running/)
    } finally {
      await running.close()
    }
  })

  it('reset goes back to the seed', async () => {
    await resetContentLake({ dataDir })
    const lake = await startTestLake({ dataDir })
    try {
      const client = clientFor(lake)
      expect(await client.getDocument(id)).toBeUndefined()
      expect((await client.getDocument('testimonial-1'))?.name).toBe(seededName)
    } finally {
      await lake.close()
    }
  })
})
