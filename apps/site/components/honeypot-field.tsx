/** The spam trap's field name, shared with the edge functions. */
export const HONEYPOT_FIELD = 'company_website'

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from assistive
 * technology) but naive bots fill in. The functions quietly drop submissions that carry it.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Company website
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  )
}

/** The honeypot's value in a form ('' when empty or absent). */
export function readHoneypot(form: HTMLFormElement | null): string {
  const input = form?.elements.namedItem(HONEYPOT_FIELD)
  return input instanceof HTMLInputElement ? input.value : ''
}
