/*
 * Presence per topic, in Phoenix.Presence's wire shape: `{key: {metas: [{phx_ref, ...}]}}`
 * for `presence_state` and the `joins`/`leaves` of `presence_diff`.
 */
import { randomBytes } from 'node:crypto'

export interface PresenceMember {
  key: string
  push(event: string, payload: unknown): void
}

interface Entry {
  key: string
  meta: Record<string, unknown>
}

type PresenceMap = Record<string, { metas: Record<string, unknown>[] }>

const newRef = () => randomBytes(8).toString('base64url')

function add(map: PresenceMap, entry: Entry): void {
  const slot = map[entry.key] ?? { metas: [] }
  slot.metas.push(entry.meta)
  map[entry.key] = slot
}

export function createPresence() {
  /** topic → member → what it tracks. */
  const topics = new Map<string, Map<PresenceMember, Entry>>()
  const listeners = new Map<string, Set<PresenceMember>>()

  function broadcast(topic: string, joins: PresenceMap, leaves: PresenceMap): void {
    for (const member of listeners.get(topic) ?? []) member.push('presence_diff', { joins, leaves })
  }

  return {
    /** A joined channel hears diffs of its topic. */
    listen(topic: string, member: PresenceMember): void {
      const set = listeners.get(topic) ?? new Set()
      set.add(member)
      listeners.set(topic, set)
    },
    state(topic: string): PresenceMap {
      const map: PresenceMap = {}
      for (const entry of topics.get(topic)?.values() ?? []) add(map, entry)
      return map
    },
    /** Tracking again replaces the member's previous meta: a leave and a join in one diff. */
    track(topic: string, member: PresenceMember, payload: Record<string, unknown>): void {
      const members = topics.get(topic) ?? new Map<PresenceMember, Entry>()
      topics.set(topic, members)
      const leaves: PresenceMap = {}
      const previous = members.get(member)
      if (previous) add(leaves, previous)
      const entry: Entry = { key: member.key, meta: { ...payload, phx_ref: newRef() } }
      if (previous) entry.meta.phx_ref_prev = previous.meta.phx_ref
      members.set(member, entry)
      const joins: PresenceMap = {}
      add(joins, entry)
      broadcast(topic, joins, leaves)
    },
    untrack(topic: string, member: PresenceMember): void {
      const members = topics.get(topic)
      const previous = members?.get(member)
      if (!members || !previous) return
      members.delete(member)
      if (members.size === 0) topics.delete(topic)
      const leaves: PresenceMap = {}
      add(leaves, previous)
      broadcast(topic, {}, leaves)
    },
    /** The channel left or its socket closed. */
    remove(topic: string, member: PresenceMember): void {
      const set = listeners.get(topic)
      set?.delete(member)
      if (set?.size === 0) listeners.delete(topic)
      this.untrack(topic, member)
    },
  }
}

export type Presence = ReturnType<typeof createPresence>
