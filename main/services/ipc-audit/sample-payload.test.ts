import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ipcContract, type IpcMethod } from '../../../shared/ipc/contract';
import { invalidPayload, validPayload } from './sample-payload.test-support';

describe('validPayload', () => {
  it('makes the smallest value each kind of schema allows', () => {
    const schema = z.object({
      name: z.string().min(3).max(10),
      count: z.number().int().min(2).max(9),
      ratio: z.number().gt(0.25),
      below: z.number().int().lt(-4),
      kind: z.enum(['encounter', 'bestiary']),
      status: z.literal('saved'),
      tags: z.array(z.string()).max(3),
      pair: z.array(z.boolean()).min(2),
      note: z.string().optional(),
      folder: z.string().nullable(),
      either: z.union([z.object({ path: z.string().max(4) }), z.object({ folder: z.literal('backups') })]),
      tagged: z.discriminatedUnion('kind', [z.object({ kind: z.literal('separator') })]),
      table: z.record(z.string(), z.number()),
    });
    expect(validPayload(schema)).toEqual({
      name: 'aaa',
      count: 2,
      ratio: 0.75,
      below: -5,
      kind: 'encounter',
      status: 'saved',
      tags: [],
      pair: [false, false],
      folder: null,
      either: { path: 'a' },
      tagged: { kind: 'separator' },
      table: {},
    });
    expect(validPayload(z.undefined())).toBeUndefined();
  });

  it('says what it cannot make, and when its sample is refused by a refinement', () => {
    expect(() => validPayload(z.object({ mail: z.email() }))).toThrow('No valid sample payload: mail: a string in the format email.');
    expect(() => validPayload(z.object({ when: z.date() }))).toThrow('No valid sample payload: when: the audit cannot yet make a sample of a zod date.');
    expect(validPayload(z.object({ bytes: z.instanceof(Uint8Array) }))).toEqual({ bytes: new Uint8Array([0x61]) });
    expect(() => validPayload(z.object({ map: z.instanceof(Map) }))).toThrow("No valid sample payload: map: none of the audit's samples fits a zod custom.");
    expect(() => validPayload(z.string().refine((text) => text.length > 5, 'longer than five'))).toThrow('The sample payload "a" is refused: longer than five.');
  });

  it('makes a valid payload for every method of the contract', () => {
    for (const method of Object.keys(ipcContract) as IpcMethod[]) {
      const request = ipcContract[method].request as z.ZodType;
      expect(request.safeParse(validPayload(request)).success, method).toBe(true);
    }
  });
});

describe('invalidPayload', () => {
  it('picks the first value the schema refuses', () => {
    expect(invalidPayload(z.undefined())).toBe(42);
    expect(invalidPayload(z.number())).toBe('not a payload');
    expect(invalidPayload(z.union([z.number(), z.string()]))).toEqual([[]]);
    expect(invalidPayload(z.union([z.number(), z.string(), z.array(z.array(z.never()))]))).toEqual({ unexpected: { nested: true } });
  });

  it('refuses a schema that accepts anything', () => {
    expect(() => invalidPayload(z.unknown())).toThrow('The schema accepts 42, "not a payload", [[]], {"unexpected":{"nested":true}}: it checks nothing.');
  });
});
