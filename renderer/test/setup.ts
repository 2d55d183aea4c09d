import 'fake-indexeddb/auto';
import { runNow, setPanelSchedule } from '../src/composables/afterPaint';

// Panels that follow the encounter a frame behind update at once in tests; the deferral itself
// is tested with a schedule of its own (useEncounterLog.test.ts, resolve.test.ts).
setPanelSchedule(runNow);
