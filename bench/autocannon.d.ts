// The few autocannon fields the benchmark reads (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number
    p50: number
    p99: number
  }
  interface Result {
    requests: Histogram
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
  }
  export interface RequestParams {
    method?: string
    path?: string
    headers?: Record<string, string>
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    headers?: Record<string, string>
    requests?: { setupRequest?: (request: RequestParams) => RequestParams }[]
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
