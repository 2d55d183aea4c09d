// Runs in a Chromium page (bundled by bench/startup-floor.ts): the least a start-up like the GM
// screen's can cost — the framework mounts a header and 15 plain rows, after opening a Dexie
// database and reading one key when the page is opened with `?database`. Nothing of the app's.
/* eslint-disable vue/one-component-per-file -- a bench page, one file: its two components stand for the screen and a row */
import Dexie, { type Table } from 'dexie';
import { createApp, defineComponent, h } from 'vue';

const ROWS = 15;
const BOXES = 11;

const track = (label: string, filled: number) =>
  h('div', { class: 'track' }, [
    `${label} `,
    ...Array.from({ length: BOXES }, (_, k) =>
      h('span', { class: k < filled ? 'box on' : 'box' }, k < filled ? '■' : '□'),
    ),
    ` ${filled}/${BOXES}`,
  ]);

const Row = defineComponent({
  props: { index: { type: Number, required: true } },
  setup(props) {
    return () =>
      h('div', { class: 'item', 'data-index': props.index }, [
        h('span', { class: 'initiative' }, String(20 - (props.index % 10))),
        h('span', { class: 'name' }, `Runner ${props.index}`),
        h('div', { class: 'tracks' }, [
          track('PHYSICAL', props.index % 4),
          track('STUN', props.index % 2),
          h('strong', 'Unhurt'),
        ]),
        h('input', { type: 'number', value: 0, 'aria-label': 'Amount' }),
        h('select', { 'aria-label': 'Kind' }, [h('option', 'Physical'), h('option', 'Stun')]),
        h('button', { type: 'button' }, 'Apply'),
      ]);
  },
});

const Screen = defineComponent({
  setup: () => () =>
    h('div', { class: 'screen' }, [
      h('header', [
        h('strong', 'GM Screen'),
        h('span', 'Floor · 15 rows'),
        h('button', { type: 'button' }, 'Encounters…'),
      ]),
      h(
        'main',
        { 'data-testid': 'floor-rows' },
        Array.from({ length: ROWS }, (_, index) => h(Row, { index, key: index })),
      ),
    ]),
});

class FloorDatabase extends Dexie {
  settings!: Table<{ key: string; value: unknown }, string>;
  constructor() {
    super('gm-screen-startup-floor');
    this.version(1).stores({ settings: '&key' });
  }
}

declare global {
  interface Window {
    /** Navigation → the frame with the rows painted (the task after it), set once. */
    __floorPainted?: number;
  }
}

async function start(): Promise<void> {
  if (new URLSearchParams(location.search).has('database')) await new FloorDatabase().settings.get('last-open');
  createApp(Screen).mount('#app');
  requestAnimationFrame(() => setTimeout(() => (window.__floorPainted = performance.now()), 0));
}

void start();
