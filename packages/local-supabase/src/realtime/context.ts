import type pg from 'pg'
import type { Claims } from '../lib/jwt.js'
import type { Logger } from '../lib/log.js'
import type { Capture } from './capture.js'
import type { ChangeListener } from './delivery.js'
import type { Frame } from './frames.js'
import type { Presence } from './presence.js'

/** What a channel needs from its socket. */
export interface SocketHandle {
  claims: Claims
  send(frame: Frame): void
}

/** A joined channel as the rest of the service sees it (broadcast relay, presence, changes). */
export interface Member {
  topic: string
  /** Private and public channels of one name are separate rooms, as on hosted. */
  room: string
  broadcastSelf: boolean
  push(event: string, payload: unknown): void
}

export interface RealtimeContext {
  pool: pg.Pool
  log: Logger
  capture: Capture
  presence: Presence
  listeners: Set<ChangeListener>
  rooms: Map<string, Set<Member>>
}

export function relay(ctx: RealtimeContext, from: Member | undefined, room: string, payload: unknown): void {
  for (const member of ctx.rooms.get(room) ?? []) {
    if (member === from && !member.broadcastSelf) continue
    member.push('broadcast', payload)
  }
}
