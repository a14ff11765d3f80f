import type { IncomingMessage } from 'node:http'
import { Server } from 'node:http'
import { addressFromForwardedFor } from '@siyakha/schemas/client-address'

/*
 * Who is visiting, for the public forms' rate limits and mail limits. Next.js keeps an
 * X-Forwarded-For the client sent and only fills it in from the socket when there is none, so
 * without a proxy in front whatever the visitor typed would be the "rightmost" entry. The server
 * therefore records the socket's address itself, in a header of its own that it always
 * overwrites, and the configured number of trusted proxies (TRUSTED_PROXY_HOPS) decides which of
 * the two counts: 0 the socket, N the entry N places from the right of X-Forwarded-For.
 */

/** Set on every request from the TCP peer's address; a value a client sends is overwritten. */
export const SOCKET_ADDRESS_HEADER = 'x-siyakha-socket-address'

const installed = Symbol.for('siyakha.socketAddress')

/**
 * Makes every Node HTTP server of this process stamp SOCKET_ADDRESS_HEADER on its requests before
 * any listener (Next's) sees them. Called once at startup from instrumentation.ts.
 */
export function recordSocketAddresses(): void {
  const prototype = Server.prototype as Server & { [installed]?: true }
  if (prototype[installed]) return
  prototype[installed] = true
  const emit = prototype.emit as (this: Server, event: string | symbol, ...args: unknown[]) => boolean
  prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const req = args[0] as IncomingMessage
      req.headers[SOCKET_ADDRESS_HEADER] = (req.socket?.remoteAddress ?? '').replace(/^::ffff:/, '')
    }
    return emit.call(this, event, ...args)
  } as Server['emit']
}

/**
 * The visitor's address: with no trusted proxy the socket's, else the X-Forwarded-For entry the
 * outermost trusted proxy appended. Undefined when unknown (the function then counts this server).
 */
export function visitorAddress(
  headers: { get(name: string): string | null },
  trustedProxyHops: number,
): string | undefined {
  if (trustedProxyHops <= 0) return headers.get(SOCKET_ADDRESS_HEADER)?.trim() || undefined
  return addressFromForwardedFor(headers.get('x-forwarded-for'), trustedProxyHops)
}
