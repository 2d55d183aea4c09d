import type { ConditionDef } from '../../../system-kit/tracker-rules';
import { LIMBS, lower } from './hit-locations';

// ---------------------------------------------------------------------------------------------
// Conditions the seed (and the book's wound effects) name
// ---------------------------------------------------------------------------------------------

export const CONDITIONS: readonly ConditionDef[] = [
  {
    id: 'surprised',
    label: 'Surprised',
    description: 'Caught unaware: cannot act during the first round (gets no turn in round 1).',
    defaultRounds: 1,
  },
  {
    id: 'stunned',
    label: 'Stunned',
    description: 'Head wound: stunned for 1 round — no actions or reactions on the next turn.',
    defaultRounds: 1,
  },
  {
    id: 'wounded',
    label: 'Wounded',
    description: '−20 to all tests and −2 to initiative while wounded (heal with the location to treat a wound).',
  },
  ...LIMBS.map((limb): ConditionDef => ({
    id: `crippled-${limb}`,
    label: `Crippled ${lower(limb)}`,
    description: `A wound has crippled the ${lower(limb)} until it is treated.`,
  })),
  {
    id: 'prone',
    label: 'Prone',
    description:
      'On the ground (a grapple Takedown, or a fall on slippery ground); a grappler ignores prone penalties.',
  },
  {
    id: 'restrained',
    label: 'Restrained',
    description:
      "Grappled: cannot defend against the grappler's attacks; escape with Resist (Special Action). Prone and restrained: an armed attacker may Coup de Grace.",
  },
  {
    id: 'grappling',
    label: 'Grappling',
    description:
      'Holds a restrained target and cannot move; may Takedown, Move (drag both SB m) or Attack the target, 1 AP each.',
  },
  {
    id: 'holding-breath',
    label: 'Holding breath',
    description:
      'Can hold it 2 rounds per Endurance bonus (doubled doing nothing else); after that 1 temporary fatigue level per round.',
  },
  {
    id: 'fatigue',
    label: 'Fatigue',
    description:
      'Temporary fatigue from holding breath too long (levels in the note); removed at 1 level per round once breathing.',
  },
  {
    id: 'swimming',
    label: 'Swimming',
    description:
      'Athletics limits Combat Style; attacks deal half damage; movement halved without Amphibious or Swimmer.',
  },
  {
    id: 'climbing',
    label: 'Climbing',
    description: 'Athletics limits Combat Style; one hand must stay on the surface.',
  },
];
