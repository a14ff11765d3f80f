'use client'

import { toast } from '@siyakha/ui/toaster'

export function CopyLinkButton({ url, className }: { url: string; className?: string }) {
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard API unavailable')
      await navigator.clipboard.writeText(url)
      toast('Link copied', { variant: 'success' })
    } catch (error) {
      console.warn('Copy link failed', error)
      toast('Copy failed', { description: 'Please copy the URL manually.', variant: 'destructive' })
    }
  }

  return (
    <button type="button" onClick={copy} className={className}>
      Copy link
    </button>
  )
}
