import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

const ACCOUNT_SID = `AC${'a'.repeat(32)}`;
const SERVICE_SID = `VA${'b'.repeat(32)}`;
const ALL = { TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: 'token', TWILIO_VERIFY_SERVICE_SID: SERVICE_SID };

function configErrorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('Twilio configuration', () => {
  it('is off with none of the keys', () => {
    expect(loadConfig({}).twilio).toBeUndefined();
  });

  it('uses the real API with all three keys, or TWILIO_API_URL without its trailing slash', () => {
    expect(loadConfig(ALL).twilio).toEqual({
      accountSid: ACCOUNT_SID,
      authToken: 'token',
      verifyServiceSid: SERVICE_SID,
      apiUrl: 'https://verify.twilio.com',
    });
    expect(loadConfig({ ...ALL, TWILIO_API_URL: 'http://127.0.0.1:4010/' }).twilio?.apiUrl).toBe(
      'http://127.0.0.1:4010',
    );
  });

  it.each([
    [{ TWILIO_ACCOUNT_SID: ACCOUNT_SID }, ['TWILIO_AUTH_TOKEN', 'TWILIO_VERIFY_SERVICE_SID']],
    [{ TWILIO_AUTH_TOKEN: 'token', TWILIO_VERIFY_SERVICE_SID: SERVICE_SID }, ['TWILIO_ACCOUNT_SID']],
    [{ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_VERIFY_SERVICE_SID: SERVICE_SID }, ['TWILIO_AUTH_TOKEN']],
    [{ TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: 'token' }, ['TWILIO_VERIFY_SERVICE_SID']],
  ])('names the missing keys when only some are set (%o)', (env, missing) => {
    const error = configErrorOf(env);
    expect(error.variables).toEqual(missing);
    expect(error.message).toContain('set all three TWILIO_* keys or none');
    expect(error.message).not.toContain('token');
  });

  it.each([
    [{ ...ALL, TWILIO_VERIFY_SERVICE_SID: ACCOUNT_SID }, 'TWILIO_VERIFY_SERVICE_SID'],
    [{ ...ALL, TWILIO_API_URL: 'not a url' }, 'TWILIO_API_URL'],
    [{ ...ALL, TWILIO_API_URL: 'ftp://verify.example.test' }, 'TWILIO_API_URL'],
  ])('rejects a malformed value (%o)', (env, variable) => {
    expect(configErrorOf(env).variables).toEqual([variable]);
  });
});
