import { existsSync, mkdirSync } from 'node:fs'
import type { Server } from 'node:http'
import path from 'node:path'
import { createAuthService } from './auth/service.js'
import { env } from './config/env.js'
import {
  INBOUND_AUTHSERV_ID,
  OUTBOX_WORKER_SECRET,
  RESEND_API_KEY,
  RESEND_WEBHOOK_SECRET,
  type StackKeys,
  stackKeys,
  WHATSAPP,
} from './config/keys.js'
import { type DeepPartial, loadProjectConfig, type ProjectConfig } from './config/project.js'
import { migrate } from './db/migrate.js'
import { connectExternalPostgres, type Database, startEmbeddedPostgres } from './db/postgres.js'
import { createFunctionsService } from './functions/runner.js'
import { createGateway } from './gateway/server.js'
import { consoleLogger, type Logger } from './lib/log.js'
import { DEFAULT_DATA_DIR, REPO_ROOT } from './lib/paths.js'
import { startMailbox } from './mail/mailbox.js'
import { createMailSender } from './mail/sender.js'
import { startOutboxDriver } from './outbox/driver.js'
import { createRealtimeService } from './realtime/service.js'
import { createRestService } from './rest/handler.js'
import { createStorageService } from './storage/service.js'
import { startGraphStandIn } from './whatsapp/graph.js'

export interface StackPorts {
  api: number
  db: number
  mailbox: number
  smtp: number
  /** The WhatsApp Cloud API (Graph API) stand-in. */
  graph: number
}

export interface StartStackOptions {
  /** Folder that holds `supabase/` (config.toml, migrations, functions, seed.sql). Default: the repo root. */
  rootDir?: string
  /** Edge functions folder. Default: `<rootDir>/supabase/functions`. */
  functionsDir?: string
  ports?: Partial<StackPorts>
  host?: string
  /** Where the embedded cluster and Deno cache live. Default: `packages/local-supabase/.data`. */
  dataDir?: string
  /** Use an existing PostgreSQL server instead of the embedded one. */
  databaseUrl?: string
  /** Variables for the edge functions, over the local defaults and `functions/.env`. */
  functionsEnv?: Record<string, string>
  /** How often the outbox worker runs besides on NOTIFY (ms; 0 = only then). Default: env or 2000. */
  outboxIntervalMs?: number
  /** Overrides on top of config.toml (tests use it for short windows). */
  config?: DeepPartial<ProjectConfig>
  log?: Logger
}

export interface StackUrls {
  api: string
  rest: string
  auth: string
  functions: string
  db: string
  mailbox: string
  smtp: string
  graph: string
}

export interface RunningStack {
  urls: StackUrls
  keys: StackKeys
  ports: StackPorts
  dataDir: string
  config: ProjectConfig
  stop(): Promise<void>
}

export function resolvePorts(ports?: Partial<StackPorts>): StackPorts {
  return {
    api: ports?.api ?? env.LOCAL_SUPABASE_API_PORT,
    db: ports?.db ?? env.LOCAL_SUPABASE_DB_PORT,
    mailbox: ports?.mailbox ?? env.LOCAL_SUPABASE_MAIL_PORT,
    smtp: ports?.smtp ?? env.LOCAL_SUPABASE_SMTP_PORT,
    graph: ports?.graph ?? env.LOCAL_SUPABASE_GRAPH_PORT,
  }
}

function listen(server: Server, port: number, host: string, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(error.code === 'EADDRINUSE' ? `${what} port ${port} is already in use` : error.message),
      ),
    )
    server.listen(port, host, () => resolve())
  })
}

