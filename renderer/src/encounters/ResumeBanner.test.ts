import { describe, expect, it, vi } from 'vitest';
import { h, nextTick } from 'vue';
import { componentHarness } from '../../test/component-harness.test-support';
import { getDatabase } from '../db/database';
import { OPEN_ENCOUNTER_KEY } from '../encounter/encounter-store';
import { useEncountersStore } from '../encounter/encounters-store';
import type { EncounterState } from '../../../shared/encounter/state';
import ResumeBanner from './ResumeBanner.vue';

const harness = componentHarness('resume-banner');
const WAITING = "Resume 'Docks' (Shadowrun 4th edition, round 3)?";

const byTestId = (id: string) => harness.host.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`);

/** Mounts the banner; `checked` and `read` record what it emitted. */
function mountBanner(waitingQuestion: string | null, read = vi.fn<(state: EncounterState) => void>()) {
  const checked = vi.fn<(id: string | null) => void>();
  harness.mount({ render: () => h(ResumeBanner, { waitingQuestion, onChecked: checked, onRead: read }) });
  return checked;
}

/** An encounter left open when the app closed. */
async function leftOpen(): Promise<string> {
  const id = (await useEncountersStore().create('Docks', 'shadowrun-4e'))!;
  await getDatabase().settings.put({ key: OPEN_ENCOUNTER_KEY, value: id });
  return id;
}

describe('ResumeBanner', () => {
  it("asks the start preview's question, its buttons disabled, until the offer is found", async () => {
    const id = await leftOpen();
    const checked = mountBanner(WAITING);
    await nextTick();
    expect(byTestId('resume-question')?.textContent).toBe(WAITING);
    expect(byTestId('resume-accept')?.disabled).toBe(true);
    expect(byTestId('resume-dismiss')?.disabled).toBe(true);
    await vi.waitFor(() => expect(checked).toHaveBeenCalledWith(id));
    await nextTick();
    // The database's own offer (not started: the preview's round was only what it was saved at).
    expect(byTestId('resume-question')?.textContent).toBe("Resume 'Docks' (Shadowrun 4th edition, not started)?");
    expect(byTestId('resume-accept')?.disabled).toBe(false);
    expect(byTestId('resume-dismiss')?.disabled).toBe(false);
  });

  it("hands on the offer's encounter once it has been read ahead", async () => {
    const id = await leftOpen();
    const read = vi.fn<(state: EncounterState) => void>();
    mountBanner(WAITING, read);
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    const [state] = read.mock.calls[0]!;
    expect([state.id, state.name, state.systemId, state.round]).toEqual([id, 'Docks', 'shadowrun-4e', 0]);
  });

  it('goes once the database offers nothing, and says so', async () => {
    const checked = mountBanner(WAITING);
    await nextTick();
    expect(byTestId('resume-banner')).not.toBeNull();
    await vi.waitFor(() => expect(checked).toHaveBeenCalledWith(null));
    await nextTick();
    expect(byTestId('resume-banner')).toBeNull();
  });

  it('shows nothing until the offer is found when there is no preview', async () => {
    await leftOpen();
    const checked = mountBanner(null);
    await nextTick();
    expect(byTestId('resume-banner')).toBeNull();
    await vi.waitFor(() => expect(checked).toHaveBeenCalledTimes(1));
    await nextTick();
    expect(byTestId('resume-accept')?.disabled).toBe(false);
  });
});
