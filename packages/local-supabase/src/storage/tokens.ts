/*
 * Signed-URL tokens (contract §8.4): HS256 `{url, iat, exp}` with the project JWT secret and no
 * `kid`. Clients treat them as opaque; hosted may sign with another key.
 */
import { createSecretKey } from 'node:crypto'
import { errors, jwtVerify, SignJWT } from 'jose'
import { JWT_SECRET } from '../config/keys.js'
import { invalidJwt, invalidSignature } from './errors.js'

const key = createSecretKey(Buffer.from(JWT_SECRET))

export async function signObjectUrl(url: string, expiresIn: number): Promise<string> {
  const iat = Math.floor(Date.now() / 1000)
  return new SignJWT({ url })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + expiresIn)
    .sign(key)
}

/** Checks signature and `exp` (no skew, as Storage), then that the token is for `url`; returns `exp`. */
export async function verifyObjectUrl(token: string, url: string): Promise<number> {
  let payload: Record<string, unknown>
  try {
    payload = (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload
  } catch (error) {
    if (error instanceof errors.JOSEError) throw invalidJwt(error.message)
    throw error
  }
  if (payload.url !== url) throw invalidSignature()
  return typeof payload.exp === 'number' ? payload.exp : 0
}
