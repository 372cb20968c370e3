import { describe, expect, it } from 'vitest';
import type { ActingMember } from '@shared/schemas/team';
import type { StoredImage, StoredPackage } from '../car-packages/car-package';
import { asMember } from '../team/acting-member';
import { packageShare, sharePackage, type ShareDeps } from './share';

/** Issue 42, item 3: Share on names the member whose request turned it on; the dealer's share answer says who. */
describe('who shared a car', () => {
  it('the member whose request turns Share on is recorded on the package and answered; off, nobody', async () => {
    let pkg = { id: 'pkg-1', user_id: 'dealer', session_name: 'Car' } as unknown as StoredPackage;
    const image = { angle: 'front', angle_status: 'completed', rendered_key: 'r', web_key: 'w' } as unknown as StoredImage;
    const turnedOnBy: (ActingMember | undefined)[] = [];
    const deps = {
      shares: {
        turnOn: async (_p: unknown, token: string, _hash: string, _now: string, by?: ActingMember) => {
          turnedOnBy.push(by);
          pkg = { ...pkg, share_token: token, ...(by ? { shared_by: by } : {}) };
          return true;
        },
        turnOff: async () => undefined,
        find: async () => undefined,
      },
      store: { getWithImages: async () => ({ pkg, images: [image] }) } as unknown as ShareDeps['store'],
    } as Pick<ShareDeps, 'store' | 'shares'>;
    const porter = { id: 'member-1', email: 'porter@example.com' };
    const on = await asMember(porter, () => sharePackage(deps, 'dealer', 'pkg-1', new Date()));
    expect(turnedOnBy).toEqual([porter]);
    expect(on.shared_by).toEqual(porter);
    expect((await packageShare(deps, 'dealer', 'pkg-1')).shared_by).toEqual(porter);
    // Shared already: answered as it is, whoever asks again.
    expect((await asMember({ id: 'member-2', email: 'x@example.com' }, () => sharePackage(deps, 'dealer', 'pkg-1', new Date()))).shared_by).toEqual(porter);
    expect(turnedOnBy).toHaveLength(1);
  });
});
