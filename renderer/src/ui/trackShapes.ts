/**
 * A health track's boxes or pips drawn as one SVG of two paths instead of one element per box:
 * a screenful of Shadowrun rows had about 300 box elements to lay out on every change.
 * Units are SVG user units (a box or pip is SIZE across); the component sets the drawn height.
 */
const SIZE = 10;
const GAP = 2;
/** Extra space after every third box: Shadowrun counts a wound modifier per three boxes. */
const GROUP_GAP = 3;

export interface TrackShapes {
  readonly width: number;
  readonly height: number;
  /** Outlines of the boxes still open, or hollow pips (drawn with a stroke). */
  readonly open: string;
  /** Marked boxes or filled pips (drawn filled). */
  readonly filled: string;
}

function boxX(index: number): number {
  return index * (SIZE + GAP) + Math.floor(index / 3) * GROUP_GAP;
}

function clampCount(value: number, max: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.min(max, Math.floor(value))) : 0;
}

/**
 * A condition monitor: `max` boxes in threes, the first `marked` of them filled (damage is marked
 * from the first box on, as on a Shadowrun character sheet, so each full group of three is one
 * point of wound modifier); the rest drawn open.
 */
export function boxShapes(max: number, marked: number): TrackShapes {
  const count = clampCount(max, Number.MAX_SAFE_INTEGER);
  const filledCount = clampCount(marked, count);
  let open = '';
  let filled = '';
  for (let index = 0; index < count; index++) {
    const x = boxX(index);
    if (index < filledCount) filled += `M${x} 0h${SIZE}v${SIZE}h${-SIZE}z`;
    // Outlines sit half a unit in so a one-unit stroke stays inside the box.
    else open += `M${x + 0.5} 0.5h${SIZE - 1}v${SIZE - 1}h${1 - SIZE}z`;
  }
  return { width: count === 0 ? 0 : boxX(count - 1) + SIZE, height: SIZE, open, filled };
}

/** Pips: the first `current` of `max` filled, the rest hollow. */
export function pipShapes(max: number, current: number): TrackShapes {
  const count = clampCount(max, Number.MAX_SAFE_INTEGER);
  const kept = clampCount(current, count);
  const step = SIZE + 3;
  const radius = SIZE / 2;
  let open = '';
  let filled = '';
  for (let index = 0; index < count; index++) {
    const cx = index * step + radius;
    if (index < kept) filled += `M${cx - radius} ${radius}a${radius} ${radius} 0 1 0 ${SIZE} 0a${radius} ${radius} 0 1 0 ${-SIZE} 0z`;
    else open += `M${cx - radius + 0.5} ${radius}a${radius - 0.5} ${radius - 0.5} 0 1 0 ${SIZE - 1} 0a${radius - 0.5} ${radius - 0.5} 0 1 0 ${1 - SIZE} 0z`;
  }
  return { width: count === 0 ? 0 : (count - 1) * step + SIZE, height: SIZE, open, filled };
}
