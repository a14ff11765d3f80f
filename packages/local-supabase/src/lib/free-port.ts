import { createServer } from 'node:net'

/**
 * A port nothing listens on now, as the kernel picks one for a listener on 127.0.0.1. Another
 * program may take it before the caller does; callers that start a server on it retry.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port was given')),
      )
    })
  })
}
