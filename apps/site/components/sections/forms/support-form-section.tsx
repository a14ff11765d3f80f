import { buttonClasses } from '@siyakha/ui/button'
import { Container } from '@siyakha/ui/container'
import { SupportRequestForm } from '@/components/support-request-form'
import type { SectionProps } from '../types'

export function SupportFormSection({ section, ctx: { contacts } }: SectionProps<'supportFormSection'>) {
  const support = contacts.emails.support
  return (
    <Container>
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8 lg:col-span-2">
          <h2 className="text-2xl font-bold text-slate-900">{section.formHeading}</h2>
          {section.formIntro ? <p className="mt-2 text-slate-600">{section.formIntro}</p> : null}
          <div className="mt-6">
            <SupportRequestForm />
          </div>
        </div>
        {/* On phones the urgent-help card comes first: someone whose network is down should see
            the phone numbers before a long form. */}
        <aside
          className="order-first h-fit rounded-2xl bg-brand-900 p-6 text-white sm:p-8 lg:order-none"
          aria-labelledby="urgent-help"
        >
          <h2 id="urgent-help" className="text-xl font-bold">
            {section.sideHeading}
          </h2>
          {section.sideText ? <p className="mt-2 text-slate-200">{section.sideText}</p> : null}
          <ul className="mt-6 space-y-4">
            {contacts.phones.map((phone) => (
              <li key={phone.e164}>
                <span className="block text-sm text-slate-300">{phone.label}</span>
                <a
                  href={`tel:${phone.e164}`}
                  className="text-lg font-semibold underline-offset-4 hover:underline"
                >
                  {phone.display}
                </a>
              </li>
            ))}
            <li>
              <span className="block text-sm text-slate-300">Email</span>
              <a href={`mailto:${support}`} className="font-semibold underline-offset-4 hover:underline">
                {support}
              </a>
            </li>
            {contacts.whatsappNumber ? (
              <li>
                <a
                  href={`https://wa.me/${contacts.whatsappNumber.replace(/\D/g, '')}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={buttonClasses({ variant: 'secondary', className: 'w-full' })}
                >
                  Chat on WhatsApp
                </a>
              </li>
            ) : null}
          </ul>
          <p className="mt-6 text-sm text-slate-300">{section.receiptNote}</p>
        </aside>
      </div>
    </Container>
  )
}
