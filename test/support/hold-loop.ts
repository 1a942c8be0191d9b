/** Holds the event loop for `ms` (a stall of the suite's own process, as a busy machine makes). */
export function holdLoop(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}
