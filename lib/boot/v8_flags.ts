/**
 * The V8 flags every server process runs with: deno.json's `start` and `demo` tasks, the compiled
 * binary (tasks/compile.ts), the workers (lib/boot/supervisor.ts) and the benches. A young
 * generation of at most 2 MB a semi-space (V8's default grows to 16 MB) kept RSS under load at
 * 289-490 MB against 370-559 MB, at the same req/s (bench/memory.ts; decision 020, which also
 * says why a smaller heap growing factor was not taken). `--expose-gc` gives `globalThis.gc`, the
 * full collection run when a burst of requests is over (lib/boot/memory_trim.ts, decision 049).
 */
export const V8_FLAGS = "--max-semi-space-size=2,--expose-gc";
