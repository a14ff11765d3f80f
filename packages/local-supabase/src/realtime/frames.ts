/*
 * Phoenix socket framing as realtime-js 2.105.4 speaks it: vsn 2.0.0 JSON arrays plus the binary
 * "user broadcast push" (kind 3) the client uses for `send({type:'broadcast'})`, and vsn 1.0.0
 * JSON objects. The server only ever writes JSON text: realtime-js decodes no binary kind but 4.
 */

export type Vsn = '1.0.0' | '2.0.0'

export interface Frame {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: unknown
}

export class FrameError extends Error {}

const USER_BROADCAST_PUSH = 3
const JSON_ENCODING = 1

export function encodeFrame(vsn: Vsn, frame: Frame): string {
  if (vsn === '1.0.0') {
    return JSON.stringify({
      join_ref: frame.joinRef,
      ref: frame.ref,
      topic: frame.topic,
      event: frame.event,
      payload: frame.payload,
    })
  }
  return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload])
}

const refOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null

export function decodeText(vsn: Vsn, text: string): Frame {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    // The frame is dropped by the caller with this reason; the parser's own text adds nothing.
    throw new FrameError('frame is not JSON')
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new FrameError('frame is not a 5-element array')
    const [joinRef, ref, topic, event, payload] = parsed as unknown[]
    if (typeof topic !== 'string' || typeof event !== 'string')
      throw new FrameError('topic and event must be strings')
    return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new FrameError('frame is not an object')
  const object = parsed as Record<string, unknown>
  if (typeof object.topic !== 'string' || typeof object.event !== 'string') {
    throw new FrameError('topic and event must be strings')
  }
  return {
    joinRef: refOf(object.join_ref),
    ref: refOf(object.ref),
    topic: object.topic,
    event: object.event,
    payload: object.payload,
  }
}

/**
 * Kind 3: `[3, len(join_ref), len(ref), len(topic), len(event), len(meta), encoding]`, the
 * strings, then the user payload. It becomes the same `broadcast` push a JSON client sends.
 */
export function decodeBinary(data: Buffer): Frame {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) throw new FrameError('unsupported binary frame')
  const lengths = [data[1], data[2], data[3], data[4], data[5]] as number[]
  const encoding = data[6]
  let offset = 7
  const strings = lengths.map((length) => {
    if (offset + length > data.length) throw new FrameError('binary frame is truncated')
    const value = data.subarray(offset, offset + length).toString('utf8')
    offset += length
    return value
  })
  const [joinRef, ref, topic, event, meta] = strings as [string, string, string, string, string]
  const body = data.subarray(offset)
  let payload: unknown
  if (encoding === JSON_ENCODING) {
    try {
      payload = body.length === 0 ? {} : JSON.parse(body.toString('utf8'))
    } catch {
      throw new FrameError('binary broadcast payload is not JSON')
    }
  } else {
    // Binary user payloads are relayed as base64 text: the server never writes binary frames.
    payload = body.toString('base64')
  }
  const message: Record<string, unknown> = { type: 'broadcast', event, payload }
  if (meta) {
    try {
      message.meta = JSON.parse(meta)
    } catch {
      throw new FrameError('binary broadcast meta is not JSON')
    }
  }
  return { joinRef: joinRef || null, ref: ref || null, topic, event: 'broadcast', payload: message }
}
