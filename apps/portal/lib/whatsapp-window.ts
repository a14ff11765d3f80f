/**
 * Popup blockers only allow window.open during the click itself, so the window is opened blank
 * first and pointed at wa.me once the awaits are done. 'noopener' would make open() return null,
 * so the opener link is cut by hand instead.
 */
export function openPendingWindow(): Window | null {
  const win = window.open('about:blank', '_blank')
  if (win) win.opener = null
  return win
}

export function sendWindowTo(win: Window, url: string): void {
  win.location.href = url
}

/** Copies text for the popup-blocked path; false when the browser refuses both ways. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch (error) {
    console.warn('Clipboard API refused, trying the selection fallback', error)
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  const copied = document.execCommand('copy')
  area.remove()
  return copied
}