export async function startStack(options: StartStackOptions = {}): Promise<RunningStack> {
  const log = options.log ?? consoleLogger({ debug: Boolean(process.env.LOCAL_SUPABASE_DEBUG) })
  const rootDir = path.resolve(options.rootDir ?? env.LOCAL_SUPABASE_ROOT ?? REPO_ROOT)
  const supabaseDir = path.join(rootDir, 'supabase')
  const functionsDir = options.functionsDir ?? path.join(supabaseDir, 'functions')
  const dataDir = path.resolve(options.dataDir ?? env.LOCAL_SUPABASE_DATA_DIR ?? DEFAULT_DATA_DIR)
  const host = options.host ?? env.LOCAL_SUPABASE_HOST
  const ports = resolvePorts(options.ports)
  const config = loadProjectConfig(supabaseDir, options.config)
  if (env.LOCAL_SUPABASE_SIGN_IN_SIGN_UPS)
    config.auth.rate_limit.sign_in_sign_ups = env.LOCAL_SUPABASE_SIGN_IN_SIGN_UPS
  mkdirSync(dataDir, { recursive: true })

  const cleanups: (() => Promise<void> | void)[] = []
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup()
      } catch (error) {
        log.warn(`while stopping: ${(error as Error).message}`)
      }
    }
    cleanups.length = 0
  }

  try {
    const databaseUrl = options.databaseUrl ?? env.DATABASE_URL
    const db: Database = databaseUrl
      ? await connectExternalPostgres(databaseUrl)
      : await startEmbeddedPostgres({ dataDir, port: ports.db, host, log })
    cleanups.push(() => db.stop())
    log.step('Applying bootstrap, migrations and seed')
    await migrate({ url: db.url, supabaseDir, config, log })

    const apiUrl = `http://${host}:${ports.api}`
    // A value the functions see, as they see it: options, then the environment, then the default.
    const functionSetting = (name: string, fallback: string) =>
      options.functionsEnv?.[name] ?? process.env[name] ?? fallback
    const mailbox = await startMailbox({
      host,
      smtpPort: ports.smtp,
      httpPort: ports.mailbox,
      inbound: {
        webhookUrl: `${apiUrl}/functions/v1/inbound-email`,
        secret: functionSetting('RESEND_WEBHOOK_SECRET', RESEND_WEBHOOK_SECRET),
        apiKey: functionSetting('RESEND_API_KEY', RESEND_API_KEY),
        supportInbox: functionSetting('SUPPORT_INBOX', 'support@siyakha.example'),
        replyDomain: functionSetting('MAIL_REPLY_DOMAIN', 'reply.siyakha.example'),
        authservId: functionSetting('INBOUND_AUTHSERV_ID', INBOUND_AUTHSERV_ID),
      },
      log,
    })
    cleanups.push(() => mailbox.close())
    const graph = await startGraphStandIn({
      host,
      port: ports.graph,
      webhookUrl: `${apiUrl}/functions/v1/whatsapp-webhook`,
      phoneNumberId: functionSetting('WHATSAPP_PHONE_NUMBER_ID', WHATSAPP.phoneNumberId),
      displayPhoneNumber: WHATSAPP.displayPhoneNumber,
      accessToken: functionSetting('WHATSAPP_ACCESS_TOKEN', WHATSAPP.accessToken),
      appSecret: functionSetting('WHATSAPP_APP_SECRET', WHATSAPP.appSecret),
      verifyToken: functionSetting('WHATSAPP_VERIFY_TOKEN', WHATSAPP.verifyToken),
      templates: [functionSetting('WHATSAPP_TEMPLATE_TICKET_UPDATE', WHATSAPP.template)],
      log,
    })
    cleanups.push(() => graph.close())
    const smtp = config.auth.email.smtp
    const mailer = createMailSender(
      smtp?.enabled
        ? {
            host: smtp.host,
            port: smtp.port,
            user: smtp.user,
            pass: smtp.pass,
            from: `${smtp.sender_name ?? 'Siyakha Tech'} <${smtp.admin_email}>`,
          }
        : { host, port: ports.smtp, from: 'Siyakha Tech <no-reply@siyakha.local>' },
    )
    cleanups.push(() => mailer.close())

    const auth = createAuthService({
      config,
      supabaseDir,
      databaseUrl: db.urlFor('supabase_auth_admin'),
      externalUrl: `${apiUrl}/auth/v1`,
      mailer,
      log,
    })
    cleanups.push(() => auth.close())
    const rest = createRestService({
      config,
      authenticatorUrl: db.urlFor('authenticator'),
      adminUrl: db.url,
      log,
    })
    cleanups.push(() => rest.close())
    await Promise.all([rest.reload(), rest.ready])
    const storage = createStorageService({
      dataDir,
      authenticatorUrl: db.urlFor('authenticator'),
      adminUrl: db.url,
      log,
    })
    cleanups.push(() => storage.close())
    await storage.start()
    const functions = createFunctionsService({
      functionsDir,
      config,
      dataDir,
      log,
      smtp: { host, port: ports.smtp },
      mailboxUrl: `http://${host}:${ports.mailbox}`,
      graphUrl: graph.url,
      env: {
        SUPABASE_URL: apiUrl,
        SUPABASE_ANON_KEY: stackKeys.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: stackKeys.serviceRoleKey,
        SUPABASE_DB_URL: db.url,
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: stackKeys.publishableKey }),
        SUPABASE_SECRET_KEYS: JSON.stringify({ default: stackKeys.secretKey }),
      },
      overrides: options.functionsEnv,
    })
    cleanups.push(() => functions.close())
    if (!existsSync(functionsDir)) log.debug(`no functions folder at ${functionsDir}`)

    const realtime = createRealtimeService({ adminUrl: db.url, log })
    cleanups.push(() => realtime.close())
    await realtime.start()

    const gateway = createGateway({ auth, rest, functions, storage, realtime, log })
    await listen(gateway, ports.api, host, 'API gateway')
    cleanups.push(() => gateway.drain())

    const outbox = await startOutboxDriver({
      databaseUrl: db.url,
      workerUrl: `${apiUrl}/functions/v1/outbox-worker`,
      secret: functionSetting('OUTBOX_WORKER_SECRET', OUTBOX_WORKER_SECRET),
      intervalMs: options.outboxIntervalMs ?? env.LOCAL_SUPABASE_OUTBOX_INTERVAL_MS,
      log,
    })
    cleanups.push(() => outbox.stop())

    return {
      urls: {
        api: apiUrl,
        rest: `${apiUrl}/rest/v1`,
        auth: `${apiUrl}/auth/v1`,
        functions: `${apiUrl}/functions/v1`,
        db: db.url,
        mailbox: `http://${host}:${ports.mailbox}`,
        smtp: `smtp://${host}:${ports.smtp}`,
        graph: graph.url,
      },
      keys: stackKeys,
      ports,
      dataDir,
      config,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
