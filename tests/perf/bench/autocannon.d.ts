// The part of autocannon's result the bench reads (the package ships no types).
declare module 'autocannon' {
  type Options = { url: string; connections?: number; duration?: number }
  type Result = {
    requests: { average: number; total: number }
    '2xx': number
    non2xx: number
    errors: number
    timeouts: number
  }
  export default function autocannon(options: Options): Promise<Result>
}
