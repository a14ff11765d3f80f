/*
 * One WebSocket: decodes frames, answers heartbeats and routes pushes to its channels. Frames
 * are handled one at a time, in order; a bad frame or a failing handler affects this socket only.
 */
import type { WebSocket } from 'ws'
import type { Claims } from '../lib/jwt.js'
import { type Channel, joinChannel } from './channel.js'
import type { RealtimeContext } from './context.js'
import { decodeBinary, decodeText, encodeFrame, type Frame, FrameError, type Vsn } from './frames.js'

/** A client that reads nothing while we write: drop it before it holds our memory. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024
/** Frames received but not yet handled (joins wait on the database): more means a flood. */
const MAX_PENDING_FRAMES = 1000

export interface Connection {
  lastSeen: number
  close(code: number, reason: string): void
}

export function attachConnection(ctx: RealtimeContext, ws: WebSocket, vsn: Vsn, claims: Claims): Connection {
  const channels = new Map<string, Channel>()
  let queue: Promise<void> = Promise.resolve()
  let pending = 0

  const socket = {
    claims,
    send(frame: Frame): void {
      if (ws.readyState !== ws.OPEN) return
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        ctx.log.warn('realtime: dropping a socket that does not read its messages')
        ws.terminate()
        return
      }
      ws.send(encodeFrame(vsn, frame))
    },
  }
  const reply = (frame: Frame, status: 'ok' | 'error', response: unknown) =>
    socket.send({
      joinRef: frame.joinRef,
      ref: frame.ref,
      topic: frame.topic,
      event: 'phx_reply',
      payload: { status, response },
    })

  async function handle(frame: Frame): Promise<void> {
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') reply(frame, 'ok', {})
      return
    }
    if (frame.event === 'phx_join') {
      // Phoenix semantics: joining a topic again replaces the earlier join.
      channels.get(frame.topic)?.close()
      channels.delete(frame.topic)
      const result = await joinChannel(ctx, socket, frame.topic, frame.joinRef, frame.payload)
      if (result.ok) channels.set(frame.topic, result.channel)
      else reply(frame, 'error', { reason: result.reason })
      return
    }
    const channel = channels.get(frame.topic)
    // A channel the server closed (expired token) stays in the map until the client's next frame.
    if (channel?.isClosed) channels.delete(frame.topic)
    if (!channel || channel.isClosed || (frame.joinRef !== null && frame.joinRef !== channel.joinRef)) {
      if (frame.ref !== null) reply(frame, 'error', { reason: 'unmatched topic' })
      return
    }
    const payload =
      frame.payload && typeof frame.payload === 'object' && !Array.isArray(frame.payload)
        ? (frame.payload as Record<string, unknown>)
        : {}
    try {
      switch (frame.event) {
        case 'phx_leave':
          channels.delete(frame.topic)
          channel.leave(frame.ref)
          return
        case 'access_token':
          await channel.updateToken(payload.access_token)
          if (channel.isClosed) channels.delete(frame.topic)
          return
        case 'presence':
          channel.presence(frame.ref, payload)
          return
        case 'broadcast':
          channel.broadcast(frame.ref, payload)
          return
        default:
          ctx.log.debug(`realtime: ignored event ${frame.event} on ${frame.topic}`)
      }
    } catch (error) {
      // Phoenix's crash frame: the client rejoins this channel; the socket and others go on.
      ctx.log.error(`realtime ${frame.topic} ${frame.event}: ${(error as Error).stack ?? String(error)}`)
      channels.delete(frame.topic)
      channel.close()
      socket.send({
        joinRef: channel.joinRef,
        ref: channel.joinRef,
        topic: frame.topic,
        event: 'phx_error',
        payload: {},
      })
    }
  }

  const connection: Connection = {
    lastSeen: Date.now(),
    close(code, reason) {
      ws.close(code, reason)
      // A peer that never answers the closing handshake must not hold the gateway's shutdown.
      setTimeout(() => ws.terminate(), 1000).unref()
    },
  }

  ws.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
    connection.lastSeen = Date.now()
    if (++pending > MAX_PENDING_FRAMES) {
      ctx.log.warn('realtime: dropping a socket that floods frames')
      ws.terminate()
      return
    }
    queue = queue.then(async () => {
      pending--
      let frame: Frame
      try {
        const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)
        frame = isBinary ? decodeBinary(buffer) : decodeText(vsn, buffer.toString('utf8'))
      } catch (error) {
        if (!(error instanceof FrameError)) throw error
        ctx.log.debug(`realtime: dropped a frame: ${error.message}`)
        return
      }
      try {
        await handle(frame)
      } catch (error) {
        // A join that fails on the database: the client sees an error reply and retries.
        ctx.log.error(`realtime ${frame.topic} ${frame.event}: ${(error as Error).stack ?? String(error)}`)
        if (frame.event === 'phx_join')
          reply(frame, 'error', { reason: 'Unable to join: an internal error occurred' })
      }
    })
    // Anything else is a bug here: this socket goes, the queue of the others never sees it.
    queue = queue.catch((error: Error) => {
      ctx.log.error(`realtime socket: ${error.stack ?? error.message}`)
      ws.terminate()
    })
  })
  ws.on('close', () => {
    for (const channel of channels.values()) channel.close()
    channels.clear()
  })
  ws.on('error', (error) => ctx.log.debug(`realtime socket: ${error.message}`))
  return connection
}
