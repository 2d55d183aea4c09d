import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RulesError } from '../../errors';
import {
  blast,
  BLAST_WEAPONS,
  detonationTiming,
  launcherArms,
  scatter,
  SCATTER,
  type BlastType,
  type ScatterKind,
} from './explosives';

describe('scatter', () => {
  it('takes 1 m per net hit for standard grenades, 2 m for the rest, Sensor for missiles', () => {
    expect(scatter({ kind: 'standard', roll: 5, netHits: 2 })).toMatchObject({ distance: 3, directHit: false });
    expect(scatter({ kind: 'aerodynamic', roll: 9, netHits: 2 }).distance).toBe(5);
    expect(scatter({ kind: 'missile', roll: 14, netHits: 4, sensor: 3 }).distance).toBe(3);
    expect(scatter({ kind: 'rocket', roll: 14, netHits: 4, sensor: 3 }).distance).toBe(6);
  });

  it('is a direct hit at 0 or less', () => {
    expect(scatter({ kind: 'standard', roll: 3, netHits: 3 })).toMatchObject({ distance: 0, directHit: true });
    expect(scatter({ kind: 'launcher', roll: 3, netHits: 9 })).toMatchObject({ distance: 0, directHit: true });
  });

  it('rejects rolls the scatter dice cannot make', () => {
    expect(() => scatter({ kind: 'standard', roll: 7, netHits: 0 })).toThrow(RulesError);
    expect(() => scatter({ kind: 'rocket', roll: 3, netHits: 0 })).toThrow(RulesError);
    expect(() => scatter({ kind: 'launcher', roll: 10, netHits: -1 })).toThrow(RulesError);
    expect(() => scatter({ kind: 'mortar' as ScatterKind, roll: 3, netHits: 0 })).toThrow(RulesError);
  });

  it('property: distance is never negative and never above the roll', () => {
    const kinds = Object.keys(SCATTER) as ScatterKind[];
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 10 }),
        (kind, seed, netHits) => {
          const dice = SCATTER[kind].dice;
          const roll = dice + (seed % (5 * dice + 1));
          const r = scatter({ kind, roll, netHits, sensor: 2 });
          expect(r.distance).toBeGreaterThanOrEqual(0);
          expect(r.distance).toBeLessThanOrEqual(roll);
          expect(r.directHit).toBe(r.distance === 0);
        },
      ),
    );
  });
});

describe('blast', () => {
  it('falls off per metre', () => {
    expect(blast({ type: 'fragmentation-grenade', distance: 5 })).toMatchObject({
      dv: 7,
      damageType: 'P',
      ap: 5,
      flechette: true,
    });
    expect(blast({ type: 'high-explosive-grenade', distance: 3 }).dv).toBe(4);
    expect(blast({ type: 'anti-vehicle-missile', distance: 3 }).dv).toBe(4);
    expect(blast({ type: 'anti-vehicle-missile', distance: 1, vsVehicle: true }).ap).toBe(-6);
  });

  it('flash-bangs hit everyone within 10 m and nobody beyond', () => {
    expect(blast({ type: 'flash-bang', distance: 10 }).dv).toBe(6);
    expect(blast({ type: 'flash-bang', distance: 11 })).toMatchObject({ dv: 0, affected: false });
  });

  it('refuses rows without a damage value and bad distances', () => {
    expect(() => blast({ type: 'gas', distance: 1 })).toThrow(RulesError);
    expect(() => blast({ type: 'smoke', distance: 1 })).toThrow(RulesError);
    expect(() => blast({ type: 'flash-pak', distance: 1 })).toThrow(RulesError);
    expect(() => blast({ type: 'fragmentation-grenade', distance: 1.5 })).toThrow(RulesError);
    expect(() => blast({ type: 'fragmentation-grenade', distance: -1 })).toThrow(RulesError);
    expect(() => blast({ type: 'nuke' as BlastType, distance: 1 })).toThrow(RulesError);
  });

  it('property: DV never rises with distance and never goes below 0', () => {
    const types = (Object.keys(BLAST_WEAPONS) as BlastType[]).filter((t) => BLAST_WEAPONS[t].dv !== null);
    fc.assert(
      fc.property(fc.constantFrom(...types), fc.integer({ min: 0, max: 40 }), (type, d) => {
        const near = blast({ type, distance: d }).dv;
        const far = blast({ type, distance: d + 1 }).dv;
        expect(far).toBeLessThanOrEqual(near);
        expect(far).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('launcher and detonation', () => {
  it('arms only from 5 m', () => {
    expect(launcherArms(4).armed).toBe(false);
    expect(launcherArms(5).armed).toBe(true);
  });

  it('detonates next pass, or at once with an airburst link', () => {
    expect(detonationTiming(false).when).toBe('next-pass');
    expect(detonationTiming(true).when).toBe('immediately');
  });
});
