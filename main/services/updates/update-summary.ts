/**
 * The one line Settings shows for the update state: quiet, never an alarm (a GM mid-session reads
 * it only when they open Settings). Pure; the times are the main process's local time.
 */
import type { UpdateState } from './update-state';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** "14:02" for a time today, "1 Dec 14:02" for an earlier day (the app can stay open for days). */
export function describeCheckTime(checkedAt: number, now: number): string {
  const checked = new Date(checkedAt);
  const today = new Date(now);
  const time = `${twoDigits(checked.getHours())}:${twoDigits(checked.getMinutes())}`;
  const sameDay = checked.getFullYear() === today.getFullYear() && checked.getMonth() === today.getMonth() && checked.getDate() === today.getDate();
  return sameDay ? time : `${checked.getDate()} ${MONTHS[checked.getMonth()]} ${time}`;
}

export const OFFLINE_SUMMARY = 'Offline · updates can be checked when the laptop is online';

export function describeUpdateState(state: UpdateState, lastCheckedAt: number | undefined, now: number): string {
  switch (state.kind) {
    case 'idle':
      return lastCheckedAt === undefined ? 'Not checked yet' : `Up to date · checked ${describeCheckTime(lastCheckedAt, now)}`;
    case 'checking':
      return 'Checking for updates…';
    case 'available':
      return `GM Screen ${state.version} is available`;
    case 'downloading':
      return `Downloading ${state.version} · ${state.percent} %`;
    case 'ready':
      return `${state.version} is ready: install when no encounter is open`;
    case 'error':
      return state.message;
    case 'offline':
      return OFFLINE_SUMMARY;
    case 'disabled':
      return 'Update checks are off';
    case 'unavailable':
      return state.reason;
  }
}
