import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadLocalSecrets, pseudoUsername } from './local-secrets';

describe('the local stand-ins\' secrets', () => {
  it('are made once per data folder (readable by this user only), kept across starts, and differ between folders', async () => {
    const [a, b] = await Promise.all([mkdtemp(join(tmpdir(), 'secrets-a-')), mkdtemp(join(tmpdir(), 'secrets-b-'))]);
    try {
      const [first, concurrent] = await Promise.all([loadLocalSecrets(a), loadLocalSecrets(a)]);
      expect(concurrent).toEqual(first);
      expect(await loadLocalSecrets(a)).toEqual(first);
      expect(((await stat(join(a, 'keys', 'local-secrets.json'))).mode & 0o777).toString(8)).toBe('600');
      const other = await loadLocalSecrets(b);
      for (const pick of [(s: typeof first) => s.awsCredentials.secretAccessKey, (s: typeof first) => s.stripe.webhookSecret, (s: typeof first) => s.stripe.secretKey, (s: typeof first) => s.cognitoUnknownUserKey]) {
        expect(pick(other)).not.toBe(pick(first));
      }
      const text = await readFile(join(a, 'keys', 'local-secrets.json'), 'utf8');
      for (const known of ['S3RVER', 'whsec_local_simulator_0000000000000000', 'sk_test_local_simulator"']) expect(text).not.toContain(known);
      expect(first.stripe.webhookSecret).toMatch(/^whsec_/);
      expect(first.stripe.secretKey).toMatch(/^sk_test_/);
    } finally {
      await Promise.all([rm(a, { recursive: true, force: true }), rm(b, { recursive: true, force: true })]);
    }
  });

  it('pseudoUsername: a stable version-4 UUID per name and key, case-insensitive; an id is answered back', () => {
    const id = pseudoUsername('key-1', 'Nobody@Example.com');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(pseudoUsername('key-1', 'nobody@example.com')).toBe(id);
    expect(pseudoUsername('key-2', 'nobody@example.com')).not.toBe(id);
    expect(pseudoUsername('key-1', 'somebody@example.com')).not.toBe(id);
    expect(pseudoUsername('key-1', '0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
  });
});
