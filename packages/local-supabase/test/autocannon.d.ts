declare module 'autocannon' {
  interface Result {
    requests: { average: number }
    latency: { p50: number; p99: number }
    non2xx: number
  }
  export default function autocannon(options: {
    url: string
    headers?: Record<string, string>
    connections?: number
    duration?: number
  }): Promise<Result>
}
