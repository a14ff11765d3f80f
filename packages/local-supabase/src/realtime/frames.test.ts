import { describe, expect, it } from 'vitest'
import { decodeBinary, decodeText, encodeFrame, FrameError } from './frames.js'

function userBroadcastPush(
  joinRef: string,
  ref: string,
  topic: string,
  event: string,
  meta: string,
  payload: string,
) {
  const strings = [joinRef, ref, topic, event, meta].map((s) => Buffer.from(s))
  return Buffer.concat([
    Buffer.from([3, ...strings.map((s) => s.length), 1]),
    ...strings,
    Buffer.from(payload),
  ])
}

describe('frames', () => {
  it('decodes realtime-js binary broadcasts (kind 3) into a broadcast push', () => {
    const frame = decodeBinary(userBroadcastPush('6', '7', 'realtime:room', 'ping', '', '{"n":1}'))
    expect(frame).toEqual({
      joinRef: '6',
      ref: '7',
      topic: 'realtime:room',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'ping', payload: { n: 1 } },
    })
  })

  it('refuses truncated or unknown binary frames and malformed text', () => {
    expect(() => decodeBinary(Buffer.from([3, 9, 9, 9, 9, 0, 1]))).toThrow(FrameError)
    expect(() => decodeBinary(Buffer.from([0, 1, 1, 1, 1, 1, 1]))).toThrow(FrameError)
    expect(() => decodeText('2.0.0', '{"topic":"x"}')).toThrow(FrameError)
    expect(() => decodeText('1.0.0', '[1,2,3,4,5]')).toThrow(FrameError)
  })

  it('speaks arrays in 2.0.0 and objects in 1.0.0', () => {
    const frame = {
      joinRef: null,
      ref: '1',
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
    }
    expect(encodeFrame('2.0.0', frame)).toBe('[null,"1","phoenix","phx_reply",{"status":"ok","response":{}}]')
    expect(JSON.parse(encodeFrame('1.0.0', frame))).toEqual({
      join_ref: null,
      ref: '1',
      topic: 'phoenix',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
    })
    expect(decodeText('1.0.0', encodeFrame('1.0.0', frame))).toEqual(frame)
  })
})
