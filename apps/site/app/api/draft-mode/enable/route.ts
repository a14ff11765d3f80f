import { checkPreviewRequest } from '@siyakha/content/preview'
import { draftMode } from 'next/headers'
import { redirect } from 'next/navigation'

/** Entered from the Studio's Presentation tool: drafts are shown until draft mode is disabled. */
export async function GET(request: Request) {
  const check = await checkPreviewRequest(request.url)
  if (!check.ok) return new Response(check.message, { status: check.status })
  ;(await draftMode()).enable()
  redirect(check.redirectTo)
}
