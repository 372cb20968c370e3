import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DynamoDbAccountStore } from '../../functions/src/accounts/dynamodb-account-store';
import { promoteToSuperUser } from '../../functions/src/accounts/super-user';

/**
 * Shared by the two Image Processor files (the one file took 73 s in a clean-clone run, near the 90-s guard):
 *   image-processor-live-batch: a super user's batch of 3 real photos at 1280 and 375 px, each file's states and
 *     every photo completed live;
 *   image-processor-refusals: the done state without live events, a photo without a car, a standard dealer refused.
 * Imported after useLocalHost, whose environment the account store reads. Each test signs in its own dealer.
 */
const CARS = join(import.meta.dirname, '../fixtures/cars');
export const PHOTOS = ['bmw-2002-silver-front34-grass.jpg', 'cupra-born-grey-front34-street.jpg', 'hyundai-ioniq5-silver-front34-grass.jpg'].map((f) => join(CARS, f));

export const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Makes the dealer signed in with `email` a super user (the Image Processor is theirs). */
export const makeSuperUser = (email: string) => promoteToSuperUser(new DynamoDbAccountStore(), email);
