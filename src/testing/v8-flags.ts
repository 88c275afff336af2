/**
 * V8 flags for test processes: scripts/test.ts starts node's test runner with them (its test
 * files inherit them), and tests pass them on to the service and CLI processes they start.
 *
 * --liftoff-only: PGlite's WebAssembly runs on V8's baseline compiler only. By default V8 also
 * recompiles its hot functions with the optimizing compiler on a background thread, which for a
 * PostgreSQL compiled to WebAssembly costs about 2 s of CPU and 500 MB of memory in every process
 * that opens a database; a test file or a CLI run is over before that pays off. Measured on the CI
 * machine kind: an app test file 25–35 % less CPU (and wall time), a CLI run 2.5 → 1.5 s of CPU;
 * the fuzz, which sends 11,000 requests, the same CPU and 5–10 % more wall time. Nothing but
 * the speed of the compiled code changes; the service itself runs with V8's defaults.
 */
export const TEST_V8_FLAGS = ['--liftoff-only'];

/** The test flags this process was started with: for the service and CLI processes a test starts. */
export const inheritedV8Flags = (): string[] => process.execArgv.filter((a) => TEST_V8_FLAGS.includes(a));
