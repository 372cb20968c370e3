import { describe, expect, it } from 'vitest';
import { externalModulesOf } from '../../infra/cdk/constructs/handler-function';
import { HANDLER_PERMISSIONS } from '../../infra/cdk/handler-permissions';
import { bundle } from './bundle';

/**
 * The inventory feed's listing sizes (issue 41, item 4) are made with sharp, which only functions with the native image
 * layer have: the two image routes get the layer and import sharp from it; the feed, the feed link and the sharing
 * routes (which share their domain modules) bundle without sharp at all, as their functions could not load it.
 */
const WITH_SHARP = ['get-inventory-feed-file', 'get-shared-car-image'];
const WITHOUT_SHARP = ['v1-get-inventory-feed', 'get-inventory-feed-by-link', 'rotate-inventory-feed-link', 'get-shared-car', 'get-shared-car-page', 'get-shared-car-video', 'get-shared-car-owner', 'share-car-package'];

describe('the inventory feed’s Lambda bundles', () => {
  it('the image routes import sharp from the native image layer; the feed and the sharing routes hold no sharp', async () => {
    for (const handler of WITH_SHARP) {
      const external = externalModulesOf(HANDLER_PERMISSIONS[handler]!);
      expect(external, handler).toContain('sharp');
      const { text, inputs } = await bundle(`functions/src/handlers/${handler}.ts`, external);
      expect(inputs.some((i) => i.includes('node_modules/sharp/')), handler).toBe(false);
      expect(text, handler).toMatch(/from "sharp"/);
    }
    for (const handler of WITHOUT_SHARP) {
      const external = externalModulesOf(HANDLER_PERMISSIONS[handler]!);
      expect(external, handler).not.toContain('sharp');
      const { text, inputs } = await bundle(`functions/src/handlers/${handler}.ts`, external);
      expect(inputs.filter((i) => i.includes('node_modules/sharp/')), handler).toEqual([]);
      expect(text, handler).not.toMatch(/from "sharp"|require\("sharp"\)/);
    }
  }, 60_000);
});
