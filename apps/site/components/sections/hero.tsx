import type { ContactDetails, ContentLink } from '@siyakha/content/links'
import { Container } from '@siyakha/ui/container'
import { CmsImage, type CmsImageData } from './cms-image'
import { LinkButtons } from './links'

export interface HeroData {
  eyebrow?: string | null
  heading?: string | null
  text?: string | null
  image?: CmsImageData | null
  ctas?: ContentLink[] | null
  stats?: { _key?: string | null; value?: string | null; label?: string | null }[] | null
}

/** The page's H1 band. `breadcrumbs` sit above the heading when given. */
export function Hero({
  hero,
  fallbackHeading,
  contacts,
  breadcrumbs,
  children,
}: {
  hero: HeroData | null | undefined
  fallbackHeading: string
  contacts: ContactDetails
  breadcrumbs?: React.ReactNode
  children?: React.ReactNode
}) {
  const stats = hero?.stats ?? []
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-900 via-[#10295c] to-brand-700 text-white">
      <Container className="py-16 sm:py-20 lg:py-24">
        {breadcrumbs}
        <div className={hero?.image ? 'grid items-center gap-10 lg:grid-cols-2' : 'max-w-3xl'}>
          <div>
            {hero?.eyebrow ? (
              <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-sky-300">
                {hero.eyebrow}
              </p>
            ) : null}
            <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
              {hero?.heading ?? fallbackHeading}
            </h1>
            {hero?.text ? <p className="mt-5 text-lg leading-relaxed text-slate-200">{hero.text}</p> : null}
            <LinkButtons
              links={hero?.ctas}
              contacts={contacts}
              inverted
              className="mt-8 flex flex-wrap gap-3"
            />
            {children}
          </div>
          {hero?.image ? (
            <CmsImage
              image={hero.image}
              sizes="(min-width: 1024px) 40vw, 100vw"
              className="rounded-xl"
              preload
            />
          ) : null}
        </div>
        {stats.length > 0 ? (
          <dl className="mt-12 grid grid-cols-2 gap-6 sm:grid-cols-4 lg:grid-cols-7">
            {stats.map((s) => (
              <div key={s._key ?? s.label} className="rounded-lg bg-white/10 px-4 py-3">
                <dt className="text-sm text-slate-200">{s.label}</dt>
                <dd className="text-2xl font-bold text-white">{s.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </Container>
    </section>
  )
}
