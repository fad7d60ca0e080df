// Types for parse-prometheus-text-format (a Prometheus text-format parser, prom2json's output
// shape), which test/server/metrics.test.ts reads /metrics with; the package ships none.
declare module 'parse-prometheus-text-format' {
  export type Sample = {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  };
  export type Family = {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: Sample[];
  };
  export default function parsePrometheusTextFormat(text: string): Family[];
}
