'use client'

import { type ComponentProps, type ComponentType, useEffect, useState } from 'react'

type Sonner = typeof import('sonner')
type ToasterProps = ComponentProps<Sonner['Toaster']>

/** How long a toast stays: the product's 5 s (sonner's own default is 4 s). */
export const TOAST_DURATION_MS = 5000

export type ToastVariant = 'default' | 'success' | 'destructive'
export type ToastOptions = { description?: string; variant?: ToastVariant }

/*
 * sonner is ~10 KB gzipped and most visits never see a toast, so it is loaded on the first
 * toast rather than with every page: `toast()` queues, the mounted <Toaster /> host imports
 * sonner, renders its Toaster, then replays the queue (child effects run before ours, so
 * sonner is subscribed by then). Call `toast` from here, not from 'sonner' directly.
 */
const queue: Array<(sonner: Sonner) => void> = []
let requestSonner: (() => void) | null = null
let loaded: Sonner | null = null

function show(sonner: Sonner, title: string, { description, variant = 'default' }: ToastOptions) {
  if (variant === 'success') sonner.toast.success(title, { description })
  else if (variant === 'destructive') sonner.toast.error(title, { description })
  else sonner.toast(title, { description })
}

export function toast(title: string, options: ToastOptions = {}): void {
  if (loaded) {
    show(loaded, title, options)
    return
  }
  queue.push((sonner) => show(sonner, title, options))
  if (requestSonner) requestSonner()
  else console.warn('toast() was called but no <Toaster /> is mounted; it will show once one is.')
}

/** Mount once in the root layout. */
export function Toaster(props: ToasterProps) {
  const [Sonner, setSonner] = useState<ComponentType<ToasterProps> | null>(null)

  useEffect(() => {
    let loading = false
    requestSonner = () => {
      if (loading) return
      loading = true
      import('sonner').then(
        (sonner) => setSonner(() => sonner.Toaster),
        (error: unknown) => {
          loading = false
          console.error('Could not load notifications', error)
        },
      )
    }
    if (queue.length > 0) requestSonner()
    return () => {
      requestSonner = null
      loaded = null
    }
  }, [])

  useEffect(() => {
    if (!Sonner) return
    // sonner's Toaster (a child) has subscribed in its own effect by now; the module is cached.
    import('sonner').then((sonner) => {
      loaded = sonner
      for (const run of queue.splice(0)) run(sonner)
    })
  }, [Sonner])

  return Sonner ? <Sonner position="top-center" closeButton duration={TOAST_DURATION_MS} {...props} /> : null
}
