import 'fake-indexeddb/auto';
import { runNow, setPanelSchedule } from '../src/ui/afterPaint';
import { setRowOrderSchedule } from '../src/tracker/row-order-schedule';
import { ensureAllSystems } from '../src/systems/loaded-systems';

// Panels that follow the encounter a frame behind, and the tracker's order of rows, update at once
// in tests; the deferral itself is tested with a schedule of its own (useEncounterLog.test.ts,
// resolve-store.test.ts, TrackerPanel.order.test.ts).
setPanelSchedule(runNow);
setRowOrderSchedule(runNow);

// Every game system's module, loaded as the page loads one when an encounter of it opens, so
// component and store tests find the rules they read synchronously.
await ensureAllSystems();
