// What other features use of the start preview: its drawing while the resume offer is open, and
// the writer that keeps the open encounter's preview for the next start (boot.ts paints it).
export { default as StartPreviewList } from './StartPreviewList.vue';
export * from './useStartPreviewWriter';
