/*
 * Sign-in must take as long for an address without an account (or an account without a
 * password) as for a wrong password, or the answer time tells which accounts exist. Those paths
 * spend one bcrypt comparison at the cost real passwords are stored with.
 */
import { randomBytes } from 'node:crypto'
import bcrypt from 'bcryptjs'

/** The cost factor of stored passwords (GoTrue's default, as hashPassword in service.ts). */
export const PASSWORD_HASH_COST = 10

let decoy: Promise<string> | undefined

/** Compares `password` with a hash nobody knows the password of: the time of a real check. */
export async function spendPasswordCheck(password: string): Promise<void> {
  decoy ??= bcrypt.hash(randomBytes(18).toString('base64'), PASSWORD_HASH_COST)
  await bcrypt.compare(password, await decoy)
}
