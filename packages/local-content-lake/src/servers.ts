import { createServer, type Server } from 'node:http'
import { createSecureServer, type Http2SecureServer, type Http2Session } from 'node:http2'
import type { Socket } from 'node:net'
import type { Router } from './http/router.js'
import type { LocalCertificates } from './tls.js'

export interface LakeServers {
  tlsPort: number
  httpPort: number
  close(): Promise<void>
}

function listen(server: Server | Http2SecureServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} on ${host} is in use (another lake, or set another port)`)
          : error,
      )
    }
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      const address = server.address()
      resolve(typeof address === 'object' && address ? address.port : port)
    })
  })
}

function closeServer(server: Server | Http2SecureServer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!server.listening) {
      resolve()
      return
    }
    server.close((error) => (error ? reject(error) : resolve()))
  })
}

/**
 * Both origins over one state: TLS with HTTP/2 (the browser Studio holds more event streams than
 * HTTP/1.1's six connections per host allow) and HTTP/1.1 allowed, and plain HTTP for Node
 * clients, which do not trust a local CA without NODE_EXTRA_CA_CERTS.
 */
export async function startServers(options: {
  router: Router
  certificates: LocalCertificates
  host: string
  tlsPort: number
  httpPort: number
}): Promise<LakeServers> {
  const { router, certificates, host } = options
  const sessions = new Set<Http2Session>()
  const sockets = new Set<Socket>()
  const tls = createSecureServer(
    { key: certificates.key, cert: certificates.cert, allowHTTP1: true },
    router.withStudio,
  )
  tls.on('session', (session: Http2Session) => {
    sessions.add(session)
    session.once('close', () => sessions.delete(session))
  })
  // HTTP/1.1 connections on either server (WebSockets included), so close() need not wait for idle ones.
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  }
  tls.on('secureConnection', track)
  tls.on('upgrade', router.upgrade)
  const plain = createServer(router.api)
  plain.on('connection', track)
  plain.on('upgrade', router.upgrade)
  // Event streams stay open for hours; Node would otherwise time the sockets out.
  plain.requestTimeout = 0
  plain.keepAliveTimeout = 65_000
  plain.headersTimeout = 66_000
  tls.setTimeout(0)

  let tlsPort: number
  let httpPort: number
  try {
    tlsPort = await listen(tls, options.tlsPort, host)
    httpPort = await listen(plain, options.httpPort, host)
  } catch (error) {
    await Promise.all([closeServer(tls), closeServer(plain)])
    throw error
  }
  return {
    tlsPort,
    httpPort,
    async close() {
      const closed = Promise.all([closeServer(tls), closeServer(plain)])
      for (const session of sessions) session.close()
      for (const socket of sockets) socket.destroy()
      // A session with a stream still open would hold close() forever.
      const timer = setTimeout(() => {
        for (const session of sessions) session.destroy()
      }, 1000)
      await closed
      clearTimeout(timer)
    },
  }
}
