/**
 * Single-request latency of a read: the service call the request makes, one at a time, in this
 * process, with every cache off, so each call takes the database path a cache miss takes. Run
 * after the server has stopped (the embedded database admits one process).
 */
import { openDatabase } from '../../src/store/database.ts';
import type { Services } from '../../src/services.ts';
import { benchServices } from './services.ts';

export interface SingleTiming {
  runs: number;
  p50: number;
  p99: number;
  max: number;
}

export async function timeSingles(
  where: { dataDir: string; databaseUrl?: string },
  calls: Array<{ name: string; call: (services: Services, run: number) => Promise<unknown> }>,
  runs = 100,
): Promise<Record<string, SingleTiming>> {
  const database = await openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir });
  const { services, close } = benchServices(database.db);
  const out: Record<string, SingleTiming> = {};
  try {
    for (const { name, call } of calls) {
      await call(services, 0);
      const times: number[] = [];
      for (let i = 1; i <= runs; i++) {
        const t = performance.now();
        await call(services, i);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
      out[name] = { runs, p50: at(50), p99: at(99), max: times[times.length - 1] };
    }
  } finally {
    await close();
    await database.close();
  }
  return out;
}
