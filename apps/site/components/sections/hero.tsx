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
    <section className="hero">
      <Container className="hero-body">
        {breadcrumbs}
        <div className={hero?.image ? 'grid items-center gap-10 lg:grid-cols-2' : 'max-w-3xl'}>
          <div>
            {hero?.eyebrow ? <p className="hero-eyebrow">{hero.eyebrow}</p> : null}
            <h1 className="hero-title">{hero?.heading ?? fallbackHeading}</h1>
            {hero?.text ? <p className="hero-text">{hero.text}</p> : null}
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
          <dl className="hero-stats">
            {stats.map((s) => (
              <div key={s._key ?? s.label} className="hero-stat">
                <dt>{s.label}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        ) : null}
      </Container>
    </section>
  )
}
