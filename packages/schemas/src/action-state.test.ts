import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldErrors, refused, succeeded, validate, valuesOf } from './action-state'

const schema = z.object({ name: z.string().min(2, 'Too short'), age: z.coerce.number().int('Whole years') })

describe('valuesOf', () => {
  it('reads the named fields as text, a missing or file field as empty', () => {
    const form = new FormData()
    form.set('name', 'Thandi')
    form.set('upload', new Blob(['x']), 'x.txt')
    expect(valuesOf(form, ['name', 'upload', 'missing'])).toEqual({ name: 'Thandi', upload: '', missing: '' })
  })

  it('reads anything but a form as an empty one (a hand-made post can bind any value)', () => {
    for (const input of [undefined, null, 'name=x', { name: 'x' }, 42]) {
      expect(valuesOf(input, ['name'])).toEqual({ name: '' })
    }
  })
})

describe('fieldErrors and validate', () => {
  it('gives the first message per field, from a schema and input or from the error', () => {
    const input = { name: 'x', age: '1.5' }
    const expected = { name: 'Too short', age: 'Whole years' }
    expect(fieldErrors(schema, input)).toEqual(expected)
    expect(fieldErrors(schema.safeParse(input).error)).toEqual(expected)
    expect(validate(schema, input)).toEqual({ ok: false, errors: expected })
  })

  it('passes the parsed data on', () => {
    expect(validate(schema, { name: 'Sipho', age: '40' })).toEqual({
      ok: true,
      data: { name: 'Sipho', age: 40 },
    })
    expect(fieldErrors(schema, { name: 'Sipho', age: '40' })).toEqual({})
  })
})

describe('refused and succeeded', () => {
  it('carry the reason, the values sent back and when', () => {
    const refusal = refused('validation', { name: 'x' }, { fieldErrors: { name: 'Too short' } })
    expect(refusal).toMatchObject({
      status: 'error',
      reason: 'validation',
      message: '',
      values: { name: 'x' },
    })
    expect(refusal.at).toBeTypeOf('number')
    expect(succeeded({ reference: 'SR-1' }, { message: 'Sent' })).toMatchObject({
      status: 'success',
      data: { reference: 'SR-1' },
      message: 'Sent',
    })
  })
})
