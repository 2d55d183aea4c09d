import { ref, type Ref } from 'vue';
import type { SystemId } from '../../../shared/system-kit/rule-system';
import { ensureSystem } from './loaded-systems';

/** What the start needs of the settings store (passed in, so this folder imports no feature). */
export interface StartSettings {
  load(): Promise<void>;
  readonly systemId: SystemId;
}

/**
 * Whether the start system's chunk has arrived or failed (reactive). The screen mounts at once;
 * only the panels, which show that system's rules, wait for this.
 */
export const startSystemSettled: Readonly<Ref<boolean>> = ref(false);

/**
 * While the screen mounts: the settings, and the rules of the system they name (the one last
 * used, which the panels show until an encounter opens). Only that system's chunk loads; an
 * encounter of another system loads its own when it opens. A chunk that cannot be loaded still
 * lets the panels mount; what then reads that system's rules meets a RulesError ("The rules of …
 * are not loaded yet."), which the error reporting logs.
 */
export async function loadStartSystem(settings: StartSettings): Promise<void> {
  try {
    await settings.load();
    await ensureSystem(settings.systemId);
  } catch {
    // The panels still mount (see above): a missing chunk means a damaged install, not a GM's error.
  } finally {
    (startSystemSettled as Ref<boolean>).value = true;
  }
}
