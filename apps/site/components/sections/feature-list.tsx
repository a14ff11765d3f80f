/** A project's delivered features, each behind a tick (globals.css `ticks`). */
export function FeatureList({ features, className }: { features: string[] | null; className: string }) {
  return (
    <ul className={`ticks text-slate-700 ${className}`}>
      {(features ?? []).map((feature, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a content list rendered once on the server and never reordered; the text as its key would be sent a second time in the RSC payload
        <li key={index}>{feature}</li>
      ))}
    </ul>
  )
}
