import { describe, expect, it } from 'vitest'
import { createClient } from '../src/client'

describe('browser createClient', () => {
  it('builds a client where there is no WebSocket, as during server rendering on Node 20', () => {
    const client = createClient()
    expect(client.from('tickets')).toBeDefined()
  })
})
