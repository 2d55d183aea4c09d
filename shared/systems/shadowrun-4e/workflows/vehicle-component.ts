import type { FieldDef } from '../../../system-kit/workflow';
import { rule, SECTION } from '../sections';
import { COMPONENTS, type ComponentId } from '../vehicle-combat';
import type { ComponentShot } from './vehicle-engine';

/**
 * The called shot on a vehicle's component (book: tires, weapon mount, sensors, engine at −4):
 * one field and one effect, shared by the vehicle weapon and an ordinary shot at a vehicle.
 */

export type ComponentChoice = 'none' | ComponentId;

export const COMPONENT_FIELD: FieldDef = {
  id: 'component',
  kind: 'choice',
  label: 'Called shot on a component',
  help: 'Only at a vehicle: −4 dice; if damage gets through, the component is hit.',
  group: 'attack',
  common: true,
  rule: rule(SECTION.vehicles, 'book'),
  options: [
    { value: 'none', label: 'No called shot' },
    ...(Object.keys(COMPONENTS) as ComponentId[]).map((id) => ({ value: id, label: `${COMPONENTS[id].label} (−4)` })),
  ],
};

/** The component the shot is called on, with the tracker condition it leaves when damage gets through. */
export function componentShot(choice: ComponentChoice): ComponentShot | null {
  if (choice === 'none') return null;
  const component = COMPONENTS[choice];
  return {
    label: component.label,
    conditionId: `component-${choice}`,
    conditionLabel: component.conditionLabel,
    effect: component.effect,
  };
}
