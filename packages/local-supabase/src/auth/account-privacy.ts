/*
 * Sign-in must take as long for an address without an account (or an account without a
 * password) as for a wrong password, or the answer time tells which accounts exist. Those paths
 * spend one bcrypt comparison at the cost real passwords are stored with.
 */
import { randomBytes } from 'node:crypto'
import bcrypt from 'bcryptjs'

/** The cost factor of stored passwords (GoTrue's default, as hashPassword in users.ts). */
export const PASSWORD_HASH_COST = 10

let decoy: Promise<string> | undefined

/** Compares `password` with a hash nobody knows the password of: the time of a real check. */
export async function spendPasswordCheck(password: string): Promise<void> {
  decoy ??= bcrypt.hash(randomBytes(18).toString('base64'), PASSWORD_HASH_COST)
  await bcrypt.compare(password, await decoy)
}

/**
 * A sign-up for an address that already has an account answers without creating anything or
 * sending mail, so it would come back sooner than a real one. This keeps a running average of how
 * long real sign-ups take (leaning to the slow side) and lets the shortcut answer only after as long.
 */
export function createSignUpPacing(initialMs = 250) {
  let typicalMs = initialMs
  return {
    /** A real sign-up (account created, mail sent) took `ms`. */
    observe(ms: number): void {
      // Up at once when sign-ups get slower (a busy machine), down gradually when they speed up.
      typicalMs = Math.max(ms, typicalMs * 0.8 + ms * 0.2)
    },
    /** Waits until a sign-up started at `startedAt` (performance.now()) has taken the typical time. */
    async pad(startedAt: number): Promise<void> {
      const wait = typicalMs - (performance.now() - startedAt)
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    },
  }
}
