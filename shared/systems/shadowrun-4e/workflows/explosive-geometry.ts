/**
 * Where a scattered blast lands relative to each target. The GM places a target by its distance
 * from the intended point and the side of the scatter diagram it stands on (directions 1–6, 60°
 * apart); the blast lands `scatter` metres off in the rolled direction. The distance between the
 * two follows from the law of cosines, rounded to whole metres (our default: the seed measures
 * DV falloff per metre and gives no rounding; an exact .5 cannot occur with whole-metre inputs).
 */

/** cos(60° × steps apart) for 0–3 sides apart on the diagram. */
const COSINES = [1, 0.5, -0.5, -1] as const;

export function sidesApart(a: number, b: number): 0 | 1 | 2 | 3 {
  const d = (((a - b) % 6) + 6) % 6;
  return Math.min(d, 6 - d) as 0 | 1 | 2 | 3;
}

/** Whole metres from where it lands to a target placed `distance` m off the intended point. */
export function distanceFromBlast(
  distance: number,
  direction: number,
  scatter: number,
  scatterDirection: number,
): number {
  if (scatter === 0) return distance;
  if (distance === 0) return scatter;
  const cos = COSINES[sidesApart(direction, scatterDirection)];
  return Math.round(Math.sqrt(distance * distance + scatter * scatter - 2 * distance * scatter * cos));
}
