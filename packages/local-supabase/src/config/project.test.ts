import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadProjectConfig } from './project.js'

function configFrom(toml: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'project-config-'))
  writeFileSync(path.join(dir, 'config.toml'), toml)
  return loadProjectConfig(dir)
}

describe('[auth.mfa]', () => {
  it('defaults to the CLI template: 10 factors, every factor type off', () => {
    expect(configFrom('').auth.mfa).toEqual({
      max_enrolled_factors: 10,
      totp: { enroll_enabled: false, verify_enabled: false },
      phone: {
        enroll_enabled: false,
        verify_enabled: false,
        otp_length: 6,
        template: 'Your code is {{ .Code }}',
        max_frequency: 5,
      },
      web_authn: { enroll_enabled: false, verify_enabled: false },
    })
  })

  it('reads the switches and limits config.toml sets', () => {
    const mfa = configFrom(
      '[auth.mfa]\nmax_enrolled_factors = 3\n[auth.mfa.totp]\nenroll_enabled = true\nverify_enabled = true\n[auth.mfa.phone]\nmax_frequency = "1m"\n',
    ).auth.mfa
    expect(mfa.max_enrolled_factors).toBe(3)
    expect(mfa.totp).toEqual({ enroll_enabled: true, verify_enabled: true })
    expect(mfa.phone.max_frequency).toBe(60)
    expect(() => configFrom('[auth.mfa.totp]\nenroll_enabled = "yes"\n')).toThrow(/config\.toml is invalid/)
  })
})

describe('[auth.rate_limit] mfa_challenge_and_verify', () => {
  it('defaults to GoTrue’s 15 a minute and reads the value config.toml sets', () => {
    expect(configFrom('').auth.rate_limit.mfa_challenge_and_verify).toBe(15)
    expect(
      configFrom('[auth.rate_limit]\nmfa_challenge_and_verify = 60\n').auth.rate_limit
        .mfa_challenge_and_verify,
    ).toBe(60)
    expect(() => configFrom('[auth.rate_limit]\nmfa_challenge_and_verify = 0\n')).toThrow(/invalid/)
  })
})
