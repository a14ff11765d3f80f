export function SectionHeading({
  heading,
  intro,
  level = 2,
  centered,
}: {
  heading?: string | null
  intro?: string | null
  level?: 2 | 3
  centered?: boolean
}) {
  if (!heading && !intro) return null
  const Tag = level === 2 ? 'h2' : 'h3'
  return (
    <div className={centered ? 'mx-auto mb-10 max-w-3xl text-center' : 'mb-10 max-w-3xl'}>
      {heading ? <Tag className="section-title">{heading}</Tag> : null}
      {intro ? <p className="section-intro">{intro}</p> : null}
    </div>
  )
}
