// Prometheus text exposition (format 0.0.4) of the webhook's counters and latency histogram. Small enough to
// keep here rather than pull in a client library: three counters, one labelled counter, one histogram.

/** Seconds: the API server's SLO is a few ms per object; its timeout is at most 30 s. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class WebhookMetrics {
  private readonly requests = new Map<string, number>();
  conversions = 0;
  failures = 0;
  private readonly counts = new Array<number>(BUCKETS.length).fill(0);
  private sum = 0;
  private observed = 0;

  /** One HTTP request on the conversion path, by status code. */
  request(code: number): void {
    const k = String(code);
    this.requests.set(k, (this.requests.get(k) ?? 0) + 1);
  }

  latency(seconds: number): void {
    for (let i = 0; i < BUCKETS.length; i++) if (seconds <= (BUCKETS[i] as number)) this.counts[i]!++;
    this.sum += seconds;
    this.observed++;
  }

  text(): string {
    const lines = [
      '# HELP version_explorer_webhook_requests_total ConversionReview requests answered, by HTTP status code.',
      '# TYPE version_explorer_webhook_requests_total counter',
      ...[...this.requests].sort().map(([c, n]) => `version_explorer_webhook_requests_total{code="${c}"} ${n}`),
      '# HELP version_explorer_webhook_conversions_total Objects converted in successful reviews.',
      '# TYPE version_explorer_webhook_conversions_total counter',
      `version_explorer_webhook_conversions_total ${this.conversions}`,
      '# HELP version_explorer_webhook_failures_total Reviews answered with result.status Failure.',
      '# TYPE version_explorer_webhook_failures_total counter',
      `version_explorer_webhook_failures_total ${this.failures}`,
      '# HELP version_explorer_webhook_request_duration_seconds Time from the request to the answer.',
      '# TYPE version_explorer_webhook_request_duration_seconds histogram',
      ...BUCKETS.map((b, i) => `version_explorer_webhook_request_duration_seconds_bucket{le="${b}"} ${this.counts[i]}`),
      `version_explorer_webhook_request_duration_seconds_bucket{le="+Inf"} ${this.observed}`,
      `version_explorer_webhook_request_duration_seconds_sum ${this.sum}`,
      `version_explorer_webhook_request_duration_seconds_count ${this.observed}`,
    ];
    return `${lines.join('\n')}\n`;
  }
}
