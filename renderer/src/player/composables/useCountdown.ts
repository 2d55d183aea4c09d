import { computed, onBeforeUnmount, ref, watch, type Ref } from 'vue';
import { countdownText, msToNextTick, secondsLeft } from '../format';

type Timer = { readonly seconds: number; readonly startedAt: number } | null;

/**
 * The players' countdown, worked out from when the GM started it and this page's clock (both
 * windows run on one machine), ticking once a second as the second turns; it stops at "Time!".
 */
export function useCountdown(timer: Ref<Timer>, clock: () => number = Date.now) {
  const now = ref(clock());
  let pending: ReturnType<typeof setTimeout> | undefined;

  const schedule = (): void => {
    clearTimeout(pending);
    pending = undefined;
    const running = timer.value;
    now.value = clock();
    if (!running || secondsLeft(running, now.value) <= 0) return;
    pending = setTimeout(schedule, msToNextTick(running.startedAt, now.value));
  };

  watch(timer, schedule, { immediate: true });
  onBeforeUnmount(() => clearTimeout(pending));

  const left = computed(() => (timer.value ? secondsLeft(timer.value, now.value) : null));
  const text = computed(() => (left.value === null ? '' : countdownText(left.value)));
  return { left, text };
}
