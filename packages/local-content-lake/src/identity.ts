/** The one person every request acts as: the lake has no sign-in (contract §1 item 3). */
export const LOCAL_EDITOR = {
  id: 'p-local-editor',
  name: 'Local Editor',
  email: 'editor@local-content-lake.invalid',
} as const

export type LocalIdentity = typeof LOCAL_EDITOR
