'use client'

import { Icon } from './icon'

export type IndustryTile = { title: string; icon: string; points: string[] }

/** The industries of an industries section (an island: sections/islands.tsx). */
export function IndustryTiles({ industries }: { industries: IndustryTile[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {industries.map((industry) => (
        <li key={industry.title} className="tile">
          <div className="tile-head">
            <Icon name={industry.icon} className="size-6 text-brand-700" />
            <h3 className="card-title">{industry.title}</h3>
          </div>
          <ul className="tile-list">
            {industry.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  )
}
