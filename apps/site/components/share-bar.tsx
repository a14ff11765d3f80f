import { shareLink } from '@siyakha/schemas/whatsapp'
import { buttonClasses } from '@siyakha/ui/button'
import { CopyLinkButton } from './copy-link-button'

/**
 * Share an article: a WhatsApp chat picker with the title and URL, or copy the URL. The link is
 * built here on the server so only the copy button ships JavaScript.
 */
export function ShareBar({ url, title }: { url: string; title: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="text-sm font-semibold text-brand-900">Share this article</span>
      <a
        href={shareLink(`${title} ${url}`)}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses({ variant: 'outline', size: 'sm' })}
      >
        Share on WhatsApp
      </a>
      <CopyLinkButton url={url} className={buttonClasses({ variant: 'outline', size: 'sm' })} />
    </div>
  )
}
