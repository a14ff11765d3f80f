/*
 * Sign-in and sign-up limits, as GoTrue's in-memory limiters: per client address (the config's
 * `[auth.rate_limit] sign_in_sign_ups`, per 5 minutes, as hosted Supabase counts it) and per
 * account (failed password sign-ins for one email address). Over either, 429
 * `over_request_rate_limit`. The account limit is keyed by the address as typed, whether or not
 * an account exists, so its answers tell nothing about which accounts exist.
 * Auth mails have their own limits, below.
 */
import { AuthError } from './errors.js'

/** GoTrue's window for `sign_in_sign_ups`. */
export const SIGN_IN_WINDOW_MS = 5 * 60_000
/** Failed password sign-ins one email address may have per window before it is refused. */
export const FAILED_SIGN_INS_PER_ACCOUNT = 10
/** Keys kept per limiter; beyond that the oldest go first, so a flood cannot exhaust memory. */
const MAX_KEYS = 100_000

export const overRequestRateLimit = () =>
  new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')

/** Attempts per key in a sliding window. */
export function createWindowCounter(max: number, windowMs: number, now: () => number = Date.now) {
  const attempts = new Map<string, number[]>()

  function recent(key: string): number[] {
    const since = now() - windowMs
    const kept = (attempts.get(key) ?? []).filter((at) => at > since)
    if (kept.length === 0) attempts.delete(key)
    else attempts.set(key, kept)
    return kept
  }

  return {
    /** Whether `key` has used up its attempts. */
    exhausted(key: string): boolean {
      return recent(key).length >= max
    },
    /** Counts one attempt for `key`. */
    record(key: string): void {
      const kept = recent(key)
      attempts.delete(key)
      attempts.set(key, [...kept, now()])
      if (attempts.size > MAX_KEYS) attempts.delete(attempts.keys().next().value as string)
    },
  }
}

export function createSignInLimits(
  { perAddress, perAccount = FAILED_SIGN_INS_PER_ACCOUNT }: { perAddress: number; perAccount?: number },
  now: () => number = Date.now,
) {
  const addresses = createWindowCounter(perAddress, SIGN_IN_WINDOW_MS, now)
  const accounts = createWindowCounter(perAccount, SIGN_IN_WINDOW_MS, now)
  return {
    /** One sign-in or sign-up attempt from `address`; 429 once it has made its allowance. */
    attempt(address: string): void {
      if (addresses.exhausted(address)) throw overRequestRateLimit()
      addresses.record(address)
    },
    /** Before checking a password for `email`: 429 while it has too many recent failures. */
    checkAccount(email: string): void {
      if (accounts.exhausted(email)) throw overRequestRateLimit()
    },
    /** A wrong password (or no such account) for `email`. */
    failed(email: string): void {
      accounts.record(email)
    },
  }
}

export type SignInLimits = ReturnType<typeof createSignInLimits>

/**
 * Auth mail limits, as GoTrue's: one address gets a mail at most every `minIntervalSeconds`
 * (`[auth.email] max_frequency`), and the whole instance sends at most `perHour` mails an hour
 * (`[auth.rate_limit] email_sent`). Over either, 429 `over_email_send_rate_limit`.
 */
export function createEmailSendLimits(
  { minIntervalSeconds, perHour }: { minIntervalSeconds: number; perHour: number },
  now: () => number = Date.now,
) {
  const sent: number[] = []
  return {
    /** Before sending: `lastSent` is when this address last got this kind of mail (null: never). */
    check(lastSent: Date | null): void {
      const windowMs = minIntervalSeconds * 1000
      if (lastSent && now() - lastSent.getTime() < windowMs) {
        const wait = Math.ceil((windowMs - (now() - lastSent.getTime())) / 1000)
        throw new AuthError(
          429,
          'over_email_send_rate_limit',
          `For security purposes, you can only request this after ${wait} seconds.`,
        )
      }
      const hourAgo = now() - 3_600_000
      while (sent.length > 0 && (sent[0] as number) < hourAgo) sent.shift()
      if (sent.length >= perHour) {
        throw new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded')
      }
    },
    /** One mail sent. */
    record(): void {
      sent.push(now())
    },
  }
}

export type EmailSendLimits = ReturnType<typeof createEmailSendLimits>

/** GoTrue's MFA limiters allow this many requests at once from one address (tollbooth's burst). */
export const MFA_BURST = 30
/** GoTrue forgets an address's MFA bucket this long after creating it (tollbooth's TTL). */
export const MFA_BUCKET_TTL_MS = 60_000

/**
 * GoTrue's limiter for `POST /factors/{id}/challenge` and `/verify` (one each): a token bucket per
 * client address that holds `burst` requests and refills at `perMinute`
 * (GOTRUE_MFA_RATE_LIMIT_CHALLENGE_AND_VERIFY, 15), and is dropped a minute after it was made, so
 * the next request starts a full one. A refused request takes no token. Over it, 429
 * `over_request_rate_limit`, whatever the code: the right one is refused as well.
 */
export function createMfaLimiter(
  { perMinute, burst = MFA_BURST }: { perMinute: number; burst?: number },
  now: () => number = Date.now,
) {
  const buckets = new Map<string, { tokens: number; at: number; createdAt: number }>()
  return {
    /** One request from `address`; 429 when its bucket is empty. */
    take(address: string): void {
      const t = now()
      let bucket = buckets.get(address)
      if (!bucket || t - bucket.createdAt >= MFA_BUCKET_TTL_MS)
        bucket = { tokens: burst, at: t, createdAt: t }
      const tokens = Math.min(burst, bucket.tokens + ((t - bucket.at) / 60_000) * perMinute)
      buckets.delete(address)
      const allowed = tokens >= 1
      buckets.set(address, { tokens: allowed ? tokens - 1 : tokens, at: t, createdAt: bucket.createdAt })
      if (buckets.size > MAX_KEYS) buckets.delete(buckets.keys().next().value as string)
      if (!allowed) throw overRequestRateLimit()
    },
  }
}

export type MfaLimiter = ReturnType<typeof createMfaLimiter>
