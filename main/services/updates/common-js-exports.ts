/**
 * A CommonJS package's exports when imported with `import()`: Node's namespace carries only the
 * names it could find by reading the source, and electron-updater's `autoUpdater` is a getter it
 * cannot see, so it is only on `default` (the package's module.exports).
 */
export function commonJsExports<T extends object>(namespace: T & { readonly default?: T }): T {
  return namespace.default ?? namespace;
}
