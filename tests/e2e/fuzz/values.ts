import fc from 'fast-check'

// Hostile values: what people, bots and broken clients send.

export const ONE_MB = 1024 * 1024

const SPECIAL = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\uFFFF',
  '\u202E',
  '👍',
  '\r\n',
  "'; drop table tickets; --",
  '%00',
  '%ZZ',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '$' + '{jndi:ldap://x}',
  '{{7*7}}',
  '\\',
  '"',
  '(',
  '*',
  ',',
  '.',
  'null',
  'eq.',
  'in.(',
]

/** Strings people, bots and broken clients send: unicode, NUL, lone surrogates, very long ones. */
export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ maxLength: 8 })), { maxLength: 6 })
      .map((parts) => parts.join('')),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(201, 255, 4097, 10_001, 50_000, 300_000),
        fc.constantFrom('x', 'é', '👍', '\u0000'),
      )
      .map(([length, unit]) => unit.repeat(length)),
  },
  { weight: 1, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.uuid() },
)

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
)

/** An object with (some of) a payload's keys, every value hostile, plus unexpected keys. */
function shaped(keys: string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((key) => [key, hostileValue])), { requiredKeys: [] }),
      fc.dictionary(
        fc.constantFrom('__proto__', 'constructor', 'company_website', 'action', 'id', 'role'),
        hostileValue,
        {
          maxKeys: 2,
        },
      ),
    )
    .map(([known, extra]) => ({ ...extra, ...known }))
}

/** A body as it arrives: JSON of the shape, JSON of anything, broken JSON, or over 1 MB. */
export function body(keys: string[]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 12, arbitrary: shaped(keys).map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.constantFrom('[]', '{}', 'null', '""', '[{}]', '{"a":', '\u0000', '') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(ONE_MB + 1, 2 * ONE_MB)
        .map((size) => JSON.stringify({ [keys[0] ?? 'x']: 'x'.repeat(size) })),
    },
  )
}

const octet = fc.integer({ min: 1, max: 254 })
const ipv4 = fc.tuple(octet, octet, octet, octet).map((parts) => parts.join('.'))
/** Header values are Latin-1 without controls: what a client can put on the wire. */
export const headerText = fc.string({ maxLength: 80 }).map((text) => text.replace(/[^\x20-\x7E]/g, ''))

/** X-Forwarded-For with a fresh last entry (the address that counts) behind whatever a client typed. */
export const forwardedFor = fc
  .tuple(fc.option(headerText, { nil: undefined }), ipv4)
  .map(([typed, own]) => (typed ? `${typed}, ${own}` : own))

/** encodeURIComponent, which throws on an unpaired surrogate: that one goes as invalid UTF-8 bytes. */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD')).replace(/%EF%BF%BD/g, '%ED%A0%80')
  }
}
