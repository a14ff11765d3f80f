export interface Logger {
  step(message: string): void
  info(message: string): void
  warn(message: string): void
  error(message: string): void
  debug(message: string): void
}

export function consoleLogger(options: { debug?: boolean; prefix?: string } = {}): Logger {
  const prefix = options.prefix ?? ''
  return {
    step: (message) => console.log(`${prefix}• ${message}`),
    info: (message) => console.log(`${prefix}${message}`),
    warn: (message) => console.warn(`${prefix}! ${message}`),
    error: (message) => console.error(`${prefix}✗ ${message}`),
    debug: (message) => {
      if (options.debug) console.log(`${prefix}  ${message}`)
    },
  }
}

export const silentLogger: Logger = {
  step: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: (message) => console.error(message),
  debug: () => undefined,
}
