/**
 * Bundled and run by vin-data-layer.test.ts in a Lambda-like layout: the VIN decoder as the functions that create
 * packages bundle it, reading the vPIC database from the VIN data layer's file (VIN_DATA_FILE). Prints what it decoded.
 */
import { vinDecoder } from '../../functions/src/vin/vin-decoder';

const decoded = await vinDecoder().decode(process.argv[2]!);
console.log(JSON.stringify(decoded));
