/**
 * Resolves once the page's stylesheet has loaded (or failed: the screen then shows unstyled rather
 * than not at all). A page without one (the dev server injects its CSS from scripts) resolves at once.
 */
export function stylesheetLoaded(document: Document = globalThis.document): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}
