/** Timers run by hand for the save-timing tests: `tick(ms)` fires what is due; `schedule` is the services' injected scheduler. */
export function manualTimers() {
  let now = 0;
  let timers: { at: number; callback: () => void }[] = [];
  return {
    schedule(callback: () => void, ms: number) {
      const timer = { at: now + ms, callback };
      timers.push(timer);
      return () => void (timers = timers.filter((other) => other !== timer));
    },
    tick(ms: number) {
      now += ms;
      const due = timers.filter((timer) => timer.at <= now);
      timers = timers.filter((timer) => timer.at > now);
      for (const timer of due) timer.callback();
    },
    pending: () => timers.length,
  };
}
