/* A published-perspective GROQ query against the lake running on the data dir, over its HTTP API. */
import type { ContentLakeOptions } from '../config.js'

export async function queryRunningLake<T>(
  options: Pick<ContentLakeOptions, 'projectId'>,
  httpUrl: string,
  dataset: string,
  query: string,
): Promise<T> {
  const url = new URL(`/v2025-02-19/data/query/${dataset}`, httpUrl)
  url.searchParams.set('query', query)
  url.searchParams.set('perspective', 'published')
  const response = await fetch(url, { headers: { 'X-Sanity-Project-ID': options.projectId } })
  if (!response.ok) throw new Error(`The lake answered ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { result: T }).result
}
