/** My Images (tests/browser/my-images-journeys.ts) at 375 px. */
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';

useLocalHost();
const session = useBrowserSession();
const { describeMyImages } = await import('./my-images-journeys');
describeMyImages(session, { width: 375, height: 740 }, { failedLoad: false });
