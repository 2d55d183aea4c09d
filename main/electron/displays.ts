import { screen } from 'electron';
import type { DisplayInfo } from '../../shared/ipc/contract';

/** The connected screens as the placement services read them (ids as text, the primary marked). */
export function connectedDisplays(): DisplayInfo[] {
  const primary = screen.getPrimaryDisplay().id;
  return screen.getAllDisplays().map((display) => ({
    id: String(display.id),
    bounds: display.bounds,
    workArea: display.workArea,
    primary: display.id === primary,
  }));
}
