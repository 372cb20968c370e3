/** My Images (tests/browser/my-images-journeys.ts) at 1280 px, and a failed load. */
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';

useLocalHost();
const session = useBrowserSession();
const { describeMyImages } = await import('./my-images-journeys');
describeMyImages(session, { width: 1280, height: 800 }, { failedLoad: true });
