import { describe, expect, it } from 'vitest';
import { stylesheetLoaded } from './stylesheet-loaded';

/** A page whose one stylesheet link is `link` (or none). */
function page(link: { sheet: object | null } | null) {
  const listeners = new Map<string, () => void>();
  const element = link && { ...link, addEventListener: (type: string, listener: () => void) => listeners.set(type, listener) };
  const document = { querySelector: (selector: string) => (selector === 'link[rel="stylesheet"]' ? element : null) } as unknown as Document;
  return { document, fire: (type: 'load' | 'error') => listeners.get(type)!() };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('stylesheetLoaded', () => {
  it('resolves at once without a stylesheet link, or when it has loaded already', async () => {
    expect(await settled(stylesheetLoaded(page(null).document))).toBe(true);
    expect(await settled(stylesheetLoaded(page({ sheet: {} }).document))).toBe(true);
  });

  it('waits for a stylesheet still loading, and resolves on its load or its failure', async () => {
    for (const outcome of ['load', 'error'] as const) {
      const loading = page({ sheet: null });
      const waiting = stylesheetLoaded(loading.document);
      expect(await settled(waiting)).toBe(false);
      loading.fire(outcome);
      expect(await settled(waiting)).toBe(true);
    }
  });
});
