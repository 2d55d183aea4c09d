// What other features use of exporting: the bestiary's export and writing an encounter's file.
export * from './useBestiaryExport';
export * from './useExportFile';
