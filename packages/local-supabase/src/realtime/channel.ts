/*
 * One joined channel (contract §9.3): its identity, postgres_changes bindings, presence and
 * broadcast membership, and the token expiry check of §9.6.
 */
import { randomUUID } from 'node:crypto'
import type { Claims } from '../lib/jwt.js'
import { authorize, type Permissions } from './authorization.js'
import type { RealtimeContext, SocketHandle } from './context.js'
import { relay } from './context.js'
import type { ChangeListener } from './delivery.js'
import { type Binding, parseBinding } from './filters.js'
import type { PresenceMember } from './presence.js'
import { checkBinding } from './subscribe.js'
import { checkToken, expiredMessage, isUserToken, recheckDelayMs } from './tokens.js'

type JoinResult = { ok: true; channel: Channel } | { ok: false; reason: string }

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

export class Channel implements ChangeListener, PresenceMember {
  readonly subTopic: string
  readonly room: string
  key: string
  broadcastSelf = false
  broadcastAck = false
  presenceEnabled = false
  isPrivate = false
  permissions?: Permissions
  private token?: string
  private currentClaims: Claims
  private active: Binding[] = []
  private timer?: NodeJS.Timeout
  private closed = false

  constructor(
    private readonly ctx: RealtimeContext,
    private readonly socket: SocketHandle,
    readonly topic: string,
    readonly joinRef: string | null,
    claims: Claims,
    config: Record<string, unknown>,
  ) {
    this.subTopic = topic.replace(/^realtime:/, '')
    this.currentClaims = claims
    const broadcast = asObject(config.broadcast)
    const presence = asObject(config.presence)
    this.broadcastSelf = broadcast.self === true
    this.broadcastAck = broadcast.ack === true
    this.presenceEnabled = presence.enabled === true
    this.key = typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID()
    this.isPrivate = config.private === true
    this.room = `${this.isPrivate ? 'private' : 'public'}:${topic}`
  }

  get isClosed(): boolean {
    return this.closed
  }

  claims(): Claims {
    return this.currentClaims
  }

  bindings(): Binding[] {
    return this.active
  }

  /** Server pushes that belong to no join (changes, diffs, relayed broadcasts). */
  push(event: string, payload: unknown): void {
    this.socket.send({ joinRef: null, ref: null, topic: this.topic, event, payload })
  }

  pushOwn(event: string, payload: unknown): void {
    this.socket.send({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload })
  }

  reply(ref: string | null, status: 'ok' | 'error', response: unknown): void {
    this.socket.send({
      joinRef: this.joinRef,
      ref,
      topic: this.topic,
      event: 'phx_reply',
      payload: { status, response },
    })
  }

  /** A `system` error, then `phx_close`: the client reports CLOSED and does not rejoin. */
  shutdown(message: string): void {
    this.pushOwn('system', { extension: 'system', status: 'error', message, channel: this.subTopic })
    this.closeWithFrame()
  }

  activate(bindings: Binding[], token: string | undefined): void {
    this.token = token
    this.active = bindings
    if (bindings.length > 0) this.ctx.listeners.add(this)
    const members = this.ctx.rooms.get(this.room) ?? new Set()
    members.add(this)
    this.ctx.rooms.set(this.room, members)
    this.ctx.presence.listen(this.room, this)
    this.armExpiry()
  }

  /** Keeps the channel (broadcast, presence) without its postgres_changes bindings. */
  dropBindings(): void {
    this.active = []
    this.ctx.listeners.delete(this)
  }

  private armExpiry(): void {
    clearTimeout(this.timer)
    if (this.closed) return
    this.timer = setTimeout(() => {
      const exp = this.currentClaims.exp
      if (typeof exp === 'number' && exp <= Date.now() / 1000) this.shutdown(expiredMessage(exp))
      else this.armExpiry()
    }, recheckDelayMs(this.currentClaims))
  }

  /** `access_token` push: keys, null and the same token are ignored; a bad token closes the channel. */
  async updateToken(token: unknown): Promise<void> {
    if (!isUserToken(token) || token === this.token) return
    const result = await checkToken(token)
    if (this.closed) return
    if (!result.ok) {
      this.shutdown(result.message)
      return
    }
    if (this.isPrivate) {
      // Hosted re-runs the channel's policies for the new identity.
      const permissions = await permissionsFor(this.ctx, result.claims, this.subTopic)
      if (this.closed) return
      if (typeof permissions === 'string' || !permissions.broadcastRead) {
        this.shutdown(typeof permissions === 'string' ? permissions : unauthorizedRead(this.subTopic))
        return
      }
      this.permissions = permissions
    }
    this.token = token
    this.currentClaims = result.claims
    this.armExpiry()
  }

