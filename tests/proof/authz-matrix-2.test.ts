/** The authz matrix (tests/proof/authz-matrix-harness.ts), part 2 of 3: every third route of the route table. */
import { useLocalHost } from '../support/local-host';

const { url } = useLocalHost();
const { describeAuthzMatrix } = await import('./authz-matrix-harness');
describeAuthzMatrix(url, 2, 3);
