// The quick reference's catalog over the systems loaded so far: one object per set of loaded
// systems, so a computed that reads it re-runs when a system arrives and not otherwise.
import { referenceCatalog, type ReferenceCatalog } from '../../../shared/reference/catalog';
import { loadedSystems } from './loaded-systems';

let last: { readonly key: string; readonly catalog: ReferenceCatalog } | null = null;

export function loadedCatalog(): ReferenceCatalog {
  const modules = loadedSystems();
  const key = modules.map((module) => module.profile.id).join(',');
  if (last?.key !== key) last = { key, catalog: referenceCatalog(modules) };
  return last.catalog;
}
