export {
  ANON_KEY,
  FORWARDER_SECRET,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  SERVICE_ROLE_KEY,
  type StackKeys,
  stackKeys,
} from './config/keys.js'
export { consoleLogger, type Logger, silentLogger } from './lib/log.js'
export {
  type RunningStack,
  resolvePorts,
  type StackPorts,
  type StackUrls,
  type StartStackOptions,
  startStack,
} from './stack.js'
