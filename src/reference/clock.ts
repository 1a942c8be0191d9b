/** The reference server's time, injectable so tests can set it. */
export interface Clock {
  nowMicroseconds(): number;
  nowSeconds(): number;
}

/** Wall-clock time in Unix microseconds, strictly increasing so two messages never share a key. */
export function systemClock(): Clock {
  let last = 0;
  return {
    nowMicroseconds() {
      last = Math.max(last + 1, Date.now() * 1000);
      return last;
    },
    nowSeconds: () => Math.floor(Date.now() / 1000),
  };
}
