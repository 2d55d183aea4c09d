import { ReactiveEffect } from 'vue';
import type { MenuModel } from '../../../shared/menu/menu-model';

/** Runs `work` later, once; see createMenuSync. */
export type MenuSchedule = (work: () => void) => void;

/** 50 ms: the menu follows a change within a blink, and a burst of changes (a panel registering ten commands) is one send. */
export const afterFiftyMs: MenuSchedule = (work) => {
  setTimeout(work, 50);
};

export interface MenuSync {
  /** Stops following the registry; a send already planned is dropped. */
  stop(): void;
}

/**
 * Keeps the application menu in step with the command registry: the model is built (`build`,
 * reactive) and sent once at the start, then again after whatever it read changes: a command
 * registered or removed, a label, a disabled reason, a tick. Changes are coalesced (one send per
 * `schedule`, the model built only then, not on every change), and a model equal to the last one
 * sent is not sent again: an encounter event re-checks every command's disabled reason, and most
 * of those answers do not change. When a send fails the next change sends again.
 */
export function createMenuSync(
  build: () => MenuModel,
  send: (model: MenuModel) => Promise<unknown>,
  schedule: MenuSchedule = afterFiftyMs,
): MenuSync {
  let lastSent: string | null = null;
  let planned = false;
  let stopped = false;

  function flush(): void {
    planned = false;
    if (stopped) return;
    // Re-runs the build, which also records what it read this time (a new command, a new label).
    const model = builder.run();
    const text = JSON.stringify(model);
    if (text === lastSent) return;
    lastSent = text;
    send(model).catch(() => {
      if (lastSent === text) lastSent = null;
    });
  }

  function plan(): void {
    if (planned || stopped) return;
    planned = true;
    schedule(flush);
  }

  // Built only when a flush runs; a change to what it read only plans the next flush.
  const builder = new ReactiveEffect(build);
  builder.scheduler = plan;
  plan();

  return {
    stop() {
      stopped = true;
      builder.stop();
    },
  };
}
