/** Runs once when the server starts, before it answers any request. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return
  const { startupProblems, startupWarnings } = await import('./lib/startup-check')
  const problems = startupProblems(process.env)
  if (problems.length > 0) throw new Error(`The site refuses to start:\n- ${problems.join('\n- ')}`)
  for (const warning of startupWarnings(process.env)) console.warn(`Site configuration: ${warning}`)
  const { recordSocketAddresses } = await import('./lib/visitor-address')
  recordSocketAddresses()
}
