/*
 * Which relationship `target!hint(...)` names from a parent, by PostgREST's rules (its `findRel`):
 * the target is the embedded table or view, or (from tables only) a key's constraint name or its
 * single column; the hint narrows by constraint, key column or junction table. A self-reference
 * reads the table name as its one-to-many side and the key column as its many-to-one side.
 */
import { RestError } from './errors.js'
import { fuzzyBest, fuzzyMatches } from './fuzzy.js'
import { nameOf, type Relationship, schemaOf } from './relationships.js'

type FkRel = Extract<Relationship, { kind: 'fk' }>

const singleCol = (rel: Relationship, value: string) =>
  rel.kind === 'fk' && rel.columns.length === 1 && rel.columns[0]?.[0] === value
const singleRefCol = (rel: Relationship, value: string) =>
  rel.kind === 'fk' && rel.columns.length === 1 && rel.columns[0]?.[1] === value
const constraintIs = (rel: Relationship, value: string) => rel.kind === 'fk' && rel.constraint === value
const junctionIs = (rel: Relationship, value: string) => rel.kind === 'm2m' && nameOf(rel.junction) === value

function matches(rel: Relationship, target: string, hint: string | undefined): boolean {
  if (rel.kind === 'computed') return rel.fn === target
  const foreignName = nameOf(rel.foreign)
  if (rel.isSelf && rel.kind === 'fk') {
    const o2m = rel.cardinality === 'o2m'
    const m2o = rel.cardinality === 'm2o'
    if (hint === undefined) return (target === foreignName && o2m) || (singleCol(rel, target) && m2o)
    return target === foreignName && o2m && singleRefCol(rel, hint)
  }
  if (hint === undefined) {
    return (
      target === foreignName ||
      (constraintIs(rel, target) && !rel.foreignIsView) ||
      (singleCol(rel, target) && !rel.foreignIsView)
    )
  }
  return (
    target === foreignName &&
    (constraintIs(rel, hint) || singleCol(rel, hint) || singleRefCol(rel, hint) || junctionIs(rel, hint))
  )
}

const columnsText = (cols: string[]) => `(${cols.join(', ')})`

/** PGRST201's details: one object per candidate, as PostgREST describes them. */
function describe(rel: Relationship): Record<string, string> {
  const table = nameOf(rel.table)
  const foreign = nameOf(rel.foreign)
  const embedding = `${table} with ${foreign}`
  if (rel.kind === 'm2m') {
    return {
      cardinality: 'many-to-many',
      embedding,
      relationship: `${nameOf(rel.junction)} using ${rel.constraint1}${columnsText(rel.source.map(([j]) => j))} and ${rel.constraint2}${columnsText(rel.target.map(([j]) => j))}`,
    }
  }
  if (rel.kind === 'computed') return {}
  const cardinality = { m2o: 'many-to-one', o2m: 'one-to-many', o2o: 'one-to-one' }[rel.cardinality]
  return {
    cardinality,
    embedding,
    relationship: `${rel.constraint} using ${table}${columnsText(rel.columns.map(([c]) => c))} and ${foreign}${columnsText(rel.columns.map(([, c]) => c))}`,
  }
}

function hintFor(rel: Relationship): string {
  if (rel.kind === 'm2m') return `'${nameOf(rel.foreign)}!${nameOf(rel.junction)}'`
  return rel.kind === 'fk' ? `'${nameOf(rel.foreign)}!${(rel as FkRel).constraint}'` : ''
}

/**
 * PostgREST's hint: a similar embedded table when the parent has relationships (never the target
 * itself), otherwise a similar parent.
 */
function noRelationshipHint(relationships: Map<string, Relationship[]>, parent: string, target: string) {
  const schema = schemaOf(parent)
  const own = relationships.get(parent)
  if (own) {
    const children = [...new Set(own.map((rel) => nameOf(rel.foreign)))]
    const child = fuzzyMatches(children, target).find((match) => match.score < 1)?.value
    return child === undefined ? null : `Perhaps you meant '${child}' instead of '${target}'.`
  }
  const parents = [...relationships.keys()].filter((key) => schemaOf(key) === schema).map(nameOf)
  const suggestion = fuzzyBest(parents, nameOf(parent))
  return suggestion === undefined ? null : `Perhaps you meant '${suggestion}' instead of '${nameOf(parent)}'.`
}

/** The one relationship `target` (with `hint`) names from `parent`, or PostgREST's PGRST200 / PGRST201. */
export function findRelationship(
  relationships: Map<string, Relationship[]>,
  parent: string,
  target: string,
  hint: string | undefined,
): Relationship {
  const found = (relationships.get(parent) ?? []).filter((rel) => matches(rel, target, hint))
  if (found.length === 1) return found[0] as Relationship
  const parentName = nameOf(parent)
  if (found.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parentName}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${parentName}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${schemaOf(parent)}', but no matches were found.`,
      noRelationshipHint(relationships, parent, target),
    )
  }
  const error = new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parentName}' and '${target}'`,
    null,
    `Try changing '${target}' to one of the following: ${found.map(hintFor).join(', ')}. Find the desired relationship in the 'details' key.`,
  )
  error.detailsValue = found.map(describe)
  throw error
}
