/*
 * Which function `/rpc/<name>` calls, and with what, the way PostgREST resolves overloads: the
 * argument keys must name every required parameter and only known ones; a function whose single
 * parameter is unnamed takes the whole body when the body's media type fits the parameter's type.
 */
import { BodyTooLargeError, readBody } from '../lib/http.js'
import { type Params, quoteIdent } from './builder.js'
import type { RestRequest } from './context.js'
import { RestError } from './errors.js'
import { fuzzyBest } from './fuzzy.js'
import { readObjectBody } from './reply.js'
import type { Routine } from './schema-cache.js'

/** The body's media type, as far as choosing a function goes. */
type BodyType = 'json' | 'text' | 'xml' | 'bytea' | 'other'

/** A body with no keys: the whole of it goes to a single unnamed parameter. */
export interface RawBody {
  raw: string | Buffer
}

export interface CallArgs {
  /** The named arguments (keys of the JSON body, or the query string on GET). */
  named: Record<string, unknown>
  /** The body for a single unnamed parameter: the JSON text, or the raw text / bytes. */
  whole?: string | Buffer
  bodyType: BodyType
}

function bodyType(contentType: string | undefined): BodyType {
  const type = (contentType ?? 'application/json').split(';')[0]?.trim().toLowerCase()
  if (type === 'application/json' || type === '') return 'json'
  if (type === 'text/plain') return 'text'
  if (type === 'text/xml') return 'xml'
  if (type === 'application/octet-stream') return 'bytea'
  return 'other'
}

export async function readArgs(
  request: RestRequest,
  isRead: boolean,
  candidates: Routine[],
): Promise<CallArgs> {
  if (isRead) {
    const named: Record<string, unknown> = {}
    const names = new Set(candidates.flatMap((r) => r.args.map((a) => a.name)))
    for (const [key, value] of request.url.searchParams) if (names.has(key)) named[key] = value
    return { named, bodyType: 'json' }
  }
  const type = bodyType(request.req.headers['content-type'])
  if (type === 'json') {
    const named = await readObjectBody(request.req)
    return { named, whole: JSON.stringify(named), bodyType: type }
  }
  let raw: Buffer
  try {
    raw = await readBody(request.req)
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new RestError(413, 'PGRST102', 'Request body too large')
    throw error
  }
  return { named: {}, whole: type === 'bytea' ? raw : raw.toString('utf8'), bodyType: type }
}

const WHOLE_BODY_TYPES: Record<BodyType, string[]> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  bytea: ['bytea'],
  other: [],
}

function takesWholeBody(routine: Routine, args: CallArgs, isPost: boolean): boolean {
  const only = routine.args[0]
  return (
    isPost &&
    routine.args.length === 1 &&
    only?.name === '' &&
    WHOLE_BODY_TYPES[args.bodyType].includes(only.type)
  )
}

function matchesParams(routine: Routine, keys: Set<string>, args: CallArgs, isPost: boolean): boolean {
  if (routine.args.length === 0) return keys.size === 0 && !(isPost && args.bodyType !== 'json')
  const required = routine.args.filter((a) => !a.hasDefault).map((a) => a.name)
  const optional = new Set(routine.args.filter((a) => a.hasDefault).map((a) => a.name))
  const rest = [...keys].filter((k) => !optional.has(k))
  return rest.length === required.length && required.every((name) => rest.includes(name))
}

const signatureOf = (r: Routine) =>
  `${r.schema}.${r.name}(${r.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`

/** PostgREST lists overloads in its own order: by their parameters (name, then type), fewest first. */
function byParams(a: Routine, b: Routine): number {
  for (let i = 0; i < Math.min(a.args.length, b.args.length); i++) {
    const x = a.args[i] as Routine['args'][number]
    const y = b.args[i] as Routine['args'][number]
    if (x.name !== y.name) return x.name < y.name ? -1 : 1
    if (x.type !== y.type) return x.type < y.type ? -1 : 1
  }
  return a.args.length - b.args.length
}

export function chooseRoutine(
  request: RestRequest,
  candidates: Routine[],
  args: CallArgs,
  isRead: boolean,
  /** Every callable function name in the request's schema, for the "Perhaps you meant" hint. */
  allNames: () => string[] = () => [],
): Routine {
  const keys = new Set(Object.keys(args.named))
  const isPost = !isRead
  const matching = candidates.filter((r) => matchesParams(r, keys, args, isPost))
  const fallback = candidates.filter((r) => takesWholeBody(r, args, isPost))
  const picked = matching.length > 0 ? matching : fallback
  if (picked.length === 1) return picked[0] as Routine
  if (picked.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${[...picked].sort(byParams).map(signatureOf).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    )
  }
  throw noFunction(request, [...keys], args, isPost, noFunctionHint(request, [...keys], candidates, allNames))
}

/** PostgREST's hint: a similar function name, or (when the name exists) similar parameter names. */
function noFunctionHint(
  request: RestRequest,
  keys: string[],
  candidates: Routine[],
  allNames: () => string[],
) {
  const paramList = (names: string[]) => `(${[...names].sort().join(', ')})`
  const suggestion =
    candidates.length === 0
      ? fuzzyBest(allNames(), request.name, 0.75)
      : (() => {
          const best = fuzzyBest(
            candidates.map((r) => paramList(r.args.map((a) => a.name))),
            paramList(keys),
          )
          return best === undefined ? undefined : `${request.name}${best}`
        })()
  return suggestion === undefined
    ? null
    : `Perhaps you meant to call the function ${request.schema}.${suggestion}`
}

/** PGRST202 worded as PostgREST words it for the body's media type and the keys given. */
function noFunction(
  request: RestRequest,
  keys: string[],
  args: CallArgs,
  isPost: boolean,
  hint: string | null,
): RestError {
  const fn = `${request.schema}.${request.name}`
  const onlyWholeBody = isPost && ['text', 'xml', 'bytea'].includes(args.bodyType)
  const none = keys.length === 0
  const message = `Could not find the function ${fn}${onlyWholeBody ? '' : none ? ' without parameters' : `(${keys.join(', ')})`} in the schema cache`
  const params = none
    ? ' without parameters'
    : ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
  const searched = onlyWholeBody
    ? ` with a single unnamed ${args.bodyType} parameter`
    : isPost && args.bodyType === 'json'
      ? `${params} or with a single unnamed json/jsonb parameter`
      : params
  return new RestError(
    404,
    'PGRST202',
    message,
    `Searched for the function ${fn}${searched}, but no matches were found in the schema cache.`,
    onlyWholeBody ? null : hint,
  )
}

/**
 * The call expression. Every argument goes through `json_to_record` with the parameter's type, as
 * PostgREST reads arguments, so JSON objects become rows, arrays become arrays, and strings meet
 * the type's own input syntax.
 */
export function callSql(routine: Routine, args: CallArgs, isRead: boolean, params: Params): string {
  const fn = `${quoteIdent(routine.schema)}.${quoteIdent(routine.name)}`
  if (takesWholeBody(routine, args, !isRead))
    return `${fn}(${params.add(args.whole ?? null, routine.args[0]?.type)})`
  const given = routine.args.filter((a) => Object.hasOwn(args.named, a.name))
  const list = given.map((a) => {
    const json = params.add(JSON.stringify({ v: args.named[a.name] ?? null }), 'json')
    const value = `(select pgrst_arg.v from json_to_record(${json}) as pgrst_arg(v ${a.type}))`
    // An unnamed parameter can only be passed by position (it is then the only one).
    return a.name === '' ? value : `${quoteIdent(a.name)} := ${value}`
  })
  return `${fn}(${list.join(', ')})`
}
