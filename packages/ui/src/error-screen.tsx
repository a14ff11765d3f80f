'use client'

import { useEffect } from 'react'

export type ErrorScreenProps = {
  /** What the error boundary caught. Only logged: its message and stack never reach the page. */
  error: unknown
  /** Next's `retry`: fetches the failed segment again and re-renders it. */
  retry: () => void
  /** The way back: a plain link, so it works even when the client router is in trouble. */
  backHref: string
  backLabel: string
}

/**
 * What an error boundary shows instead of a blank page or a stack trace: a plain explanation, a
 * retry (most failures here are a data source that is briefly unavailable) and a way back. The
 * error's digest is shown as a reference that matches the server log.
 *
 * Written with the classes Container and buttonClasses would give rather than with them: the apps'
 * global-error imports this screen, and with it every page's scripts.
 */
export function ErrorScreen({ error, retry, backHref, backLabel }: ErrorScreenProps) {
  useEffect(() => {
    console.error('The page failed to render', error)
  }, [error])

  const digest =
    error && typeof error === 'object' && 'digest' in error && typeof error.digest === 'string'
      ? error.digest
      : null

  return (
    <div className="page-column notice-screen max-w-2xl">
      <h1 className="notice-title">Something went wrong</h1>
      <p className="mt-4 text-lg text-slate-700">
        We couldn’t load this page just now. This is usually temporary: try again, or come back in a few
        minutes.
      </p>
      {digest ? <p className="mt-2 text-sm text-slate-600">Reference: {digest}</p> : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary btn-md" onClick={retry}>
          Try again
        </button>
        <a href={backHref} className="btn btn-outline btn-md">
          {backLabel}
        </a>
      </div>
    </div>
  )
}
