import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { type WebSocket, WebSocketServer } from 'ws'
import type { Logger } from '../log.js'
import { parseApiPath } from './target.js'

export interface PresenceSockets {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  close(): void
}

/**
 * The presence WebSocket (`/v<apiVersion>/socket/:ds`): accepted and left silent. Refused, the
 * Studio retries in a loop of console errors; presence itself is not offered.
 */
export function presenceSockets(log: Logger): PresenceSockets {
  const server = new WebSocketServer({ noServer: true })
  const open = new Set<WebSocket>()
  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://lake')
      const target = parseApiPath(url.pathname)
      if (!target || !/^\/socket\/[^/]+$/.test(target.path)) {
        log.warn(`local-content-lake: no WebSocket endpoint for ${url.pathname} (refused)`)
        socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n')
        return
      }
      server.handleUpgrade(req, socket, head, (ws) => {
        open.add(ws)
        ws.on('close', () => open.delete(ws))
        // Unanswered frames are fine; a socket error just ends that socket.
        ws.on('error', (error) => log.warn(`presence socket: ${error.message}`))
      })
    },
    close() {
      for (const ws of open) ws.terminate()
      server.close()
    },
  }
}
