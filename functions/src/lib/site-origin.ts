import { config } from './config';

/** Where links in mails and pages point: the CloudFront origin in AWS (its SSM parameter), the local host's URL locally. */
export function siteOriginOf(): () => Promise<string> {
  return async () => {
    const origin = (await siteParameter()) ?? config().PUBLIC_URL;
    if (!origin) throw new Error('Missing required environment variable: SITE_ORIGIN_PARAMETER or PUBLIC_URL');
    return new URL(origin).origin;
  };
}

let siteRead: Promise<string | undefined> | undefined;
/**
 * The CloudFront origin, read once per container from the parameter the web stack writes (shared by the link check
 * and the link request); a failed read is not kept, so the next call tries again.
 */
export function siteParameter(): Promise<string | undefined> {
  const c = config();
  if (!c.SITE_ORIGIN_PARAMETER) return Promise.resolve(undefined);
  siteRead ??= (async () => {
    const { SSMClient, GetParameterCommand } = await import('@aws-sdk/client-ssm');
    const out = await new SSMClient({ region: c.AWS_REGION }).send(new GetParameterCommand({ Name: c.SITE_ORIGIN_PARAMETER }));
    return out.Parameter?.Value;
  })();
  siteRead.catch(() => (siteRead = undefined));
  return siteRead;
}
