import { Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as kms from 'aws-cdk-lib/aws-kms';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { HandlerFunction, type HandlerResources } from '../constructs/handler-function';
import { handlerFunctionName } from '../names';
import type { StageConfig } from '../stage-config';

export interface AuthStackProps extends StackProps {
  config: StageConfig;
  resources: HandlerResources;
}

/** Where the web stack writes the site's origin; magic links may only point there. */
export const siteOriginParameterName = (stage: string) => `/studio-lot/${stage}/site-origin`;

/**
 * Passwordless sign-in: the user pool (custom auth only), its triggers, and the KMS key that signs magic links.
 * The pool holds the users, so it follows the data retention of the stage.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  /** Signs magic links: the auth triggers verify with it, POST /api/auth/magic-link signs with it. */
  readonly magicLinkKey: kms.IKey;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config } = props;
    const removalPolicy = config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    const signingKey = new kms.Key(this, 'MagicLinkSigningKey', {
      keySpec: kms.KeySpec.ECC_NIST_P256,
      keyUsage: kms.KeyUsage.SIGN_VERIFY,
      description: 'Signs and verifies magic sign-in links',
      removalPolicy,
    });
    this.magicLinkKey = signingKey;

    const environment = {
      APP_HOME: 'aws',
      TABLE_NAME: props.resources.table.tableName,
      UPLOADS_BUCKET: props.resources.uploadsBucket.bucketName,
      RENDERS_BUCKET: props.resources.rendersBucket.bucketName,
      MAIL_FROM: config.mailFrom,
      MAIL_TRANSPORT: 'ses',
      MAGIC_LINK_SIGNER: 'kms',
      MAGIC_LINK_KMS_KEY_ID: signingKey.keyArn,
      SITE_ORIGIN_PARAMETER: siteOriginParameterName(config.stage),
      ALLOWED_ORIGINS: config.extraSiteOrigins.join(','),
    };
    const resources: HandlerResources = { ...props.resources, magicLinkKey: signingKey, siteOriginParameterName: siteOriginParameterName(config.stage) };
    const trigger = (handler: string) => new HandlerFunction(this, `${handler.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}Trigger`, { handler, functionName: handlerFunctionName(config.stage, handler), resources, environment, timeout: Duration.seconds(10) }).fn;

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      // Accounts are created by POST /api/auth/magic-link (admin API), so SignUp cannot be used to probe for addresses.
      selfSignUpEnabled: false,
      customAttributes: { dealer_name: new cognito.StringAttribute({ minLen: 1, maxLen: 120, mutable: true }) },
      signInAliases: { email: true },
      signInCaseSensitive: false,
      standardAttributes: { email: { required: true, mutable: false } },
      accountRecovery: cognito.AccountRecovery.NONE,
      passwordPolicy: { minLength: 16, requireDigits: true, requireLowercase: true, requireUppercase: true, requireSymbols: true },
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      lambdaTriggers: {
        preSignUp: trigger('auth-pre-sign-up'),
        defineAuthChallenge: trigger('auth-define-challenge'),
        createAuthChallenge: trigger('auth-create-challenge'),
        verifyAuthChallengeResponse: trigger('auth-verify-challenge'),
        postAuthentication: trigger('auth-post-authentication'),
      },
      removalPolicy,
    });
    this.userPoolClient = this.userPool.addClient('SpaClient', {
      authFlows: { custom: true, userSrp: false, userPassword: false, adminUserPassword: false },
      generateSecret: false,
      // No account oracle: for a name no account has, Cognito runs the custom-auth triggers with userNotFound and answers a
      // stable id instead of UserNotFoundException; the triggers answer such a name exactly as a known one
      // (tests/integration/sign-in-oracle.test.ts), and the local stand-in answers alike.
      preventUserExistenceErrors: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      enableTokenRevocation: true,
    });
    NagSuppressions.addResourceSuppressions(this.userPool, [
      { id: 'AwsSolutions-COG1', reason: 'Sign-in is passwordless (magic links over the custom auth flow); no password is ever set or used.' },
      { id: 'AwsSolutions-COG2', reason: 'A magic link proves control of the e-mail address on every sign-in; a second factor is not offered to dealers yet.' },
      { id: 'AwsSolutions-COG3', reason: 'Threat protection (advanced security) is a paid plan; sign-in is rate-limited by the magic-link flow itself (one mail per minute per address).' },
      { id: 'AwsSolutions-COG8', reason: 'The Plus feature plan (threat protection) is a per-user cost the operator can switch on; passwordless magic links leave no password to steal.' },
    ]);
  }
}
