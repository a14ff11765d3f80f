/*
 * Decoder of pgoutput protocol 1 messages as `pg_logical_slot_get_binary_changes` returns them,
 * one message per row. Values stay text (pgoutput's default); casting happens in SQL at delivery.
 */

export interface RelationColumn {
  name: string
  typeOid: number
  isKey: boolean
}

export interface Relation {
  oid: number
  schema: string
  table: string
  /** `d` default, `n` nothing, `f` full, `i` index. */
  replicaIdentity: string
  columns: RelationColumn[]
}

/** `undefined` is an unchanged TOAST value pgoutput did not send; `null` is SQL NULL. */
export type TupleValue = string | null | undefined

export type Message =
  | { kind: 'begin'; commitTime: Date; xid: number }
  | { kind: 'commit' }
  | { kind: 'relation'; relation: Relation }
  | { kind: 'insert'; relationOid: number; newTuple: TupleValue[] }
  | { kind: 'update'; relationOid: number; oldTuple?: TupleValue[]; newTuple: TupleValue[] }
  | { kind: 'delete'; relationOid: number; oldTuple: TupleValue[] }
  | { kind: 'other' }

/** PostgreSQL timestamps count microseconds from 2000-01-01. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1)

class Reader {
  offset = 0
  constructor(private readonly data: Buffer) {}

  byte(): number {
    return this.data.readUInt8(this.offset++)
  }
  int16(): number {
    const value = this.data.readInt16BE(this.offset)
    this.offset += 2
    return value
  }
  int32(): number {
    const value = this.data.readInt32BE(this.offset)
    this.offset += 4
    return value
  }
  uint32(): number {
    const value = this.data.readUInt32BE(this.offset)
    this.offset += 4
    return value
  }
  int64(): bigint {
    const value = this.data.readBigInt64BE(this.offset)
    this.offset += 8
    return value
  }
  string(): string {
    const end = this.data.indexOf(0, this.offset)
    if (end < 0) throw new Error('pgoutput: unterminated string')
    const value = this.data.toString('utf8', this.offset, end)
    this.offset = end + 1
    return value
  }
  bytes(length: number): string {
    const value = this.data.toString('utf8', this.offset, this.offset + length)
    this.offset += length
    return value
  }
}

function tuple(reader: Reader): TupleValue[] {
  const count = reader.int16()
  const values: TupleValue[] = []
  for (let i = 0; i < count; i++) {
    const kind = String.fromCharCode(reader.byte())
    if (kind === 'n') values.push(null)
    else if (kind === 'u') values.push(undefined)
    else if (kind === 't') values.push(reader.bytes(reader.int32()))
    else throw new Error(`pgoutput: unexpected column kind ${kind}`)
  }
  return values
}

export function decodeMessage(data: Buffer): Message {
  const reader = new Reader(data)
  const tag = String.fromCharCode(reader.byte())
  switch (tag) {
    case 'B': {
      reader.int64()
      const micros = reader.int64()
      return {
        kind: 'begin',
        commitTime: new Date(PG_EPOCH_MS + Number(micros / 1000n)),
        xid: reader.uint32(),
      }
    }
    case 'C':
      return { kind: 'commit' }
    case 'R': {
      const oid = reader.uint32()
      const schema = reader.string()
      const table = reader.string()
      const replicaIdentity = String.fromCharCode(reader.byte())
      const count = reader.int16()
      const columns: RelationColumn[] = []
      for (let i = 0; i < count; i++) {
        const flags = reader.byte()
        const name = reader.string()
        const typeOid = reader.uint32()
        reader.int32()
        columns.push({ name, typeOid, isKey: (flags & 1) === 1 })
      }
      return { kind: 'relation', relation: { oid, schema, table, replicaIdentity, columns } }
    }
    case 'I': {
      const relationOid = reader.uint32()
      reader.byte()
      return { kind: 'insert', relationOid, newTuple: tuple(reader) }
    }
    case 'U': {
      const relationOid = reader.uint32()
      let marker = String.fromCharCode(reader.byte())
      let oldTuple: TupleValue[] | undefined
      if (marker === 'K' || marker === 'O') {
        oldTuple = tuple(reader)
        marker = String.fromCharCode(reader.byte())
      }
      if (marker !== 'N') throw new Error(`pgoutput: unexpected update marker ${marker}`)
      return { kind: 'update', relationOid, oldTuple, newTuple: tuple(reader) }
    }
    case 'D': {
      const relationOid = reader.uint32()
      reader.byte()
      return { kind: 'delete', relationOid, oldTuple: tuple(reader) }
    }
    default:
      // Truncate, origin, type and logical messages: nothing Realtime delivers.
      return { kind: 'other' }
  }
}
