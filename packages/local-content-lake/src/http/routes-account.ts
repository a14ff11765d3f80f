import { z } from 'zod'
import type { ApiContext, Route } from './context.js'
import { notFound, parseWith, readJson, sendJson } from './respond.js'

// Fixed, so the Studio's "created" dates do not move between runs.
const CREATED_AT = '2026-01-01T00:00:00.000Z'
const ADMINISTRATOR = { name: 'administrator', title: 'Administrator' }

const keyValuePairs = z.array(z.object({ key: z.string().min(1).max(1024), value: z.unknown() })).max(1000)

function currentUser(ctx: ApiContext) {
  const { identity } = ctx.deps
  return {
    id: identity.id,
    name: identity.name,
    email: identity.email,
    profileImage: null,
    provider: 'local',
    role: 'administrator',
    roles: [ADMINISTRATOR],
  }
}

function publicUser(ctx: ApiContext, id: string) {
  const { identity } = ctx.deps
  return id === identity.id || id === 'me'
    ? { id: identity.id, displayName: identity.name, email: identity.email }
    : { id, displayName: 'Unknown user' }
}

function checkProject(ctx: ApiContext, projectId: string): void {
  if (projectId !== ctx.deps.projectId) throw notFound(`Project "${projectId}" not found`)
}

function project(ctx: ApiContext) {
  const { identity, projectId } = ctx.deps
  return {
    id: projectId,
    displayName: 'Local Content Lake',
    studioHost: null,
    isBlocked: false,
    isDisabled: false,
    isDisabledByUser: false,
    metadata: {},
    organizationId: null,
    members: [
      { id: identity.id, role: 'administrator', roles: [ADMINISTRATOR], isCurrentUser: true, isRobot: false },
    ],
    features: [],
    createdAt: CREATED_AT,
    updatedAt: CREATED_AT,
  }
}

/** Add-on datasets (comments, tasks) do not exist here: filtering by `addonFor` leaves none. */
function datasets(ctx: ApiContext) {
  const { url } = ctx
  if (url.searchParams.has('addonFor')) return []
  const profile = url.searchParams.get('datasetProfile')
  if (profile !== null && profile !== 'content') return []
  return ctx.deps.lake.datasetNames().map((name) => ({
    name,
    aclMode: 'public',
    addonFor: null,
    datasetProfile: 'content',
    tags: [],
    createdAt: CREATED_AT,
  }))
}

const ACL = [
  { filter: '_id in path("**")', permissions: ['read', 'create', 'update', 'history', 'editHistory'] },
]

const json =
  (body: (ctx: ApiContext) => unknown): Route['handler'] =>
  (ctx) =>
    sendJson(ctx.res, 200, body(ctx))

/** Contract §3.1: who the user is, their settings, the project and its datasets. */
export const accountRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/users\/me$/,
    // Sanity's answer to an anonymous caller: no user (the Studio then shows its sign-in screen).
    handler: (ctx) => sendJson(ctx.res, 200, ctx.caller === 'editor' ? currentUser(ctx) : {}),
  },
  {
    method: 'GET',
    pattern: /^\/users\/me\/keyvalue\/(?<keys>[^/]+)$/,
    editorOnly: true,
    handler: (ctx, param) => {
      const keys = param('keys')
        .split(',')
        .filter((key) => key !== '')
      sendJson(
        ctx.res,
        200,
        ctx.deps.lake.getKeyValues(parseWith(z.array(z.string()).max(1000), keys, 'Keys')),
      )
    },
  },
  {
    method: 'PUT',
    pattern: /^\/users\/me\/keyvalue\/?$/,
    editorOnly: true,
    handler: async (ctx) => {
      const pairs = await readJson(ctx.req, keyValuePairs)
      sendJson(ctx.res, 200, ctx.deps.lake.setKeyValues(pairs))
    },
  },
  {
    method: 'GET',
    pattern: /^\/users\/(?<ids>[^/]+)$/,
    handler: (ctx, param) => {
      const ids = param('ids')
        .split(',')
        .filter((id) => id !== '')
      sendJson(
        ctx.res,
        200,
        ids.length === 1 ? publicUser(ctx, ids[0] ?? '') : ids.map((id) => publicUser(ctx, id)),
      )
    },
  },
  {
    method: 'GET',
    pattern: /^\/auth\/id$/,
    handler: json(() => ({ id: 'local-content-lake-session', expiry: '2099-01-01T00:00:00.000Z' })),
  },
  { method: 'POST', pattern: /^\/auth\/logout$/, handler: json(() => ({})) },
  {
    method: 'GET',
    pattern: /^\/auth\/providers$/,
    handler: json(() => ({ providers: [], thirdPartyLogin: false })),
  },
  { method: 'GET', pattern: /^\/projects$/, handler: json((ctx) => [project(ctx)]) },
  {
    method: 'GET',
    pattern: /^\/projects\/(?<project>[^/]+)$/,
    handler: (ctx, param) => {
      checkProject(ctx, param('project'))
      sendJson(ctx.res, 200, project(ctx))
    },
  },
  {
    method: 'GET',
    pattern: /^\/projects\/(?<project>[^/]+)\/datasets$/,
    handler: (ctx, param) => {
      checkProject(ctx, param('project'))
      sendJson(ctx.res, 200, datasets(ctx))
    },
  },
  { method: 'GET', pattern: /^\/datasets$/, handler: json(datasets) },
  {
    method: 'GET',
    pattern: /^\/projects\/(?<project>[^/]+)\/datasets\/(?<ds>[^/]+)\/acl$/,
    handler: (ctx, param) => {
      checkProject(ctx, param('project'))
      if (!ctx.deps.lake.dataset(param('ds'))) throw notFound(`Dataset "${param('ds')}" not found`)
      sendJson(ctx.res, 200, ACL)
    },
  },
  ...(
    [
      ['user-applications', []],
      ['roles', []],
      ['grants', {}],
      ['features', []],
    ] as const
  ).map(
    ([name, body]): Route => ({
      method: 'GET',
      pattern: new RegExp(`^/projects/(?<project>[^/]+)/${name}$`),
      handler: (ctx, param) => {
        checkProject(ctx, param('project'))
        sendJson(ctx.res, 200, body)
      },
    }),
  ),
]
