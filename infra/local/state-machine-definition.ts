/**
 * Turns a CDK-synthesized state machine (its CloudFormation DefinitionString, an Fn::Join of text and tokens)
 * into plain ASL the local interpreter runs. Lambda ARNs become `arn:aws:lambda:local:000000000000:function:<handler>`
 * where <handler> is the function's HANDLER_NAME, so each Task runs the same handler module as in AWS.
 */
type Template = { Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }> };

export const LOCAL_LAMBDA_ARN_PREFIX = 'arn:aws:lambda:local:000000000000:function:';
const PSEUDO: Record<string, string> = {
  'AWS::Partition': 'aws',
  'AWS::Region': 'local',
  'AWS::AccountId': '000000000000',
  'AWS::URLSuffix': 'amazonaws.com',
};

export function handlerNameOfLambdaArn(arn: string): string | undefined {
  if (!arn.startsWith(LOCAL_LAMBDA_ARN_PREFIX)) return undefined;
  return arn.slice(LOCAL_LAMBDA_ARN_PREFIX.length).split(':')[0];
}

function resolveToken(template: Template, token: unknown): string {
  if (typeof token === 'string') return token;
  const t = token as Record<string, unknown>;
  if ('Ref' in t) {
    const ref = String(t.Ref);
    if (ref in PSEUDO) return PSEUDO[ref]!;
    throw new Error(`Cannot resolve Ref ${ref} for local mode`);
  }
  if ('Fn::GetAtt' in t) {
    const [logicalId, attribute] = t['Fn::GetAtt'] as [string, string];
    const resource = template.Resources[logicalId];
    if (resource?.Type === 'AWS::Lambda::Function' && attribute === 'Arn') {
      const env = (resource.Properties?.Environment as { Variables?: Record<string, string> } | undefined)?.Variables;
      const handler = env?.HANDLER_NAME;
      if (!handler) throw new Error(`Lambda ${logicalId} has no HANDLER_NAME; local mode cannot tell which handler it runs`);
      return `${LOCAL_LAMBDA_ARN_PREFIX}${handler}`;
    }
    throw new Error(`Cannot resolve Fn::GetAtt ${logicalId}.${attribute} for local mode`);
  }
  if ('Fn::Join' in t) {
    const [separator, parts] = t['Fn::Join'] as [string, unknown[]];
    return parts.map((p) => resolveToken(template, p)).join(separator);
  }
  throw new Error(`Unsupported token in state machine definition: ${JSON.stringify(token).slice(0, 120)}`);
}

/** The ASL of every state machine in a synthesized template, by logical id. */
export function stateMachineDefinitions(template: Template): Record<string, AslDefinition> {
  const out: Record<string, AslDefinition> = {};
  for (const [id, resource] of Object.entries(template.Resources)) {
    if (resource.Type !== 'AWS::StepFunctions::StateMachine') continue;
    const raw = resource.Properties?.DefinitionString;
    out[id] = JSON.parse(resolveToken(template, raw)) as AslDefinition;
  }
  return out;
}

export interface AslState {
  Type: string;
  Resource?: string;
  Parameters?: Record<string, unknown>;
  ItemProcessor?: AslDefinition;
  Iterator?: AslDefinition;
  Branches?: AslDefinition[];
  [key: string]: unknown;
}
export interface AslDefinition {
  StartAt: string;
  States: Record<string, AslState>;
  [key: string]: unknown;
}

/** Every Task state, including those inside Map and Parallel states, with the handler it invokes. */
export function taskStates(definition: AslDefinition): { stateName: string; handler: string; invokeStyle: 'lambda:invoke' | 'direct' }[] {
  const found: { stateName: string; handler: string; invokeStyle: 'lambda:invoke' | 'direct' }[] = [];
  const walk = (def: AslDefinition) => {
    for (const [stateName, state] of Object.entries(def.States)) {
      if (state.Type === 'Task' && state.Resource) {
        if (state.Resource.startsWith('arn:aws:states:::lambda:invoke')) {
          const fn = String(state.Parameters?.FunctionName ?? '');
          const handler = handlerNameOfLambdaArn(fn);
          if (!handler) throw new Error(`Task ${stateName} invokes ${fn}, which is not a project handler`);
          found.push({ stateName, handler, invokeStyle: 'lambda:invoke' });
        } else {
          const handler = handlerNameOfLambdaArn(state.Resource);
          if (!handler) throw new Error(`Task ${stateName} uses ${state.Resource}, which local mode does not run`);
          found.push({ stateName, handler, invokeStyle: 'direct' });
        }
      }
      if (state.ItemProcessor) walk(state.ItemProcessor);
      if (state.Iterator) walk(state.Iterator);
      for (const branch of state.Branches ?? []) walk(branch);
    }
  };
  walk(definition);
  return found;
}
