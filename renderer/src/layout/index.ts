// The layout's model: panels, splits and the pure operations on them (the store is layout-store.ts).
export * from './layout-model';
