import { contentEnv } from '@siyakha/content/env'
import { parseRevalidationWebhook, SIGNATURE_HEADER_NAME } from '@siyakha/content/webhook'
import { revalidateTag } from 'next/cache'

/** Sanity webhook → tag revalidation. The signature is checked before anything is touched. */
export async function POST(request: Request) {
  const secret = contentEnv.SANITY_REVALIDATE_SECRET
  if (!secret) return Response.json({ message: 'Revalidation is not configured' }, { status: 401 })
  const result = await parseRevalidationWebhook(
    await request.text(),
    request.headers.get(SIGNATURE_HEADER_NAME),
    secret,
  )
  if (!result.ok) return Response.json({ message: result.message }, { status: result.status })
  for (const tag of result.tags) revalidateTag(tag, { expire: 0 })
  return Response.json({ revalidated: result.tags })
}
