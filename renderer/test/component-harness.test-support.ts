import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { afterEach, beforeEach } from 'vitest';
import { createApp, type App, type Component } from 'vue';
import { GmDatabase, setDatabase } from '../src/db/database';

export interface ComponentHarness {
  /** This test's Pinia: fresh for each test, and the active one. */
  readonly pinia: Pinia;
  /** The element in the document the component is mounted in. */
  readonly host: HTMLElement;
  /** Mounts `root` (a component, or a render function) in `host` with this test's Pinia. */
  mount(root: Component): App;
  /** Unmounts what was mounted, within the test (to check what a component undoes when it goes). */
  unmount(): void;
}

/**
 * The set-up every component test file repeats, once: before each test a fresh Pinia, a database
 * of its own (fake IndexedDB, named after `name` and the test's number) and a host element in the
 * document; after it, whatever was mounted is unmounted and the host removed.
 */
export function componentHarness(name: string): ComponentHarness {
  let n = 0;
  let app: App | null = null;
  let pinia: Pinia;
  let host: HTMLElement;
  beforeEach(() => {
    pinia = createPinia();
    setActivePinia(pinia);
    setDatabase(new GmDatabase(`gm-screen-${name}-test-${n++}`));
    host = document.createElement('div');
    document.body.appendChild(host);
  });
  const unmount = () => {
    app?.unmount();
    app = null;
  };
  afterEach(() => {
    unmount();
    host.remove();
  });
  return {
    get pinia() {
      return pinia;
    },
    get host() {
      return host;
    },
    mount(root) {
      app = createApp(root).use(pinia);
      app.mount(host);
      return app;
    },
    unmount,
  };
}
