import { Icon } from '@/components/icon'

/** A project's delivered features, each behind a tick. */
export function FeatureList({ features, className }: { features: string[] | null; className: string }) {
  return (
    <ul className={className}>
      {(features ?? []).map((feature) => (
        <li key={feature} className="flex gap-2 text-slate-700">
          <Icon name="check" className="mt-1 h-4 w-4 shrink-0 text-accent-500" />
          {feature}
        </li>
      ))}
    </ul>
  )
}
