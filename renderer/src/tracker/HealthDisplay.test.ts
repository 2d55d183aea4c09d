import { afterEach, describe, expect, it } from 'vitest';
import { createApp, h, type App } from 'vue';
import type { HealthView } from '../../../shared/system-kit/tracker-rules';
import HealthDisplay from './HealthDisplay.vue';

let app: App | null = null;
let host: HTMLElement | null = null;

afterEach(() => {
  app?.unmount();
  host?.remove();
  app = null;
});

function mount(view: HealthView): HTMLElement {
  host = document.createElement('div');
  document.body.appendChild(host);
  app = createApp({ render: () => h(HealthDisplay, { view }) });
  app.mount(host);
  return host;
}

const view = (over: Partial<HealthView>): HealthView => ({
  tracks: [],
  stateLabel: 'Unhurt',
  severity: 'ok',
  modifiers: [],
  markers: [],
  canAct: true,
  ...over,
});

const tracks = (el: HTMLElement) =>
  [...el.querySelectorAll<HTMLElement>('.track')].map((t) => ({
    title: t.title,
    value: t.querySelector('.track-value')!.textContent,
    shown: [...t.querySelector('.track-value')!.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join(''),
    filled: (t.querySelector('path.filled')?.getAttribute('d') ?? '').split('M').length - 1,
  }));

describe('health as each system reads it', () => {
  it('a Shadowrun condition monitor reads as damage taken: the marked boxes filled first, counted in words', () => {
    const el = mount(
      view({
        tracks: [
          { id: 'physical', label: 'Physical', current: 4, max: 10, style: 'boxes' },
          { id: 'stun', label: 'Stun', current: 9, max: 9, style: 'boxes' },
        ],
        stateLabel: 'Wounded',
        severity: 'hurt',
        modifiers: ['Wound modifier −2'],
      }),
    );
    expect(tracks(el)).toEqual([
      // " marked" is read out, not shown: the filled boxes say what the fraction counts.
      { title: 'Physical: 6 of 10 boxes marked, 4 left', value: '6/10 marked', shown: '6/10', filled: 6 },
      { title: 'Stun: 0 of 9 boxes marked, 9 left', value: '0/9 marked', shown: '0/9', filled: 0 },
    ]);
    // The first boxes are the filled ones: the first filled box starts at x = 0.
    expect(el.querySelector('path.filled')!.getAttribute('d')).toMatch(/^M0 0h10/);
    expect(el.textContent).toContain('Wound modifier −2');
  });

  it('pips and bars still show what is left (Electric State Health and Hope, UESRPG HP, Hardware Stamina)', () => {
    const el = mount(
      view({
        tracks: [
          { id: 'health', label: 'Health', current: 2, max: 3, style: 'pips' },
          { id: 'hp', label: 'HP', current: 11, max: 15, style: 'bar' },
        ],
      }),
    );
    expect(tracks(el)).toEqual([
      { title: 'Health: 2 of 3', value: '2/3', shown: '2/3', filled: 2 },
      { title: 'HP: 11 of 15', value: '11/15', shown: '11/15', filled: 0 },
    ]);
  });

  it('shows the markers, such as a dying character’s death-roll tally', () => {
    const el = mount(
      view({
        tracks: [{ id: 'health', label: 'Health', current: 0, max: 3, style: 'pips' }],
        stateLabel: 'Incapacitated, making death rolls',
        severity: 'down',
        markers: ['Death rolls: 2 rolls made — 1 six of 3, 1 failed roll of 3'],
        canAct: false,
      }),
    );
    expect([...el.querySelectorAll('[data-testid="health-marker"]')].map((m) => m.textContent)).toEqual([
      'Death rolls: 2 rolls made — 1 six of 3, 1 failed roll of 3',
    ]);
  });
});
