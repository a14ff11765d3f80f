import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  FORWARDER_SECRET,
  INBOUND_AUTHSERV_ID,
  OUTBOX_WORKER_SECRET,
  REPLY_TOKEN_SECRET,
  RESEND_API_KEY,
  RESEND_WEBHOOK_SECRET,
  UNSUBSCRIBE_SECRET,
  WHATSAPP,
} from '../config/keys.js'
import type { ProjectConfig } from '../config/project.js'
import { freePort } from '../lib/free-port.js'
import { bearerToken, verifyJwt } from '../lib/jwt.js'
import type { Logger } from '../lib/log.js'

const HOST_SCRIPT = path.join(path.dirname(new URL(import.meta.url).pathname), 'deno-host.ts')
const NAME_RE = /^[A-Za-z0-9_-]+$/

function denoBinary(): string {
  const require = createRequire(import.meta.url)
  const pkgDir = path.dirname(require.resolve('deno/package.json'))
  return path.join(pkgDir, 'deno')
}

export function parseDotEnv(file: string): Record<string, string> {
  if (!existsSync(file)) return {}
  const out: Record<string, string> = {}
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line)
    if (!match) continue
    out[match[1] as string] = (match[2] as string).replace(/^(['"])(.*)\1$/, '$2')
  }
  return out
}

interface Worker {
  process: ChildProcess
  port: number
  ready: Promise<void>
  /** The functions folder's state the worker booted from (sourcesStamp). */
  stamp: string
}

/**
 * The state of every file a function may load: the functions folder's files and folders (its own
 * index.ts, `_shared/`, an import map, `.env`), as their newest change time and their count, so an
 * edit, a new file, a deleted one or a rename anywhere in it shows. Read on every call, like
 * `supabase functions serve`, so the call right after a save runs the saved code; a watcher's
 * event could arrive after that call.
 */
export function sourcesStamp(dir: string): string {
  let newest = 0
  let count = 0
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue
      const full = path.join(folder, entry.name)
      newest = Math.max(newest, statSync(full).mtimeMs)
      count++
      if (entry.isDirectory()) walk(full)
    }
  }
  walk(dir)
  return `${count}:${newest}`
}

export interface FunctionsServiceOptions {
  functionsDir: string
  config: ProjectConfig
  env: Record<string, string>
  /** Wins over everything else, `functions/.env` included. */
  overrides?: Record<string, string>
  dataDir: string
  log: Logger
  /** The stack's SMTP catcher: functions get SMTP_HOST/SMTP_PORT for it unless env or .env set them. */
  smtp?: { host: string; port: number }
  /** The stack's mailbox HTTP API, which also plays the inbound-mail provider's API (Resend). */
  mailboxUrl?: string
  /** The stack's Graph API stand-in (WhatsApp Cloud API). */
  graphUrl?: string
}

/** Local defaults for the variables the project's functions read; env and functions/.env win. */
function functionDefaults({ smtp, mailboxUrl, graphUrl }: FunctionsServiceOptions): Record<string, string> {
  return {
    ...(smtp ? { SMTP_HOST: smtp.host, SMTP_PORT: String(smtp.port) } : {}),
    ...(mailboxUrl ? { RESEND_API_URL: `${mailboxUrl}/resend` } : {}),
    RESEND_API_KEY,
    RESEND_WEBHOOK_SECRET,
    INBOUND_AUTHSERV_ID,
    ...(graphUrl ? { WHATSAPP_GRAPH_URL: graphUrl } : {}),
    WHATSAPP_GRAPH_VERSION: 'v26.0',
    WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: WHATSAPP.accessToken,
    WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
    WHATSAPP_VERIFY_TOKEN: WHATSAPP.verifyToken,
    WHATSAPP_TEMPLATE_TICKET_UPDATE: WHATSAPP.template,
    MAIL_FROM: 'Siyakha Tech <no-reply@siyakha.example>',
    SUPPORT_INBOX: 'support@siyakha.example',
    SITE_URL: 'http://localhost:3000',
    PORTAL_URL: 'http://localhost:3001',
    FORWARDER_SECRET,
    OUTBOX_WORKER_SECRET,
    REPLY_TOKEN_SECRET,
    UNSUBSCRIBE_SECRET,
    MESSAGE_ID_DOMAIN: 'siyakha.example',
    MAIL_REPLY_DOMAIN: 'reply.siyakha.example',
  }
}

/** The caller's address as the hosted gateway passes it: appended to any x-forwarded-for chain. */
function forwardedFor(req: IncomingMessage): string | undefined {
  const remote = req.socket.remoteAddress?.replace(/^::ffff:/, '')
  const previous = req.headers['x-forwarded-for']
  const chain = (Array.isArray(previous) ? previous.join(', ') : previous)?.trim()
  if (!remote) return chain || undefined
  return chain ? `${chain}, ${remote}` : remote
}

