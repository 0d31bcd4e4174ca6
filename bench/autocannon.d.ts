/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  export interface Options {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    title?: string;
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
