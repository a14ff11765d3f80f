import { FunctionsHttpError } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { client, keys, signedIn, uniqueEmail, urls } from './helpers.js'

describe('edge functions', () => {
  it('verify_jwt: missing or invalid JWT → 401; a session passes; the function sees /name and its env', async () => {
    const missing = await fetch(`${urls.functions}/echo`, { method: 'POST' })
    expect([missing.status, await missing.json()]).toEqual([
      401,
      { msg: 'Error: Missing authorization header' },
    ])
    const invalid = await fetch(`${urls.functions}/echo`, {
      method: 'POST',
      headers: { Authorization: 'Bearer abc.def.ghi' },
    })
    expect([invalid.status, await invalid.json()]).toEqual([401, { msg: 'Invalid JWT' }])
    const { supabase } = await signedIn('fn')
    const { data, error } = await supabase.functions.invoke('echo/sub?x=1', { body: { hi: 1 } })
    expect(error).toBeNull()
    expect(data).toMatchObject({
      path: '/echo/sub',
      method: 'POST',
      body: { hi: 1 },
      hasAuth: true,
      env: { url: urls.api, anon: true, service: true, db: true, custom: 'from-dotenv', home: null },
    })
  })

  it('non-2xx surfaces as FunctionsHttpError; verify_jwt=false functions run signed-out and resolve npm: imports offline', async () => {
    const { error } = await client().functions.invoke('echo?fail=1')
    expect(error).toBeInstanceOf(FunctionsHttpError)
    expect((error as FunctionsHttpError).context.status).toBe(418)
    const open = await fetch(`${urls.functions}/public-echo`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Ada' }),
    })
    expect(await open.json()).toEqual({ hello: 'Ada', path: '/public-echo' })
  })

  it('router errors: unknown → 404 text, boot failure → 503 BOOT_ERROR', async () => {
    const unknown = await fetch(`${urls.functions}/does-not-exist`, {
      headers: { Authorization: `Bearer ${keys.anonKey}` },
    })
    expect([unknown.status, await unknown.text()]).toEqual([404, 'Function not found'])
    const broken = await fetch(`${urls.functions}/broken`, { method: 'POST' })
    expect([broken.status, await broken.json()]).toEqual([
      503,
      { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' },
    ])
  })
})

describe('mailbox', () => {
  it('captures mail over SMTP, lists, reads and deletes it over HTTP', async () => {
    const email = uniqueEmail('mailbox')
    await client().auth.signUp({ email, password: 'password123' })
    const list = (await (await fetch(`${urls.mailbox}/api/v1/messages?to=${email}`)).json()) as {
      messages: { ID: string; Subject: string }[]
    }
    expect(list.messages).toHaveLength(1)
    const id = list.messages[0]?.ID as string
    const message = (await (await fetch(`${urls.mailbox}/api/v1/message/${id}`)).json()) as {
      HTML: string
      From: { Address: string }
    }
    expect(message.HTML).toContain('Siyakha Tech')
    expect((await fetch(`${urls.mailbox}/api/v1/message/${id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await fetch(`${urls.mailbox}/api/v1/message/${id}`)).status).toBe(404)
    const page = await fetch(`${urls.mailbox}/`)
    expect(await page.text()).toContain('Mailbox')
  })
})