const HOP_BY_HOP = new Set([
  'connection',
  'content-length',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

/**
 * One Deno process per function, started on first call and restarted on the next call after any
 * file under the functions folder changed (a shared module as much as its own index.ts).
 */
export function createFunctionsService(options: FunctionsServiceOptions) {
  const { functionsDir, config, log } = options
  const deno = denoBinary()
  const workers = new Map<string, Worker>()
  // Once the stack stops, no worker starts: a call still in flight then (the outbox driver's, a
  // stand-in's webhook) would otherwise spawn a Deno process that nothing ever stops.
  let closed = false

  function boot(name: string, dir: string): Worker {
    const portPromise = freePort()
    let child: ChildProcess | undefined
    const worker = {} as Worker
    worker.stamp = sourcesStamp(functionsDir)
    worker.ready = portPromise.then(
      (port) =>
        new Promise<void>((resolve, reject) => {
          if (closed) {
            reject(new Error('the functions service has stopped'))
            return
          }
          worker.port = port
          const env: Record<string, string> = {
            ...functionDefaults(options),
            ...options.env,
            ...parseDotEnv(path.join(functionsDir, '.env')),
            ...options.overrides,
            DENO_DIR: path.join(options.dataDir, 'deno'),
            DENO_NO_UPDATE_CHECK: '1',
            DENO_NO_PROMPT: '1',
            NO_COLOR: '1',
          }
          child = spawn(
            deno,
            [
              'run',
              '--allow-all',
              '--no-prompt',
              '--node-modules-dir=manual',
              '--no-lock',
              '--quiet',
              HOST_SCRIPT,
              String(port),
              pathToFileURL(path.join(dir, 'index.ts')).href,
            ],
            { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] },
          )
          worker.process = child
          let output = ''
          child.stdout?.on('data', (chunk: Buffer) => {
            const text = chunk.toString()
            if (text.includes('__LOCAL_SUPABASE_READY__')) resolve()
            const rest = text.replace('__LOCAL_SUPABASE_READY__\n', '').trimEnd()
            if (rest) log.info(`[fn:${name}] ${rest}`)
          })
          child.stderr?.on('data', (chunk: Buffer) => {
            output += chunk.toString()
            log.info(`[fn:${name}] ${chunk.toString().trimEnd()}`)
          })
          child.on('exit', (code) => {
            if (workers.get(name) === worker) workers.delete(name)
            reject(new Error(`function ${name} exited (code ${code}) ${output.slice(-500)}`))
          })
        }),
    )
    worker.ready.catch(() => undefined)
    workers.set(name, worker)
    return worker
  }

  async function workerFor(name: string, dir: string): Promise<Worker> {
    let worker = workers.get(name)
    if (worker && worker.stamp !== sourcesStamp(functionsDir)) {
      worker.process?.kill()
      workers.delete(name)
      worker = undefined
    }
    worker = worker ?? boot(name, dir)
    await worker.ready
    return worker
  }

  function sendJson(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body)
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) })
    res.end(text)
  }

  return {
    async handle(
      req: IncomingMessage,
      res: ServerResponse,
      path_: string,
      url: URL,
      body: Buffer,
    ): Promise<void> {
      const name = path_.split('/')[1] ?? ''
      const dir = path.join(functionsDir, name)
      if (!NAME_RE.test(name) || !existsSync(path.join(dir, 'index.ts'))) {
        res.writeHead(404, { 'Content-Type': 'text/plain' })
        res.end('Function not found')
        return
      }
      const verify = config.functions[name]?.verify_jwt ?? true
      if (verify && req.method !== 'OPTIONS') {
        const token = bearerToken(req.headers.authorization)
        if (!token) return sendJson(res, 401, { msg: 'Error: Missing authorization header' })
        const result = await verifyJwt(token)
        if (!result.ok) return sendJson(res, 401, { msg: 'Invalid JWT' })
      }
      let worker: Worker
      try {
        worker = await workerFor(name, dir)
      } catch (error) {
        log.warn(`function ${name} failed to boot: ${(error as Error).message}`)
        return sendJson(res, 503, {
          code: 'BOOT_ERROR',
          message: 'Worker failed to boot (please check logs)',
        })
      }
      const headers = new Headers()
      for (const [key, value] of Object.entries(req.headers)) {
        // Hop-by-hop and framing headers describe the caller's connection, not this forwarded body.
        if (value === undefined || key === 'host' || HOP_BY_HOP.has(key)) continue
        headers.set(key, Array.isArray(value) ? value.join(', ') : value)
      }
      const clientIp = forwardedFor(req)
      if (clientIp) headers.set('x-forwarded-for', clientIp)
      let response: Response
      try {
        response = await fetch(`http://127.0.0.1:${worker.port}${path_}${url.search}`, {
          method: req.method,
          headers,
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(body),
          redirect: 'manual',
        })
      } catch (error) {
        log.warn(`function ${name} crashed: ${(error as Error).message}`)
        return sendJson(res, 500, {
          code: 'WORKER_ERROR',
          message: 'Function exited due to an error (please check logs)',
        })
      }
      const outHeaders: Record<string, string> = {}
      response.headers.forEach((value, key) => {
        if (key !== 'content-length' && key !== 'transfer-encoding' && key !== 'connection')
          outHeaders[key] = value
      })
      const buffer = Buffer.from(await response.arrayBuffer())
      res.writeHead(response.status, { ...outHeaders, 'Content-Length': buffer.length })
      res.end(buffer)
    },
    async close(): Promise<void> {
      closed = true
      const running = [...workers.values()].flatMap((worker) => {
        const child = worker.process
        if (!child || child.exitCode !== null || child.signalCode !== null) return []
        const exited = once(child, 'exit')
        child.kill()
        return [exited]
      })
      workers.clear()
      await Promise.all(running)
    },
  }
}

export type FunctionsService = ReturnType<typeof createFunctionsService>
