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
    <div className={centered ? 'section-head-center' : 'section-head'}>
      {heading ? <Tag className="section-title">{heading}</Tag> : null}
      {intro ? <p className="section-intro">{intro}</p> : null}
    </div>
  )
}
