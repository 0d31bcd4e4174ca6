/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  export interface Options {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    /** Requests to make in all; when set, `duration` is ignored. */
    amount?: number;
    title?: string;
    /** Requests per second over all connections (open-loop rate). */
    overallRate?: number;
    /** Cycled per connection; `setupRequest` may rewrite each one before it is sent. */
    requests?: RequestSpec[];
  }

  export interface RequestSpec {
    method?: 'GET' | 'POST';
    path?: string;
    setupRequest?: (request: RequestSpec) => RequestSpec;
  }

  export interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
    total: number;
  }

  export interface Result {
    title?: string;
    errors: number;
    timeouts: number;
    non2xx: number;
    latency: Histogram;
    requests: Histogram;
  }

  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
