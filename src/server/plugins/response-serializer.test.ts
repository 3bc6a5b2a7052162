import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { meSchema } from '#shared/auth.ts';
import { responseSerializerCompiler } from './response-serializer.ts';

const me = {
  id: 'u_1',
  name: 'Sam Sender',
  email: 'sam@example.com',
  image: null,
  phoneNumber: '+447700900123',
  emailVerified: true,
  phoneNumberVerified: false,
  kycStatus: 'approved',
  verifiedProfile: true,
  isAdmin: false,
  createdAt: '2026-11-25T10:00:00.000Z',
};

function compile(schema: z.ZodType, checkResponses: boolean) {
  return responseSerializerCompiler({ checkResponses })({ schema, method: 'GET', url: '/x', httpStatus: '200' });
}

describe('responseSerializerCompiler', () => {
  it('writes what zod’s encode writes', () => {
    const serialize = compile(meSchema, false);
    expect(JSON.parse(serialize(me))).toEqual(z.encode(meSchema, me as z.output<typeof meSchema>));
  });

  it('never writes a property the schema does not name, even unchecked', () => {
    const serialize = compile(meSchema, false);
    const written = JSON.parse(serialize({ ...me, passwordHash: 'secret' }));
    expect(written).not.toHaveProperty('passwordHash');
    const nested = compile(
      z.object({ user: meSchema.nullable(), items: z.array(z.object({ id: z.string() })) }),
      false,
    );
    expect(nested({ user: { ...me, token: 't' }, items: [{ id: 'a', owner: 'b' }] })).not.toMatch(/token|owner/);
  });

  it('checks answers against the contract outside production', () => {
    expect(() => compile(meSchema, true)({ ...me, kycStatus: 'nonsense' })).toThrow();
    expect(() => compile(meSchema, true)({ ...me, name: undefined })).toThrow();
  });

  it('keeps zod’s encode for a schema JSON Schema cannot express', () => {
    const withDate = z.object({ at: z.date() });
    expect(compile(withDate, false)({ at: new Date('2026-11-25T10:00:00Z') })).toBe(
      '{"at":"2026-11-25T10:00:00.000Z"}',
    );
  });
});