  presence(ref: string | null, payload: Record<string, unknown>): void {
    if (this.isPrivate && !this.permissions?.presenceWrite) {
      this.reply(ref, 'error', {
        reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${this.subTopic}`,
      })
      return
    }
    if (payload.event === 'track') this.ctx.presence.track(this.room, this, asObject(payload.payload))
    else if (payload.event === 'untrack') this.ctx.presence.untrack(this.room, this)
    this.reply(ref, 'ok', {})
  }

  broadcast(ref: string | null, payload: Record<string, unknown>): void {
    const allowed = !this.isPrivate || this.permissions?.broadcastWrite === true
    if (allowed) {
      relay(this.ctx, this, this.room, {
        type: 'broadcast',
        event: payload.event,
        payload: payload.payload,
        ...(payload.meta ? { meta: payload.meta } : {}),
      })
    }
    if (this.broadcastAck && ref !== null) {
      if (allowed) this.reply(ref, 'ok', {})
      else
        this.reply(ref, 'error', {
          reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${this.subTopic}`,
        })
    }
  }

  leave(ref: string | null): void {
    this.reply(ref, 'ok', {})
    this.closeWithFrame()
  }

  /** `phx_close` (both refs the join's, as Phoenix sends it), then the channel is gone. */
  private closeWithFrame(): void {
    this.socket.send({
      joinRef: this.joinRef,
      ref: this.joinRef,
      topic: this.topic,
      event: 'phx_close',
      payload: {},
    })
    this.close()
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    clearTimeout(this.timer)
    this.ctx.listeners.delete(this)
    const members = this.ctx.rooms.get(this.room)
    members?.delete(this)
    if (members?.size === 0) this.ctx.rooms.delete(this.room)
    this.ctx.presence.remove(this.room, this)
  }
}

const unauthorizedRead = (topic: string) =>
  `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`

/** The policies' verdict, or the reason a policy (or an unknown role in the token) failed. */
async function permissionsFor(
  ctx: RealtimeContext,
  claims: Claims,
  topic: string,
): Promise<Permissions | string> {
  try {
    return await authorize(ctx.pool, claims, topic)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (typeof code !== 'string') throw error
    return `Unauthorized: ${(error as Error).message}`
  }
}

export async function joinChannel(
  ctx: RealtimeContext,
  socket: SocketHandle,
  topic: string,
  joinRef: string | null,
  rawPayload: unknown,
): Promise<JoinResult> {
  const payload = asObject(rawPayload)
  const config = asObject(payload.config)
  let claims = socket.claims
  const token = isUserToken(payload.access_token) ? payload.access_token : undefined
  if (token) {
    const result = await checkToken(token)
    if (!result.ok) return { ok: false, reason: `InvalidJWTToken: ${result.message}` }
    claims = result.claims
  }
  const channel = new Channel(ctx, socket, topic, joinRef, claims, config)
  if (channel.isPrivate) {
    const permissions = await permissionsFor(ctx, claims, channel.subTopic)
    if (typeof permissions === 'string') return { ok: false, reason: permissions }
    if (!permissions.broadcastRead) return { ok: false, reason: unauthorizedRead(channel.subTopic) }
    channel.permissions = permissions
  }
  const raw = Array.isArray(config.postgres_changes) ? config.postgres_changes : []
  const bindings = raw.map(parseBinding)
  let subscribeError: string | undefined
  if (bindings.length > 0) {
    subscribeError = ctx.capture.unavailable()
    const role = typeof claims.role === 'string' ? claims.role : 'anon'
    for (const binding of bindings) {
      if (subscribeError) break
      subscribeError = await checkBinding(ctx.pool, binding, role)
    }
  }
  // Registered before the reply, so a change committed right after SUBSCRIBED is not missed; and
  // the reply waits for a poll under way, which may have begun while nobody listened and skipped
  // the WAL up to its start, and for the slot, which nobody-listening may have dropped (capture.ts).
  channel.activate(subscribeError ? [] : bindings, token)
  if (!subscribeError && bindings.length > 0) {
    subscribeError = await ctx.capture.settled()
    if (subscribeError) channel.dropBindings()
  }
  channel.reply(joinRef, 'ok', { postgres_changes: bindings.map((b) => ({ ...b.echo, id: b.id })) })
  if (bindings.length > 0) {
    channel.pushOwn(
      'system',
      subscribeError
        ? {
            extension: 'postgres_changes',
            status: 'error',
            message: subscribeError,
            channel: channel.subTopic,
          }
        : {
            extension: 'postgres_changes',
            status: 'ok',
            message: 'Subscribed to PostgreSQL',
            channel: channel.subTopic,
          },
    )
  }
  if (channel.presenceEnabled) channel.pushOwn('presence_state', ctx.presence.state(channel.room))
  return { ok: true, channel }
}
