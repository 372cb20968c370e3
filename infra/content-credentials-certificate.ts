/**
 * Issues the certificate chain of the content credentials KMS key after a deploy and stores it where the render
 * Lambdas read it:
 *   npm run c2pa:certificate -- --stage prod --key-arn <ContentCredentialsKeyArn output of StudioLot-prod-Api>
 * The key's public key is read from KMS; a CA is made here and signs an end-entity certificate for it; the PEM
 * chain goes into the SSM parameter CDK created. The CA's private key is written to the current folder (keep it
 * offline; it is only needed to issue again). A certificate from a CA on the C2PA trust list can replace it.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { GetPublicKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { PutParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { issueSigningChain } from '../functions/src/content-credentials/certificates';
import { contentCredentialsChainParameterName } from './cdk/stacks/api-stack';

const { values } = parseArgs({ options: { stage: { type: 'string', default: 'dev' }, 'key-arn': { type: 'string' }, region: { type: 'string' } } });
const keyArn = values['key-arn'];
if (!keyArn) {
  console.error('Usage: npm run c2pa:certificate -- --stage <stage> --key-arn <ContentCredentialsKeyArn>');
  process.exit(2);
}
const region = values.region ?? keyArn.split(':')[3];
const publicKey = await new KMSClient({ region }).send(new GetPublicKeyCommand({ KeyId: keyArn }));
if (publicKey.KeySpec !== 'ECC_NIST_P256' || !publicKey.PublicKey) throw new Error(`${keyArn} is not an ECC_NIST_P256 key`);
const issued = await issueSigningChain(Buffer.from(publicKey.PublicKey));
const name = contentCredentialsChainParameterName(values.stage!);
await new SSMClient({ region }).send(new PutParameterCommand({ Name: name, Value: issued.chainPem, Overwrite: true, Type: 'String' }));
const caFile = `studio-lot-${values.stage}-content-credentials-ca-key.pem`;
writeFileSync(caFile, issued.caKeyPem, { mode: 0o600 });
console.log(`Stored the certificate chain in ${name}; the CA's private key is in ${caFile} (keep it offline).`);
