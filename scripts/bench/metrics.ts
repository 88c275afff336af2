/**
 * The service's GET /metrics (loopback scrapes need no token) as a lookup of its samples: the
 * bench's memory lines, event-loop figures and the search index's readiness read it.
 */
export type MetricSamples = (sample: string) => number | undefined;

export async function scrapeMetrics(baseUrl: string): Promise<MetricSamples> {
  const text = await (await fetch(`${baseUrl}/metrics`, { signal: AbortSignal.timeout(10_000) })).text();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return (sample) => samples.get(sample);
}

/** The event-loop delay the service reports (launchyard_event_loop_delay_seconds), in ms; NaN when absent. */
export async function loopDelay(baseUrl: string): Promise<{ p99Ms: number; maxMs: number }> {
  const metrics = await scrapeMetrics(baseUrl);
  const ms = (quantile: string) => (metrics(`launchyard_event_loop_delay_seconds{quantile="${quantile}"}`) ?? NaN) * 1000;
  return { p99Ms: ms('0.99'), maxMs: ms('1') };
}
