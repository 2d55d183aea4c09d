import type { StartPreview, StartPreviewRow } from './start-preview';

/** A row as the builder writes it: a Shadowrun NPC, unhurt, not acting. */
export const SAMPLE_ROW: StartPreviewRow = {
  initiative: '12',
  name: 'Runner 16',
  kind: 'NPC',
  health: 'Physical 0/11 marked · Unhurt',
  current: false,
  down: false,
};

/** A preview of encounter e1, a Shadowrun fight in its second round: `rows`, of `total` in all. */
export function samplePreview(rows: readonly StartPreviewRow[], total = rows.length): StartPreview {
  return {
    version: 1,
    encounterId: 'e1',
    question: "Resume 'Docks' (Shadowrun 4th edition, round 2)?",
    progress: 'Combat Turn 2 · Initiative Pass 1 · Action Phase 1 of 7',
    rows,
    total,
  };
}
